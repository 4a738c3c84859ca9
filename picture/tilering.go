package picture

import (
	"maps"
	"slices"
)

// A grid of tiles drawn on a screen of the tiles' own colour, with a line
// colour only in the gaps between them, shows no edge around its outer
// tiles: they join the screen and are no tiles, and only the inner 7 or 8
// columns (and rows) are found. Their gaps with their neighbours still
// run on to the grid's edge, which tells where the outer tiles are.

// outerRing checks that the tiles placed by window fill every row and
// column of the grid; where the first or last of them holds none, it
// tells from the gaps whether a column (or row) of tiles joined with the
// screen lies beyond the found ones (see ringAt), and places the found
// tiles so. False when a row or column inside the found ones is empty, or
// the gaps do not tell.
func outerRing(m *mask, tiles []tile, at []cellAt) ([]cellAt, bool) {
	for _, across := range []bool{true, false} {
		lo, hi, ok := span(at, across)
		if !ok {
			return at, false
		}
		shift, ok := ringShift(m, tiles, at, across, lo, hi)
		if !ok {
			return at, false
		}
		for i := range at {
			if at[i].col >= 0 {
				if across {
					at[i].col += shift
				} else {
					at[i].row += shift
				}
			}
		}
	}
	return at, true
}

// span returns the first and last columns (across) or rows holding a
// placed tile; false when one between them holds none.
func span(at []cellAt, across bool) (lo, hi int, ok bool) {
	var n [9]int
	for _, a := range at {
		if a.col >= 0 {
			k := a.row
			if across {
				k = a.col
			}
			n[k]++
		}
	}
	lo, hi = 0, 8
	for lo < 9 && n[lo] == 0 {
		lo++
	}
	for hi >= 0 && n[hi] == 0 {
		hi--
	}
	for k := lo; k <= hi; k++ {
		if n[k] == 0 {
			return lo, hi, false
		}
	}
	return lo, hi, hi >= lo
}

// ringShift returns how far the found columns lo to hi (across) or rows
// must move for the grid to hold one column (or row) beyond them on each
// side that ringAt finds, at most one a side, making nine, or the one
// missing after them when neither side shows it but the rows (columns)
// are of several heights (grownRows); false when it cannot.
func ringShift(m *mask, tiles []tile, at []cellAt, across bool, lo, hi int) (int, bool) {
	missing := 8 - (hi - lo)
	if missing == 0 {
		return -lo, true
	}
	if missing > 2 {
		return 0, false
	}
	before, after := ringAt(m, tiles, at, across, false), ringAt(m, tiles, at, across, true)
	switch {
	case missing == 2 && before && after:
		return 1 - lo, true
	case missing == 1 && before != after && before:
		return 1 - lo, true
	case missing == 1 && before != after:
		return -lo, true
	case missing == 1 && !before && !after && grownRows(tiles, at, across):
		// Rows grown past the grid's frame are cut off at its end.
		return -lo, true
	}
	return 0, false
}

// ringAt reports whether the gaps between the found rows (for columns,
// across) run on for a tile's width beyond the found columns, after them
// or before: along most of that stretch, the edge where each row's tiles
// end is marked in m, as the gap between two joined tiles marks it.
func ringAt(m *mask, tiles []tile, at []cellAt, across, after bool) bool {
	// Along each family: the found tiles' extent across (x0, x1) and the
	// ends of each row of them down (their bottoms, where a gap starts).
	x0, x1, width := 1<<30, -1, 0
	var ends []int
	byRow := map[int][]int{}
	for i, t := range tiles {
		if at[i].col < 0 {
			continue
		}
		a0, a1, b1, k := t.minX, t.maxX, t.maxY, at[i].row
		if !across {
			a0, a1, b1, k = t.minY, t.maxY, t.maxX, at[i].col
		}
		x0, x1 = min(x0, a0), max(x1, a1)
		width = max(width, a1-a0+1)
		byRow[k] = append(byRow[k], b1+1)
	}
	rows := slices.Sorted(maps.Keys(byRow))
	for _, k := range rows {
		ends = append(ends, int(median(intsToFloats(byRow[k]))))
	}
	if len(ends) < 2 {
		return false
	}
	from, to := x1+2, x1+width
	if !after {
		from, to = x0-width, x0-2
	}
	marked, n := 0, 0
	for _, e := range ends[:len(ends)-1] { // the last row's end, in row order, may be the grid's
		for x := from; x <= to; x++ {
			n++
			if edgeNear(m, x, e, across) {
				marked++
			}
		}
	}
	return n > 0 && 10*marked >= 7*n
}

// edgeNear reports whether m is marked at place x along and within a
// pixel of e across (across: x is m's x and e its y), false outside m.
func edgeNear(m *mask, x, e int, across bool) bool {
	for d := -1; d <= 1; d++ {
		px, py := x, e+d
		if !across {
			px, py = e+d, x
		}
		if px >= 0 && py >= 0 && px < m.W && py < m.H && m.on[py*m.W+px] {
			return true
		}
	}
	return false
}
