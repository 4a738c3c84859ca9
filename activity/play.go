package activity

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"time"

	"github.com/gorilla/websocket"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/solver"
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
//	page:   {"t":"open","game":R}            a game the player has
//	page:   {"t":"place","game":R,"version":N,"row":0,"col":4,"digit":7}
//	page:   {"t":"erase"|"undo"|"check", …}  and "note" with "digit": a pencil mark on or off
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
}

// State is a game as the page draws it.
type State struct {
	T       string   `json:"t"`
	Game    string   `json:"game"`
	Version int      `json:"version"`
	Size    int      `json:"size"`
	Givens  string   `json:"givens"` // the puzzle, row by row, '.' for a blank
	Cells   string   `json:"cells"`  // the grid as played
	Notes   []string `json:"notes"`  // each cell's pencil marks, as digits
	Wrong   []int    `json:"wrong,omitempty"`
	Solved  bool     `json:"solved"`
	CanUndo bool     `json:"can_undo"`
	Started int64    `json:"started,omitempty"` // when the player first opened the game, Unix seconds
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
	maxMessage   = 1 << 10          // bytes in one message
	helloWait    = 10 * time.Second // for the hello
	idleWait     = 10 * time.Minute // between messages
	messageEvery = 20 * time.Millisecond
	storeWait    = 5 * time.Second
)

// What the page is told when it cannot go on.
const (
	sessionEnded = "Your session has ended. Close the Activity and open it again."
	gamesDown    = "I can't reach my database right now, so the board cannot be saved; nothing was lost. Please try again in a moment."
	outdated     = "The board changed since (perhaps on another device), so that was not applied. Here it is as it is now."
)

// stateOf returns g, stored under ref, as the page draws it.
func stateOf(ref game.Ref, g *game.Game, wrong []solver.Cell) *State {
	n := g.Size()
	s := &State{T: "state", Game: ref.String(), Version: g.Seq(), Size: n, Givens: g.Puzzle().String(),
		Cells: g.Grid().String(), Notes: make([]string, n*n), Solved: g.Solved(), CanUndo: g.CanUndo()}
	if !g.Started().IsZero() {
		s.Started = g.Started().Unix()
	}
	for i := range s.Notes {
		for _, d := range g.Notes(solver.Cell{Row: i / n, Col: i % n}).Digits() {
			s.Notes[i] += string(rune('0' + d))
		}
	}
	for _, c := range wrong {
		s.Wrong = append(s.Wrong, c.Row*n+c.Col)
	}
	return s
}

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
	defer conn.Close()
	conn.SetReadLimit(maxMessage)
	user, ok := s.hello(conn)
	for last := time.Now(); ok; last = time.Now() {
		conn.SetReadDeadline(time.Now().Add(idleWait))
		var m clientMessage
		if conn.ReadJSON(&m) != nil {
			return
		}
		time.Sleep(messageEvery - time.Since(last)) // a page sending faster is slowed, not dropped
		ok = conn.WriteJSON(s.answer(r.Context(), user, m)) == nil
	}
}

// hello reads the page's first message, which must carry a good session
// token; a page without one is told to sign in again.
func (s *Server) hello(conn *websocket.Conn) (User, bool) {
	conn.SetReadDeadline(time.Now().Add(helloWait))
	var m clientMessage
	if conn.ReadJSON(&m) != nil {
		return User{}, false
	}
	u, err := verify(s.key, m.Session, s.cfg.Now())
	if m.T != "hello" || err != nil {
		conn.WriteJSON(reply{T: "error", Message: sessionEnded})
		return User{}, false
	}
	return u, true
}

// answer returns the reply to one of user's messages.
func (s *Server) answer(ctx context.Context, user User, m clientMessage) any {
	ref, ok := game.ParseRef(m.Game)
	if !ok || ref.Kind == game.RefDaily || s.cfg.Games == nil {
		return reply{T: "error", Message: "That game cannot be played here yet: play it with /play."}
	}
	ctx, cancel := context.WithTimeout(ctx, storeWait)
	defer cancel()
	sessions := game.Sessions{Store: s.cfg.Games, Now: s.cfg.Now}
	sess, ok, err := sessions.Load(ctx, ref.Key(user.ID, ""))
	switch {
	case err != nil:
		s.cfg.Log.Error("activity: loading a game failed", "err", err)
		return reply{T: "error", Message: gamesDown}
	case !ok:
		return reply{T: "error", Message: "That game is gone. Start a new one with /play."}
	case m.T == "open":
		return stateOf(ref, sess.Game, nil)
	case m.Version != sess.Game.Seq():
		return reply{T: "refused", Message: outdated, State: stateOf(ref, sess.Game, nil)}
	}
	wrong, err := change(sess.Game, m)
	if err != nil {
		return reply{T: "refused", Message: refusalText(err), State: stateOf(ref, sess.Game, nil)}
	}
	switch err := sessions.Save(ctx, &sess); {
	case errors.Is(err, game.ErrOutdated):
		return reply{T: "refused", Message: outdated, State: stateOf(ref, sess.Game, nil)}
	case err != nil:
		s.cfg.Log.Error("activity: saving a game failed", "err", err)
		return reply{T: "error", Message: gamesDown}
	}
	return stateOf(ref, sess.Game, wrong)
}

// errUnknownMessage is a message no page of ours sends.
var errUnknownMessage = errors.New("activity: unknown message")

// change makes the change message m asks of g, and returns the wrong
// cells when it is a check.
func change(g *game.Game, m clientMessage) ([]solver.Cell, error) {
	at := solver.Cell{Row: m.Row, Col: m.Col}
	switch m.T {
	case "place":
		return nil, g.Apply(game.Move{Kind: game.Place, Cell: at, Digit: m.Digit})
	case "erase":
		return nil, g.Apply(game.Move{Kind: game.Erase, Cell: at})
	case "note":
		if m.Digit < 1 || m.Digit > g.Size() {
			return nil, game.ErrOutside
		}
		return nil, g.Apply(game.Move{Kind: game.Note, Cell: at, Notes: game.Notes(0).With(m.Digit)})
	case "undo":
		return nil, g.Undo()
	case "check":
		return g.Check(), nil
	}
	return nil, errUnknownMessage
}

// refusalText words a change the rules refuse.
func refusalText(err error) string {
	switch {
	case errors.Is(err, game.ErrGiven):
		return "That cell is a given: it cannot change."
	case errors.Is(err, game.ErrFilled):
		return "Pencil marks go in empty cells."
	case errors.Is(err, game.ErrNoUndo):
		return "There is nothing to undo."
	case errors.Is(err, game.ErrOutside):
		return "That is not a cell or digit of this board."
	}
	return "The board does not know that message."
}

// recentGames is how many of a player's latest games the page lists.
const recentGames = 10

// getGames lists the signed-in player's games in progress that the board
// plays (not ranked dailies), the most recently played first.
func (s *Server) getGames(w http.ResponseWriter, r *http.Request) {
	u, ok := s.signedIn(w, r)
	if !ok {
		return
	}
	if s.cfg.Games == nil {
		writeProblem(w, http.StatusServiceUnavailable, "The board needs the bot's database, which this bot runs without.")
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), storeWait)
	defer cancel()
	puzzles, err := s.cfg.Games.RecentGames(ctx, u.ID, recentGames)
	if err != nil {
		s.cfg.Log.Error("activity: listing games failed", "err", err)
		writeProblem(w, http.StatusServiceUnavailable, gamesDown)
		return
	}
	out := []string{}
	for _, p := range puzzles {
		if ref, ok := game.ParseRef(p); ok && ref.Kind != game.RefDaily {
			out = append(out, p)
		}
	}
	writeJSON(w, map[string][]string{"games": out})
}
