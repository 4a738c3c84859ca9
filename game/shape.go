package game

import "github.com/sudokubot/sudokubot/solver"

// The letters of a Shape, one a box: when it was completed (early, middle
// or late third), or the help it took (a check found a mistake in it, a
// hint pointed into it, which wins).
const (
	ShapeEarly  = 'a'
	ShapeMiddle = 'b'
	ShapeLate   = 'c'
	ShapeWrong  = 'w'
	ShapeHint   = 'h'
)

// boxOf returns the box (1-based, reading order) a cell is in.
func (g *Game) boxOf(c solver.Cell) int {
	br, bc := g.puzzle.BoxRows(), g.puzzle.BoxCols()
	return c.Row/br*(g.Size()/bc) + c.Col/bc + 1
}

// noteCompleted records the box of c as completed when its last empty
// cell has just been filled, the first time only.
func (g *Game) noteCompleted(c solver.Cell) {
	b := g.boxOf(c)
	for _, done := range g.order {
		if done == b {
			return
		}
	}
	for _, cell := range g.BoxCells(b) {
		if g.cells.At(cell.Row, cell.Col) == 0 {
			return
		}
	}
	g.order = append(g.order, b)
}

// markBoxes sets the bits of the boxes of cells in mask.
func (g *Game) markBoxes(mask *uint32, cells []solver.Cell) {
	for _, c := range cells {
		if g.inside(c) {
			*mask |= 1 << (g.boxOf(c) - 1)
		}
	}
}

// Shape says how the play went, box by box in reading order, without a
// digit: a letter a box (see ShapeEarly and the others). Boxes that were
// never completed by a move (full from the start) count as early. It
// changes nothing.
func (g *Game) Shape() string {
	n := g.Size()
	rank := make([]int, n+1)
	for k, b := range g.order {
		rank[b] = k
	}
	shape := make([]byte, n)
	for b := 1; b <= n; b++ {
		bit := uint32(1) << (b - 1)
		switch {
		case g.hinted&bit != 0:
			shape[b-1] = ShapeHint
		case g.flagged&bit != 0:
			shape[b-1] = ShapeWrong
		default:
			shape[b-1] = byte(ShapeEarly + 3*rank[b]/n)
		}
	}
	return string(shape)
}
