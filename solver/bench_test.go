package solver

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/sudokubot/sudokubot/solver/internal/puzzletest"
)

// BenchmarkSolve solves every puzzle of each set with limit 2 (so uniqueness
// is checked) and reports puzzles per second.
func BenchmarkSolve(b *testing.B) {
	puzzletest.Files(b)
	for _, name := range puzzletest.BenchSets {
		grids := setGrids(b, name)
		b.Run(name, func(b *testing.B) { benchGrids(b, grids) })
	}
}

// BenchmarkSolveRoot sets up and settles each set's 9×9 puzzles without
// searching: beside BenchmarkSolve, the share of a set's time its root takes.
func BenchmarkSolveRoot(b *testing.B) {
	puzzletest.Files(b)
	for _, name := range puzzletest.BenchSets {
		grids := setGrids(b, name)
		b.Run(name, func(b *testing.B) {
			i, settled := 0, 0
			for b.Loop() {
				var s state9
				if s.setGivens(&grids[i%len(grids)]) && s.settle(false) {
					settled++
				}
				i++
			}
			if settled == 0 {
				b.Fatal("no puzzle of the set settled at its root")
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}

// setGrids reads and parses the benchmark set name.
func setGrids(b *testing.B, name string) []Grid {
	lines := puzzletest.Read(b, puzzletest.Path(name+".txt"))
	grids := make([]Grid, len(lines))
	for i, l := range lines {
		grids[i] = mustParse(b, l.Puzzle)
	}
	return grids
}

func mustParse(t testing.TB, s string) Grid {
	t.Helper()
	return puzzletest.MustParse(t, Parse, s)
}

// BenchmarkSolve16 solves random 16×16 puzzles with a third of the cells
// given (fixed seed, so every run sees the same puzzles), with limit 2.
func BenchmarkSolve16(b *testing.B) {
	rng := rand.New(rand.NewPCG(16, 3))
	grids := make([]Grid, 50)
	for i := range grids {
		grids[i] = puzzleFromSolution(b, 16, rng, 256/3)
	}
	benchGrids(b, grids)
}

// benchGrids solves the grids in turn with limit 2 and reports puzzles/s.
func benchGrids(b *testing.B, grids []Grid) {
	ctx := context.Background()
	var v Solver
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		if _, err := v.Solve(ctx, grids[i%len(grids)], 2); err != nil {
			b.Fatal(err)
		}
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
}

// BenchmarkNodes solves every puzzle of each benchmark set with limit 2 and
// reports the mean search nodes and guesses per puzzle: the figures to
// watch when changing the propagation or the choice of guess cell. One
// round is a whole set, so run it with -benchtime=1x.
func BenchmarkNodes(b *testing.B) {
	puzzletest.Files(b)
	for _, name := range puzzletest.BenchSets {
		grids := setGrids(b, name)
		b.Run(name, func(b *testing.B) {
			var v Solver
			var nodes, guesses int64
			for b.Loop() {
				nodes, guesses = 0, 0
				for _, g := range grids {
					res, err := v.Solve(context.Background(), g, 2)
					if err != nil {
						b.Fatal(err)
					}
					nodes, guesses = nodes+res.Nodes, guesses+res.Guesses
				}
			}
			n := float64(len(grids))
			b.ReportMetric(float64(nodes)/n, "nodes/puzzle")
			b.ReportMetric(float64(guesses)/n, "guesses/puzzle")
		})
	}
}
