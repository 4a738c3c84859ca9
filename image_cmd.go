package main

import (
	"errors"
	"os"

	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
)

// writeImage draws what a solve found: the solution with the solved digits
// in their own colour, the cells where two solutions differ marked as a
// hint, or, with no solution, the puzzle with its clashing givens marked.
func writeImage(path string, o outcome, opt render.Options) error {
	img := o.grid
	switch {
	case o.res.Count > 0:
		img, opt.Puzzle = o.res.Solutions[0], o.grid
		if o.res.Count > 1 {
			diff := solver.Differences(o.res.Solutions[0], o.res.Solutions[1])
			opt.Highlights = []render.Highlight{{Style: render.Hint, Cells: diff}}
		}
	case o.err == nil:
		var ce *solver.ConflictError
		if errors.As(solver.Validate(o.grid), &ce) {
			opt.Highlights = []render.Highlight{{Style: render.Clash, Cells: clashCells(ce)}}
		}
	}
	b, err := render.PNG(img, opt)
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

func clashCells(ce *solver.ConflictError) []solver.Cell {
	var cells []solver.Cell
	for _, c := range ce.Clashes {
		cells = append(cells, c.Cells...)
	}
	return cells
}
