// Package solver is the grid and the search: a Sudoku Grid of side 4, 6, 9
// or 16 and its text (Parse, String, ReadPuzzles), the rules (Validate and
// its Clashes), the exact search (Solve and Solver: a bit-parallel band
// engine for 9×9, a general one for the other sides, both bounded by a
// context) and the verdict a front end words (Judge, JudgeGrid, Verdict).
// Words and English carry its few texts (reading errors, clashes) into
// other languages.
//
// The human techniques, grading, hints and the generator are in the
// package solver/logic, which calls this one; this one imports only the
// standard library and its own internal geometry. Nothing here keeps
// mutable state between calls, so every function is safe for concurrent
// use (a Solver value is not: one goroutine at a time).
package solver

import (
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/solver/internal/geom"
)

// MaxSize is the largest grid side the package handles (16×16).
const MaxSize = 16

// Sizes lists the supported grid sides, smallest first.
var Sizes = [...]int{4, 6, 9, 16}

// Grid is a square Sudoku grid. The zero value is not a valid grid; use
// NewGrid or Parse. Grid is a value type: assigning or passing it copies the
// cells, and two grids compare equal with == when size and cells match.
type Grid struct {
	size  uint8
	cells [MaxSize * MaxSize]uint8 // 0 is blank, 1..size a digit
}

// NewGrid returns an empty grid of the given side, or an error when the side
// is not one of Sizes.
func NewGrid(size int) (Grid, error) {
	if boxRows(size) == 0 {
		return Grid{}, fmt.Errorf("solver: unsupported grid size %d (want 4, 6, 9 or 16)", size)
	}
	return Grid{size: uint8(size)}, nil
}

// boxRows returns the number of rows in one box for a grid side, or 0 for an
// unsupported side.
func boxRows(size int) int { return geom.BoxRows(size) }

// Size returns the side of the grid: 4, 6, 9 or 16.
func (g Grid) Size() int { return int(g.size) }

// BoxRows returns the number of rows in a box (2 for 4×4 and 6×6).
func (g Grid) BoxRows() int { return boxRows(int(g.size)) }

// BoxCols returns the number of columns in a box (3 for 6×6).
func (g Grid) BoxCols() int { return int(g.size) / boxRows(int(g.size)) }

// Cells returns the number of cells, Size()².
func (g Grid) Cells() int { return int(g.size) * int(g.size) }

// At returns the digit at row r, column c (both from 0), or 0 for a blank.
func (g Grid) At(r, c int) int { return int(g.cells[r*int(g.size)+c]) }

// Set writes digit v (0 for blank) at row r, column c (both from 0). It
// panics, like a slice index, when r, c or v is out of range.
func (g *Grid) Set(r, c, v int) {
	n := int(g.size)
	if r < 0 || r >= n || c < 0 || c >= n || v < 0 || v > n {
		panic(fmt.Sprintf("solver: Set(%d, %d, %d) out of range for %d×%d", r, c, v, n, n))
	}
	g.cells[r*n+c] = uint8(v)
}

// AtIndex returns the digit of cell i, cells counted row by row from 0, or 0
// for a blank: g.AtIndex(r*g.Size()+c) is g.At(r, c).
func (g Grid) AtIndex(i int) int { return int(g.cells[i]) }

// SetIndex writes digit v (0 for blank) at cell i, cells counted row by row
// from 0. It panics, like a slice index, when i or v is out of range.
func (g *Grid) SetIndex(i, v int) {
	n := int(g.size)
	if i < 0 || i >= n*n || v < 0 || v > n {
		panic(fmt.Sprintf("solver: SetIndex(%d, %d) out of range for %d×%d", i, v, n, n))
	}
	g.cells[i] = uint8(v)
}

// Givens returns how many cells hold a digit.
func (g Grid) Givens() int {
	k := 0
	for _, v := range g.cells[:g.Cells()] {
		if v != 0 {
			k++
		}
	}
	return k
}

// Complete reports whether every cell holds a digit.
func (g Grid) Complete() bool { return g.Givens() == g.Cells() }

// Box returns the index of the box holding row r, column c, counting boxes
// row by row from 0.
func (g Grid) Box(r, c int) int {
	br, bc := g.BoxRows(), g.BoxCols()
	return (r/br)*(int(g.size)/bc) + c/bc
}

// DigitChar returns the character for digit v: '.' for 0, '1'–'9', then
// 'A'–'G' for 10–16.
func DigitChar(v int) byte {
	switch {
	case v == 0:
		return '.'
	case v <= 9:
		return byte('0' + v)
	default:
		return byte('A' + v - 10)
	}
}

// String returns the grid as one line, row by row, with '.' for blanks and
// 'A'–'G' for 10–16. Parse(g.String()) returns g.
func (g Grid) String() string {
	var b strings.Builder
	b.Grow(g.Cells())
	for _, v := range g.cells[:g.Cells()] {
		b.WriteByte(DigitChar(int(v)))
	}
	return b.String()
}

// CellName returns the r/c name of a cell as players write it, "r3c7", with
// rows and columns counted from 1.
func CellName(r, c int) string { return fmt.Sprintf("r%dc%d", r+1, c+1) }

// Index returns cell c's number, cells counted row by row from 0, as
// AtIndex and SetIndex take it and the web board sends it.
func (g Grid) Index(c Cell) int { return c.Row*int(g.size) + c.Col }

// CellAt returns the cell numbered i, cells counted row by row from 0.
func (g Grid) CellAt(i int) Cell { return Cell{Row: i / int(g.size), Col: i % int(g.size)} }

// Inside reports whether c is a cell of g.
func (g Grid) Inside(c Cell) bool {
	return c.Row >= 0 && c.Col >= 0 && c.Row < int(g.size) && c.Col < int(g.size)
}

// Indexes returns cells' numbers, cells counted row by row from 0.
func (g Grid) Indexes(cells []Cell) []int {
	out := make([]int, len(cells))
	for k, c := range cells {
		out[k] = g.Index(c)
	}
	return out
}

// Mistakes returns the filled cells of g that differ from solution, in
// reading order: what every board's check, hint and hand-in look for.
// Both grids must have the same size.
func (g Grid) Mistakes(solution Grid) []Cell {
	var out []Cell
	for i := range int(g.size) * int(g.size) {
		if v := g.cells[i]; v != 0 && v != solution.cells[i] {
			out = append(out, g.CellAt(i))
		}
	}
	return out
}
