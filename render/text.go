// Package render draws Sudoku grids as people see them in Discord: a text
// grid for a code block, narrow enough for a phone, a PNG image in a light
// or dark theme with highlighted cells, and a variant puzzle's PNG with its
// constraints drawn as SudokuPad draws them (Variant). It imports the
// solver, the variant puzzles and fonts and nothing from Discord; every
// function is safe for concurrent use.
package render

import (
	"strings"

	"github.com/sudokubot/sudokubot/solver"
)

// Text draws g for a code block: digits separated by spaces, boxes by | and
// a dashed line, blanks as '.'. A 9×9 grid is 21 columns wide; a 16×16 grid
// drops the spaces around the | to stay at 31. It uses ASCII only, since
// emoji and box-drawing characters break alignment on some phones.
func Text(g solver.Grid) string {
	return textWith(g, func(r, c int) byte { return solver.DigitChar(g.At(r, c)) })
}

// Filled draws solution like Text but keeps only the digits the solver
// filled in: cells given in puzzle show as '.'. Shown under the puzzle, it
// tells a reader which digits were given and which were found.
func Filled(puzzle, solution solver.Grid) string {
	return textWith(solution, func(r, c int) byte {
		if puzzle.At(r, c) != 0 {
			return '.'
		}
		return solver.DigitChar(solution.At(r, c))
	})
}

// Line returns g as one line of cells, row by row, for copying: the 81
// digits of a solved 9×9 grid, with '.' for blanks and A-G above 9.
func Line(g solver.Grid) string { return g.String() }

// textWith lays out a grid, asking cell for each character.
func textWith(g solver.Grid, cell func(r, c int) byte) string {
	n, br, bc := g.Size(), g.BoxRows(), g.BoxCols()
	bar, gap := " | ", " "
	if n > 9 {
		bar = "|"
	}
	var b strings.Builder
	for r := 0; r < n; r++ {
		if r > 0 && r%br == 0 {
			b.WriteString(rule(n, bc, bar))
		}
		for c := 0; c < n; c++ {
			switch {
			case c == 0:
			case c%bc == 0:
				b.WriteString(bar)
			default:
				b.WriteString(gap)
			}
			b.WriteByte(cell(r, c))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// rule draws the line between bands: '-' under cells, '+' under each bar.
func rule(n, bc int, bar string) string {
	box := strings.Repeat("-", 2*bc-1)
	side := strings.Repeat("-", (len(bar)-1)/2)
	parts := make([]string, n/bc)
	for i := range parts {
		parts[i] = box
	}
	return strings.Join(parts, side+"+"+side) + "\n"
}
