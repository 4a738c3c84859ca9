package app

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/solver"
)

// TestPartOfOpenDailyIsNotSolved: today's daily with 1, 2 or 10 givens
// taken away, as it is or in disguise, is refused by /solve, /hint,
// /check and Solve this puzzle, privately and without a grid: solving it
// would give the daily's solution, or one a few cells from it, away. So
// is the daily without 2 givens and with a wrong one, whose solution is
// the daily's in all but a few cells.
func TestPartOfOpenDailyIsNotSolved(t *testing.T) {
	eachTransport(t, func(t *testing.T, over func(*Main)) {
		var svc *daily.Service
		h, _ := startDailyWith(t, "", both(over, func(m *Main) {
			svc = m.Options.Schedule.Daily
			svc.Now = func() time.Time { return dayOf27 }
		}))
		n := daily.DayOf(dayOf27, time.UTC)
		p, err := svc.Puzzle(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range []int{1, 2, 10} {
			part := withoutGivens(p.Grid, k)
			t.Logf("daily #%d (%d givens) without %d: %d givens", n, p.Grid.Givens(), k, part.Givens())
			grids := []solver.Grid{part, shuffled(part)}
			if k == 2 {
				grids = append(grids, nearPuzzle(t, part, p.Solution))
			}
			for _, g := range grids {
				for _, r := range askEveryWay(h, g, p.Solution) {
					checkMessage(t, r.Final, []string{fmt.Sprintf("Daily #%d", n), "/daily play"}, "", true)
					if digits := nineDigits.FindString(r.Final.Content); digits != "" {
						t.Errorf("the refusal of %s shows digits %s:\n%s", g, digits, r.Final.Content)
					}
				}
			}
		}
	})
}

// dayOf27 is a day whose daily has 27 givens: without 10 it has 17, the
// fewest a part of it must have to be refused unseen.
var dayOf27 = time.Date(2026, 11, 26, 18, 0, 0, 0, time.UTC)

// TestSparsePuzzlesAreStillSolved: puzzles of the shared data sets, with
// 16 or 17 givens and one solution or many, are solved in public while a
// daily is open, and no grid shown is nearly the daily's.
func TestSparsePuzzlesAreStillSolved(t *testing.T) {
	var svc *daily.Service
	h, _ := startDailyWith(t, "", func(m *Main) { svc = m.Options.Schedule.Daily })
	p, err := svc.Puzzle(context.Background(), daily.DayOf(time.Now(), time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range []string{"synthetic_multi_16clue.txt", "17_clue.txt", "serg_benchmark_multi_solution.txt"} {
		for _, line := range dataLines(t, file, 3) {
			r := h.ask(ada, "solve", map[string]any{"puzzle": line, "format": "text"})
			checkMessage(t, r.Final, []string{"Copy:"}, "", false)
			if strings.Contains(r.Final.Content, "Daily #") {
				t.Errorf("%s (%s) refused as a daily:\n%s", line, file, r.Final.Content)
			}
			for _, shown := range fullGrid.FindAllString(r.Final.Content, -1) {
				if g, err := solver.Parse(shown); err == nil && solver.Resembles(g, p.Solution) {
					t.Errorf("%s (%s): the grid shown is nearly the daily's", line, file)
				}
			}
		}
	}
}

// fullGrid is a solution as a reply's copyable line shows it.
var fullGrid = regexp.MustCompile(`[1-9]{81}`)

// dataLines returns the first n puzzles of a file of the shared data sets,
// or skips the test, saying why, when the collection is not there.
func dataLines(t *testing.T, file string, n int) []string {
	t.Helper()
	path := filepath.Join("..", "..", "shared", "data", file)
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("the shared puzzle collection is not beside the repository (%v); these puzzles are not tried", err)
	}
	defer f.Close()
	var out []string
	for sc := bufio.NewScanner(f); sc.Scan() && len(out) < n; {
		out = append(out, strings.TrimSpace(sc.Text()))
	}
	if len(out) == 0 {
		t.Fatalf("%s holds no puzzles", path)
	}
	return out
}

// nearPuzzle returns part with one more given, taken from the solution of
// part nearest sol but not sol: its givens no longer fit the daily's, but
// what it solves to is the daily's in all but a few cells. In disguise.
func nearPuzzle(t *testing.T, part, sol solver.Grid) solver.Grid {
	t.Helper()
	res, err := solver.Solve(context.Background(), part, 50)
	if err != nil {
		t.Fatal(err)
	}
	var near []solver.Cell
	var nearest solver.Grid
	for _, s := range res.Solutions {
		if d := solver.Differences(s, sol); len(d) > 0 && (near == nil || len(d) < len(near)) {
			near, nearest = d, s
		}
	}
	if near == nil || len(near) > 81-solver.ResembleCells {
		t.Fatalf("%s has no solution a few cells from the daily's; the test needs one", part)
	}
	part.Set(near[0].Row, near[0].Col, nearest.At(near[0].Row, near[0].Col))
	t.Logf("the daily without 2 givens and with one of a solution %d cells from its own", len(near))
	return turnedRelabelled(part)
}

// withoutGivens returns g with n of its givens taken away, spread over
// the grid.
func withoutGivens(g solver.Grid, n int) solver.Grid {
	for i := 0; n > 0; i = (i + 7) % 81 {
		if g.AtIndex(i) != 0 {
			g.SetIndex(i, 0)
			n--
		}
	}
	return g
}

// shuffled is g in another disguise than turnedRelabelled: its bands and
// the rows of its first band swapped, mirrored, and its digits reversed.
func shuffled(g solver.Grid) solver.Grid {
	rows := [9]int{7, 6, 8, 3, 4, 5, 1, 0, 2}
	out, _ := solver.NewGrid(9)
	for r := range 9 {
		for c := range 9 {
			if v := g.At(rows[r], 8-c); v != 0 {
				out.Set(r, c, 10-v)
			}
		}
	}
	return out
}
