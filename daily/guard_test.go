package daily_test

import (
	"context"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/solver"
)

func TestOpenDays(t *testing.T) {
	n := daily.DayOf(time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC), time.UTC)
	tests := []struct {
		at   time.Time
		want []int
	}{
		// Midnight UTC: yesterday is still on in UTC−12, tomorrow began at UTC+14 at 10:00.
		{time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC), []int{n - 1, n}},
		{time.Date(2026, 11, 24, 9, 59, 0, 0, time.UTC), []int{n - 1, n}},
		{time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC), []int{n - 1, n, n + 1}},
		// Yesterday's last hour of grace in UTC−12 ends at 13:00 UTC.
		{time.Date(2026, 11, 24, 12, 59, 0, 0, time.UTC), []int{n - 1, n, n + 1}},
		{time.Date(2026, 11, 24, 13, 0, 0, 0, time.UTC), []int{n, n + 1}},
	}
	for _, tt := range tests {
		if got := daily.OpenDays(tt.at); !equal(got, tt.want) {
			t.Errorf("OpenDays(%v) = %v, want %v", tt.at, got, tt.want)
		}
	}
	if got := daily.Closes(n); !got.Equal(time.Date(2026, 11, 25, 13, 0, 0, 0, time.UTC)) {
		t.Errorf("Closes(%d) = %v, want 13:00 UTC the next day (UTC−12's midnight and the hour of grace)", n, got)
	}
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestLockedGuardsTheOpenDaily: the daily, in disguise, or with digits
// filled in, is locked while open anywhere, and free once closed
// everywhere; other puzzles are never locked.
func TestLockedGuardsTheOpenDaily(t *testing.T) {
	at := time.Date(2026, 11, 24, 18, 0, 0, 0, time.UTC)
	s, c := newService(t, at)
	ctx := context.Background()
	n := daily.DayOf(at, time.UTC)
	p, err := s.Puzzle(ctx, n)
	must(t, err)
	old, err := s.Puzzle(ctx, n-3)
	must(t, err)
	progress := p.Grid
	for i := range 20 {
		progress.SetIndex(i, p.Solution.AtIndex(i))
	}
	for _, tt := range []struct {
		name string
		g    solver.Grid
		want bool
	}{
		{"as posted", p.Grid, true},
		{"transposed and relabelled", transposeRelabel(p.Grid), true},
		{"with digits filled in", progress, true},
		{"its solution", p.Solution, true},
		{"a part of it with 17 givens, in disguise", transposeRelabel(withoutGivens(p.Grid, p.Grid.Givens()-17)), true},
		{"a part of it with 16 givens (what it solves to is checked)", withoutGivens(p.Grid, p.Grid.Givens()-16), false},
		{"a closed daily", old.Grid, false},
		{"another puzzle", classicPuzzle(t), false},
	} {
		lock, ok, err := s.Locked(ctx, tt.g)
		if err != nil || ok != tt.want || ok && (lock.Day != n || !lock.Until.Equal(daily.Closes(n))) {
			t.Errorf("%s: Locked = %+v, %v, %v; want %v (day %d)", tt.name, lock, ok, err, tt.want, n)
		}
	}
	if lock, ok, err := s.LockedSolution(ctx, transposeRelabel(p.Solution)); !ok || err != nil || lock.Day != n {
		t.Errorf("the daily's solution in disguise: LockedSolution = %+v, %v, %v; want day %d", lock, ok, err, n)
	}
	if _, ok, err := s.LockedSolution(ctx, old.Solution); ok || err != nil {
		t.Errorf("a closed daily's solution: locked %v, %v", ok, err)
	}
	c.Set(daily.Closes(n))
	if _, ok, err := s.Locked(ctx, transposeRelabel(p.Grid)); ok || err != nil {
		t.Errorf("daily #%d once closed everywhere: locked %v, %v; want free (the archive)", n, ok, err)
	}
}

// withoutGivens returns g with its first n givens taken away.
func withoutGivens(g solver.Grid, n int) solver.Grid {
	for i := 0; i < 81 && n > 0; i++ {
		if g.AtIndex(i) != 0 {
			g.SetIndex(i, 0)
			n--
		}
	}
	return g
}

// BenchmarkGuardPerSolve is what the fair daily costs a /solve of a puzzle
// with one solution while three dailies are open: Locked twice (before
// the handler, to keep a refusal private, and in it) and LockedSolution
// of the solution shown. The puzzles are closed dailies.
func BenchmarkGuardPerSolve(b *testing.B) {
	at := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	s, _ := newService(b, at)
	ctx := context.Background()
	n := daily.DayOf(at, time.UTC)
	if open := daily.OpenDays(at); len(open) != 3 {
		b.Fatalf("open days %v, want three", open)
	}
	var puzzles []daily.Puzzle
	for k := n - 30; k < n-10; k++ {
		p, err := s.Puzzle(ctx, k)
		if err != nil {
			b.Fatal(err)
		}
		puzzles = append(puzzles, p)
	}
	i := 0
	for b.Loop() {
		p := puzzles[i%len(puzzles)]
		_, a, _ := s.Locked(ctx, p.Grid)
		_, c, _ := s.Locked(ctx, p.Grid)
		_, d, _ := s.LockedSolution(ctx, p.Solution)
		if a || c || d {
			b.Fatalf("daily #%d locked while daily #%d is today", p.Day, n)
		}
		i++
	}
}

// transposeRelabel swaps rows and columns and shifts every digit by one.
func transposeRelabel(g solver.Grid) solver.Grid {
	out, _ := solver.NewGrid(9)
	for r := range 9 {
		for c := range 9 {
			if v := g.At(c, r); v != 0 {
				out.Set(r, c, v%9+1)
			}
		}
	}
	return out
}

func classicPuzzle(t *testing.T) solver.Grid {
	t.Helper()
	g, err := solver.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	must(t, err)
	return g
}
