package picture

import "slices"

// Some apps grow a row of tiles taller when its cells hold pencil marks,
// and shrink the other rows so the grid keeps its size (a column may grow
// wider so too): the tiles are then oblong, of two or three heights, and
// no one pitch steps from row to row. Such oblong tiles are looked at
// when the square-ish ones make no grid. Down uneven rows (across uneven
// columns) tiles are linked only to the tile just next to them, their
// facing sides a narrow gap apart and their other sides lined up,
// whatever their sizes, and each row's gaps are found from its own tiles
// (gapLines).

// maxStretch is how many times its shorter side a tile's longer side may
// be: a sudoku-play row of pencil marks is about 1.5 times as tall as its
// tiles are wide, and the rows it squeezes about 1.35 times as wide as
// tall. squareStretch is as much for a square-ish tile: most grids' tiles
// are square, and a patch more oblong is a tile cut by its digit.
const maxStretch, squareStretch = 1.6, 1.25

// tileShaped reports whether a patch w × h pixels could be a cell's tile
// in a mask whose tiles are lo to hi pixels across: its shorter side lo
// to hi, its longer at most maxStretch times that.
func tileShaped(w, h, lo, hi int) bool {
	short, long := min(w, h), max(w, h)
	return short >= lo && short <= hi && float64(long) <= maxStretch*float64(short)
}

// square reports whether t is square-ish: its longer side at most
// squareStretch times the shorter.
func (t tile) square() bool {
	return float64(max(t.w(), t.h())) <= squareStretch*float64(min(t.w(), t.h()))
}

// squareTiles returns the square-ish tiles of tiles.
func squareTiles(tiles []tile) []tile {
	var out []tile
	for _, t := range tiles {
		if t.square() {
			out = append(out, t)
		}
	}
	return out
}

// nextTo returns b as a's neighbour a place across or down, when their
// facing sides are at most a third of the smaller tile's shorter side
// apart and the sides along them are lined up to a tenth of it (a
// pixel, at least); false otherwise.
func nextTo(a, b tile, to int) (link, bool) {
	s := min(a.w(), a.h(), b.w(), b.h())
	gap, tol := s/3, max(1, s/10)
	level := func(p, q, r, u int) bool {
		return abs(float64(p-q)) <= float64(tol) && abs(float64(r-u)) <= float64(tol)
	}
	apart := func(lo, hi int) bool { return lo-hi-1 >= 0 && lo-hi-1 <= gap }
	switch {
	case level(a.minY, b.minY, a.maxY, b.maxY) && apart(b.minX, a.maxX):
		return link{to, 1, 0}, true
	case level(a.minY, b.minY, a.maxY, b.maxY) && apart(a.minX, b.maxX):
		return link{to, -1, 0}, true
	case level(a.minX, b.minX, a.maxX, b.maxX) && apart(b.minY, a.maxY):
		return link{to, 0, 1}, true
	case level(a.minX, b.minX, a.maxX, b.maxX) && apart(a.minY, b.maxY):
		return link{to, 0, -1}, true
	}
	return link{}, false
}

// pitchLink returns b as a's neighbour some places across or down, when
// the two are of about a size and level, and their distance is near a
// whole number of pitches that way (up to 8); false otherwise, or when
// that way has no pitch.
func pitchLink(a, b tile, to int, pitch [2]float64) (link, bool) {
	if !similar(a, b) {
		return link{}, false
	}
	d, down, ok := along(a, b, 0.9, 9.6)
	p := pitch[way(down)]
	if !ok || p == 0 {
		return link{}, false
	}
	n := int(abs(d)/p + 0.5)
	if n < 1 || n > 8 || abs(abs(d)-float64(n)*p) > 0.2*p {
		return link{}, false
	}
	if d < 0 {
		n = -n
	}
	if down {
		return link{to, 0, n}, true
	}
	return link{to, n, 0}, true
}

// way indexes what is kept for each way: 0 across, 1 down.
func way(down bool) int {
	if down {
		return 1
	}
	return 0
}

// pitches returns the tiles' pitch across and down: the median distance
// between the middles of tiles of about a size, level and about a side
// apart. It is 0 for a way no such tiles lie, or whose rows (columns,
// across) are uneven: a pitch would step from one row to a wrong one
// several rows on.
func pitches(tiles []tile) [2]float64 {
	var near, next [2][]float64
	for i, a := range tiles {
		for j, b := range tiles {
			if i == j {
				continue
			}
			if d, down, ok := along(a, b, 0.9, 1.6); ok && similar(a, b) {
				near[way(down)] = append(near[way(down)], abs(d))
			}
			if l, ok := nextTo(a, b, j); ok {
				d := a.centre().X - b.centre().X
				if l.dy != 0 {
					d = a.centre().Y - b.centre().Y
				}
				next[way(l.dy != 0)] = append(next[way(l.dy != 0)], abs(d))
			}
		}
	}
	var out [2]float64
	for k := range 2 {
		if len(near[k]) > 0 && !uneven(next[k]) {
			out[k] = median(near[k])
		}
	}
	return out
}

// uneven reports whether distances d between neighbouring tiles' middles
// are of two or more sizes: their 90th percentile is more than
// unevenRatio times their 10th (d is reordered).
func uneven(d []float64) bool {
	if len(d) < 10 {
		return false
	}
	slices.Sort(d)
	return ranked(d, 90) > unevenRatio*ranked(d, 10)
}

// unevenRatio is how much farther apart than the nearest neighbouring
// tiles the farthest may be in rows of one height: a grid's wider gaps
// round its boxes make them a tenth farther, a sudoku-play row of pencil
// marks a third.
const unevenRatio = 1.25

// grownRows reports whether the placed tiles' rows (columns, across) are
// of several heights (widths): some tile oblong (more than squareStretch
// times as long as wide) and the tallest row's middle tile more than
// unevenRatio times the shortest's. The rows of such a grid may outgrow
// its frame, which then cuts off its last row, or shows a sliver of it
// too thin for a tile. Square-ish tiles alone never make it: their rows
// differ only where digits cut them.
func grownRows(tiles []tile, at []cellAt, across bool) bool {
	var sides [9][]float64
	oblong := false
	for i, t := range tiles {
		if at[i].col < 0 {
			continue
		}
		oblong = oblong || !t.square()
		if across {
			sides[at[i].col] = append(sides[at[i].col], float64(t.w()))
		} else {
			sides[at[i].row] = append(sides[at[i].row], float64(t.h()))
		}
	}
	lo, hi := 1e9, 0.0
	for _, s := range sides {
		if len(s) > 0 {
			m := median(s)
			lo, hi = min(lo, m), max(hi, m)
		}
	}
	return oblong && hi > unevenRatio*lo
}
