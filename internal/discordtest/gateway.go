package discordtest

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// privilegedIntents are GUILD_MEMBERS, GUILD_PRESENCES and MESSAGE_CONTENT,
// which a bot must be approved for; sudokubot needs none.
const privilegedIntents = 1<<1 | 1<<8 | 1<<15

// gateway is the websocket side. mu orders sequence numbers and writes, so
// replayed events go out in order.
type gateway struct {
	mu         sync.Mutex
	conn       *websocket.Conn
	sessionID  string
	seq        int64
	events     []event
	identifies int
	shard      []int // [id, count] from the last IDENTIFY
	resumes    int
}

type event struct {
	seq  int64
	name string
	data json.RawMessage
}

func (g *gateway) init() {}

type frame struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d,omitempty"`
	S  int64           `json:"s,omitempty"`
	T  string          `json:"t,omitempty"`
}

// Sessions returns how many times the bot identified and resumed.
func (s *Server) Sessions() (identifies, resumes int) {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	return s.gw.identifies, s.gw.resumes
}

// Shard returns the [id, count] the bot identified with (nil: none sent).
func (s *Server) Shard() []int {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	return s.gw.shard
}

// WaitConnected waits up to timeout until the bot has identified (and
// resumed, if resumes > 0, that many times) and holds a connection.
func (s *Server) WaitConnected(timeout time.Duration, resumes int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.waitLocked(timeout, func() bool {
		s.gw.mu.Lock()
		defer s.gw.mu.Unlock()
		return s.gw.conn != nil && s.gw.identifies > 0 && s.gw.resumes >= resumes
	})
}

// DropGateway cuts the gateway connection without a close frame, as a
// network failure would. Events sent meanwhile wait for the bot to resume.
func (s *Server) DropGateway() {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	if s.gw.conn != nil {
		s.gw.conn.UnderlyingConn().Close()
		s.gw.conn = nil
	}
}

// dispatch numbers an event, keeps it for resuming, and sends it when
// the bot is connected.
func (s *Server) dispatch(name string, data any) {
	g := &s.gw
	g.mu.Lock()
	defer g.mu.Unlock()
	g.seq++
	ev := event{seq: g.seq, name: name, data: raw(data)}
	g.events = append(g.events, ev)
	if g.conn != nil {
		g.send(frame{Op: 0, T: ev.name, S: ev.seq, D: ev.data})
	}
}

// send writes one frame; with g.mu held. A failed write drops the conn.
func (g *gateway) send(f frame) {
	g.conn.SetWriteDeadline(time.Now().Add(5 * time.Second))
	if err := g.conn.WriteJSON(f); err != nil {
		g.conn.UnderlyingConn().Close()
		g.conn = nil
	}
}

func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	up := websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}
	c, err := up.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	defer c.Close()
	c.WriteJSON(frame{Op: 10, D: raw(map[string]any{"heartbeat_interval": 41250})})
	var first frame
	if err := c.ReadJSON(&first); err != nil {
		return
	}
	if !s.startSession(c, first) {
		return
	}
	s.mu.Lock()
	s.changed.Broadcast()
	s.mu.Unlock()
	for {
		var f frame
		if err := c.ReadJSON(&f); err != nil {
			s.gw.mu.Lock()
			if s.gw.conn == c {
				s.gw.conn = nil
			}
			s.gw.mu.Unlock()
			return
		}
		if f.Op == 1 {
			s.gw.mu.Lock()
			if s.gw.conn == c {
				s.gw.send(frame{Op: 11})
			}
			s.gw.mu.Unlock()
		}
	}
}

// startSession answers IDENTIFY with READY or RESUME with the missed
// events and RESUMED; it reports whether the connection may go on.
func (s *Server) startSession(c *websocket.Conn, f frame) bool {
	var d struct {
		Token     string `json:"token"`
		Intents   int    `json:"intents"`
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
		Shard     []int  `json:"shard"`
	}
	json.Unmarshal(f.D, &d)
	if strings.TrimPrefix(d.Token, "Bot ") != s.Token {
		s.mu.Lock()
		s.violate("gateway op %d with a wrong token", f.Op)
		s.mu.Unlock()
		c.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4004, "Authentication failed."))
		return false
	}
	// s.mu is never taken while g.mu is held: WaitConnected takes them the
	// other way round.
	s.mu.Lock()
	if f.Op == 2 && d.Intents&privilegedIntents != 0 {
		s.violate("IDENTIFY asks for privileged intents %#x", d.Intents&privilegedIntents)
	}
	newSession := "session-" + s.newID()
	s.mu.Unlock()
	g := &s.gw
	g.mu.Lock()
	defer g.mu.Unlock()
	g.conn = c
	switch {
	case f.Op == 2:
		g.identifies++
		g.shard = d.Shard
		g.sessionID = newSession
		g.seq++
		g.send(frame{Op: 0, T: "READY", S: g.seq, D: raw(map[string]any{
			"v": 9, "session_id": g.sessionID, "guilds": []any{},
			"user":        map[string]any{"id": s.AppID, "username": "sudokubot", "discriminator": "0", "bot": true},
			"application": map[string]any{"id": s.AppID, "flags": 0},
		})})
	case f.Op == 6 && d.SessionID == g.sessionID:
		g.resumes++
		for _, ev := range g.events {
			if ev.seq > d.Seq && g.conn != nil {
				g.send(frame{Op: 0, T: ev.name, S: ev.seq, D: ev.data})
			}
		}
		if g.conn != nil {
			g.send(frame{Op: 0, T: "RESUMED", S: g.seq})
		}
	default:
		g.send(frame{Op: 9, D: raw(false)}) // invalid session
		g.conn = nil
		return false
	}
	return g.conn != nil
}
