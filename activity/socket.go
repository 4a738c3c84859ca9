package activity

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"time"

	"github.com/gorilla/websocket"
)

// A page's socket: accepted from Discord's proxy (or the page's own
// origin), signed in by its first message, then read one message at a
// time, each answered in order; what travels on it is in state.go, what a
// message does in answer.go and together.go.

// Limits on a page's WebSocket.
const (
	maxMessage   = 1 << 10               // bytes in one message
	helloWait    = 5 * time.Second       // for the hello: a socket that says nothing is not kept
	idleWait     = 10 * time.Minute      // between messages
	messageEvery = 20 * time.Millisecond // a player's messages, over all their pages
	storeWait    = 5 * time.Second
	writeWait    = 10 * time.Second // for an answer to go out (the HTTP server's write timeout no longer applies)
)

// What the page is told when it cannot go on.
const (
	sessionEnded = "Your session has ended. Close the Activity and open it again."
	gamesDown    = "I can't reach my database right now, so the board cannot be saved; nothing was lost. Please try again in a moment."
	outdated     = "The board changed since (perhaps on another device), so that was not applied. Here it is as it is now."
)

// servePlay runs one page's WebSocket until it closes. It accepts the page
// from Discord's proxy for this application or from its own origin.
func (s *Server) servePlay(w http.ResponseWriter, r *http.Request) {
	up := websocket.Upgrader{ReadBufferSize: maxMessage, WriteBufferSize: 16 << 10, CheckOrigin: func(r *http.Request) bool {
		u, err := url.Parse(r.Header.Get("Origin"))
		return r.Header.Get("Origin") == "" || err == nil && (u.Host == r.Host || u.Host == s.cfg.ClientID+".discordsays.com")
	}}
	conn, err := up.Upgrade(w, r, nil)
	if err != nil {
		return // the upgrader has answered
	}
	switch err := s.sockets.add(conn); {
	case errors.Is(err, errTooMany):
		refuse(conn, websocket.CloseTryAgainLater, fullServer(r.Header.Get("Accept-Language")))
		return
	case err != nil:
		return // the server is shutting down
	}
	defer s.sockets.remove(conn)
	conn.SetReadLimit(maxMessage)
	seat, ok := s.hello(conn)
	if !ok {
		return
	}
	if s.sockets.seat(conn, seat.User.ID) != nil {
		s.sockets.forget(conn)
		refuse(conn, websocket.ClosePolicyViolation, seat.words().Sprintf(tooManyOwn, s.sockets.perUser))
		return
	}
	s.play(r.Context(), conn, seat)
}

// play answers a signed-in page's messages until its socket closes.
func (s *Server) play(ctx context.Context, conn *websocket.Conn, seat Seat) {
	c := newClient(seat)
	defer s.gone(c)
	s.cfg.Meter.BoardSocket(1)
	defer s.cfg.Meter.BoardSocket(-1)
	done := make(chan struct{})
	defer close(done)
	go s.write(conn, c, done)
	for {
		conn.SetReadDeadline(time.Now().Add(idleWait))
		var m clientMessage
		if conn.ReadJSON(&m) != nil {
			return
		}
		time.Sleep(s.pace.wait(seat.User.ID)) // a player sending faster, on one page or several, is slowed, not dropped
		began := time.Now()
		answer := s.answer(ctx, c, m)
		s.measured(m.T, answer, time.Since(began))
		if answer == nil {
			continue
		}
		select {
		case c.out <- answer:
		case <-c.gone:
			return
		}
	}
}

// write sends a page what is queued for it, answers and the room's
// changes, until the page goes or is dropped for falling behind.
func (s *Server) write(conn *websocket.Conn, c *client, done chan struct{}) {
	for {
		select {
		case m := <-c.out:
			conn.SetWriteDeadline(time.Now().Add(writeWait))
			if conn.WriteJSON(m) != nil {
				c.drop()
				conn.Close()
				return
			}
		case <-c.gone:
			conn.Close()
			return
		case <-done:
			return
		}
	}
}

// hello reads the page's first message, which must carry a good session
// token; a page without one is told to sign in again.
func (s *Server) hello(conn *websocket.Conn) (Seat, bool) {
	conn.SetReadDeadline(time.Now().Add(helloWait))
	var m clientMessage
	if conn.ReadJSON(&m) != nil {
		return Seat{}, false
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeWait)
	defer cancel()
	seat, err := s.session(ctx, m.Session)
	if m.T == "hello" && err == nil {
		return seat, true
	}
	message := sessionEnded
	if m.T == "hello" && !errors.Is(err, errSession) {
		s.cfg.Log.Error("activity: no session keys", "err", err)
		message = keysUnread
	}
	conn.SetWriteDeadline(time.Now().Add(writeWait))
	conn.WriteJSON(reply{T: "error", Message: message})
	return Seat{}, false
}
