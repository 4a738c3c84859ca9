package solver

import (
	"context"
	"testing"

	"github.com/sudokubot/sudokubot/solver/internal/puzzletest"
)

// TestReportNodes logs the mean search nodes and guesses per puzzle of each
// benchmark set (run with -v): the figure to watch when changing the
// propagation or the choice of guess cell.
func TestReportNodes(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping: the node report reads whole data sets")
	}
	puzzletest.Files(t)
	for _, name := range puzzletest.BenchSets {
		lines := puzzletest.Read(t, puzzletest.Path(name+".txt"))
		var nodes, guesses int64
		for _, l := range lines {
			res, err := Solve(context.Background(), mustParse(t, l.Puzzle), 2)
			if err != nil {
				t.Fatal(err)
			}
			nodes += res.Nodes
			guesses += res.Guesses
		}
		n := float64(len(lines))
		t.Logf("%-32s nodes/puzzle %8.1f  guesses/puzzle %8.1f", name, float64(nodes)/n, float64(guesses)/n)
	}
}
