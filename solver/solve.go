package solver

import (
	"context"
	"errors"
	"fmt"
)

// ErrNoGrid is returned by Solve for the zero Grid, which has no size.
var ErrNoGrid = errors.New("solver: grid has no size; use Parse or NewGrid")

// Result is what one Solve call found.
type Result struct {
	// Solutions holds the solutions found, at most the limit passed to Solve,
	// in the order the search met them.
	Solutions []Grid
	// Count is len(Solutions): 0 no solution, 1 unique when the limit was at
	// least 2, and limit means "at least limit".
	Count int
	// Nodes counts search states visited; Guesses counts the trial
	// placements among them. Both measure how hard the search was.
	Nodes, Guesses int64
}

// Unique reports whether exactly one solution was found.
func (r Result) Unique() bool { return r.Count == 1 }

// checkEvery is how many search nodes pass between two looks at the context.
// A node costs well under a microsecond, so the deadline is seen within a
// fraction of a millisecond.
const checkEvery = 64

// Solve searches for up to limit solutions of g (a limit below 1 counts as
// 1; use 2 to learn whether the solution is unique). It does not modify g and
// keeps no state between calls. A grid whose givens clash has no solution.
// When ctx is done first, Solve returns what it found so far and an error
// that wraps ctx.Err(), such as context.DeadlineExceeded.
func Solve(ctx context.Context, g Grid, limit int) (Result, error) {
	var v Solver
	return v.Solve(ctx, g, limit)
}

// A Solver solves grid after grid without allocating on 9×9 grids: the
// solutions its Solve returns live in the Solver's own memory and stay valid
// until its next call. The zero value is ready to use. A Solver must not be
// used by two goroutines at once.
type Solver struct {
	sr   searcher
	sols []Grid
}

// Solve is the package's Solve, reusing v's memory (see Solver).
func (v *Solver) Solve(ctx context.Context, g Grid, limit int) (Result, error) {
	return v.solve(ctx, &g, limit, false)
}

// SolveFixedOrder is Solve with a search order fixed for good: its results
// (which solutions, in which order) are promised stable across versions, so
// the same grid and limit give the same solutions forever, whatever becomes
// of Solve's speed work. On 9×9 grids it guesses cells only, in the order of
// the project's first engine; on the other sides it runs the general engine,
// whose order a change must therefore keep. The generator completes its
// random grids with it, so a seed keeps making the same puzzle (daily
// puzzles already announced are made from their seeds; the generator's
// determinism test pins them). It is slower than Solve and does not modify g.
func SolveFixedOrder(ctx context.Context, g Grid, limit int) (Result, error) {
	var v Solver
	return v.solve(ctx, &g, limit, true)
}

// solve takes g by pointer: by value, the 257-byte grid was copied a second
// time a call (17_clue 0.3% more instructions).
func (v *Solver) solve(ctx context.Context, g *Grid, limit int, firstOrder bool) (Result, error) {
	if g.size == 0 {
		return Result{}, ErrNoGrid
	}
	limit = max(limit, 1)
	if cap(v.sols) < min(limit, 4) {
		v.sols = make([]Grid, 0, min(limit, 4))
	}
	v.sr = searcher{done: ctx.Done(), limit: limit, solutions: v.sols[:0], firstOrder: firstOrder}
	sr := &v.sr
	if g.size == 9 {
		solve9(sr, g)
	} else {
		solveGeneric(sr, *g)
	}
	v.sols = sr.solutions
	res := Result{Count: len(sr.solutions), Nodes: sr.nodes, Guesses: sr.guesses}
	if res.Count > 0 {
		res.Solutions = sr.solutions
	}
	if sr.expired {
		return res, fmt.Errorf("solver: stopped after %d nodes: %w", sr.nodes, ctx.Err())
	}
	return res, nil
}

// searcher holds what one Solve call shares across its recursive search.
type searcher struct {
	done      <-chan struct{}
	limit     int
	solutions []Grid
	nodes     int64
	guesses   int64
	expired   bool
	// firstOrder keeps the 9×9 search to cell guesses (see SolveFixedOrder).
	firstOrder bool
	// probing holds until the 9×9 search meets its first dead end (see
	// probeFrom).
	probing bool
	// fewGivens is set for a 9×9 puzzle with more than cellsOnlyAbove
	// cells open (see probeCellsAbove and sparseCells).
	fewGivens bool
	// manyGivens is set for a 9×9 puzzle with fullAbove cells open or
	// fewer: its nodes are all light (see fullAbove).
	manyGivens bool
	// givenOpen is the cells a 9×9 puzzle's givens leave open (see
	// countBelow).
	givenOpen int
}

// visit counts a node and reports whether the search must stop: enough
// solutions found, or the context done.
func (sr *searcher) visit() (stop bool) {
	sr.nodes++
	if sr.nodes%checkEvery == 0 && !sr.expired {
		select {
		case <-sr.done:
			sr.expired = true
		default:
		}
	}
	return sr.stopped()
}

func (sr *searcher) stopped() bool { return sr.expired || len(sr.solutions) >= sr.limit }

func (sr *searcher) found(g Grid) {
	*sr.next() = g
}

// next adds a solution to the list and returns it to be filled in.
func (sr *searcher) next() *Grid {
	sr.solutions = append(sr.solutions, Grid{})
	return &sr.solutions[len(sr.solutions)-1]
}

// Differences returns the cells where a and b hold different digits, in
// reading order. Both grids must have the same size.
func Differences(a, b Grid) []Cell {
	var out []Cell
	for i := 0; i < a.Cells(); i++ {
		if a.cells[i] != b.cells[i] {
			out = append(out, a.CellAt(i))
		}
	}
	return out
}
