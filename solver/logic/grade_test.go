package logic

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/internal/puzzletest"
)

// TestStepsNeverWrong walks every logical step on a sample of every data
// set with one solution and checks that no step places a wrong digit or
// removes a candidate that is in the solution.
func TestStepsNeverWrong(t *testing.T) {
	for _, path := range puzzletest.Files(t) {
		if puzzletest.Class[filepath.Base(path)] != 1 {
			continue
		}
		lines := puzzletest.Read(t, path)
		n := puzzletest.SampleSize(t)
		if strings.HasPrefix(filepath.Base(path), "forum_hardest") {
			// Beyond the forcing chains, every step of these runs every
			// finder before a guess: a tenth of the sample, all with -fullcheck.
			n = max(n/10, 5)
		}
		every := 1 + len(lines)/n
		for k := 0; k < len(lines); k += every {
			if _, odd := puzzletest.Exceptions[lines[k].Puzzle]; odd {
				continue // not unique: nothing to grade
			}
			g := mustParse(t, lines[k].Puzzle)
			if msg := checkSteps(g); msg != "" {
				t.Fatalf("%s line %d: %s", filepath.Base(path), lines[k].Num, msg)
			}
		}
	}
}

// checkSteps returns the first wrong step on g's way to its solution.
func checkSteps(g solver.Grid) string {
	sol, err := uniqueSolution(context.Background(), g)
	if err != nil {
		return err.Error()
	}
	msg := ""
	walk(context.Background(), g, sol, func(s Step) bool {
		for _, p := range s.Placed {
			if sol.At(p.Cell.Row, p.Cell.Col) != p.Digit {
				msg = s.Technique.String() + " places a wrong " + strconv.Itoa(p.Digit) + " at " + p.Cell.String()
			}
		}
		for _, r := range s.Removed {
			if sol.At(r.Cell.Row, r.Cell.Col) == r.Digit {
				msg = s.Technique.String() + " removes the solution's " + strconv.Itoa(r.Digit) + " from " + r.Cell.String()
			}
		}
		if len(s.Placed)+len(s.Removed) == 0 {
			msg = s.Technique.String() + " changes nothing"
		}
		return msg == ""
	})
	return msg
}

func TestGradeLevels(t *testing.T) {
	tests := []struct {
		puzzle string
		want   Level
	}{
		{puzzletest.Classic, Easy},
		{"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..", Extreme},
		{"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", Hard},   // 2.6, pointing
		{"..4.3..5...517...28..4....9....4..2....3...7.3..2...8.6.7...4....3..8..6.1.......", Medium}, // SE 2.3
		{"..627.......4.8.7...8...53..39.....5.6....9..87..9.....9..34.......6.7..2..5....3", Expert}, // SE 5.6
	}
	// Each level's range on SE's scale, at its edges.
	for score, want := range map[float64]Level{1.0: Easy, 1.5: Easy, 1.6: Medium, 2.5: Medium, 2.6: Hard, 4.4: Hard,
		4.5: Expert, 6.9: Expert, 7.0: Extreme, 9.5: Extreme} {
		if got := levelFor(score); got != want {
			t.Errorf("levelFor(%.1f) = %v, want %v", score, got, want)
		}
	}
	for _, tt := range tests {
		gr, err := Grade(context.Background(), mustParse(t, tt.puzzle))
		if err != nil || gr.Level != tt.want {
			t.Errorf("Grade(%s) = %+v, %v; want level %v", tt.puzzle, gr, err, tt.want)
		}
	}
	if _, err := Grade(context.Background(), mustParse(t, strings.Repeat(".", 81))); !errors.Is(err, ErrNotUnique) {
		t.Errorf("Grade(empty) error = %v, want ErrNotUnique", err)
	}
	if _, err := Grade(context.Background(), mustParse(t, "55"+puzzletest.Classic[2:])); !errors.Is(err, ErrNoSolution) {
		t.Errorf("Grade(clash) error = %v, want ErrNoSolution", err)
	}
}

func TestSpearman(t *testing.T) {
	if r := spearman([]float64{1, 2, 3, 4}, []float64{10, 20, 30, 40}); r < 0.999 {
		t.Errorf("spearman of a monotone pair = %v, want 1", r)
	}
	if r := spearman([]float64{1, 2, 3, 4}, []float64{4, 3, 2, 1}); r > -0.999 {
		t.Errorf("spearman of a reversed pair = %v, want -1", r)
	}
	if r := spearman([]float64{1, 1, 2}, []float64{1, 2, 3}); r < 0.8 || r > 0.9 {
		t.Errorf("spearman with ties = %v, want about 0.866", r)
	}
}

// BenchmarkGrade grades se_rated_5plus puzzles and reports the median and
// 99th percentile time per puzzle.
func BenchmarkGrade(b *testing.B) {
	puzzletest.Files(b)
	lines := puzzletest.Read(b, puzzletest.Path("se_rated_5plus.txt"))
	var times []time.Duration
	k := 0
	for b.Loop() {
		g := mustParse(b, lines[k%len(lines)].Puzzle)
		start := time.Now()
		if _, err := Grade(context.Background(), g); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(start))
		k += 17
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds())/1000, "p99-ms")
}

func mustParse(t testing.TB, s string) solver.Grid {
	t.Helper()
	return puzzletest.MustParse(t, solver.Parse, s)
}
