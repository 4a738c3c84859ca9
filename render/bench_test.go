package render

import (
	"context"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// solvedClassic returns the classic puzzle and its solution.
func solvedClassic(t testing.TB) (solver.Grid, solver.Grid) {
	t.Helper()
	p, err := solver.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		t.Fatal(err)
	}
	res, err := solver.Solve(context.Background(), p, 2)
	if err != nil || res.Count != 1 {
		t.Fatalf("classic: %d solutions, %v", res.Count, err)
	}
	return p, res.Solutions[0]
}

// highlighted is a typical reply image: a solution with wrong cells and a hint.
func highlighted(p solver.Grid) Options {
	return Options{Puzzle: p, Highlights: []Highlight{
		{Style: Wrong, Cells: []solver.Cell{{Row: 1, Col: 1}, {Row: 6, Col: 2}}},
		{Style: Hint, Cells: []solver.Cell{{Row: 4, Col: 4}}},
	}}
}

// BenchmarkPNG renders and encodes a solved 9×9 grid with highlights, and
// reports the image's size.
func BenchmarkPNG(b *testing.B) {
	p, sol := solvedClassic(b)
	opt := highlighted(p)
	var size int
	for b.Loop() {
		img, err := PNG(sol, opt)
		if err != nil {
			b.Fatal(err)
		}
		size = len(img)
	}
	b.ReportMetric(float64(size), "bytes")
}

// BenchmarkImage draws without encoding, to show what encoding costs.
func BenchmarkImage(b *testing.B) {
	p, sol := solvedClassic(b)
	opt := highlighted(p)
	for b.Loop() {
		if _, err := Image(sol, opt); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkText(b *testing.B) {
	_, sol := solvedClassic(b)
	for b.Loop() {
		_ = Text(sol)
	}
}
