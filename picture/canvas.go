package picture

// canvas is a square view of part of the working picture: a rough quad
// mapped onto a 9×9 board of cells of side cell, with margin cells of the
// picture around it, so lines the quad missed are still in view.
type canvas struct {
	cell, margin float64
	g            *Gray
	to           mapping // canvas pixels to the working picture's
	horiz, vert  []bool  // ink in long horizontal and vertical runs
}

// newCanvas warps the quad q of work onto a canvas with cells of side cell
// pixels and margin cells around the board, and finds its line ink. With
// cropped (a chat preview cut through the grid's border, atEdge), there is
// no ink past the picture's edge: the edge's pixels repeated there (clamp)
// would make the border a band whose far side passes for a line a column
// out.
func newCanvas(work *Gray, q [4]Point, cell, margin int, cropped bool) *canvas {
	n := (9 + 2*margin) * cell
	m := float64(margin * cell)
	side := float64(9 * cell)
	board := homography(q, side)
	c := &canvas{cell: float64(cell), margin: float64(margin), to: shifted(board, m)}
	c.g = &Gray{W: n, H: n, Pix: make([]uint8, n*n)}
	var outside []int
	for v := range n {
		for u := range n {
			x, y := c.to.apply(float64(u)+0.5, float64(v)+0.5)
			c.g.Pix[v*n+u] = work.sample(clamp(x-0.5, work.W), clamp(y-0.5, work.H))
			if cropped && (x < 0 || y < 0 || x > float64(work.W) || y > float64(work.H)) {
				outside = append(outside, v*n+u)
			}
		}
	}
	ink := c.g.thresholdBy(cell/2, lineInk)
	for _, k := range outside {
		ink.on[k] = false
	}
	run := max(3, cell*3/4)
	c.horiz, c.vert = ink.runs(run, true), ink.runs(run, false)
	return c
}

// atEdge reports whether a corner of quad q lies within edgeShare of the
// picture's shorter side from its edge, or past it.
func atEdge(work *Gray, q [4]Point) bool {
	d := edgeShare * float64(min(work.W, work.H))
	for _, p := range q {
		if p.X < d || p.Y < d || p.X > float64(work.W)-d || p.Y > float64(work.H)-d {
			return true
		}
	}
	return false
}

// edgeShare is how near the picture's edge, as a share of its shorter
// side, a grid's corner makes it a crop through the grid.
const edgeShare = 0.005

// clamp keeps x within a picture's n pixels, so a canvas reaching past
// the picture's edge repeats the edge rather than showing a white border
// whose step would look like a line.
func clamp(x float64, n int) float64 { return max(0, min(x, float64(n-1))) }

// lineInk is how much darker than its neighbourhood a pixel must be, as a
// share of the neighbourhood's mean, to count as a grid line's ink: less
// than for finding the grid, as the lines of a blurred photo are faint.
const lineInk = 0.92

// shifted returns the map m applied after moving by −d in both
// directions: canvas pixels to what board pixels map to.
func shifted(m mapping, d float64) mapping {
	// x = (a(u−d) + b(v−d) + c) / (g(u−d) + h(v−d) + 1), rescaled so the
	// denominator's constant is 1 again.
	w := 1 - m[6]*d - m[7]*d
	out := mapping{
		m[0], m[1], m[2] - m[0]*d - m[1]*d,
		m[3], m[4], m[5] - m[3]*d - m[4]*d,
		m[6], m[7],
	}
	for k := range out {
		out[k] /= w
	}
	return out
}

// toWork maps a point of the canvas onto the working picture.
func (c *canvas) toWork(p Point) Point {
	x, y := c.to.apply(p.X, p.Y)
	return Point{x, y}
}

// line returns the canvas position, in pixels, where grid line k (0 to 9)
// is expected.
func (c *canvas) line(k float64) float64 { return (c.margin + k) * c.cell }

// runs marks the ink that lies in a run of at least n pixels along rows
// (across is true) or columns, letting a line step by a pixel sideways so
// slightly tilted lines still count.
func (m *mask) runs(n int, across bool) []bool {
	w, h := m.W, m.H
	if !across {
		w, h = h, w
	}
	at := func(i, j int) bool { // i along the run, j across
		if j < 0 || j >= h {
			return false
		}
		if across {
			return m.on[j*m.W+i]
		}
		return m.on[i*m.W+j]
	}
	out := make([]bool, len(m.on))
	for j := range h {
		start := 0
		for i := 0; i <= w; i++ {
			if i < w && (at(i, j) || at(i, j-1) || at(i, j+1)) {
				continue
			}
			if i-start >= n {
				for k := start; k < i; k++ {
					if at(k, j) {
						if across {
							out[j*m.W+k] = true
						} else {
							out[k*m.W+j] = true
						}
					}
				}
			}
			start = i + 1
		}
	}
	return out
}
