package variant

import (
	"context"
	"runtime"
	"testing"
	"time"
)

// maxCacheBytes is what TestCacheBounded allows an engine's caches on the
// largest puzzles Bounded takes: cacheBudget and one slot for each cache.
const maxCacheBytes = 2 << 20

// TestCacheBounded builds the puzzles Bounded takes that give the most
// caches, on a 9×9 and a 16×16: the most two-cell cages, the most
// little killers down the long diagonal, the most two-cell arrow lines.
// Their sums are those of a valid grid, so that no prop fails before
// every one has run; after a short search the caches must hold at most
// maxCacheBytes.
func TestCacheBounded(t *testing.T) {
	for _, n := range []int{9, 16} {
		for _, shape := range []struct {
			name string
			make func(n int, sol []int) []Constraint
		}{
			{"two-cell cages", boundedCages},
			{"diagonal little killers", boundedLittleKillers},
			{"two-cell arrow lines", boundedArrowLines},
		} {
			sol := patternGrid(n)
			p := Puzzle{Size: n, Givens: make([]int, n*n), Constraints: shape.make(n, sol)}
			if err := p.Bounded(); err != nil {
				t.Fatalf("%d×%d %s: Bounded() = %v", n, n, shape.name, err)
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
			e, err := newEngine(ctx, p)
			if err != nil {
				t.Fatalf("%d×%d %s: %v", n, n, shape.name, err)
			}
			if e.start() {
				e.search(func([]int) bool { return false })
			}
			cancel()
			runtime.ReadMemStats(&after)
			got := e.cacheBytes()
			t.Logf("%2d×%-2d %-24s %4d props, caches %8d bytes; allocated %9d bytes in all, %d nodes",
				n, n, shape.name, len(e.props), got, after.TotalAlloc-before.TotalAlloc, e.nodes)
			if got > maxCacheBytes {
				t.Errorf("%d×%d %s: caches hold %d bytes, want at most %d", n, n, shape.name, got, maxCacheBytes)
			}
		}
	}
}

// patternGrid returns a valid n×n grid of a square size, row by row.
func patternGrid(n int) []int {
	b := 1
	for b*b < n {
		b++
	}
	g := make([]int, n*n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			g[r*n+c] = (r*b+r/b+c)%n + 1
		}
	}
	return g
}

// boundedCages returns the most two-cell cages Bounded takes, over
// neighbours in a row, with sol's sums.
func boundedCages(n int, sol []int) []Constraint {
	var out []Constraint
	for i := 0; len(out) < maxConstraintsPerCell*n*n; i++ {
		r, c := i%(n*(n-1))/(n-1), i%(n-1)
		out = append(out, Killer{Cells: []Cell{{r, c}, {r, c + 1}}, Sum: sol[r*n+c] + sol[r*n+c+1]})
	}
	return out
}

// boundedLittleKillers returns the most little killers Bounded takes down
// the long diagonal, with sol's sum.
func boundedLittleKillers(n int, sol []int) []Constraint {
	var cells []Cell
	sum := 0
	for i := 0; i < n; i++ {
		cells, sum = append(cells, Cell{i, i}), sum+sol[i*n+i]
	}
	var out []Constraint
	for range maxConstraintCellsPerCell * n * n / (n + 1) {
		out = append(out, LittleKiller{Clue: Cell{-1, -1}, Direction: "DR", Cells: cells, Sum: sum})
	}
	return out
}

// boundedArrowLines returns one arrow with the most lines Bounded takes:
// its bulb holds n in sol, each line two cells of a row adding up to n.
func boundedArrowLines(n int, sol []int) []Constraint {
	bulb := Cell{0, 0}
	var lines [][]Cell
	for c := range n {
		if sol[c] == n {
			bulb = Cell{0, c}
		}
	}
	for len(lines) < maxConstraintCellsPerCell*n*n/2-1 {
		for i := 0; i < n*n; i++ {
			for j := i + 1; j < n*(i/n+1); j++ {
				if sol[i]+sol[j] == n && len(lines) < maxConstraintCellsPerCell*n*n/2-1 {
					lines = append(lines, []Cell{{i / n, i % n}, {j / n, j % n}})
				}
			}
		}
	}
	return []Constraint{Arrow{Bulb: []Cell{bulb}, Lines: lines}}
}
