package solver

import (
	"fmt"
	"strings"
)

// UnitKind names the three kinds of unit every digit appears in once.
type UnitKind int

// The unit kinds.
const (
	Row UnitKind = iota
	Column
	Box
)

func (k UnitKind) String() string {
	return [...]string{"row", "column", "box"}[k]
}

// Unit is a row, column or box, numbered from 0.
type Unit struct {
	Kind  UnitKind
	Index int
}

// String names the unit as players do: "row 3", "box 5".
func (u Unit) String() string { return u.Say(English) }

// Cell is a position in a grid, row and column counted from 0.
type Cell struct{ Row, Col int }

// String returns the cell as players name it: "r3c7", counted from 1.
func (c Cell) String() string { return CellName(c.Row, c.Col) }

// Clash is a digit given more than once in one unit.
type Clash struct {
	Kind  UnitKind
	Index int // row, column or box number from 0
	Digit int
	Cells []Cell
}

// String describes the clash: "row 3 has two 5s, at r3c2 and r3c7".
func (c Clash) String() string { return c.Say(English) }

// Say describes the clash in w's language.
func (c Clash) Say(w Words) string {
	names := make([]string, len(c.Cells))
	for i, cell := range c.Cells {
		names[i] = cell.String()
	}
	return w.Sprintf("%s has %s %ss, at %s", Unit{c.Kind, c.Index}.Say(w), countWord(w, len(c.Cells)),
		string(DigitChar(c.Digit)), JoinAnd(w, names))
}

// countWord writes a small count in words: "two".
func countWord(w Words, n int) string {
	if n < len(countWords) {
		return w.Text(countWords[n])
	}
	return fmt.Sprint(n)
}

var countWords = [...]string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}

// ConflictError lists every clash among a grid's givens.
type ConflictError struct{ Clashes []Clash }

// Error joins the clashes into one sentence.
func (e *ConflictError) Error() string { return e.Say(English) }

// Say joins the clashes into one sentence in w's language.
func (e *ConflictError) Say(w Words) string {
	parts := make([]string, len(e.Clashes))
	for i, c := range e.Clashes {
		parts[i] = c.Say(w)
	}
	return strings.Join(parts, "; ")
}

// Validate checks that no digit is given twice in a row, column or box. It
// returns nil or a *ConflictError naming every clash, rows first, then
// columns, then boxes. It does not modify g.
func Validate(g Grid) error {
	var clashes []Clash
	for kind := Row; kind <= Box; kind++ {
		for i := 0; i < g.Size(); i++ {
			clashes = append(clashes, unitClashes(g, kind, i)...)
		}
	}
	if len(clashes) == 0 {
		return nil
	}
	return &ConflictError{Clashes: clashes}
}

// UnitCells returns the cells of one unit in reading order.
func UnitCells(g Grid, kind UnitKind, i int) []Cell {
	n, br, bc := g.Size(), g.BoxRows(), g.BoxCols()
	cells := make([]Cell, n)
	for j := range cells {
		switch kind {
		case Row:
			cells[j] = Cell{i, j}
		case Column:
			cells[j] = Cell{j, i}
		default:
			r0, c0 := (i/(n/bc))*br, (i%(n/bc))*bc
			cells[j] = Cell{r0 + j/bc, c0 + j%bc}
		}
	}
	return cells
}

func unitClashes(g Grid, kind UnitKind, i int) []Clash {
	var seen [MaxSize + 1][]Cell
	for _, c := range UnitCells(g, kind, i) {
		if v := g.At(c.Row, c.Col); v != 0 {
			seen[v] = append(seen[v], c)
		}
	}
	var out []Clash
	for v, cells := range seen {
		if len(cells) > 1 {
			out = append(out, Clash{Kind: kind, Index: i, Digit: v, Cells: cells})
		}
	}
	return out
}

// MinUniqueGivens returns the fewest givens a puzzle of the given side can
// have and still have one solution, where that is proven: 4 for 4×4, 8 for
// 6×6 and 17 for 9×9 (McGuire, Tugemann and Civario, 2012). ok is false for
// 16×16, where no minimum is proven.
func MinUniqueGivens(size int) (min int, ok bool) {
	switch size {
	case 4:
		return 4, true
	case 6:
		return 8, true
	case 9:
		return 17, true
	}
	return 0, false
}

// FewGivens explains why a puzzle cannot be unique when it has fewer givens
// than MinUniqueGivens, e.g. "only 16 givens: 9×9 puzzles with fewer than
// 17 givens never have a unique solution"; otherwise it returns "".
func FewGivens(w Words, g Grid) string {
	if !tooFewGivens(g) {
		return ""
	}
	min, _ := MinUniqueGivens(g.Size())
	return w.Sprintf("only %s: %d×%d puzzles with fewer than %d givens never have a unique solution",
		w.Count(g.Givens(), "%d given", "%d givens"), g.Size(), g.Size(), min)
}

// tooFewGivens reports whether g has fewer givens than any puzzle of its
// side with one solution.
func tooFewGivens(g Grid) bool {
	min, ok := MinUniqueGivens(g.Size())
	return ok && g.Givens() < min
}

// CellNames lists up to max cells by name, "r1c2, r3c4", and says how many
// more there are: "…, and 5 more".
func CellNames(w Words, cells []Cell, max int) string {
	names := make([]string, 0, max+1)
	for i, c := range cells {
		if i == max {
			names = append(names, w.Sprintf("and %d more", len(cells)-max))
			break
		}
		names = append(names, c.String())
	}
	return strings.Join(names, ", ")
}
