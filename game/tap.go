package game

import (
	"fmt"

	"github.com/sudokubot/sudokubot/solver"
)

// Cursor is where a player is on the board, kept with the game so every
// device and process sees the same: the box they chose, the cell of it
// they chose, the digit they hold (a sticky digit, placed on every cell
// they tap), and whether their taps write pencil marks.
type Cursor struct {
	Box   int  `json:"box"`   // 1-based box number; 0 when none is chosen
	Cell  int  `json:"cell"`  // 1-based cell of Box, reading order; 0 when none
	Digit int  `json:"digit"` // the sticky digit; 0 when none
	Notes bool `json:"notes"` // taps toggle pencil marks instead of placing
}

// TapKind is a control on the board.
type TapKind uint8

// The board's controls.
const (
	TapBox   TapKind = iota + 1 // choose box N (or, with a box chosen, go back with N = 0)
	TapCell                     // choose cell N of the chosen box
	TapDigit                    // digit N: place it in the chosen cell, or hold it
	TapErase                    // empty the chosen cell
	TapNotes                    // switch between placing digits and pencil marks
	TapUndo                     // take the last move back
)

// Tap is one press of a control.
type Tap struct {
	Kind TapKind
	N    int
}

// Cursor returns where the player is on the board.
func (g *Game) Cursor() Cursor { return g.cursor }

// Selected returns the chosen cell, when there is one.
func (g *Game) Selected() (solver.Cell, bool) {
	if g.cursor.Box == 0 || g.cursor.Cell == 0 {
		return solver.Cell{}, false
	}
	return g.boxCell(g.cursor.Box, g.cursor.Cell), true
}

// BoxCells returns the cells of box b (1-based), in reading order.
func (g *Game) BoxCells(b int) []solver.Cell {
	out := make([]solver.Cell, 0, g.Size())
	for k := 1; k <= g.Size(); k++ {
		out = append(out, g.boxCell(b, k))
	}
	return out
}

// boxCell returns cell k (1-based, reading order) of box b (1-based).
func (g *Game) boxCell(b, k int) solver.Cell {
	br, bc := g.puzzle.BoxRows(), g.puzzle.BoxCols()
	perRow := g.Size() / bc // boxes side by side
	top, left := (b-1)/perRow*br, (b-1)%perRow*bc
	return solver.Cell{Row: top + (k-1)/bc, Col: left + (k-1)%bc}
}

// Press applies a tap: it moves the cursor and, when the tap completes a
// placement (a digit for the chosen cell, or a cell for the held digit),
// makes the move. It returns the move made, if any, and the rules' error
// for a move they refuse (the cursor then stays where it was). A tap that
// makes a move bumps Seq; one that only moves the cursor (looking) does
// not, so a move made meanwhile on another board is not refused for it.
func (g *Game) Press(t Tap) (*Move, error) {
	before := g.cursor
	m, err := g.press(t)
	if err != nil {
		g.cursor = before
		return nil, err
	}
	return m, nil
}

func (g *Game) press(t Tap) (*Move, error) {
	n := g.Size()
	switch t.Kind {
	case TapBox:
		if t.N < 0 || t.N > n {
			return nil, ErrOutside
		}
		g.cursor.Box, g.cursor.Cell = t.N, 0
	case TapCell:
		if g.cursor.Box == 0 || t.N < 1 || t.N > n {
			return nil, ErrOutside
		}
		g.cursor.Cell = t.N
		if g.cursor.Digit != 0 {
			return g.write(g.cursor.Digit)
		}
	case TapDigit:
		if t.N < 1 || t.N > n {
			return nil, ErrOutside
		}
		if _, ok := g.Selected(); ok {
			return g.write(t.N)
		}
		if g.cursor.Digit == t.N {
			g.cursor.Digit = 0 // a second press lets go
		} else {
			g.cursor.Digit = t.N
		}
	case TapErase:
		return g.eraseSelected()
	case TapNotes:
		g.cursor.Notes = !g.cursor.Notes
	case TapUndo:
		return nil, g.Undo()
	default:
		return nil, fmt.Errorf("game: unknown control %d", t.Kind)
	}
	return nil, nil
}

// write places digit d in the chosen cell (or toggles its mark in notes
// mode) and returns to the box's cells: the box stays chosen, so the next
// placement in it is one tap, until the box is full, when it returns to
// the boxes, so moving on is one tap too.
func (g *Game) write(d int) (*Move, error) {
	c, _ := g.Selected()
	m := Move{Kind: Place, Cell: c, Digit: d}
	if g.cursor.Notes {
		m = Move{Kind: Note, Cell: c, Notes: NotesOf(d)}
	}
	if err := g.Apply(m); err != nil {
		return nil, err
	}
	g.cursor.Cell = 0
	if m.Kind == Place && g.boxFull(g.cursor.Box) {
		g.cursor.Box = 0
	}
	return &m, nil
}

// boxFull reports whether every cell of box b (1-based) holds a digit.
func (g *Game) boxFull(b int) bool {
	grid := g.Grid()
	for _, c := range g.BoxCells(b) {
		if grid.At(c.Row, c.Col) == 0 {
			return false
		}
	}
	return true
}

func (g *Game) eraseSelected() (*Move, error) {
	c, ok := g.Selected()
	if !ok {
		return nil, ErrOutside
	}
	m := Move{Kind: Erase, Cell: c}
	if err := g.Apply(m); err != nil {
		return nil, err
	}
	g.cursor.Cell = 0
	return &m, nil
}
