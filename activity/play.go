package activity

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"time"

	"github.com/gorilla/websocket"
)

// The game travels over a WebSocket at /api/play (Discord's proxy carries
// WebSockets), one JSON object a message, its kind in "t". The page says
// hello with its session token first, then opens a game and changes it;
// each change names the version (the game's move counter) it was made on,
// and the stored game decides: a change made on an older version is
// refused with the game as it is now, never applied twice. The games are
// the ones the button board plays (game.Sessions on the same store, under
// the same keys), so a game can begin on one and go on on the other.
//
//	page:   {"t":"hello","session":S}
//	page:   {"t":"today"}                     today's daily in the server the Activity runs in
//	page:   {"t":"new","level":"hard"}         a new puzzle
//	page:   {"t":"open","game":R}              a game the player has, or a past daily (practice)
//	page:   {"t":"place","game":R,"version":N,"row":0,"col":4,"digit":7}
//	page:   "erase", "note" (a pencil mark on or off; "centre":true for a centre mark), "undo", "redo", "autonotes", "check",
//	        "hint" with "step" (1 where to look … 4 the answer), "submit" (a full daily)
//	server: {"t":"state","game":R,"version":N,…}
//	server: {"t":"refused","message":M,"state":{…}}, {"t":"error","message":M}
type clientMessage struct {
	T       string `json:"t"`
	Session string `json:"session,omitempty"`
	Game    string `json:"game,omitempty"`
	Version int    `json:"version"`
	Row     int    `json:"row"`
	Col     int    `json:"col"`
	Digit   int    `json:"digit"`
	Level   string `json:"level,omitempty"`
	Mode    string `json:"mode,omitempty"`   // joining a room: "race", or a board played together
	Centre  bool   `json:"centre,omitempty"` // a "note" among the centre marks, not the corner ones
	Step    int    `json:"step,omitempty"`
}

// State is a game as the page draws it, with what the last message
// changed or asked: a sentence, a hint, the daily's standing.
type State struct {
	T       string     `json:"t"`
	Game    string     `json:"game"`
	Title   string     `json:"title"`
	Version int        `json:"version"`
	Size    int        `json:"size"`
	Givens  string     `json:"givens"`           // the puzzle, row by row, '.' for a blank
	Cells   string     `json:"cells"`            // the grid as played
	Notes   []string   `json:"notes"`            // each cell's pencil marks, as digits
	Centre  []string   `json:"centre,omitempty"` // each cell's centre marks, as digits
	Wrong   []int      `json:"wrong,omitempty"`
	Solved  bool       `json:"solved"`
	CanUndo bool       `json:"can_undo"`
	CanRedo bool       `json:"can_redo"`
	Started int64      `json:"started,omitempty"` // when the clock started, Unix seconds
	Message string     `json:"message,omitempty"`
	Hint    *HintState `json:"hint,omitempty"`
	Daily   *Daily     `json:"daily,omitempty"` // a ranked daily's standing
	// Together is a room's players and who placed what, for a board
	// played together.
	Together *Together `json:"together,omitempty"`
}

// reply is any answer but a state: a sentence, and the game as it is
// when there is one.
type reply struct {
	T       string `json:"t"`
	Message string `json:"message"`
	State   *State `json:"state,omitempty"`
}

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
