package activity

import (
	"errors"
	"net"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/gorilla/websocket"

	"github.com/sudokubot/sudokubot/internal/i18n"
)

// The pages' sockets are capped: in all (each holds a descriptor, two
// goroutines and buffers), those still to say hello (anyone can open
// one), and per player. A page over a cap is told why in a sentence and
// its socket closed with a close code (1013 when the server is full,
// 1008 when the player has too many pages open). The Activity's listener
// accepts no more connections than the sockets' cap and a margin for
// requests and refusals (Limit), so a flood of them cannot take the
// descriptors the rest of the process needs (the ops endpoint, the
// database).

// Default caps, when the configuration gives none.
const (
	defaultUserSockets = 5     // a player's pages: a few devices and tabs
	ceilingSockets     = 10000 // the default's most, whatever the descriptor limit
	listenMargin       = 64    // connections beyond the sockets' cap: requests, and refusals on their way
)

// What a page over a cap reads.
const (
	serverFull = "The board is full just now: too many pages are open. Try again in a minute."
	tooManyOwn = "You have %d boards open already: close one, then try again."
)

// Why a socket is refused.
var (
	errClosing  = errors.New("activity: the server is shutting down")
	errTooMany  = errors.New("activity: too many sockets")
	errTooManyU = errors.New("activity: too many sockets of one player")
)

// sockets are the pages' open WebSockets, which an HTTP server's shutdown
// does not close (they are hijacked): CloseSockets closes them, so pages
// reconnect to a process that is still running.
type sockets struct {
	mu      sync.Mutex
	open    map[*websocket.Conn]string // by socket: its player, "" until it says hello
	users   map[string]int             // by player: their sockets
	pending int                        // sockets still to say hello
	closed  bool
	max     int // sockets in all
	waiting int // sockets still to say hello, at most
	perUser int // one player's sockets
}

func newSockets(all, perUser int) *sockets {
	return &sockets{open: map[*websocket.Conn]string{}, users: map[string]int{}, max: all, waiting: max(16, all/4), perUser: perUser}
}

// add counts a new socket, still to say hello; it returns errTooMany
// over a cap, or errClosing (and closes it) once the server is closing.
func (ss *sockets) add(c *websocket.Conn) error {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	switch {
	case ss.closed:
		c.Close()
		return errClosing
	case len(ss.open) >= ss.max || ss.pending >= ss.waiting:
		return errTooMany
	}
	ss.open[c] = ""
	ss.pending++
	return nil
}

// seat counts a socket that said hello as the player's, or returns
// errTooManyU when they have their cap open already.
func (ss *sockets) seat(c *websocket.Conn, user string) error {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.users[user] >= ss.perUser {
		return errTooManyU
	}
	ss.users[user]++
	ss.open[c] = user
	ss.pending--
	return nil
}

// remove forgets a socket and closes it.
func (ss *sockets) remove(c *websocket.Conn) {
	ss.forget(c)
	c.Close()
}

// forget frees a socket's place without closing it: a socket refused is
// forgotten before it is told, so the page that reads the refusal finds
// the place free.
func (ss *sockets) forget(c *websocket.Conn) {
	ss.mu.Lock()
	if user, ok := ss.open[c]; ok {
		if user == "" {
			ss.pending--
		} else if ss.users[user]--; ss.users[user] <= 0 {
			delete(ss.users, user)
		}
		delete(ss.open, c)
	}
	ss.mu.Unlock()
}

// refuse tells a page why its socket is not taken, as an error message
// and as the close frame's code and reason, and closes it.
func refuse(c *websocket.Conn, code int, text string) {
	c.SetWriteDeadline(time.Now().Add(time.Second))
	c.WriteJSON(reply{T: "error", Message: text})
	reason := text
	for len(reason) > 123 { // a close frame's reason is at most 123 bytes
		_, size := utf8.DecodeLastRuneInString(reason)
		reason = reason[:len(reason)-size]
	}
	c.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, reason), time.Now().Add(time.Second))
	c.Close()
}

// fullServer is the sentence for a page the server is too full for, in
// the language its browser asks for first (it has not said who it is):
// "fr-CA,fr;q=0.9" reads the French.
func fullServer(acceptLanguage string) string {
	tag, _, _ := strings.Cut(acceptLanguage, ",")
	tag, _, _ = strings.Cut(tag, ";")
	tag = strings.TrimSpace(tag)
	primary, _, _ := strings.Cut(tag, "-")
	for _, t := range []string{tag, primary} {
		if text := i18n.For(t).Text(serverFull); text != serverFull {
			return text
		}
	}
	return serverFull
}

// CloseSockets closes every page's WebSocket, saying the server is going
// away, and refuses new ones: call it when the process stops serving.
// The pages reconnect (to another process, behind a load balancer) and
// open their game again; nothing is lost, as each move is stored before
// it is answered.
func (s *Server) CloseSockets() {
	s.hub.close()
	s.sockets.mu.Lock()
	defer s.sockets.mu.Unlock()
	s.sockets.closed = true
	bye := websocket.FormatCloseMessage(websocket.CloseGoingAway, "the server is restarting")
	for c := range s.sockets.open {
		c.WriteControl(websocket.CloseMessage, bye, time.Now().Add(time.Second))
		c.Close()
	}
}

// Limit returns ln accepting at most as many connections at once as the
// Activity's sockets' cap and a margin; more wait in the system's
// backlog, holding none of this process's descriptors. The server that
// serves the Activity should listen on it (bot does).
func (s *Server) Limit(ln net.Listener) net.Listener {
	return &limitListener{Listener: ln, slots: make(chan struct{}, s.sockets.max+listenMargin), done: make(chan struct{})}
}

// limitListener is a listener with a cap on its open connections.
type limitListener struct {
	net.Listener
	slots chan struct{}
	once  sync.Once
	done  chan struct{}
}

// Accept waits for a free slot, then for a connection.
func (l *limitListener) Accept() (net.Conn, error) {
	select {
	case l.slots <- struct{}{}:
	case <-l.done:
		return nil, net.ErrClosed
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	return &limitConn{Conn: c, free: sync.OnceFunc(func() { <-l.slots })}, nil
}

// Close stops accepting.
func (l *limitListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return l.Listener.Close()
}

// limitConn gives its slot back when it closes.
type limitConn struct {
	net.Conn
	free func()
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.free()
	return err
}
