package picture

import "slices"

// Many apps draw no grid lines: each cell is a rounded tile, with a gap
// of the screen's colour or a line colour between tiles, wider between
// boxes. There is no web of ink to find there, so the tiles themselves
// are looked for: patches of one colour, square-ish and of a size, that
// sit side by side in a 9 × 9 arrangement. A screenshot is square to the
// screen, so the lattice is taken as straight rows and columns.

// tileGrid finds a grid of tiles in g, whose edges step by more than
// step grey levels, and returns its lattice in g's pixels.
func tileGrid(g *Gray, step int) (lattice, bool) {
	m, scale := g.edges(workSide, step)
	l, ok := tileLattice(m)
	return l.scaled(scale), ok
}

// edges marks where g's grey steps by more than step: a pixel that
// differs so from the next one across or down, or whose two neighbours
// across or down differ so. Shrunk so its longest side is at most side,
// a pixel is marked when any of its block is, so a gap a pixel wide
// between tiles stays whole, whichever way it is lighter. The picture's
// edge is marked too: a picture cropped to a grid of tiles cuts its outer
// tiles at the edge, and they would join there. It returns the mask and
// the factor from its pixels back to g's.
func (g *Gray) edges(side, step int) (*mask, float64) {
	f := max(1, (max(g.W, g.H)+side-1)/side)
	m := &mask{W: g.W / f, H: g.H / f}
	m.on = make([]bool, m.W*m.H)
	for y := 1; y < min(g.H-1, m.H*f); y++ {
		out := m.on[y/f*m.W:][:m.W]
		n := min(g.W, m.W*f+1)
		up, row, down := g.Pix[(y-1)*g.W:][:n], g.Pix[y*g.W:][:n], g.Pix[(y+1)*g.W:][:n]
		for bx := range out {
			if !out[bx] { // a block marked already needs no more looks
				out[bx] = edgeIn(up, row, down, max(1, bx*f), min(len(row)-1, (bx+1)*f), step)
			}
		}
	}
	if m.W == 0 || m.H == 0 { // a picture thinner than a block
		return m, float64(f)
	}
	for x := range m.W {
		m.on[x], m.on[(m.H-1)*m.W+x] = true, true
	}
	for y := range m.H {
		m.on[y*m.W], m.on[y*m.W+m.W-1] = true, true
	}
	return m, float64(f)
}

// edgeIn reports whether a pixel of row from x0 to x1 (not included)
// differs by more than step from its neighbour across, or its neighbours
// across differ so from each other: some two of three greys do when the
// three's range does.
func edgeIn(up, row, down []uint8, x0, x1, step int) bool {
	for x := x0; x < x1; x++ {
		v, l, r, u, d := int(row[x]), int(row[x-1]), int(row[x+1]), int(up[x]), int(down[x])
		if max(l, v, r)-min(l, v, r) > step || max(u, v, d)-min(u, v, d) > step {
			return true
		}
	}
	return false
}

// edgeStep is how many grey levels a step between tiles and gaps must
// have: the faintest apps' tiles differ from their screen by little more.
const edgeStep = 4

// noisyStep is how many grey levels a step between tiles and gaps must
// have on a second look: a screenshot scaled down and saved as a JPEG (a
// chat client's preview) rings round every digit and line by a few grey
// levels, breaking its tiles' flat faces into pieces at edgeStep. On the
// tuning screenshots (seeds 1000–1199) scaled to 720 pixels wide at JPEG
// quality 75, 6 and 8 read 169 of 200 exactly (against 161 without the
// second look), 10 167, 12 165.
const noisyStep = 8

// faintStep is how many grey levels a step between tiles and gaps must
// have in a picture where neither edgeStep's tiles nor a web of lines
// made a grid: the palest apps' tiles, on a screen of nearly their own
// colour, differ from it by two or three.
const faintStep = 2

// tileLattice finds the 9 × 9 tiles among the unmarked patches of m and
// returns the lattice of the gaps' middles, in m's pixels: of the
// square-ish patches, or when they make no grid, of the oblong ones too
// (tilerows.go), which in most grids are cells cut by their digits.
func tileLattice(m *mask) (lattice, bool) {
	all := tilesOf(m)
	square := squareTiles(all)
	if l, ok := latticeOf(m, square); ok || len(square) == len(all) {
		return l, ok
	}
	return latticeOf(m, all)
}

// latticeOf arranges tiles, patches of m, in a 9 × 9 grid and returns the
// lattice of the gaps' middles, in m's pixels.
func latticeOf(m *mask, tiles []tile) (lattice, bool) {
	at, ok := arrange(tiles)
	if ok {
		at, ok = outerRing(m, tiles, at)
	}
	if !ok {
		return lattice{}, false
	}
	xs, okx := gapLines(tiles, at, true)
	ys, oky := gapLines(tiles, at, false)
	if !okx || !oky {
		return lattice{}, false
	}
	var l lattice
	for i := range 10 {
		for j := range 10 {
			l[i][j] = Point{xs[j], ys[i]}
		}
	}
	return l, true
}

// tile is a patch of connected blank pixels that could be a cell: its
// box, inclusive, in pixels.
type tile struct{ minX, minY, maxX, maxY int }

func (t tile) w() int { return t.maxX - t.minX + 1 }
func (t tile) h() int { return t.maxY - t.minY + 1 }

// centre returns the middle of t's box.
func (t tile) centre() Point {
	return Point{float64(t.minX+t.maxX) / 2, float64(t.minY+t.maxY) / 2}
}

// tilesOf returns the patches of 4-connected blank pixels of m that could
// be cells: square-ish or oblong (tileShaped), mostly filled (a digit
// takes only a little of a tile), and of a size for a grid at least a
// fifth of the picture across.
func tilesOf(m *mask) []tile {
	seen := make([]bool, len(m.on))
	lo, hi := min(m.W, m.H)/50, min(m.W, m.H)/9+2
	var out []tile
	var stack []int
	for start, on := range m.on {
		if on || seen[start] {
			continue
		}
		t, n := m.patch(start, seen, stack[:0])
		if tileShaped(t.w(), t.h(), lo, hi) && 2*n >= t.w()*t.h() {
			out = append(out, t)
		}
	}
	return out
}

// patch floods the blank pixels 4-connected to start and returns their
// box and how many they are.
func (m *mask) patch(start int, seen []bool, stack []int) (tile, int) {
	t := tile{minX: m.W, minY: m.H, maxX: -1, maxY: -1}
	seen[start] = true
	stack = append(stack, start)
	n := 0
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x, y := i%m.W, i/m.W
		n++
		t.minX, t.maxX = min(t.minX, x), max(t.maxX, x)
		t.minY, t.maxY = min(t.minY, y), max(t.maxY, y)
		for _, j := range [4]int{i - 1, i + 1, i - m.W, i + m.W} {
			if j < 0 || j >= len(m.on) || (j == i-1 && x == 0) || (j == i+1 && x == m.W-1) {
				continue
			}
			if !m.on[j] && !seen[j] {
				seen[j] = true
				stack = append(stack, j)
			}
		}
	}
	return t, n
}

// cellAt is a tile's place in the grid, column and row.
type cellAt struct{ col, row int }

// arrange finds the biggest set of tiles linked as neighbours (side by
// side, of a size) and gives each its column and row; it keeps the 9 × 9
// window of them holding the most tiles, and returns each tile's place
// (col −1 for tiles outside it). False unless the window holds at least
// minTiles tiles.
func arrange(tiles []tile) ([]cellAt, bool) {
	links := tileLinks(tiles)
	best, bestN := []cellAt(nil), 0
	done := make([]bool, len(tiles))
	for s := range tiles {
		if done[s] {
			continue
		}
		at, n := linkPlaces(tiles, links, s, done)
		if n > bestN {
			best, bestN = at, n
		}
	}
	if bestN < minTiles {
		return nil, false
	}
	return window(best)
}

// minTiles is how many of the 81 tiles must be found: highlighted cells
// and those whose tile blends into the gaps may be missed.
const minTiles = 20

// tileLinks lists, for each tile, the tiles it is linked to, with how
// many places across or down they are: a tile of about its size level
// with it, its distance over the pitch that way near a whole number up to
// 8 (pitches), or else, the way rows (columns) are uneven and have no
// pitch, a tile just next to it (nextTo).
func tileLinks(tiles []tile) [][]link {
	out := make([][]link, len(tiles))
	pitch := pitches(tiles)
	for i, a := range tiles {
		for j, b := range tiles {
			if i == j {
				continue
			}
			if l, ok := pitchLink(a, b, j, pitch); ok {
				out[i] = append(out[i], l)
			} else if l, ok := nextTo(a, b, j); ok && pitch[way(l.dy != 0)] == 0 {
				out[i] = append(out[i], l)
			}
		}
	}
	return out
}

// along returns how far b's middle is from a's, across or down (down
// true), when it is level with a (within a fifth of a's side) and lo to
// hi of a's sides away.
func along(a, b tile, lo, hi float64) (float64, bool, bool) {
	ca, cb, s := a.centre(), b.centre(), float64(a.w()+a.h())/2
	dx, dy := cb.X-ca.X, cb.Y-ca.Y
	switch {
	case abs(dy) < 0.2*s && abs(dx) > lo*s && abs(dx) < hi*s:
		return dx, false, true
	case abs(dx) < 0.2*s && abs(dy) > lo*s && abs(dy) < hi*s:
		return dy, true, true
	}
	return 0, false, false
}

// link is a neighbour of a tile: its index and which way it lies.
type link struct{ to, dx, dy int }

// similar reports whether two tiles are of about a size.
func similar(a, b tile) bool {
	return 10*a.w() >= 8*b.w() && 10*b.w() >= 8*a.w() && 10*a.h() >= 8*b.h() && 10*b.h() >= 8*a.h()
}

// linkPlaces gives the tiles linked to tile s their places, counting from
// s's, and returns them (col −1 for tiles not reached) and how many.
func linkPlaces(tiles []tile, links [][]link, s int, done []bool) ([]cellAt, int) {
	at := make([]cellAt, len(tiles))
	for i := range at {
		at[i].col = -1 << 20
	}
	at[s] = cellAt{0, 0}
	done[s] = true
	queue, n := []int{s}, 0
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		n++
		for _, l := range links[i] {
			if !done[l.to] {
				done[l.to] = true
				at[l.to] = cellAt{at[i].col + l.dx, at[i].row + l.dy}
				queue = append(queue, l.to)
			}
		}
	}
	return at, n
}

// window keeps the 9 × 9 places holding the most tiles, numbering them
// from 0; the rest get col −1. False unless it holds minTiles tiles.
// Its first or last row or column may hold none (see outerRing).
func window(at []cellAt) ([]cellAt, bool) {
	loC, loR := 1<<20, 1<<20
	for _, a := range at {
		if a.col > -1<<19 {
			loC, loR = min(loC, a.col), min(loR, a.row)
		}
	}
	count := map[cellAt]int{}
	for _, a := range at {
		if a.col > -1<<19 {
			count[cellAt{a.col - loC, a.row - loR}]++
		}
	}
	best, bestN := cellAt{}, -1
	for c0 := range 40 {
		for r0 := range 40 {
			n := 0
			for k, v := range count {
				if k.col >= c0 && k.col < c0+9 && k.row >= r0 && k.row < r0+9 {
					n += v
				}
			}
			if n > bestN {
				best, bestN = cellAt{c0, r0}, n
			}
		}
	}
	out := make([]cellAt, len(at))
	for i, a := range at {
		c, r := a.col-loC-best.col, a.row-loR-best.row
		out[i] = cellAt{-1, -1}
		if a.col > -1<<19 && c >= 0 && c < 9 && r >= 0 && r < 9 {
			out[i] = cellAt{c, r}
		}
	}
	return out, bestN >= minTiles
}

// gapLines returns where the grid's ten lines of one family are (across
// true for the vertical lines, at x): the middles of the gaps between the
// columns' tiles, and half a gap outside the first and last. False when
// the tiles of a column do not line up, as they do in a screenshot.
func gapLines(tiles []tile, at []cellAt, across bool) ([10]float64, bool) {
	var lo, hi [9][]float64
	for i, t := range tiles {
		k := at[i].row
		a, b := t.minY, t.maxY
		if across {
			k, a, b = at[i].col, t.minX, t.maxX
		}
		if at[i].col < 0 {
			continue
		}
		lo[k], hi[k] = append(lo[k], float64(a)), append(hi[k], float64(b+1))
	}
	var start, end [9]float64
	for k := range 9 {
		start[k], end[k] = median(lo[k]), median(hi[k])
	}
	if !lined(lo, hi, start, end) {
		return [10]float64{}, false
	}
	// An outer column that holds no tile (outerRing) lies a pitch beyond
	// its neighbour.
	if len(lo[0]) == 0 {
		start[0], end[0] = 2*start[1]-start[2], 2*end[1]-end[2]
	}
	if len(lo[8]) == 0 {
		start[8], end[8] = 2*start[7]-start[6], 2*end[7]-end[6]
	}
	var out [10]float64
	gaps := make([]float64, 0, 8)
	for k := 1; k < 9; k++ {
		out[k] = (end[k-1] + start[k]) / 2
		gaps = append(gaps, start[k]-end[k-1])
	}
	g := max(0, slices.Min(gaps))
	out[0], out[9] = start[0]-g/2, end[8]+g/2
	for k := 1; k < 10; k++ {
		if out[k] <= out[k-1] {
			return out, false
		}
	}
	return out, true
}

// lined reports whether the tiles' edges, lo and hi in each column (or
// row), line up with the column's, start and end, as a screenshot's do:
// all but a few within a pixel. A photo's grid, which is never quite
// square to the picture, is left to the lines.
func lined(lo, hi [9][]float64, start, end [9]float64) bool {
	n, off := 0, 0
	for k := range 9 {
		for i := range lo[k] {
			n++
			if abs(lo[k][i]-start[k]) > 1 || abs(hi[k][i]-end[k]) > 1 {
				off++
			}
		}
	}
	return off*10 <= n
}
