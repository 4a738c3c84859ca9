package picture

import "math"

// warpCells maps the grid's cells out of g through lattice l (in g's
// pixels). A grid much larger than the board it is mapped onto (a
// 12-megapixel photo's grid is ten times the size) is first averaged down
// to about twice the board's size: sampling the full picture between
// pixels would keep one pixel in a hundred and lose thin strokes. The
// sizes are those of the picture decoded whole, so a photo decoded at
// half its size (g.decoded) is cut into the same cells.
func warpCells(g *Gray, l *lattice, cell int) *Gray {
	d := max(1, g.decoded)
	f := int(gridSide(l) * float64(d) / float64(2*9*cell))
	if f < 2 {
		return warpLattice(g, l, cell)
	}
	small, scale := g.shrinkBy(f)
	s := l.scaled(1 / scale)
	return warpLattice(small, &s, cell)
}

// gridSide is the side of the grid lattice l frames, in pixels.
func gridSide(l *lattice) float64 {
	return max(dist(l[0][0], l[9][9]), dist(l[0][9], l[9][0])) / math.Sqrt2
}

func dist(a, b Point) float64 { return math.Hypot(a.X-b.X, a.Y-b.Y) }
