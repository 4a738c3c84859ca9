package picture

// cellSize is the side of a cell in Board.Cells, in pixels.
const cellSize = 32

// warp maps the quadrilateral with corners q (top left, top right, bottom
// right, bottom left) of g onto a square of side n, sampling g between
// pixels.
func warp(g *Gray, q [4]Point, n int) *Gray {
	h := homography(q, float64(n))
	out := &Gray{W: n, H: n, Pix: make([]uint8, n*n)}
	for v := range n {
		for u := range n {
			x, y := h.apply(float64(u)+0.5, float64(v)+0.5)
			out.Pix[v*n+u] = g.sample(x-0.5, y-0.5)
		}
	}
	return out
}

// warpLattice maps each cell of lattice l of g onto a square of side cell,
// through its own four corners, so the cells of a curved page line up
// too, and returns the 9 × 9 squares as one board.
func warpLattice(g *Gray, l *lattice, cell int) *Gray {
	return l.warpWith(cell, func(x, y float64) uint8 { return g.sample(x-0.5, y-0.5) })
}

// warpWith builds a board of 9 × 9 squares of side cell, each pixel taken
// by at from the place in the picture its cell's own four corners in l map
// it to (at gets the place in pixels, a pixel's centre at +0.5). Any layer
// of the picture (grey, colour) can be mapped the same way.
func (l *lattice) warpWith(cell int, at func(x, y float64) uint8) *Gray {
	n := 9 * cell
	out := &Gray{W: n, H: n, Pix: make([]uint8, n*n)}
	for r := range 9 {
		for c := range 9 {
			q := [4]Point{l[r][c], l[r][c+1], l[r+1][c+1], l[r+1][c]}
			h := homography(q, float64(cell))
			for v := range cell {
				for u := range cell {
					x, y := h.apply(float64(u)+0.5, float64(v)+0.5)
					out.Pix[(r*cell+v)*n+c*cell+u] = at(x, y)
				}
			}
		}
	}
	return out
}

// warpCell maps cell i (row by row) of the lattice onto a cell×cell square
// as two planes read by at.
func (l *lattice) warpCell(i, cell int, at func(x, y float64) (int16, int16)) (a, b []int16) {
	r, c := i/9, i%9
	h := homography([4]Point{l[r][c], l[r][c+1], l[r+1][c+1], l[r+1][c]}, float64(cell))
	a, b = make([]int16, cell*cell), make([]int16, cell*cell)
	for v := range cell {
		for u := range cell {
			x, y := h.apply(float64(u)+0.5, float64(v)+0.5)
			a[v*cell+u], b[v*cell+u] = at(x, y)
		}
	}
	return a, b
}

// sample returns g's grey at (x, y), between pixels, white outside (and
// where a degenerate quad made the place not a number).
func (g *Gray) sample(x, y float64) uint8 {
	if !(x >= 0 && y >= 0 && x <= float64(g.W-1) && y <= float64(g.H-1)) { // NaN too
		return 255
	}
	x0, y0 := int(x), int(y)
	x1, y1 := min(x0+1, g.W-1), min(y0+1, g.H-1)
	fx, fy := x-float64(x0), y-float64(y0)
	top := float64(g.at(x0, y0))*(1-fx) + float64(g.at(x1, y0))*fx
	bottom := float64(g.at(x0, y1))*(1-fx) + float64(g.at(x1, y1))*fx
	return uint8(top*(1-fy) + bottom*fy + 0.5)
}

// mapping is a perspective map of the plane: (u, v) to
// ((a u + b v + c) / (g u + h v + 1), (d u + e v + f) / (g u + h v + 1)).
type mapping [8]float64

func (m mapping) apply(u, v float64) (x, y float64) {
	w := m[6]*u + m[7]*v + 1
	return (m[0]*u + m[1]*v + m[2]) / w, (m[3]*u + m[4]*v + m[5]) / w
}

// homography returns the map from the square of side n (corners in q's
// order) onto the quadrilateral q.
func homography(q [4]Point, n float64) mapping {
	square := [4]Point{{0, 0}, {n, 0}, {n, n}, {0, n}}
	var a [8][9]float64
	for k := range 4 {
		u, v, x, y := square[k].X, square[k].Y, q[k].X, q[k].Y
		a[2*k] = [9]float64{u, v, 1, 0, 0, 0, -u * x, -v * x, x}
		a[2*k+1] = [9]float64{0, 0, 0, u, v, 1, -u * y, -v * y, y}
	}
	return solve8(a)
}

// solve8 solves 8 linear equations (the last column is the right side) by
// elimination with partial pivoting.
func solve8(a [8][9]float64) mapping {
	for c := range 8 {
		p := c
		for r := c + 1; r < 8; r++ {
			if abs(a[r][c]) > abs(a[p][c]) {
				p = r
			}
		}
		a[c], a[p] = a[p], a[c]
		if a[c][c] == 0 {
			return mapping{1, 0, 0, 0, 1, 0, 0, 0}
		}
		for r := range 8 {
			if r != c {
				f := a[r][c] / a[c][c]
				for k := c; k < 9; k++ {
					a[r][k] -= f * a[c][k]
				}
			}
		}
	}
	var m mapping
	for c := range 8 {
		m[c] = a[c][8] / a[c][c]
	}
	return m
}
