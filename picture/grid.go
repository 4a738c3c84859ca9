package picture

import "slices"

// bestGrid returns the quad, in work's pixels, of the grid: of the
// outlines of the biggest grid-like webs of ink (outlines), the one pick
// takes. When that outline scores under sureGrid, the ink is marked again
// more keenly (keenRatio) and the pick made again among both marks'
// outlines: a blurred photo's thin lines fade into the paper under the
// usual threshold, leaving a web of a few heavy lines, or of the page's
// print, that frames the grid askew. When no outline of either frames a
// Sudoku, the ink is looked at a third time in the valleys of the greys
// only (valleys): the edge of a shadow or of the page that touches the
// grid joins its web and drags the web's corners off the grid, but an
// edge is no valley. The pick is grown when it too scores under
// sureGrid.
func bestGrid(work *Gray) ([4]Point, bool) {
	pool := outlines(work, work.threshold())
	best, found := pick(pool)
	if found && best.score >= sureGrid {
		return best.q, true
	}
	keen := work.thresholdBy(thresholdRadius(work), keenRatio)
	pool = append(pool, outlines(work, keen)...)
	if !anySudoku(pool) {
		pool = append(pool, outlines(work, work.valleys(work.threshold(), valleyRadius(work)))...)
	}
	best, found = pick(pool)
	if !found {
		return best.q, false
	}
	q, _ := grown(work, best.q)
	return q, true
}

// anySudoku reports whether an outline of pool frames a Sudoku grid.
func anySudoku(pool []outline) bool {
	return slices.ContainsFunc(pool, outline.sudoku)
}

// keenRatio is how much darker than its neighbourhood a pixel must be to
// be ink on the second look: on the tuning photos, 0.95 to 0.98 read
// about as well (178–180 of 199 exactly), 0.92 and 0.94 worse (174).
const keenRatio = 0.96

// grown returns the grid whose refined outline q may be only part of: a
// blurred photo's thin lines break up when thresholded, and the web of ink
// found is then the heavier lines round some of the boxes, two thirds of
// the grid across or down. Each way the outline could be cut short (a
// third of the grid missing on one side, or none) is refined, and the
// outline whose lines are found best (gridScore) is kept, with its score.
func grown(work *Gray, q [4]Point) ([4]Point, float64) {
	spans := [][2]float64{{0, 9}, {-4.5, 9}, {0, 13.5}}
	m := homography(q, 9)
	best, bestScore := q, gridScore(work, q)
	if bestScore >= sureGrid {
		return best, bestScore
	}
	type grownQuad struct {
		q     [4]Point
		rough float64 // its gridScore before refining
	}
	var tries []grownQuad
	for _, sx := range spans {
		for _, sy := range spans {
			if sx == spans[0] && sy == spans[0] {
				continue
			}
			g := subQuad(m, sx[0], sy[0], sx[1], sy[1])
			tries = append(tries, grownQuad{g, gridScore(work, g)})
		}
	}
	// Refining is what takes the time: only the likeliest few are.
	slices.SortStableFunc(tries, func(a, b grownQuad) int { return cmpFloat(b.rough, a.rough) })
	for _, t := range tries[:grownRefined] {
		g := refineTwice(work, t.q)
		if s := gridScore(work, g); s > grownRatio*bestScore+grownMargin {
			best, bestScore = g, s
		}
	}
	return best, bestScore
}

// How grown weighs outlines, set on the tuning half of the photos and the
// screenshots drawn from seeds 1000–1199, never the measured ones.
const (
	// A grown outline is taken when its gridScore beats the found one's
	// by a quarter and by grownMargin.
	grownRatio  = 1.25
	grownMargin = 0.03
	// An outline scoring sureGrid or more is not grown: every partial
	// outline of the tuning photos scored well under it, and growing
	// takes a picture's time.
	sureGrid = 0.3
	// Of the ways to grow, the grownRefined that frame a grid best before
	// refining are refined.
	grownRefined = 3
)

// subQuad returns the quad that m (a homography from a 9×9 board onto a
// picture) maps the board's rectangle from (x0, y0) to (x1, y1) onto, in
// cells; it may reach past the board.
func subQuad(m mapping, x0, y0, x1, y1 float64) [4]Point {
	var q [4]Point
	for k, c := range [4][2]float64{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}} {
		x, y := m.apply(c[0], c[1])
		q[k] = Point{x, y}
	}
	return q
}

// findGrids returns the rough corners (top left, top right, bottom right,
// bottom left) of up to n webs of connected ink in the mask that could be
// the grid, biggest first: square-ish and sparse, as a grid's lines are,
// with four extreme points that span most of their bounding box.
func findGrids(m *mask, n int) [][4]Point {
	seen := make([]bool, len(m.on))
	var found []blob
	for i, on := range m.on {
		if !on || seen[i] {
			continue
		}
		if b := m.flood(i, seen); b.gridLike(m) {
			found = append(found, b)
		}
	}
	slices.SortFunc(found, func(a, b blob) int { return b.area() - a.area() })
	var out [][4]Point
	for _, b := range found[:min(n, len(found))] {
		out = append(out, b.corners)
	}
	return out
}

// blob is one web of connected ink.
type blob struct {
	pixels                 int
	minX, minY, maxX, maxY int
	corners                [4]Point
	sum, diff              [2]int // least and greatest x+y, and x−y
}

func (b blob) area() int {
	if b.pixels == 0 {
		return 0
	}
	return (b.maxX - b.minX + 1) * (b.maxY - b.minY + 1)
}

// gridLike reports whether b could be a grid: at least a fifth of the
// picture across, nearly square, thin lines rather than a solid patch, and
// its corners spanning a quadrilateral that fills most of its box.
func (b blob) gridLike(m *mask) bool {
	w, h := b.maxX-b.minX+1, b.maxY-b.minY+1
	if 5*w < min(m.W, m.H) || 5*h < min(m.W, m.H) || 3*w < 2*h || 3*h < 2*w {
		return false
	}
	density := float64(b.pixels) / float64(w*h)
	return density > 0.03 && density < 0.45 && quadArea(b.corners) > 0.6*float64(w*h)
}

// flood labels the web of ink from pixel start: pixels at most reachPx
// apart in each direction are connected.
func (m *mask) flood(start int, seen []bool) blob {
	b := blob{minX: m.W, minY: m.H, maxX: -1, maxY: -1}
	b.sum, b.diff = [2]int{1 << 30, -1 << 30}, [2]int{1 << 30, -1 << 30}
	stack := []int{start}
	seen[start] = true
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x, y := i%m.W, i/m.W
		b.add(x, y)
		for dy := -reachPx; dy <= reachPx; dy++ {
			for dx := -reachPx; dx <= reachPx; dx++ {
				nx, ny := x+dx, y+dy
				if nx < 0 || ny < 0 || nx >= m.W || ny >= m.H {
					continue
				}
				if j := ny*m.W + nx; m.on[j] && !seen[j] {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
	}
	return b
}

// add counts pixel (x, y) in b, keeping its box and its extreme points:
// the top left has the least x+y, the bottom right the greatest, the top
// right the greatest x−y, the bottom left the least.
func (b *blob) add(x, y int) {
	b.pixels++
	b.minX, b.maxX = min(b.minX, x), max(b.maxX, x)
	b.minY, b.maxY = min(b.minY, y), max(b.maxY, y)
	p := Point{float64(x), float64(y)}
	if s := x + y; s < b.sum[0] {
		b.sum[0], b.corners[0] = s, p
	}
	if s := x + y; s > b.sum[1] {
		b.sum[1], b.corners[2] = s, p
	}
	if d := x - y; d > b.diff[1] {
		b.diff[1], b.corners[1] = d, p
	}
	if d := x - y; d < b.diff[0] {
		b.diff[0], b.corners[3] = d, p
	}
}

// quadArea is the area of the quadrilateral with corners q, in order.
func quadArea(q [4]Point) float64 {
	a := 0.0
	for k := range 4 {
		p, n := q[k], q[(k+1)%4]
		a += p.X*n.Y - n.X*p.Y
	}
	if a < 0 {
		a = -a
	}
	return a / 2
}

// reachPx is how far apart, in pixels of each axis, two pixels of ink may
// be and still be one web: bridging a pixel's gap keeps a blurred grid,
// whose thin lines break up when thresholded, in one piece.
const reachPx = 2

// refineTwice refines outline q, then again from the better outline, for
// what a tilt or a far-out rough corner left over.
func refineTwice(work *Gray, q [4]Point) [4]Point {
	q, _ = refine(work, q)
	q, _ = refine(work, q)
	return q
}
