package picture

import "math"

// fineCell is the side of a cell, in pixels, that fineWidths measures
// strokes at.
const fineCell = 64

// fineWidths measures again, at fineCell pixels a cell, the strokes'
// width (inkWidth, as a share of the cell's side) of the cells of cells
// that hold a digit, warping each from the picture itself through its own
// four corners. It returns nil when the picture's cells are smaller than
// fineCell (there is no finer detail to see) or the board keeps no
// picture. A cell whose marks vanish at the finer scale measures 0, which
// faceSplit leaves out.
func (b *Board) fineWidths(cells *[81]Cell) *[81]float64 {
	if b.gray == nil || b.lattice == nil || b.cellSide() < fineCell {
		return nil
	}
	ref := digitContrast(b.Cells)
	n := 9 * fineCell
	fine := &Gray{W: n, H: n, Pix: make([]uint8, n*n)}
	var widths [81]float64
	for i, c := range cells {
		if c.Digit == 0 {
			continue
		}
		b.lattice.warpCell(fine, i, fineCell, b.gray)
		px, keep, parts, bg, dark := marksIn(fine, i, ref)
		if len(parts) > 0 {
			widths[i] = inkWidth(px, keep, fineCell, bg, dark) / fineCell
		}
	}
	return &widths
}

// cellSide is the mean side of the board's cells in the picture, in
// pixels: its outline's perimeter over 36.
func (b *Board) cellSide() float64 {
	c := b.Corners
	side := 0.0
	for k := range 4 {
		a, z := c[k], c[(k+1)%4]
		side += math.Hypot(z.X-a.X, z.Y-a.Y)
	}
	return side / 36
}

// warpCell maps cell i of lattice l of g, through its own four corners,
// onto its square of side cell in board out (of 9 × 9 such squares).
func (l *lattice) warpCell(out *Gray, i, cell int, g *Gray) {
	r, c := i/9, i%9
	q := [4]Point{l[r][c], l[r][c+1], l[r+1][c+1], l[r+1][c]}
	h := homography(q, float64(cell))
	for v := range cell {
		for u := range cell {
			x, y := h.apply(float64(u)+0.5, float64(v)+0.5)
			out.Pix[(r*cell+v)*out.W+c*cell+u] = g.sample(x-0.5, y-0.5)
		}
	}
}
