package main

import (
	"os"

	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
)

// writeImage draws what a solve found: the solution with the solved digits
// in their own colour, the cells where two solutions differ marked as a
// hint, or, with no solution, the puzzle with its clashing givens marked.
func writeImage(path string, v solver.Verdict, opt render.Options) error {
	img := v.Puzzle
	switch {
	case v.Solved():
		img, opt.Puzzle = v.Solution(), v.Puzzle
		if v.Outcome == solver.NotUnique {
			opt.Highlights = []render.Highlight{{Style: render.Hint, Cells: v.Differ}}
		}
	case len(v.Clashes) > 0:
		opt.Highlights = []render.Highlight{{Style: render.Clash, Cells: v.Clashes}}
	}
	b, err := render.PNG(img, opt)
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}
