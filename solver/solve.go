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
	if g.size == 0 {
		return Result{}, ErrNoGrid
	}
	limit = max(limit, 1)
	sr := searcher{done: ctx.Done(), limit: limit}
	if g.size == 9 {
		solve9(&sr, g)
	} else {
		solveGeneric(&sr, g)
	}
	res := Result{Solutions: sr.solutions, Count: len(sr.solutions), Nodes: sr.nodes, Guesses: sr.guesses}
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
	if sr.solutions == nil {
		sr.solutions = make([]Grid, 0, min(sr.limit, 4))
	}
	sr.solutions = append(sr.solutions, g)
}

// Differences returns the cells where a and b hold different digits, in
// reading order. Both grids must have the same size.
func Differences(a, b Grid) []Cell {
	var out []Cell
	n := a.Size()
	for i := 0; i < a.Cells(); i++ {
		if a.cells[i] != b.cells[i] {
			out = append(out, Cell{i / n, i % n})
		}
	}
	return out
}
