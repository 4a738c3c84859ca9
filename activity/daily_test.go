package activity

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/solver"
)

// dailyServer serves the Activity with the daily on a store, and returns
// its WebSocket's address, the daily service and a session for user 42 in
// server 700.
func dailyServer(t *testing.T) (string, *daily.Service, string) {
	t.Helper()
	db, _ := storedGame(t, "42")
	svc := daily.New(db, nil)
	cfg := Config{ClientID: "100000000000000001", SessionKeys: testKeys, Games: db, Daily: svc}
	srv := httptest.NewServer(New(cfg))
	t.Cleanup(srv.Close)
	session := issue(testKey, Seat{User: User{ID: "42", Name: "ada"}, Guild: "700"}, time.Now().Add(time.Hour))
	return "ws" + strings.TrimPrefix(srv.URL, "http") + "/api/play", svc, session
}

// TestPlayTheDaily: today's daily on the big board, by the daily's rules:
// its clock starts at the first open, hints in steps and a check count on
// the share line, a wrong full grid handed in costs a try, and the right
// grid is handed in as its last digit goes in, which the server's
// results (and so its post's scoreboard) show.
func TestPlayTheDaily(t *testing.T) {
	url, svc, session := dailyServer(t)
	ctx := context.Background()
	p := dial(t, url, session)
	st, r := p.send(clientMessage{T: "today"})
	if st == nil {
		t.Fatalf("today: %+v", r)
	}
	n, _ := svc.Today(ctx, "700")
	pz, _ := svc.Puzzle(ctx, n)
	if st.Daily == nil || st.Daily.Day != n || st.Givens != pz.Grid.String() || !strings.HasPrefix(st.Title, "Daily #") || st.Started == 0 {
		t.Fatalf("today's board: %+v", st)
	}
	if e, ok, _ := svc.Entry(ctx, "700", "42", n); !ok || e.Started.Unix() != st.Started {
		t.Errorf("the board's clock %d is not the daily's (%v, %v)", st.Started, e.Started, ok)
	}
	st = p.step(st, clientMessage{T: "hint", Step: 1})
	if st.Hint == nil || !strings.HasPrefix(st.Hint.Text, "Look at ") || len(st.Hint.Cells) == 0 || st.Hint.Steps < 3 {
		t.Errorf("hint step 1: %+v", st.Hint)
	}
	st = p.step(st, clientMessage{T: "hint", Step: 2})
	if st.Hint == nil || !strings.Contains(st.Hint.Text, "The technique: ") {
		t.Errorf("hint step 2: %+v", st.Hint)
	}
	empty := fill(t, p, &st, pz.Solution, 1) // all but the last empty cell
	r0, c0 := empty/9, empty%9
	wrongDigit := pz.Solution.At(r0, c0)%9 + 1
	st = p.step(st, clientMessage{T: "place", Row: r0, Col: c0, Digit: wrongDigit})
	if st.Daily.Solved || st.Daily.Tries != 0 {
		t.Fatalf("a wrong full grid was handed in by itself: %+v", st.Daily)
	}
	st = p.step(st, clientMessage{T: "submit"})
	if !strings.Contains(st.Message, "Not yet: 1 cell is wrong") || st.Daily.Tries != 1 || len(st.Wrong) != 1 {
		t.Fatalf("a wrong grid handed in: %q %+v wrong %v", st.Message, st.Daily, st.Wrong)
	}
	st = p.step(st, clientMessage{T: "check"})
	st = p.step(st, clientMessage{T: "place", Row: r0, Col: c0, Digit: pz.Solution.At(r0, c0)})
	if !st.Daily.Solved || !strings.Contains(st.Message, "Correct! Daily #") {
		t.Fatalf("the right grid: %q %+v", st.Message, st.Daily)
	}
	for _, want := range []string{"1 wrong try", "1 check", "2 hints"} {
		if !strings.Contains(st.Daily.Share, want) {
			t.Errorf("the share line lacks %q:\n%s", want, st.Daily.Share)
		}
	}
	res, err := svc.Results(ctx, "700", n, 10)
	if err != nil || res.Solved != 1 || len(res.Solvers) != 1 || res.Solvers[0].User != "42" {
		t.Errorf("the server's results: %+v, %v", res, err)
	}
	again, _ := p.send(clientMessage{T: "today"})
	if again == nil || again.Daily == nil || !again.Daily.Solved || again.Daily.Share == "" {
		t.Errorf("today, once solved: %+v", again)
	}
}

// step sends m on st's game and version and returns the new state,
// failing on anything else.
func (p *page) step(st *State, m clientMessage) *State {
	p.t.Helper()
	m.Game, m.Version = st.Game, st.Version
	next, r := p.send(m)
	if next == nil {
		p.t.Fatalf("%+v: %+v", m, r)
	}
	return next
}

// fill places the solution's digits in all but leave of the board's empty
// cells, and returns the first cell left (-1 for none).
func fill(t *testing.T, p *page, st **State, sol solver.Grid, leave int) int {
	t.Helper()
	var empty []int
	for i, c := range (*st).Cells {
		if c == '.' {
			empty = append(empty, i)
		}
	}
	for _, i := range empty[:len(empty)-leave] {
		*st = p.step(*st, clientMessage{T: "place", Row: i / 9, Col: i % 9, Digit: sol.At(i/9, i%9)})
	}
	if leave == 0 {
		return -1
	}
	return empty[len(empty)-leave]
}

// TestTheDailyTogether: two players who open today's daily in one
// Activity instance each play their own board, and each sees how far the
// other has got (cells filled, then the finish and its time), never a
// digit.
func TestTheDailyTogether(t *testing.T) {
	db, _ := storedGame(t, "42")
	svc := daily.New(db, nil)
	srv := New(Config{ClientID: "1", SessionKeys: testKeys, Games: db, Daily: svc})
	hs := httptest.NewServer(srv)
	t.Cleanup(func() { srv.CloseSockets(); hs.Close() })
	url := "ws" + strings.TrimPrefix(hs.URL, "http") + "/api/play"
	seat := func(id string) string {
		return issue(testKey, Seat{User: User{ID: id, Name: id}, Guild: "700", Instance: "i-daily"}, time.Now().Add(time.Hour))
	}
	ada, bob := dial(t, url, seat("ada")), dial(t, url, seat("bob"))
	st, _ := ada.send(clientMessage{T: "today"})
	if st == nil || st.Daily == nil {
		t.Fatal("ada has no daily")
	}
	if got, _ := bob.send(clientMessage{T: "today"}); got == nil || len(got.Daily.Others) != 2 {
		t.Fatalf("bob's daily lists %+v, want ada and bob", got)
	}
	pz, _ := svc.Puzzle(context.Background(), st.Daily.Day)
	i := strings.IndexByte(st.Cells, '.')
	st = ada.step(st, clientMessage{T: "place", Row: i / 9, Col: i % 9, Digit: pz.Solution.At(i/9, i%9)})
	bars := bob.others(func(o others) bool { return barOf(o, "ada").Filled == 1 })
	if barOf(bars, "bob").Filled != 0 {
		t.Errorf("bob's own bar: %+v", barOf(bars, "bob"))
	}
	fill(t, ada, &st, pz.Solution, 0)
	end := bob.others(func(o others) bool { return barOf(o, "ada").Place == 1 })
	if end.Racers[0].ID != "ada" || end.Racers[0].Filled != end.Racers[0].Empty {
		t.Errorf("after ada's finish, bob sees %+v", end.Racers)
	}
}

// others reads the page's messages until the daily's players' progress
// satisfies ok.
func (p *page) others(ok func(others) bool) others {
	p.t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
		var o others
		p.conn.SetReadDeadline(deadline)
		if err := p.conn.ReadJSON(&o); err != nil {
			p.t.Fatalf("no progress came: %v", err)
		}
		if o.T == "others" && ok(o) {
			return o
		}
	}
	p.t.Fatal("no progress came in time")
	return others{}
}

func barOf(o others, id string) Racer {
	for _, r := range o.Racers {
		if r.ID == id {
			return r
		}
	}
	return Racer{}
}

// TestSolvedDailyStays: once the daily is solved, its board no longer
// changes: an erasure, an undo or a digit is refused with a sentence, and
// the board stays as it was solved.
func TestSolvedDailyStays(t *testing.T) {
	url, svc, session := dailyServer(t)
	p := dial(t, url, session)
	st, r := p.send(clientMessage{T: "today"})
	if st == nil {
		t.Fatalf("today: %+v", r)
	}
	pz, _ := svc.Puzzle(context.Background(), st.Daily.Day)
	fill(t, p, &st, pz.Solution, 0)
	if !st.Daily.Solved {
		t.Fatalf("the daily is not solved: %+v", st.Daily)
	}
	empty := strings.IndexByte(st.Givens, '.')
	for _, m := range []clientMessage{{T: "erase"}, {T: "undo"}, {T: "place", Digit: pz.Solution.At(empty/9, empty%9)%9 + 1}, {T: "note", Digit: 1}} {
		m.Game, m.Version, m.Row, m.Col = st.Game, st.Version, empty/9, empty%9
		got, r := p.send(m)
		if got != nil || r.T != "refused" || !strings.Contains(r.Message, "solved") || r.State == nil || r.State.Cells != pz.Solution.String() {
			t.Errorf("%s on the solved daily: %+v %+v", m.T, got, r)
		}
		if got != nil {
			st = got
		}
	}
}

// TestTheDailyInADM: the Activity launched in a DM or group DM has no
// server; its "today" is the player's own daily, as /daily play in a DM,
// and it plays: a digit is applied and stored on the board the buttons
// keep for that DM's daily, and the clock is the one /daily play started.
func TestTheDailyInADM(t *testing.T) {
	db, _ := storedGame(t, "42")
	svc := daily.New(db, nil)
	srv := New(Config{ClientID: "1", SessionKeys: testKeys, Games: db, Daily: svc})
	hs := httptest.NewServer(srv)
	t.Cleanup(func() { srv.CloseSockets(); hs.Close() })
	dm := issue(testKey, Seat{User: User{ID: "42", Name: "ada"}, Instance: "i-dm"}, time.Now().Add(time.Hour))
	p := dial(t, "ws"+strings.TrimPrefix(hs.URL, "http")+"/api/play", dm)
	st, r := p.send(clientMessage{T: "today"})
	if st == nil || st.Daily == nil {
		t.Fatalf("today in a DM: %+v", r)
	}
	ctx := context.Background()
	pz, _ := svc.Puzzle(ctx, st.Daily.Day)
	i := strings.IndexByte(st.Cells, '.')
	next, r := p.send(clientMessage{T: "place", Game: st.Game, Version: st.Version, Row: i / 9, Col: i % 9, Digit: pz.Solution.At(i/9, i%9)})
	if next == nil || next.Version != st.Version+1 || next.Cells[i] == '.' {
		t.Fatalf("a digit on the DM's daily gave %+v %+v, want it applied", next, r)
	}
	if e, ok, _ := svc.Entry(ctx, "", "42", st.Daily.Day); !ok || e.Started.Unix() != st.Started {
		t.Errorf("the DM's daily entry: %+v %v, want the clock the board shows (%d)", e, ok, st.Started)
	}
	if _, v, ok, _ := db.Game(ctx, game.DailyRef(st.Daily.Day).Key("42", "")); !ok || v != next.Version {
		t.Errorf("the stored DM daily is at version %d (%v), want %d", v, ok, next.Version)
	}
}
