package logic

import (
	"context"
	"fmt"

	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/internal/geom"
)

// Generated is a puzzle made by Generate.
type Generated struct {
	Puzzle, Solution solver.Grid
	Grading          Grading
	// Exact is false when no puzzle of the asked level was found in time
	// and Puzzle is the closest found.
	Exact bool
	// Attempts counts the grids tried.
	Attempts int
}

// maxAttempts bounds the grids Generate tries for one puzzle.
const maxAttempts = 400

// minGivens keeps generated puzzles from thinning out past what the solver
// and grader handle quickly at each size.
var minGivens = map[int]int{4: 4, 6: 8, 9: 17, 16: 120}

// Generate makes a puzzle of the given side with exactly one solution,
// graded at level, symmetric under a half turn. The same seed gives the same
// puzzle on every machine and Go version: all randomness comes from a
// generator defined here. When ctx ends before a puzzle of the level is
// found, Generate returns the closest one so far with Exact false; it
// errors only for a bad size, or when ctx ends before any puzzle is made.
func Generate(ctx context.Context, level Level, size int, seed uint64) (Generated, error) {
	if _, err := solver.NewGrid(size); err != nil {
		return Generated{}, err
	}
	r := &rng{state: seed ^ uint64(level+1)*0x9e3779b97f4a7c15 ^ uint64(size)<<56} // each level and size its own sequence
	var best Generated
	bestGap := -1
	for attempt := 1; attempt <= maxAttempts; attempt++ {
		g, ok := attemptPuzzle(ctx, r, level, size)
		if ctx.Err() != nil {
			break
		}
		if !ok {
			continue
		}
		g.Attempts = attempt
		gap := levelGap(g.Grading.Level, level)
		if gap == 0 {
			g.Exact = true
			return g, nil
		}
		if bestGap < 0 || gap < bestGap {
			best, bestGap = g, gap
		}
	}
	if bestGap < 0 {
		return Generated{}, fmt.Errorf("solver: no puzzle made before the deadline: %w", ctx.Err())
	}
	return best, nil
}

func levelGap(a, b Level) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// attemptPuzzle makes one puzzle from a fresh grid: clues come out in
// symmetric pairs while the solution stays unique, then, if it came out too
// hard, pairs go back in until it is no harder than level.
func attemptPuzzle(ctx context.Context, r *rng, level Level, size int) (Generated, bool) {
	sol, ok := randomSolution(ctx, r, size)
	if !ok {
		return Generated{}, false
	}
	puzzle, removed := thin(ctx, r, sol)
	gr, err := Grade(ctx, puzzle)
	for err == nil && gr.Level > level && len(removed) > 0 {
		pair := removed[len(removed)-1]
		removed = removed[:len(removed)-1]
		for _, i := range pair {
			puzzle.SetIndex(i, sol.AtIndex(i))
		}
		gr, err = Grade(ctx, puzzle)
	}
	if err != nil {
		return Generated{}, false
	}
	return Generated{Puzzle: puzzle, Solution: sol, Grading: gr}, true
}

// randomSolution completes a grid seeded with a few random digits.
func randomSolution(ctx context.Context, r *rng, size int) (solver.Grid, bool) {
	g, _ := solver.NewGrid(size)
	for k := 0; k < size+2; k++ {
		i, v := r.intn(g.Cells()), r.intn(size)+1
		if g.AtIndex(i) == 0 && fitsAt(g, i, v) {
			g.SetIndex(i, v)
		}
	}
	res, err := solver.SolveFixedOrder(ctx, g, 1)
	if err != nil || res.Count == 0 {
		return solver.Grid{}, false
	}
	return res.Solutions[0], true
}

func fitsAt(g solver.Grid, i, v int) bool {
	for _, p := range geom.For(g.Size()).Peers[i] {
		if g.AtIndex(int(p)) == v {
			return false
		}
	}
	return true
}

// thin removes clue pairs (a cell and its half-turn partner) in random
// order while the puzzle keeps one solution, stopping at minGivens. It
// returns the puzzle and the pairs removed, last removed last.
func thin(ctx context.Context, r *rng, sol solver.Grid) (solver.Grid, [][]int) {
	p := sol
	cells := sol.Cells()
	var pairs [][]int
	for i := 0; i <= (cells-1)/2; i++ {
		if j := cells - 1 - i; j != i {
			pairs = append(pairs, []int{i, j})
		} else {
			pairs = append(pairs, []int{i})
		}
	}
	r.shuffle(len(pairs), func(a, b int) { pairs[a], pairs[b] = pairs[b], pairs[a] })
	var removed [][]int
	for _, pair := range pairs {
		if p.Givens()-len(pair) < minGivens[sol.Size()] {
			break
		}
		q := p
		for _, i := range pair {
			q.SetIndex(i, 0)
		}
		if res, err := solver.Solve(ctx, q, 2); err == nil && res.Count == 1 {
			p, removed = q, append(removed, pair)
		}
	}
	return p, removed
}

// rng is SplitMix64, written out here so that a seed means the same
// sequence everywhere and always.
type rng struct{ state uint64 }

func (r *rng) next() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// intn returns a number in [0, n); the modulo bias is far below anything a
// puzzle could show.
func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

// shuffle is Fisher-Yates with intn.
func (r *rng) shuffle(n int, swap func(a, b int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.intn(i+1))
	}
}
