package activity

import (
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/room"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/store"
)

// raceServer starts a server on a room store whose clock the test moves,
// and returns the store, the clock (Unix seconds) and the play socket's
// URL.
func raceServer(t *testing.T) (*store.DB, *atomic.Int64, string) {
	db := roomStore(t)
	clock := new(atomic.Int64)
	clock.Store(time.Now().Unix())
	srv := New(Config{ClientID: "1", SessionKeys: testKeys, Games: db,
		Now: func() time.Time { return time.Unix(clock.Load(), 0) }})
	hs := httptest.NewServer(srv)
	t.Cleanup(func() { srv.CloseSockets(); hs.Close() })
	return db, clock, "ws" + strings.TrimPrefix(hs.URL, "http") + "/api/play"
}

// TestRace: two racers of one instance: no move before the countdown
// ends; each fills a board of their own; the other sees their progress
// and never their digits; the finish order reaches both.
func TestRace(t *testing.T) {
	db, clock, url := raceServer(t)
	ada, bob := dial(t, url, seatIn("ada", "i-race")), dial(t, url, seatIn("bob", "i-race"))
	st, r := ada.send(clientMessage{T: "join", Mode: "race", Level: "easy"})
	if st == nil || st.Together == nil || st.Together.Race == nil || !strings.Contains(st.Message, "Press Start") {
		t.Fatalf("ada's join: %+v %+v", st, r)
	}
	if st, _ = bob.send(clientMessage{T: "join", Level: "hard"}); st == nil || st.Together.Race == nil || len(st.Together.Race.Racers) != 2 {
		t.Fatalf("bob's join (a race is on, so he joins it): %+v", st)
	}
	puzzle := st.Givens
	i := strings.IndexByte(puzzle, '.')
	placeAt := func(p *page, digit int) (*State, reply) {
		return p.send(clientMessage{T: "place", Game: "room", Row: i / 9, Col: i % 9, Digit: digit})
	}
	if _, r := placeAt(ada, 1); r.T != "refused" || !strings.Contains(r.Message, "not started") {
		t.Errorf("a move before the start: %+v", r)
	}
	if _, r := ada.send(clientMessage{T: "hint", Game: "room"}); !strings.Contains(r.Message, "No hints") {
		t.Errorf("a hint in a race: %+v", r)
	}
	st, _ = bob.send(clientMessage{T: "start", Game: "room"})
	if st == nil || st.Together.Race.Start != clock.Load()+int64(room.Countdown/time.Second) || !strings.Contains(st.Message, "starts in 5") {
		t.Fatalf("the start: %+v", st)
	}
	clock.Add(int64(room.Countdown / time.Second))
	rm := storedRoom(t, db, "i-race")
	if st, r := placeAt(ada, rm.Solution.At(i/9, i%9)); st == nil || st.Cells[i] == '.' {
		t.Fatalf("ada's first move: %+v %+v", st, r)
	}
	seen := bob.pushed(func(s *State) bool { return racer(s, "ada").Filled == 1 })
	if seen.Cells != puzzle {
		t.Errorf("bob's board shows ada's digits: %s", seen.Cells)
	}
	for k := range 81 {
		if puzzle[k] == '.' && k != i {
			ada.send(clientMessage{T: "place", Game: "room", Row: k / 9, Col: k % 9, Digit: rm.Solution.At(k/9, k%9)})
		}
	}
	end := bob.pushed(func(s *State) bool { return racer(s, "ada").Place == 1 })
	if end.Together.Race.Racers[0].ID != "ada" {
		t.Errorf("the finish order: %+v", end.Together.Race.Racers)
	}
	if st, _ := ada.send(clientMessage{T: "join"}); st == nil || !strings.Contains(st.Message, "You finished 1st in 0:") {
		t.Errorf("ada's board after her finish: %+v", st)
	}
}

// TestRaceTellsNoSelection: a racer's selection reaches no other racer.
// Where a player's selection is goes on the hub's bus before the move
// made there, so a selection told would reach ada before the board that
// cy's move makes; once, her page drew it as cy's badge on a cell of her
// own board (TestRaceInABrowser: "ada's board shows 1 digits she did not
// place").
func TestRaceTellsNoSelection(t *testing.T) {
	db, clock, url := raceServer(t)
	ada, cy := dial(t, url, seatIn("ada", "i-race")), dial(t, url, seatIn("cy", "i-race"))
	if st, r := ada.send(clientMessage{T: "join", Mode: "race", Level: "easy"}); st == nil || st.Together.Race == nil {
		t.Fatalf("ada's join: %+v %+v", st, r)
	}
	st, r := cy.send(clientMessage{T: "join", Mode: "race"})
	if st == nil || st.Together.Race == nil {
		t.Fatalf("cy's join: %+v %+v", st, r)
	}
	cy.send(clientMessage{T: "start", Game: "room"})
	clock.Add(int64(room.Countdown / time.Second))
	i := strings.IndexByte(st.Givens, '.')
	cy.conn.WriteJSON(clientMessage{T: "select", Row: i / 9, Col: i % 9})
	rm := storedRoom(t, db, "i-race")
	if st, r := cy.send(clientMessage{T: "place", Game: "room", Row: i / 9, Col: i % 9, Digit: rm.Solution.At(i/9, i%9)}); st == nil {
		t.Fatalf("cy's move: %+v", r)
	}
	for deadline := time.Now().Add(10 * time.Second); ; {
		var m State
		ada.conn.SetReadDeadline(deadline)
		if err := ada.conn.ReadJSON(&m); err != nil {
			t.Fatalf("ada never saw cy's move: %v", err)
		}
		if m.T == "presence" {
			t.Fatalf("ada was told where cy's selection is")
		}
		if m.T == "room" && racer(&m, "cy").Filled == 1 {
			break
		}
	}
}

// racer returns a racer's progress in a race's state.
func racer(s *State, id string) Racer {
	if s.Together == nil || s.Together.Race == nil {
		return Racer{}
	}
	for _, r := range s.Together.Race.Racers {
		if r.ID == id {
			return r
		}
	}
	return Racer{}
}

// TestTellOfARace: a race tells its channel the finish order and times,
// and nothing of the boards.
func TestTellOfARace(t *testing.T) {
	p, _ := solver.Parse(classic)
	sol, _ := solver.Parse(solution)
	at := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	r := room.NewRace(p, sol, at)
	for _, name := range []string{"Ada", "Bob", "Cy"} {
		r.Join(room.Player{ID: name, Name: name})
	}
	r.StartRace("Ada", at)
	start := at.Add(room.Countdown)
	for _, f := range []struct {
		id   string
		took time.Duration
	}{{"Cy", 192 * time.Second}, {"Bob", 220 * time.Second}, {"Ada", 241 * time.Second}} {
		g, err := r.Racing(f.id, start)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 81 {
			if classic[i] == '.' {
				g.Apply(game.Move{Kind: game.Place, Cell: solver.Cell{Row: i / 9, Col: i % 9}, Digit: int(solution[i] - '0')})
			}
		}
		r.Raced(f.id, nil, start.Add(f.took))
	}
	got := tellText(i18n.For(""), r)
	t.Logf("the channel is told: %s", got)
	if want := "🏁 Sudoku race: 1. Cy 3:12 · 2. Bob 3:40 · 3. Ada 4:01"; got != want {
		t.Errorf("tellText = %q, want %q", got, want)
	}
}
