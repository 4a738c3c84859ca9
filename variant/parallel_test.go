package variant

import (
	"context"
	"math/rand"
	"runtime"
	"slices"
	"testing"
	"time"
)

// parallelWorkers are how many workers the parallel tests start, in
// turn: up to more than a machine's cores, so that workers wait, give and
// take often.
var parallelWorkers = []int{2, 4, 9}

// searches counts sameSearch's calls, to take parallelWorkers in turn.
var searches int

// shareAt sets shareAfter to n for the test, so that small searches are
// shared too.
func shareAt(t *testing.T, n int64) {
	t.Helper()
	old := shareAfter
	shareAfter = n
	t.Cleanup(func() { shareAfter = old })
}

// sameSearch checks that a parallel solve of p counting to limit finds
// what the serial one does: the count, Complete, and, when it found
// fewer than limit (all of them), the same solutions in some order;
// else as many distinct solutions, which meet p's rules when rules is set
// (the tests' reading of the rules knows the random puzzles' types).
func sameSearch(t *testing.T, name string, p Puzzle, limit int, rules bool) {
	t.Helper()
	ctx := context.Background()
	want, err := solve(ctx, p, limit, 1)
	if err != nil {
		t.Fatalf("solve(%s, 1 worker) error %v", name, err)
	}
	workers := parallelWorkers[searches%len(parallelWorkers)]
	searches++
	got, err := solve(ctx, p, limit, workers)
	if err != nil || got.Count != want.Count || got.Complete != want.Complete {
		t.Fatalf("solve(%s, %d workers) = %d, %v, %v, want %d, %v", name, workers, got.Count, got.Complete, err, want.Count, want.Complete)
	}
	gs, ws := sortedGrids(got.Solutions), sortedGrids(want.Solutions)
	if distinct := len(slices.CompactFunc(slices.Clone(gs), slices.Equal)); len(gs) != got.Count || distinct != got.Count {
		t.Fatalf("solve(%s, %d workers) found %d solutions, %d of them distinct, want %d", name, workers, len(gs), distinct, got.Count)
	}
	if got.Count < limit && !slices.EqualFunc(gs, ws, slices.Equal) {
		t.Fatalf("solve(%s, %d workers) found other solutions than the serial search", name, workers)
	}
	for _, g := range got.Solutions {
		if rules && (!meets(p, g) || !latin(p.Size, g)) {
			t.Fatalf("solve(%s, %d workers) found %v, which breaks the rules", name, workers, g)
		}
	}
}

// sortedGrids returns a sorted copy of gs.
func sortedGrids(gs [][]int) [][]int {
	out := slices.Clone(gs)
	slices.SortFunc(out, slices.Compare)
	return out
}

// TestSolveParallelRandom compares the parallel search with the serial
// one on the random puzzles of the brute-force tests, shared from their
// 64th node, counting to 20 and to 500: exact counts, puzzles with many
// solutions and with none.
func TestSolveParallelRandom(t *testing.T) {
	shareAt(t, 0)
	rng := rand.New(rand.NewSource(44))
	runs := 60
	if testing.Short() {
		runs = 15
	}
	for i := range runs {
		limit := []int{20, 500}[i%2]
		sameSearch(t, "killer 6×6", randomKiller(rng, 6), limit, true)
		sameSearch(t, "killer 9×9", randomKiller(rng, 9), limit, true)
		sameSearch(t, "little killers", randomLittleKillers(rng), limit, true)
		sameSearch(t, "long arrow", randomLongArrow(rng, 6), limit, true)
		sameSearch(t, "loose killer 6×6", looseKiller(rng, 6), limit, true)
		sameSearch(t, "loose killer 9×9", looseKiller(rng, 9), limit, true)
	}
}

// TestSolveParallelEmpty counts the solutions of empty grids to a limit:
// exactly the limit, each found once.
func TestSolveParallelEmpty(t *testing.T) {
	shareAt(t, 0)
	for _, tt := range []struct{ size, limit int }{{4, 288}, {4, 1000}, {6, 3000}, {9, 2000}} {
		p := Puzzle{Size: tt.size, Givens: make([]int, tt.size*tt.size)}
		sameSearch(t, "empty", p, tt.limit, true)
	}
}

// TestSolveParallelShared compares the parallel search with the serial
// one on the shared puzzles the serial search decides in fewer than
// 60,000 nodes (20,000 with -short), counting to 2, and to 30 those with
// more than one solution. TestSolveShared -variant.workers=0 checks the
// verdicts of the others.
func TestSolveParallelShared(t *testing.T) {
	rows := mustRows(t)
	shareAt(t, 0)
	most := int64(60000)
	if testing.Short() {
		most = 20000
	}
	for _, r := range rows {
		p := mustDecodeRow(t, r)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		res, _ := solve(ctx, *p, 2, 1)
		cancel()
		if !res.Complete || res.Nodes > most {
			continue
		}
		limit := 2
		if r.Solutions == "2+" {
			limit = 30
		}
		sameSearch(t, r.Name, *p, limit, false)
	}
}

// TestSolveParallelStops checks that a shared search stops at the
// deadline, with Complete false, and when it reaches its limit, and that
// no worker outlives Solve.
func TestSolveParallelStops(t *testing.T) {
	shareAt(t, 0)
	before := runtime.NumGoroutine()
	empty := Puzzle{Size: 16, Givens: make([]int, 256)}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	began := time.Now()
	res, err := solve(ctx, empty, 1<<30, 4)
	cancel()
	if err != nil || res.Complete || res.Count == 0 || time.Since(began) > time.Second {
		t.Errorf("solve(empty 16×16, 50 ms) = %d, %v, %v after %v, want some, false, nil, soon", res.Count, res.Complete, err, time.Since(began))
	}
	res, err = solve(context.Background(), empty, 5000, 9)
	if err != nil || !res.Complete || res.Count != 5000 {
		t.Errorf("solve(empty 16×16, limit 5000) = %d, %v, %v, want 5000, true, nil", res.Count, res.Complete, err)
	}
	for wait := time.Millisecond; runtime.NumGoroutine() > before; wait *= 2 {
		if wait > time.Second {
			t.Fatalf("%d goroutines after the searches, %d before", runtime.NumGoroutine(), before)
		}
		time.Sleep(wait)
	}
}

// looseKiller returns a random killer with no givens and half its sums
// dropped: many solutions, and searches long enough to be shared.
func looseKiller(rng *rand.Rand, n int) Puzzle {
	p := randomKiller(rng, n)
	clear(p.Givens)
	for i, c := range p.Constraints {
		if k := c.(Killer); rng.Intn(2) == 0 {
			k.Sum = 0
			p.Constraints[i] = k
		}
	}
	return p
}
