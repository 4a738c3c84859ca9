package picture

import "slices"

// Some apps mark their givens by the cell, not the digit: a given sits on
// a shaded tile and a player's digit, in the same face and ink, on the
// plain tiles the empty cells have (aldeon-sudoku, sudoku-play). There
// the digits' looks make one population, and only the tiles tell the
// kinds apart. The tiles are cells' shades (tileShade): they fall in
// clusters, and a run of clusters of one tint in which every cell holds
// a digit, and as many as a puzzle prints, is such a mark
// (shadedSplits).

// tileShade returns the shade of a cell's tile: the grey of its middle
// (tileInner of its side) at tilePercentile, which most of the middle is
// as dark as or darker than and a digit's ink, a small part of it, does
// not move.
func tileShade(g *Gray, i int) float64 {
	return float64(percentile(tileMiddle(g, i), tilePercentile))
}

// tileTint returns the colourfulness of a cell's tile: the median of its
// middle's, from the board's colourfulness chroma.
func tileTint(chroma *Gray, i int) float64 {
	return float64(percentile(tileMiddle(chroma, i), 50))
}

// tileMiddle returns the grey levels of the middle tileInner of cell i's
// side, clear of the grid's lines.
func tileMiddle(g *Gray, i int) []uint8 {
	side := g.W / 9
	m := int(float64(side) * (1 - tileInner) / 2)
	return region(g, (i%9)*side+m, (i/9)*side+m, side-2*m, side-2*m)
}

// How tileShade reads a tile: the middle tileInner of the cell's side at
// its tilePercentile grey.
const (
	tileInner      = 0.75
	tilePercentile = 85
)

// shadedSplits returns the splits (written digits) in which the printed
// digits are those on tiles shaded apart: the cells sorted by shade are
// cut into clusters where neighbours differ by tileGap or more, and
// every run of consecutive clusters that holds digits only (but for
// shadedBlanks), of tints within tintGap of each other, minGivens to
// maxGivens of them, makes its digits printed and the board's other
// digits written (an app's red tiles of mistakes are no givens), when
// they reach shadedBoxes of the boxes. A page with no such run (paper, shading that has empty cells
// too, as boxes shaded in turn, or a selection's) gives none.
func shadedSplits(cells *[81]Cell, shade, tint *[81]float64) [][81]bool {
	order := make([]int, 81)
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return cmpFloat(shade[a], shade[b]) })
	var starts []int // where each cluster starts in order
	for k := range order {
		if k == 0 || shade[order[k]]-shade[order[k-1]] >= tileGap {
			starts = append(starts, k)
		}
	}
	starts = append(starts, len(order))
	var out [][81]bool
	for a := 0; a+1 < len(starts); a++ {
		for b := a + 1; b < len(starts); b++ {
			run := order[starts[a]:starts[b]]
			empty := blanks(cells, run)
			if empty > shadedBlanks || len(run) > maxGivens+shadedBlanks || spanOf(tint, run) > tintGap {
				break
			}
			if n := len(run) - empty; n >= minGivens && n <= maxGivens && boxesOf(run) >= shadedBoxes {
				out = append(out, writtenBeside(cells, run))
			}
		}
	}
	return out
}

// tileGap is the least difference in grey between two tiles' shades that
// tells them apart: a screenshot's flat tiles differ by a level or two
// within a shade (JPEG), an app's shades by ten or more.
const tileGap = 6.0

// shadedBoxes is how many of the board's boxes the cells of a shaded run
// must reach: a puzzle's givens reach nearly all nine, where a selection
// an app highlights (a row, a column and a box, full on a board nearly
// solved) reaches five.
const shadedBoxes = 7

// boxesOf returns how many boxes the cells of run lie in.
func boxesOf(run []int) int {
	var seen [9]bool
	n := 0
	for _, i := range run {
		if b := i/27*3 + i%9/3; !seen[b] {
			seen[b] = true
			n++
		}
	}
	return n
}

// tintGap is the most two tiles of one shade run may differ in
// colourfulness (chromaSampler's 0 to 255).
const tintGap = 16.0

// spanOf returns the greatest less the least of v over the cells of run,
// which holds at least one.
func spanOf(v *[81]float64, run []int) float64 {
	lo, hi := v[run[0]], v[run[0]]
	for _, i := range run {
		lo, hi = min(lo, v[i]), max(hi, v[i])
	}
	return hi - lo
}

// blanks returns how many cells of run hold no digit.
func blanks(cells *[81]Cell, run []int) int {
	n := 0
	for _, i := range run {
		n += b2i(cells[i].Digit == 0)
	}
	return n
}

// shadedBlanks is how many cells without a digit a shaded run may hold:
// a given the classifier missed (its tile is still a given's).
const shadedBlanks = 1

// writtenBeside returns the split with the digits of the cells in
// printed printed and every other digit of the board written.
func writtenBeside(cells *[81]Cell, printed []int) [81]bool {
	var w [81]bool
	for i, c := range cells {
		w[i] = c.Digit != 0
	}
	for _, i := range printed {
		w[i] = false
	}
	return w
}
