package solver

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
)

// benchSets are the data sets whose speed issue 2 measures against tdoku.
var benchSets = []string{
	"17_clue", "magictour_top1465", "forum_hardest_1905_11plus", "forum_hardest_1106",
	"serg_benchmark_multi_solution", "synthetic_unsat_consistent", "synthetic_multi_16clue",
	"kaggle_3m_radcliffe_sample",
}

// BenchmarkSolve solves every puzzle of each set with limit 2 (so uniqueness
// is checked) and reports puzzles per second.
func BenchmarkSolve(b *testing.B) {
	dataFiles(b)
	for _, name := range benchSets {
		lines := readPuzzles(b, filepath.Join(dataDir, name+".txt"))
		grids := make([]Grid, len(lines))
		for i, l := range lines {
			grids[i] = mustParse(b, l.puzzle)
		}
		b.Run(name, func(b *testing.B) { benchGrids(b, grids) })
	}
}

func mustParse(t testing.TB, s string) Grid {
	t.Helper()
	g, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", strings.TrimSpace(s), err)
	}
	return g
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
