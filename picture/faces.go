package picture

import (
	"context"
	"math"
	"slices"
)

// inkWidth estimates, in pixels, how thick the strokes of the kept marks
// of a side×side cell are, from its grey levels px (paper at bg, ink at
// dark): twice the ink's mass over the length of its outline, both
// measured in shades rather than whole pixels (the outline's length is
// the sum of the ink's slope, as the coarea formula has it), over the
// kept marks grown by two pixels to take in their soft edges. Pixels on
// or off count fractionally, so a stroke sampled between pixels measures
// about as thick as one sampled on them; strokeWidth, which counts whole
// pixels, can differ by half a pixel between two copies of one glyph.
func inkWidth(px []uint8, keep []bool, side int, bg, dark float64) float64 {
	near := grow(grow(keep, side), side)
	u := func(x, y int) float64 {
		if x < 0 || y < 0 || x >= side || y >= side || !near[y*side+x] {
			return 0
		}
		return min(max((bg-float64(px[y*side+x]))/max(bg-dark, 1), 0), 1)
	}
	mass, outline := 0.0, 0.0
	for y := -1; y < side; y++ {
		for x := -1; x < side; x++ {
			a, b, c, d := u(x, y), u(x+1, y), u(x, y+1), u(x+1, y+1)
			mass += a
			outline += math.Hypot((b-a+d-c)/2, (c-a+d-b)/2)
		}
	}
	return 2 * mass / max(outline, 1e-9)
}

// grow returns mask with every pixel next to a set one set too.
func grow(mask []bool, side int) []bool {
	out := make([]bool, len(mask))
	for k, on := range mask {
		if !on {
			continue
		}
		x, y := k%side, k/side
		out[k] = true
		if x > 0 {
			out[k-1] = true
		}
		if x < side-1 {
			out[k+1] = true
		}
		if y > 0 {
			out[k-side] = true
		}
		if y < side-1 {
			out[k+side] = true
		}
	}
	return out
}

// faceSplit splits a board's digits into two faces by the width of their
// strokes: a screenshot whose entries differ from its givens in weight
// alone. A glyph's measured width depends on its digit as well as on its
// face (a 1's strokes measure thinner than an 8's), and that is most of
// the spread within a face; so each digit has its own base width, and the
// lighter face is the base less one width shared by all digits (on a log
// scale, so a face is a ratio lighter). Fitted as 2-means is, from a split
// of all the widths: each digit's base and the faces' difference by least
// squares, then each digit's glyphs to the faces that best fit one base
// width (placeDigit), until nothing moves. It
// returns which cells are in the lighter face, and how far apart the
// faces are in the spread within them; apart is 0 (and light means
// nothing) when the digits do not split, or when either face has under
// minSure glyphs of digits that show both.
func faceSplit(cells *[81]Cell, widths *[81]float64) (light [81]bool, apart float64) {
	var idx []int
	var ys []float64
	for i, c := range cells {
		if c.Digit != 0 && widths[i] > 0 {
			idx = append(idx, i)
			ys = append(ys, math.Log(widths[i]))
		}
	}
	if len(idx) < minGivens {
		return light, 0
	}
	cut, _ := splitOf(ys, minGivens/2)
	in := make([]bool, len(ys)) // in the lighter face
	for k, y := range ys {
		in[k] = y < cut
	}
	for range 20 {
		base, step, ok := fitFaces(cells, idx, ys, in)
		if !ok {
			return light, 0
		}
		moved := false
		for d := 1; d <= 9; d++ {
			moved = placeDigit(cells, idx, ys, in, d, base[d], step) || moved
		}
		if !moved {
			break
		}
	}
	base, step, ok := fitFaces(cells, idx, ys, in)
	if !ok || !bothFaces(cells, idx, in) {
		return light, 0
	}
	for k, i := range idx {
		light[i] = in[k]
	}
	return light, step / faceSpread(cells, idx, ys, in, base, step)
}

// bothFaces reports whether each face has minSure glyphs of digits that
// show both (a digit all of whose glyphs are in one face says nothing of
// the faces' difference: its base width takes it up).
func bothFaces(cells *[81]Cell, idx []int, in []bool) bool {
	var seen [10][2]int
	for k, i := range idx {
		seen[cells[i].Digit][b2i(in[k])]++
	}
	var n [2]int
	for _, s := range seen {
		if s[0] > 0 && s[1] > 0 {
			n[0] += s[0]
			n[1] += s[1]
		}
	}
	return n[0] >= minSure && n[1] >= minSure
}

// faceSpread is the spread of log widths ys within the faces, from their
// median distance from their digit's width in their face (madBell times
// it, as for a bell): a glyph whose digit was misread is far from its
// digit's width and would swell a mean. At least faceFloor.
func faceSpread(cells *[81]Cell, idx []int, ys []float64, in []bool, base [10]float64, step float64) float64 {
	res := make([]float64, len(ys))
	for k, y := range ys {
		res[k] = math.Abs(y - base[cells[idx[k]].Digit] + step*float64(b2i(in[k])))
	}
	return max(madBell*median(res), faceFloor)
}

// madBell is how many times its median absolute deviation a bell's
// spread is.
const madBell = 1.4826

// placeDigit puts digit d's glyphs (of cells idx, log widths ys) in
// their faces for a step between the faces: the lightest few in the
// lighter face and the rest in the heavier, however many best fit one
// base width (so a digit all of whose glyphs another split put in the
// wrong face moves as a whole); of equal fits, the base nearest was, the
// digit's base so far. It reports whether a glyph moved.
func placeDigit(cells *[81]Cell, idx []int, ys []float64, in []bool, d int, was, step float64) bool {
	var ks []int
	for k, i := range idx {
		if cells[i].Digit == d {
			ks = append(ks, k)
		}
	}
	if len(ks) == 0 {
		return false
	}
	slices.SortFunc(ks, func(a, b int) int { return cmpFloat(ys[a], ys[b]) })
	bestM, bestCost, bestOff := 0, math.Inf(1), math.Inf(1)
	for m := 0; m <= len(ks); m++ {
		sum := 0.0
		for r, k := range ks {
			sum += ys[k] + step*float64(b2i(r < m))
		}
		base := sum / float64(len(ks))
		cost := 0.0
		for r, k := range ks {
			e := ys[k] + step*float64(b2i(r < m)) - base
			cost += e * e
		}
		off := math.Abs(base - was)
		if cost < bestCost-1e-9 || cost < bestCost+1e-9 && off < bestOff {
			bestM, bestCost, bestOff = m, cost, off
		}
	}
	moved := false
	for r, k := range ks {
		moved = moved || in[k] != (r < bestM)
		in[k] = r < bestM
	}
	return moved
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// faceFloor is the least spread of log widths within a face faceSplit
// reckons with: a few percent, as glyphs sampled between pixels differ.
const faceFloor = 0.02

// fitFaces fits, by least squares, log widths ys (of cells idx) as their
// digit's base less step for those in the lighter face: step from how
// the faces differ within each digit, then each digit's base. It returns
// false when no digit has glyphs of both faces or step is not positive.
func fitFaces(cells *[81]Cell, idx []int, ys []float64, in []bool) (base [10]float64, step float64, ok bool) {
	var n, sumY, sumK [10]float64
	for k, i := range idx {
		d := cells[i].Digit
		n[d]++
		sumY[d] += ys[k]
		if in[k] {
			sumK[d]++
		}
	}
	var sxy, sxx float64
	for k, i := range idx {
		d := cells[i].Digit
		x := sumK[d] / n[d]
		if in[k] {
			x--
		}
		sxy += x * (ys[k] - sumY[d]/n[d])
		sxx += x * x
	}
	if sxx == 0 || sxy <= 0 {
		return base, 0, false
	}
	step = sxy / sxx
	for d := range base {
		if n[d] > 0 {
			base[d] = (sumY[d] + step*sumK[d]) / n[d]
		}
	}
	return base, step, true
}

// mendByFace reads a board's digits by their faces when colour does not
// tell its printed digits from its written ones (an app that draws a
// player's entries in the givens' ink, lighter): when faceSplit finds two
// faces clearly apart (minFace) and both are typefaces (typefaces), the
// lighter face is written and the heavier printed, if the printed digits
// then make a puzzle with exactly one solution (marks as small as pencil
// marks blank, as splitKinds has them). The classifier, which judges each
// glyph alone, reads such a board's italic or light entries as printed
// and written by turns.
//
// Digits in a colour that inkSplit sets apart from a neutral ink are
// written, and they must lie mostly in the lighter face: a board whose
// entries are all purple in a face heavier than its givens' would else be
// read the wrong way round (the red of a player's wrong entries, in the
// entries' face, shows which face that is).
//
// When the faces are near enough apart to be two (fineFace) but do not
// make such a puzzle, finer gives the digits' widths measured again from
// the picture at a finer scale, when it holds finer detail (nil else): a
// bold and a medium face of one family differ by a tenth of a stroke,
// about what the board's 32 pixels a cell blur.
func mendByFace(ctx context.Context, cells *[81]Cell, in *[81][]float32, widths *[81]float64, finer func(*[81]Cell) *[81]float64) {
	clean := withoutPencilMarks(*cells, in) // a pencil mark's thin strokes are no face
	if apart, ok := readByFace(ctx, cells, clean, in, widths); ok || apart < fineFace || finer == nil {
		return
	}
	if fine := finer(&clean); fine != nil {
		readByFace(ctx, cells, clean, in, fine)
	}
}

// readByFace reads cells by the faces widths split clean (cells without
// their pencil marks) into, as mendByFace says, and reports how far apart
// the faces lie (0 when colour reads the board, not faces) and whether
// the reading was kept.
func readByFace(ctx context.Context, cells *[81]Cell, clean [81]Cell, in *[81][]float32, widths *[81]float64) (float64, bool) {
	if colourSplits(&clean, in) {
		return 0, false
	}
	light, apart := faceSplit(&clean, widths)
	if apart < minFace {
		return apart, false
	}
	if light = byGlyph(&clean, in, light); !typefaces(&clean, in, light) {
		return apart, false
	}
	colourful, _ := inkSplit(&clean, in)
	if !lightIsColourful(light, colourful) {
		return 0, false
	}
	for i, c := range colourful {
		light[i] = light[i] || c
	}
	if !kindsChange(&clean, light) {
		return apart, true
	}
	return apart, keepIfPuzzle(ctx, cells, withKinds(clean, light))
}

// fineFace is how far apart, in the spread within them, faceSplit's two
// faces must lie on the board's widths for mendByFace to measure them
// again more finely.
const fineFace = 3.0

// lightIsColourful reports whether at least half the digits in colour
// lie in the lighter face (so when none is in colour).
func lightIsColourful(light, colourful [81]bool) bool {
	in, all := 0, 0
	for i, c := range colourful {
		if c {
			all++
			in += b2i(light[i])
		}
	}
	return 2*in >= all
}

// byGlyph moves a digit to the other face when its glyph is a copy of one
// there and not of one in its own: its nearest copy of its digit in the
// other face is under otherFace times as far as its nearest in its own (a
// digit with no copy in its own face stays). Two faces
// that differ in shape as well as weight (an italic, a face of another
// family) tell a glyph the width of its strokes left in doubt.
func byGlyph(cells *[81]Cell, in *[81][]float32, light [81]bool) [81]bool {
	out := light
	for i, c := range cells {
		if c.Digit == 0 {
			continue
		}
		var near [2]float64 // nearest copy in its own face, in the other
		near[0], near[1] = math.Inf(1), math.Inf(1)
		for j, o := range cells {
			if j != i && o.Digit == c.Digit {
				k := b2i(light[j] != light[i])
				near[k] = min(near[k], glyphDistance(in[i], in[j]))
			}
		}
		if !math.IsInf(near[0], 1) && near[1] < otherFace*near[0] {
			out[i] = !light[i]
		}
	}
	return out
}

// otherFace is how much nearer a copy in the other face must be than one
// in a glyph's own for byGlyph to move it.
const otherFace = 0.35

// minFace is how far apart, in the spread within them, faceSplit's two
// faces must lie for mendByFace to read a board by them: on screenshots
// whose entries differ in weight alone, a bold and a medium face measure
// 4 to 7 apart, a bold and a regular one 7 to 15.
const minFace = 5.0

// colourSplits reports whether the colour of a board's digits splits them
// clearly into two groups (clearSplits' test on the chroma measure).
func colourSplits(cells *[81]Cell, in *[81][]float32) bool {
	_, vs := digitStyles(cells, in, anyDigit)
	_, apart := splitOf(column(vs, chromaDim), minGivens/2)
	return apart >= minSplit
}

// typefaces reports whether both faces of a board's digits (light set or
// not) are typefaces: the copies of one digit in the lighter face differ
// from one another at most sameFace times as much as those in the heavier
// do (the median distance between their glyphs, at least copyFloor). A
// face written by hand differs from copy to copy several times more than
// a printed one (on the shared photos, 2.1 to 3.5 times; two faces of a
// screenshot, 0.8 to 1.4, and both under copyFloor when the copies are
// drawn alike to the pixel). Without two copies of a digit in each face it
// cannot tell, and says no.
func typefaces(cells *[81]Cell, in *[81][]float32, light [81]bool) bool {
	heavy, ok := copyDistance(cells, in, light, false)
	lighter, ok2 := copyDistance(cells, in, light, true)
	return ok && ok2 && lighter <= sameFace*max(heavy, copyFloor)
}

// How typefaces tells printed faces: sameFace is how many times more the
// lighter face's copies of a digit may differ than the heavier's, and
// copyFloor the least difference it reckons the heavier's copies to have
// (a glyph's pixels, as the classifier has them, from 0 to 1: photos'
// printed digits differ by 1.8 to 3.1).
const (
	sameFace  = 1.6
	copyFloor = 2.5
)

// copyDistance is the median distance between the glyphs of two cells
// holding one digit, of the cells whose light is face; false when no two
// do.
func copyDistance(cells *[81]Cell, in *[81][]float32, light [81]bool, face bool) (float64, bool) {
	var ds []float64
	for i, a := range cells {
		for j, b := range cells[:i] {
			if a.Digit != 0 && a.Digit == b.Digit && light[i] == face && light[j] == face {
				ds = append(ds, glyphDistance(in[i], in[j]))
			}
		}
	}
	if len(ds) == 0 {
		return 0, false
	}
	return median(ds), true
}

// glyphDistance is how far apart two glyphs are: the root of the sum of
// the squares of their pixels' differences, as the classifier sees them.
func glyphDistance(a, b []float32) float64 {
	s := 0.0
	for k := range GlyphSide * GlyphSide {
		d := float64(a[k] - b[k])
		s += d * d
	}
	return math.Sqrt(s)
}

// matchPrinted reads as printed the few digits read as written on a board
// whose digits all look alike: no colour (inkSplit) or face (faceSplit)
// splits them, and under a third were read as written. Such a board's
// givens in a thin face can look written to the classifier, one by one,
// where a person sees one kind of digit and no player's. A digit is read
// as printed only when its glyph is as near another copy of its digit as
// the printed copies are to their nearest (copyNear): a player's hand
// never draws one digit twice alike. The printed digits must then make a
// puzzle with exactly one solution.
func matchPrinted(ctx context.Context, cells *[81]Cell, in *[81][]float32, widths *[81]float64) {
	if !oneLook(cells, in, widths) {
		return
	}
	var nn []float64 // each printed digit's distance to its nearest printed copy
	for i, c := range cells {
		if c.Digit != 0 && !c.Written {
			if d, ok := nearestPrinted(cells, in, i); ok {
				nn = append(nn, d)
			}
		}
	}
	if len(nn) < minGivens/2 {
		return
	}
	near := copyNear * median(nn)
	var written [81]bool
	for i, c := range cells {
		if c.Digit != 0 && c.Written {
			d, ok := nearestCopy(cells, in, i)
			written[i] = !ok || d > near
		}
	}
	if kindsChange(cells, written) {
		keepIfPuzzle(ctx, cells, withKinds(*cells, written))
	}
}

// oneLook reports whether a board's digits all look alike, with some read
// as written: under a third of them, no colour (inkSplit) or face
// (faceSplit, oneFace apart) splits them.
func oneLook(cells *[81]Cell, in *[81][]float32, widths *[81]float64) bool {
	digits, written := 0, 0
	for _, c := range cells {
		if c.Digit != 0 {
			digits++
			written += b2i(c.Written)
		}
	}
	if written == 0 || 3*written >= digits {
		return false
	}
	if _, ok := inkSplit(cells, in); ok {
		return false
	}
	clean := withoutPencilMarks(*cells, in)
	_, apart := faceSplit(&clean, widths)
	return apart < oneFace
}

// How matchPrinted knows a board of one look and a copy: faces under
// oneFace apart are one (one face splits at most 3.7 apart, two faces of
// a screenshot at least 4); a copy is within copyNear times the printed
// copies' median distance to their nearest.
const (
	oneFace  = 4.0
	copyNear = 1.5
)

// nearestPrinted is the distance from cell i's glyph to the nearest
// other printed copy of its digit; false when there is none.
func nearestPrinted(cells *[81]Cell, in *[81][]float32, i int) (float64, bool) {
	return nearest(cells, in, i, func(c Cell) bool { return !c.Written })
}

// nearestCopy is the distance from cell i's glyph to the nearest other
// copy of its digit, printed or written; false when there is none.
func nearestCopy(cells *[81]Cell, in *[81][]float32, i int) (float64, bool) {
	return nearest(cells, in, i, func(Cell) bool { return true })
}

// nearest is the distance from cell i's glyph to the nearest other copy
// of its digit that keep takes; false when there is none.
func nearest(cells *[81]Cell, in *[81][]float32, i int, keep func(Cell) bool) (float64, bool) {
	best, ok := math.Inf(1), false
	for j, c := range cells {
		if j != i && c.Digit != 0 && c.Digit == cells[i].Digit && keep(c) {
			best, ok = min(best, glyphDistance(in[i], in[j])), true
		}
	}
	return best, ok
}
