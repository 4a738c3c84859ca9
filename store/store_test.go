package store

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/solver/logic"
	"github.com/sudokubot/sudokubot/store/storetest"
)

var t0 = time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)

func TestMigrationsApplyOnce(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		d := open()
		d2 := open() // a second start applies nothing again
		var n int
		if err := d2.db.QueryRow(`SELECT COUNT(*) FROM schema_migrations`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		ms, _ := loadMigrations()
		if n != len(ms) || n == 0 {
			t.Errorf("schema_migrations has %d rows, want %d", n, len(ms))
		}
		if err := d.Ping(context.Background()); err != nil {
			t.Errorf("Ping = %v", err)
		}
	})
}

func TestSavePuzzleKeepsTheFirst(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		d, ctx := open(), context.Background()
		a, b := mustPuzzle(t, 5), mustPuzzle(t, 6)
		b.Day = 5
		if _, err := d.SavePuzzle(ctx, a); err != nil {
			t.Fatal(err)
		}
		got, err := d.SavePuzzle(ctx, b)
		if err != nil {
			t.Fatal(err)
		}
		if got.Grid != a.Grid || got.Solution != a.Solution || got.Level != a.Level || got.Hardest != a.Hardest {
			t.Errorf("SavePuzzle over day 5 = %+v, want the first %+v", got, a)
		}
		if _, ok, err := d.Puzzle(ctx, 6); ok || err != nil {
			t.Errorf("Puzzle(6) = ok %v, err %v; want none", ok, err)
		}
	})
}

func mustPuzzle(t testing.TB, n int) daily.Puzzle {
	t.Helper()
	g, err := logic.Generate(context.Background(), logic.Easy, 9, uint64(n))
	if err != nil {
		t.Fatal(err)
	}
	return daily.Puzzle{Day: n, Level: g.Grading.Level, Score: g.Grading.Score, Hardest: g.Grading.Hardest.String(),
		Grid: g.Puzzle, Solution: g.Solution}
}

func TestGuilds(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		d, ctx := open(), context.Background()
		if _, ok, err := d.Guild(ctx, "g1"); ok || err != nil {
			t.Fatalf("Guild before setup = %v, %v", ok, err)
		}
		must(t, d.SaveGuild(ctx, daily.Guild{ID: "g1", Channel: "c1", Hour: 9, Timezone: "Europe/Paris"}))
		must(t, d.SaveGuild(ctx, daily.Guild{ID: "g2", Timezone: "UTC"}))
		must(t, d.SaveGuild(ctx, daily.Guild{ID: "g1", Channel: "c2", Hour: 7, Timezone: "Asia/Tokyo", Role: "r", Locale: "fr"}))
		g, ok, err := d.Guild(ctx, "g1")
		if !ok || err != nil || g.Channel != "c2" || g.Hour != 7 || g.Timezone != "Asia/Tokyo" || g.Role != "r" || g.Locale != "fr" {
			t.Errorf("Guild(g1) = %+v, %v, %v; want the replaced settings", g, ok, err)
		}
		posting, err := d.Posting(ctx)
		if err != nil || len(posting) != 1 || posting[0].ID != "g1" || posting[0].Role != "r" {
			t.Errorf("Posting = %+v, %v; want only g1", posting, err)
		}
	})
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestClaimPostExactlyOnce(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		dbs := []*DB{open(), open()} // two handles: two processes
		var wg sync.WaitGroup
		var mu sync.Mutex
		wins := 0
		for k := 0; k < 16; k++ {
			wg.Add(1)
			go func(d *DB) {
				defer wg.Done()
				ok, _, err := d.ClaimPost(context.Background(), "g", 10, t0, 5*time.Minute)
				if err != nil {
					t.Error(err)
				}
				if ok {
					mu.Lock()
					wins++
					mu.Unlock()
				}
			}(dbs[k%2])
		}
		wg.Wait()
		if wins != 1 {
			t.Fatalf("%d claims won, want 1", wins)
		}
	})
}

func TestClaimPostRetryAndLease(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		d, ctx := open(), context.Background()
		lease := 5 * time.Minute
		again := false
		claim := func(at time.Time) bool {
			ok, a, err := d.ClaimPost(ctx, "g", 10, at, lease)
			must(t, err)
			again = a
			return ok
		}
		if !claim(t0) || again {
			t.Fatalf("first claim lost, or said to come again (%v)", again)
		}
		if claim(t0.Add(time.Minute)) {
			t.Error("a live claim was taken over")
		}
		if !claim(t0.Add(lease+time.Second)) || !again {
			t.Errorf("a claim past its lease was not taken over as a second attempt (again %v)", again)
		}
		must(t, d.PostFailed(ctx, "g", 10, t0.Add(20*time.Minute)))
		if claim(t0.Add(10 * time.Minute)) {
			t.Error("a failed post was retried before its retry time")
		}
		if !claim(t0.Add(21*time.Minute)) || !again {
			t.Errorf("a failed post was not retried after its retry time as a further attempt (again %v)", again)
		}
		must(t, d.PostDone(ctx, "g", 10, "c", "m1"))
		if made, err := d.PostsMade(ctx, 9, 11); !made[daily.PostKey{Guild: "g", Day: 10}] || len(made) != 1 || err != nil {
			t.Errorf("PostsMade = %v, %v; want g's post of day 10", made, err)
		}
		if claim(t0.Add(24 * time.Hour)) {
			t.Error("a made post was claimed again")
		}
	})
}

func TestEntriesAndStreaks(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		d, ctx := open(), context.Background()
		e, err := d.Start(ctx, "g", "u", 10, t0)
		must(t, err)
		if e2, _ := d.Start(ctx, "g", "u", 10, t0.Add(time.Hour)); !e2.Started.Equal(e.Started) || !e.Started.Equal(t0) {
			t.Errorf("second Start moved the clock: %v then %v, want %v", e.Started, e2.Started, t0)
		}
		if e, err = d.Miss(ctx, "g", "u", 10); err != nil || e.Wrong != 1 {
			t.Errorf("Miss = %+v, %v; want 1 wrong", e, err)
		}
		e, p, first, err := d.Record(ctx, daily.Solve{Guild: "g", User: "u", Day: 10, At: t0.Add(252 * time.Second), Level: logic.Hard})
		must(t, err)
		if !first || !e.Timed || e.Took != 252*time.Second || e.Points != daily.Points(logic.Hard, 1) {
			t.Errorf("Record = %+v first %v; want timed 4m12s, %d points", e, first, daily.Points(logic.Hard, 1))
		}
		if p.Solved != 1 || p.Streak != 1 || p.Best != 1 || p.StreakEnd != 10 {
			t.Errorf("player after one solve = %+v", p)
		}
		_, _, again, err := d.Record(ctx, daily.Solve{Guild: "g", User: "u", Day: 10, At: t0.Add(time.Hour), Level: logic.Hard})
		if again || err != nil {
			t.Errorf("second Record first = %v, %v; want false", again, err)
		}
		if e, _ = d.Miss(ctx, "g", "u", 10); e.Wrong != 1 {
			t.Errorf("a wrong answer after the solve counted: wrong = %d", e.Wrong)
		}
		for _, n := range []int{11, 12, 14} { // 11 untimed, 13 missed
			_, p, _, err = d.Record(ctx, daily.Solve{Guild: "g", User: "u", Day: n, At: t0, Level: logic.Easy})
			must(t, err)
		}
		if p.Solved != 4 || p.Streak != 1 || p.StreakEnd != 14 || p.Best != 3 {
			t.Errorf("player = %+v; want 4 solved, streak 1 ending 14, best 3", p)
		}
		_, p, _, err = d.Record(ctx, daily.Solve{Guild: "g", User: "u", Day: 13, At: t0, Level: logic.Easy}) // late
		must(t, err)
		if p.Solved != 5 || p.Streak != 5 || p.Best != 5 {
			t.Errorf("player after filling the gap = %+v; want 5 solved, streak 5", p)
		}
		// Day 14 is Wednesday 14 January 2026: its week holds days 12, 13 and 14, all easy without a mistake.
		b, err := d.Leaderboard(ctx, "g", "u", daily.PeriodWeek, 14, 10)
		if want := int64(3 * daily.Points(logic.Easy, 0)); daily.WeekStart(14) != 12 || err != nil || b.Own == nil || b.Own.Value != want {
			t.Errorf("week board = %+v, %v; want %d points", b.Own, err, want)
		}
		times, err := d.Times(ctx, "g", "u")
		if err != nil || len(times) != 1 || times[0] != 252*time.Second {
			t.Errorf("Times = %v, %v; want the one timed solve", times, err)
		}
	})
}

func TestRecordRacesCountOnce(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		dbs := []*DB{open(), open()}
		var wg sync.WaitGroup
		var mu sync.Mutex
		firsts := 0
		for k := 0; k < 12; k++ {
			wg.Add(1)
			go func(d *DB, n int) {
				defer wg.Done()
				_, _, first, err := d.Record(context.Background(), daily.Solve{Guild: "g", User: "u", Day: n, At: t0, Level: logic.Easy})
				if err != nil {
					t.Error(err)
				}
				if first {
					mu.Lock()
					firsts++
					mu.Unlock()
				}
			}(dbs[k%2], 20+k%3)
		}
		wg.Wait()
		p, err := dbs[0].Player(context.Background(), "g", "u")
		if firsts != 3 || err != nil || p.Solved != 3 || p.Streak != 3 || p.Best != 3 {
			t.Errorf("firsts %d, player %+v, %v; want 3 days counted once each, streak 3", firsts, p, err)
		}
	})
}

func TestErrorsAreMarked(t *testing.T) {
	d := mustOpen(t, t.TempDir()+"/x.db")
	d.Close()
	if d.Errors() != 0 {
		t.Fatalf("Errors() = %d before any failure", d.Errors())
	}
	_, err := d.Player(context.Background(), "g", "u")
	if !errors.Is(err, daily.ErrStore) {
		t.Errorf("Player on a closed store = %v; want daily.ErrStore", err)
	}
	_, err = d.Leaderboard(context.Background(), "g", "u", daily.PeriodToday, 1, 10)
	if err == nil || d.Errors() != 2 {
		t.Errorf("after two failed operations Errors() = %d (err %v), want 2", d.Errors(), err)
	}
}

func TestOpenPoolOpensEveryConnection(t *testing.T) {
	d := mustOpen(t, storetest.PostgresURL(t))
	d.OpenPool(context.Background())
	if n := d.db.Stats().OpenConnections; n != pgConns {
		t.Errorf("%d connections open after OpenPool, want %d", n, pgConns)
	}
	s := mustOpen(t, t.TempDir()+"/x.db")
	s.OpenPool(context.Background()) // SQLite: nothing to do
}

// TestNotifyListen: on PostgreSQL a payload sent on a channel reaches a
// listener, in order; on SQLite both say the database is not shared.
func TestNotifyListen(t *testing.T) {
	ctx := context.Background()
	lite, err := OpenSQLite(ctx, filepath.Join(t.TempDir(), "one.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer lite.Close()
	if lite.Shared() || !errors.Is(lite.Notify(ctx, "c", "x"), ErrNotShared) {
		t.Error("SQLite says it is shared")
	}
	db, err := OpenPostgres(ctx, storetest.PostgresURL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	lctx, stop := context.WithCancel(ctx)
	defer stop()
	ready, got := make(chan bool, 1), make(chan string, 10)
	go db.Listen(lctx, "sudokubot_test", func() { ready <- true }, func(p string) { got <- p })
	<-ready
	for _, p := range []string{"one", "two", `{"room":"i-1"}`} {
		if err := db.Notify(ctx, "sudokubot_test", p); err != nil {
			t.Fatal(err)
		}
	}
	for _, want := range []string{"one", "two", `{"room":"i-1"}`} {
		select {
		case p := <-got:
			if p != want {
				t.Errorf("got %q, want %q", p, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("no %q within 5 s", want)
		}
	}
}
