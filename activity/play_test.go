package activity

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/play"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/store"
)

const (
	classic  = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

// playServer serves the Activity on a store with a game begun for user 42
// (storedGame), and returns its WebSocket's address, the store, that
// game's ref and a session token for user 42.
func playServer(t *testing.T) (string, *store.DB, game.Ref, string) {
	t.Helper()
	db, ref := storedGame(t, "42")
	cfg := Config{ClientID: "100000000000000001", SessionKeys: testKeys, Games: db}
	srv := httptest.NewServer(New(cfg))
	t.Cleanup(srv.Close)
	session := issue(testKey, Seat{User: User{ID: "42", Name: "ada"}}, time.Now().Add(time.Hour))
	return "ws" + strings.TrimPrefix(srv.URL, "http") + "/api/play", db, ref, session
}

// storedGame opens a SQLite store with a game of the classic puzzle begun
// for user, 90 seconds ago, as the button board begins one (the same
// sessions, under the same key), and returns the store and the game's ref.
func storedGame(t *testing.T, user string) (*store.DB, game.Ref) {
	t.Helper()
	ctx := context.Background()
	db, err := store.OpenSQLite(ctx, filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	p, _ := solver.Parse(classic)
	sol, _ := solver.Parse(solution)
	ref := game.PuzzleRef(p)
	begun := func() time.Time { return time.Now().Add(-90 * time.Second) } // begun a minute and a half ago
	if _, err := (game.Sessions{Store: db, Now: begun}).LoadOrCreate(ctx, ref.Key(user, ""), func() (*game.Game, error) { return game.New(p, sol) }); err != nil {
		t.Fatal(err)
	}
	return db, ref
}

// page is one open WebSocket, as a page of ours holds it.
type page struct {
	t    *testing.T
	conn *websocket.Conn
}

func dial(t *testing.T, url, session string) *page {
	t.Helper()
	conn, _, err := websocket.DefaultDialer.Dial(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	if session != "" {
		conn.WriteJSON(clientMessage{T: "hello", Session: session})
	}
	return &page{t: t, conn: conn}
}

// send sends m and returns the answer: a state, or a reply.
func (p *page) send(m clientMessage) (*State, reply) {
	p.t.Helper()
	if err := p.conn.WriteJSON(m); err != nil {
		p.t.Fatal(err)
	}
	type answer struct {
		State
		Message string `json:"message"`
		Inner   *State `json:"state"`
	}
	var raw answer
	p.conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	for raw.T == "" || raw.T == "room" || raw.T == "presence" || raw.T == "others" { // pushes come between answers
		raw = answer{}
		if err := p.conn.ReadJSON(&raw); err != nil {
			p.t.Fatalf("no answer to %+v: %v", m, err)
		}
	}
	if raw.T == "state" {
		s := raw.State
		s.Message = raw.Message
		return &s, reply{}
	}
	return nil, reply{T: raw.T, Message: raw.Message, State: raw.Inner}
}

// TestPlayOverTheWebSocket: a game begun on the buttons is opened on the
// web board and played: a placement moves the version on; the same move
// sent again on the old version (its answer lost) is answered as made, not
// applied twice, and another on the old version is refused with the board
// as it is; a given cannot change; marks, undo and check work.
func TestPlayOverTheWebSocket(t *testing.T) {
	url, _, ref, session := playServer(t)
	p := dial(t, url, session)
	s, _ := p.send(clientMessage{T: "open", Game: ref.String()})
	if s == nil || s.Givens != classic || s.Version != 0 || time.Since(time.Unix(s.Started, 0)) < 80*time.Second {
		t.Fatalf("open gave %+v", s)
	}
	place := clientMessage{T: "place", Game: ref.String(), Version: 0, Row: 0, Col: 2, Digit: 4}
	s, _ = p.send(place)
	if s == nil || s.Cells[2] != '4' || s.Version != 1 {
		t.Fatalf("placing 4 at r1c3 gave %+v", s)
	}
	if s, r := p.send(place); s == nil || s.Version != 1 || s.Cells[2] != '4' {
		t.Errorf("the same move sent again on the old version: %+v %+v, want it answered as made, at version 1", s, r)
	}
	if s, r := p.send(clientMessage{T: "place", Game: ref.String(), Version: 0, Row: 0, Col: 2, Digit: 5}); s != nil || r.T != "refused" ||
		!strings.Contains(r.Message, "changed since") || r.State.Version != 1 {
		t.Errorf("another digit in that cell on the old version: %+v %+v, want refused at version 1", s, r)
	}
	if _, r := p.send(clientMessage{T: "place", Game: ref.String(), Version: 1, Row: 0, Col: 0, Digit: 1}); r.T != "refused" || !strings.Contains(r.Message, "given") {
		t.Errorf("changing a given: %+v", r)
	}
	s, _ = p.send(clientMessage{T: "note", Game: ref.String(), Version: 1, Row: 0, Col: 3, Digit: 6})
	if s == nil || s.Notes[3] != "6" {
		t.Fatalf("a pencil mark gave %+v", s)
	}
	s, _ = p.send(clientMessage{T: "undo", Game: ref.String(), Version: 2})
	if s == nil || s.Notes[3] != "" || s.Version != 3 {
		t.Fatalf("undo gave %+v", s)
	}
	s, _ = p.send(clientMessage{T: "place", Game: ref.String(), Version: 3, Row: 0, Col: 3, Digit: 9}) // r1c4 is 6
	if s == nil {
		t.Fatal("a wrong digit was refused")
	}
	s, _ = p.send(clientMessage{T: "check", Game: ref.String(), Version: s.Version})
	if s == nil || len(s.Wrong) != 1 || s.Wrong[0] != 3 {
		t.Errorf("check gave %+v, want r1c4 wrong", s)
	}
}

// TestPlayTwoDevices: two pages on one game: the second's move, made on
// the version both opened, is refused with the first's move shown.
func TestPlayTwoDevices(t *testing.T) {
	url, _, ref, session := playServer(t)
	a, b := dial(t, url, session), dial(t, url, session)
	a.send(clientMessage{T: "open", Game: ref.String()})
	b.send(clientMessage{T: "open", Game: ref.String()})
	if s, _ := a.send(clientMessage{T: "place", Game: ref.String(), Row: 0, Col: 2, Digit: 4}); s == nil {
		t.Fatal("the first device's move was refused")
	}
	_, r := b.send(clientMessage{T: "place", Game: ref.String(), Row: 0, Col: 3, Digit: 6})
	if r.T != "refused" || r.State == nil || r.State.Cells[2] != '4' || r.State.Cells[3] != '.' {
		t.Errorf("the second device's move on the old version: %+v", r)
	}
}

// TestPlayRefuses: no hello, a bad session, another's game, a daily on a
// bot without one, and a
// message no page sends are refused with a sentence; a message over the
// limit closes the socket.
func TestPlayRefuses(t *testing.T) {
	url, _, ref, session := playServer(t)
	for name, hello := range map[string]clientMessage{
		"no hello":    {T: "open", Game: ref.String()},
		"bad session": {T: "hello", Session: "forged.token"},
	} {
		p := dial(t, url, "")
		if _, r := p.send(hello); r.T != "error" || r.Message != sessionEnded {
			t.Errorf("%s: %+v", name, r)
		}
	}
	p := dial(t, url, session)
	if _, r := p.send(clientMessage{T: "open", Game: "haaaaaaaaaaaa"}); r.T != "error" || !strings.Contains(r.Message, "gone") {
		t.Errorf("a game the player does not have: %+v", r)
	}
	if _, r := p.send(clientMessage{T: "open", Game: "d327"}); r.T != "error" || r.Message != noDailyHere {
		t.Errorf("a ranked daily: %+v", r)
	}
	if _, r := p.send(clientMessage{T: "dance", Game: ref.String()}); r.T != "refused" {
		t.Errorf("an unknown message: %+v", r)
	}
	p.conn.WriteMessage(websocket.TextMessage, []byte(`{"t":"open","game":"`+strings.Repeat("x", 2000)+`"}`))
	p.conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, _, err := p.conn.ReadMessage(); err == nil {
		t.Error("a message over the limit was answered")
	}
}

// FuzzChange: any message a page could send either changes the game as
// one move or changes nothing and says why; it never panics.
func FuzzChange(f *testing.F) {
	p, _ := solver.Parse(classic)
	sol, _ := solver.Parse(solution)
	f.Add("place", 0, 2, 4)
	f.Add("note", 8, 8, 9)
	f.Add("erase", -1, 99, 0)
	f.Add("autonotes", 0, 0, 0)
	f.Add("undo", 0, 0, 0)
	f.Add("redo", 0, 0, 0)
	f.Fuzz(func(t *testing.T, kind string, row, col, digit int) {
		g, err := game.New(p, sol)
		if err != nil {
			t.Fatal(err)
		}
		before := g.Seq()
		err = play.Make(g, action(clientMessage{T: kind, Row: row, Col: col, Digit: digit}))
		if err == nil && g.Seq() != before+1 {
			t.Errorf("%q r%d c%d %d: version %d -> %d", kind, row, col, digit, before, g.Seq())
		}
		if err != nil && (g.Seq() != before || play.WordsFor("", play.Plain).Refusal(err) == "") {
			t.Errorf("%q r%d c%d %d refused (%v) yet changed the game", kind, row, col, digit, err)
		}
	})
}

// TestGamesListed: /api/games lists a player's games the board plays, and
// only with a session.
func TestGamesListed(t *testing.T) {
	db, ref := storedGame(t, "42")
	db.CreateGame(context.Background(), game.Key{User: "42", Puzzle: "d327/700"}, []byte(`{}`), time.Now()) // a ranked daily
	cfg := Config{ClientID: "100000000000000001", SessionKeys: testKeys, Games: db}
	srv := httptest.NewServer(New(cfg))
	defer srv.Close()
	session := issue(testKey, Seat{User: User{ID: "42", Name: "ada"}}, time.Now().Add(time.Hour))
	var got Menu
	if status := call(t, "GET", srv.URL+"/api/games", session, "", &got); status != 200 || len(got.Games) != 1 || got.Games[0].Game != ref.String() ||
		got.Games[0].Left != 51 || got.Games[0].Title != "Board · 9×9" || len(got.Levels) != 5 || got.Daily {
		t.Errorf("/api/games = %d %+v, want one game, %s, 51 cells left, five levels, no daily", status, got, ref)
	}
	var p problem
	if status := call(t, "GET", srv.URL+"/api/games", "", "", &p); status != 401 {
		t.Errorf("/api/games without a session = %d", status)
	}
}
