package daily_test

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/logic"
	"github.com/sudokubot/sudokubot/store"
)

// clock is a settable clock, safe across goroutines.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

func newService(t testing.TB, at time.Time) (*daily.Service, *clock) {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "daily.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	c := &clock{t: at}
	s := daily.New(st, nil)
	s.Now = c.Now
	return s, c
}

func mustLoc(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func TestDayOfFollowsTheServersTimezone(t *testing.T) {
	at := time.Date(2026, 11, 22, 23, 30, 0, 0, time.UTC)
	utcDay := daily.DayOf(at, time.UTC)
	tests := []struct {
		zone string
		want int
	}{
		{"UTC", utcDay},
		{"Asia/Tokyo", utcDay + 1},         // already the 23rd
		{"America/Los_Angeles", utcDay},    // 15:30 on the 22nd
		{"Pacific/Kiritimati", utcDay + 1}, // UTC+14
		{"Pacific/Pago_Pago", utcDay},      // UTC-11
		{"Asia/Kolkata", utcDay + 1},       // 05:00 on the 23rd
		{"America/St_Johns", utcDay},       // UTC-3:30
	}
	for _, tt := range tests {
		if got := daily.DayOf(at, mustLoc(t, tt.zone)); got != tt.want {
			t.Errorf("DayOf(%v, %s) = %d, want %d", at, tt.zone, got, tt.want)
		}
	}
	if got := daily.DayOf(daily.Epoch, time.UTC); got != 1 {
		t.Errorf("DayOf(Epoch) = %d, want 1", got)
	}
	paris := mustLoc(t, "Europe/Paris")
	n := daily.DayOf(at, paris)
	if s := daily.Start(n, paris); daily.DayOf(s, paris) != n || daily.DayOf(s.Add(-time.Nanosecond), paris) != n-1 {
		t.Errorf("Start(%d, Paris) = %v is not the day's first instant", n, s)
	}
}

func TestWeeklyRamp(t *testing.T) {
	monday := daily.DayOf(time.Date(2026, 11, 16, 12, 0, 0, 0, time.UTC), time.UTC)
	want := []logic.Level{logic.Easy, logic.Easy, logic.Medium, logic.Medium, logic.Hard, logic.Expert, logic.Extreme}
	for k, w := range want {
		if got := daily.LevelOf(monday + k); got != w {
			t.Errorf("LevelOf(%s) = %v, want %v", daily.Date(monday+k).Weekday(), got, w)
		}
		if ws := daily.WeekStart(monday + k); ws != monday {
			t.Errorf("WeekStart(%d) = %d, want %d", monday+k, ws, monday)
		}
	}
}

func TestStreaks(t *testing.T) {
	tests := []struct {
		days          []int
		current, best int
	}{
		{nil, 0, 0},
		{[]int{4}, 1, 1},
		{[]int{1, 2, 3, 5, 6}, 2, 3},
		{[]int{1, 3, 4, 5, 6}, 4, 4},
	}
	for _, tt := range tests {
		if c, b := daily.Streaks(tt.days); c != tt.current || b != tt.best {
			t.Errorf("Streaks(%v) = %d, %d; want %d, %d", tt.days, c, b, tt.current, tt.best)
		}
	}
}

// solveAt plays and solves the day's puzzle at local time t.
func solveAt(t *testing.T, s *daily.Service, c *clock, user string, at time.Time) daily.Outcome {
	t.Helper()
	c.Set(at)
	ctx := context.Background()
	p, _, err := s.Play(ctx, "g", user)
	if err != nil {
		t.Fatal(err)
	}
	c.Set(at.Add(3 * time.Minute))
	out, err := s.Submit(ctx, "g", user, 0, p.Solution, daily.Aids{})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestStreakSurvivesDaylightSaving(t *testing.T) {
	paris := mustLoc(t, "Europe/Paris")
	s, c := newService(t, time.Date(2026, 3, 27, 12, 0, 0, 0, paris))
	must(t, s.Setup(context.Background(), daily.Guild{ID: "g", Timezone: "Europe/Paris"}))
	// Late evenings around the switch to summer time on 29 March: the
	// local days are 23 hours long there, and 24h steps would skip one.
	var out daily.Outcome
	for d := 27; d <= 31; d++ {
		out = solveAt(t, s, c, "u", time.Date(2026, 3, d, 23, 50, 0, 0, paris).Add(-5*time.Minute))
		if out.Verdict != daily.Correct || !out.First {
			t.Fatalf("solve on %d March: %+v", d, out)
		}
	}
	if out.Player.Streak != 5 {
		t.Errorf("streak across the DST change = %d, want 5", out.Player.Streak)
	}
	c.Set(time.Date(2026, 4, 2, 0, 30, 0, 0, paris)) // 1 April missed
	st, err := s.Stats(context.Background(), "g", "u")
	if err != nil || st.Current != 0 || st.Best != 5 || st.Solved != 5 {
		t.Errorf("Stats after a missed day = %+v, %v; want current 0, best 5", st, err)
	}
	if st.Timed != 5 || st.Median != 3*time.Minute || st.Fastest != 3*time.Minute {
		t.Errorf("Stats times = %d timed, median %v, fastest %v; want 5, 3m, 3m", st.Timed, st.Median, st.Fastest)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestSubmitVerdicts(t *testing.T) {
	s, c := newService(t, time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC))
	ctx := context.Background()
	p, _, err := s.Play(ctx, "g", "u")
	must(t, err)
	blank := p.Grid
	out, err := s.Submit(ctx, "g", "u", 0, blank, daily.Aids{})
	if err != nil || out.Verdict != daily.Incomplete || out.Empty != 81-p.Grid.Givens() {
		t.Errorf("Submit(puzzle) = %+v, %v; want incomplete with %d empty", out, err, 81-p.Grid.Givens())
	}
	wrong := p.Solution
	r, c2 := firstBlank(p.Grid)
	wrong.Set(r, c2, p.Solution.At(r, c2)%9+1)
	out, err = s.Submit(ctx, "g", "u", 0, wrong, daily.Aids{})
	if err != nil || out.Verdict != daily.Wrong || out.Wrong != 1 || out.Entry.Wrong != 1 {
		t.Errorf("Submit(one wrong) = %+v, %v; want 1 wrong cell, 1 attempt", out, err)
	}
	small, _ := solver.NewGrid(4)
	if out, _ = s.Submit(ctx, "g", "u", 0, small, daily.Aids{}); out.Verdict != daily.BadSize {
		t.Errorf("Submit(4×4) = %v, want BadSize", out.Verdict)
	}
	c.Set(c.Now().Add(252 * time.Second))
	out, err = s.Submit(ctx, "g", "u", 0, p.Solution, daily.Aids{})
	if err != nil || out.Verdict != daily.Correct || !out.First || out.Entry.Took != 252*time.Second || out.Entry.Wrong != 1 {
		t.Errorf("Submit(solution) = %+v, %v; want first correct in 4:12 after 1 wrong", out, err)
	}
	out, err = s.Submit(ctx, "g", "u", 0, wrong, daily.Aids{})
	if err != nil || out.Verdict != daily.AlreadySolved || out.Entry.Took != 252*time.Second {
		t.Errorf("Submit after solving = %+v, %v; want AlreadySolved, time unchanged", out, err)
	}
	if _, err := s.Submit(ctx, "g", "u", out.Today-3, p.Solution, daily.Aids{}); !errors.Is(err, daily.ErrClosed) {
		t.Errorf("Submit for an old day = %v, want ErrClosed", err)
	}
}

func firstBlank(g solver.Grid) (int, int) {
	for r := 0; r < g.Size(); r++ {
		for c := 0; c < g.Size(); c++ {
			if g.At(r, c) == 0 {
				return r, c
			}
		}
	}
	return 0, 0
}

func TestSubmissionRacingMidnight(t *testing.T) {
	tokyo := mustLoc(t, "Asia/Tokyo")
	s, c := newService(t, time.Date(2026, 11, 20, 23, 58, 0, 0, tokyo))
	ctx := context.Background()
	must(t, s.Setup(ctx, daily.Guild{ID: "g", Timezone: "Asia/Tokyo"}))
	yesterday, _, err := s.Play(ctx, "g", "u")
	must(t, err)
	c.Set(time.Date(2026, 11, 21, 0, 1, 0, 0, tokyo))
	out, err := s.Submit(ctx, "g", "u", 0, yesterday.Solution, daily.Aids{})
	if err != nil || out.Verdict != daily.Correct || out.Puzzle.Day != yesterday.Day || out.Entry.Took != 3*time.Minute {
		t.Fatalf("Submit just after midnight = %+v, %v; want yesterday's puzzle solved in 3:00", out, err)
	}
	if out.Today != yesterday.Day+1 {
		t.Errorf("Today = %d, want %d", out.Today, yesterday.Day+1)
	}
	// Another player started yesterday too but submits after the grace.
	c.Set(time.Date(2026, 11, 21, 23, 59, 0, 0, tokyo))
	_, _, err = s.Play(ctx, "g", "late")
	must(t, err)
	c.Set(time.Date(2026, 11, 22, 1, 30, 0, 0, tokyo))
	prev, err := s.Puzzle(ctx, yesterday.Day+1)
	must(t, err)
	out, err = s.Submit(ctx, "g", "late", 0, prev.Solution, daily.Aids{})
	if err != nil || out.Verdict == daily.Correct || out.Puzzle.Day != yesterday.Day+2 {
		t.Errorf("Submit after the grace = %+v, %v; want it checked against today's puzzle", out, err)
	}
}

func TestDueCatchesUp(t *testing.T) {
	paris := mustLoc(t, "Europe/Paris")
	s, c := newService(t, time.Date(2026, 11, 20, 8, 59, 0, 0, paris))
	ctx := context.Background()
	must(t, s.Setup(ctx, daily.Guild{ID: "g", Channel: "c", Hour: 9, Timezone: "Europe/Paris"}))
	must(t, s.Setup(ctx, daily.Guild{ID: "h", Channel: "c", Hour: 9, Timezone: "America/New_York"}))
	due := mustDue(t, s)
	if len(due) != 0 {
		t.Fatalf("Due at 08:59 = %+v, want none", due)
	}
	c.Set(time.Date(2026, 11, 20, 9, 0, 0, 0, paris))
	due = mustDue(t, s)
	if len(due) != 1 || due[0].Guild.ID != "g" || due[0].Day != daily.DayOf(c.Now(), paris) {
		t.Fatalf("Due at 09:00 Paris = %+v, want g's post only", due)
	}
	ok, _, err := s.Store.ClaimPost(ctx, "g", due[0].Day, c.Now(), time.Minute)
	must(t, err)
	must(t, s.Store.PostDone(ctx, "g", due[0].Day, "c", "m"))
	if !ok || len(mustDue(t, s)) != 0 {
		t.Errorf("Due after the post = %+v, want none", mustDue(t, s))
	}
	c.Set(time.Date(2026, 11, 21, 22, 0, 0, 0, paris)) // down from before 9 until 22:00
	due = mustDue(t, s)
	if len(due) != 2 || due[0].Day != daily.DayOf(c.Now(), paris) {
		t.Errorf("Due after downtime = %+v, want both servers' posts of today", due)
	}
	if due = filterDue(t, s, "h"); len(due) != 1 || due[0].Guild.ID != "h" {
		t.Errorf("Due kept to h = %+v", due)
	}
}

func mustDue(t *testing.T, s *daily.Service) []daily.Due { return filterDue(t, s, "") }

func filterDue(t *testing.T, s *daily.Service, only string) []daily.Due {
	t.Helper()
	var keep func(string) bool
	if only != "" {
		keep = func(g string) bool { return g == only }
	}
	due, err := s.Due(context.Background(), keep)
	must(t, err)
	return due
}

func TestPuzzleIsStableAndStored(t *testing.T) {
	s, _ := newService(t, time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC))
	n := daily.DayOf(time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC), time.UTC)
	p, err := s.Puzzle(context.Background(), n)
	must(t, err)
	made, err := daily.Make(n)
	must(t, err)
	stored, ok, err := s.Store.Puzzle(context.Background(), n)
	if err != nil || !ok || stored.Grid != made.Grid || p.Grid != made.Grid {
		t.Fatalf("puzzle of day %d not stable: stored %v ok %v, made %v", n, stored.Grid, ok, made.Grid)
	}
	if p.Level != daily.LevelOf(n) {
		t.Errorf("day %d (a %s) is %v, want %v", n, daily.Date(n).Weekday(), p.Level, daily.LevelOf(n))
	}
	if res, err := solver.Solve(context.Background(), p.Grid, 2); err != nil || res.Count != 1 || res.Solutions[0] != p.Solution {
		t.Errorf("day %d's puzzle: %d solutions, %v", n, res.Count, err)
	}
}

// countingStore counts puzzle lookups.
type countingStore struct {
	daily.Store
	mu      sync.Mutex
	lookups int
}

func (c *countingStore) Puzzle(ctx context.Context, n int) (daily.Puzzle, bool, error) {
	c.mu.Lock()
	c.lookups++
	c.mu.Unlock()
	return c.Store.Puzzle(ctx, n)
}

// TestPuzzleMadeOnceUnderABurst: players arriving together for a day not
// yet in memory share one lookup (and one generation).
func TestPuzzleMadeOnceUnderABurst(t *testing.T) {
	s, _ := newService(t, time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC))
	cs := &countingStore{Store: s.Store}
	s.Store = cs
	n := daily.DayOf(time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC), time.UTC)
	var wg sync.WaitGroup
	grids := make([]solver.Grid, 32)
	for k := range grids {
		wg.Go(func() {
			p, err := s.Puzzle(context.Background(), n)
			if err != nil {
				t.Error(err)
			}
			grids[k] = p.Grid
		})
	}
	wg.Wait()
	for _, g := range grids[1:] {
		if g != grids[0] {
			t.Fatal("players got different puzzles for one day")
		}
	}
	if cs.lookups != 1 {
		t.Errorf("%d store lookups for 32 players arriving together, want 1", cs.lookups)
	}
}

// TestReadyMakesTheDaysInUseAhead: after Ready, every day in use somewhere
// on Earth, and the next, is stored, so no player waits for generation.
func TestReadyMakesTheDaysInUseAhead(t *testing.T) {
	at := time.Date(2026, 11, 22, 23, 30, 0, 0, time.UTC)
	s, _ := newService(t, at)
	must(t, s.Ready(context.Background()))
	n := daily.DayOf(at, time.UTC)
	for d := n - 1; d <= n+2; d++ {
		if _, ok, err := s.Store.Puzzle(context.Background(), d); err != nil || !ok {
			t.Errorf("day %d not stored after Ready (err %v)", d, err)
		}
	}
	if _, ok, _ := s.Store.Puzzle(context.Background(), n+3); ok {
		t.Errorf("day %d made too early", n+3)
	}
}

// TestRemindersAndSettingsThroughTheService: the reminder rules (the hour,
// the server's timezone) are the service's, not the command's.
func TestRemindersAndSettingsThroughTheService(t *testing.T) {
	s, _ := newService(t, time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC))
	ctx, r := context.Background(), daily.Reminded{User: "u1", Locale: "fr"}
	for _, hour := range []int{-1, 24} {
		if _, err := s.RemindAt(ctx, "g", r, hour); !errors.Is(err, daily.ErrBadHour) {
			t.Errorf("RemindAt(hour %d) = %v, want ErrBadHour", hour, err)
		}
	}
	if g, err := s.Settings(ctx, "g"); err != nil || g.ID != "g" || g.Channel != "" {
		t.Fatalf("Settings of a server with none = %+v, %v", g, err)
	}
	must(t, s.Setup(ctx, daily.Guild{ID: "g", Channel: "c", Timezone: "Europe/Paris", Hour: 9}))
	loc, err := s.RemindAt(ctx, "g", r, 8)
	if err != nil || loc.String() != "Europe/Paris" {
		t.Fatalf("RemindAt = %v, %v; want the server's timezone", loc, err)
	}
	if g, err := s.Settings(ctx, "g"); err != nil || g.Channel != "c" || g.Timezone != "Europe/Paris" {
		t.Errorf("Settings = %+v, %v", g, err)
	}
	for _, want := range []bool{true, false} {
		if was, err := s.StopReminder(ctx, "g", "u1"); err != nil || was != want {
			t.Errorf("StopReminder = %v, %v, want %v", was, err, want)
		}
	}
	if _, ok, err := s.Entry(ctx, "g", "u1", 5); err != nil || ok {
		t.Errorf("Entry of a day not begun = %v, %v", ok, err)
	}
}
