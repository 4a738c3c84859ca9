package picture

import (
	"cmp"
	"context"
	"math"
	"slices"
)

// settleKinds decides, board-wide, which digits were printed and which a
// player wrote in. The classifier judges each cell with only a summary of
// the others; but on one board the printed digits share one ink, weight
// and size, and so do the written ones. So the cells it is sure of, of
// each kind, show what the two look like on this board, and each digit's
// kind is then weighed by which of the two it looks more like as well.
// Each digit is then read as its likeliest digit, whichever kind (which
// may differ from the likeliest class's). A board with too few sure cells
// of either kind is left as read.
func settleKinds(cells *[81]Cell, in *[81][]float32) {
	var style [81][styleDims]float64
	var sum, sq [2][styleDims]float64
	var n [2]float64
	for i := range cells {
		if cells[i].Digit == 0 {
			continue
		}
		style[i] = styleOf(in[i])
		w := writtenShare(cells[i].probs)
		k := -1
		switch {
		case w < 1-sureKind:
			k = 0
		case w > sureKind:
			k = 1
		}
		if k < 0 {
			continue
		}
		n[k]++
		for d, v := range style[i] {
			sum[k][d] += v
			sq[k][d] += v * v
		}
	}
	if n[0] < minSure || n[1] < minSure {
		return
	}
	var mean [2][styleDims]float64
	var spread [styleDims]float64
	for d := range styleDims {
		within := 0.0
		for k := range 2 {
			mean[k][d] = sum[k][d] / n[k]
			within += sq[k][d] - n[k]*mean[k][d]*mean[k][d]
		}
		spread[d] = math.Sqrt(max(within/(n[0]+n[1]), styleFloor*styleFloor))
	}
	for i := range cells {
		c := &cells[i]
		if c.Digit == 0 {
			continue
		}
		w := min(max(writtenShare(c.probs), 1e-4), 1-1e-4)
		odds := math.Log(w / (1 - w))
		for d, v := range style[i] {
			a, b := (v-mean[0][d])/spread[d], (v-mean[1][d])/spread[d]
			odds += (a*a - b*b) / 2
		}
		d := bestDigit(c.probs)
		*c = cellOf(c.probs, Class(d, odds > 0))
		c.Confidence = digitProb(c.probs, d) / (1 + math.Exp(-math.Abs(odds)))
	}
}

// How settleKinds weighs a board: a cell is sure of its kind when the
// classifier gives it more than sureKind; each kind needs minSure sure
// cells; a style measure's spread within a kind is at least styleFloor.
const (
	sureKind   = 0.9
	minSure    = 4
	styleFloor = 0.03
)

// styleDims is how many numbers describe a digit's style.
const styleDims = 4

// chromaDim is the style measure that is a digit's colourfulness
// (styleOf).
const chromaDim = 2

// styleOf returns what tells a cell's digit's kind on its board, from the
// classifier's inputs: its ink's contrast, strokes' width and colour, and
// its height against the board's tall marks. The strokes' width is taken
// against the cell (in tenths of its side), not the digit's height as the
// classifier has it: one face's strokes are as wide in every digit, and a
// board's two faces may differ in size as well as weight.
func styleOf(x []float32) [styleDims]float64 {
	s := x[GlyphSide*GlyphSide:]
	stroke := float64(s[fStroke]) / 3 * float64(s[fHeight]) * 10 // the input is min(3 × width / height, 1)
	return [styleDims]float64{float64(s[fContrast]), stroke, float64(s[fChroma]), float64(s[fHeightRel])}
}

// writtenShare is how likely, of the digits, a written one is.
func writtenShare(p []float32) float64 {
	var printed, written float64
	for c := 1; c < Classes; c++ {
		if c <= 9 {
			printed += float64(p[c])
		} else {
			written += float64(p[c])
		}
	}
	return written / max(printed+written, 1e-9)
}

// bestDigit returns the likeliest digit, whichever kind.
func bestDigit(p []float32) int {
	best, at := -1.0, 1
	for d := 1; d <= 9; d++ {
		if v := digitProb(p, d); v > best {
			best, at = v, d
		}
	}
	return at
}

// digitProb is how likely digit d is, printed or written.
func digitProb(p []float32, d int) float64 { return float64(p[d] + p[9+d]) }

// Bounds on how many printed digits a puzzle has: fewer than 17 never
// make one solution, and published puzzles print at most about 40 (45
// leaves room).
const (
	minGivens = 17
	maxGivens = 45
)

// splitKinds mends a board whose digits were all, or nearly all, taken
// for one kind: more printed digits than any puzzle prints (a finished
// screenshot whose entries differ from its givens only in weight), or too
// few for a puzzle (printed digits in a colour read as a pen's). First it
// tries the clear splits of the digits by one measure of their looks
// (clearSplits), the clearest first, and keeps the first whose printed
// digits make a puzzle with exactly one solution. Else it tries every
// digit as printed, and the board's digits split by all their looks into
// two groups, either taken as printed; of the readings whose printed
// digits make a puzzle, it keeps the one whose printed digits the
// classifier found least written-looking; when none does, all the digits
// printed but the one or two that look oddest (withoutOddOnes). Marks much
// smaller than the board's digits are taken for pencil marks (blank) in
// a mended reading: such a board's pencil marks are often what was read
// as written. A board it cannot mend is left as read.
func splitKinds(ctx context.Context, cells *[81]Cell, in *[81][]float32) {
	printed, digits := 0, 0
	for _, c := range cells {
		if c.Digit != 0 {
			digits++
			if !c.Written {
				printed++
			}
		}
	}
	if printed >= minGivens && printed <= maxGivens || digits < minGivens {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, arbitrationTime)
	defer cancel()
	mended := withoutPencilMarks(*cells, in)
	for _, written := range clearSplits(&mended, in) {
		if ctx.Err() != nil {
			return
		}
		if try := withKinds(mended, written); printedUnique(ctx, try) {
			*cells = try
			return
		}
	}
	var all [81]bool
	choices := [][81]bool{all} // for each choice, which cells are written
	if group, ok := twoGroups(&mended, in); ok {
		for g := range 2 {
			var w [81]bool
			for i := range w {
				w[i] = group[i] != g
			}
			choices = append(choices, w)
		}
	}
	best, bestShare := -1, 2.0
	for k, written := range choices {
		try := withKinds(mended, written)
		if ctx.Err() != nil || !printedUnique(ctx, try) {
			continue
		}
		if share := printedShare(&try); share < bestShare {
			best, bestShare = k, share
		}
	}
	if best >= 0 {
		*cells = withKinds(mended, choices[best])
	} else if try, ok := withoutOddOnes(ctx, withKinds(mended, all), in); ok {
		*cells = try
	}
}

// withoutOddOnes makes the printed digits of cells a puzzle with exactly
// one solution by reading one or two of them as written, the
// oddest-looking first (clusters of pencil marks, say, in a picture all of
// whose digits are printed); of the printed digits, only the oddOnes
// oddest are tried, one and then two at a time. A digit's oddness is how
// far its looks lie from the printed digits' middle, each measure in its
// own spread over them.
func withoutOddOnes(ctx context.Context, cells [81]Cell, in *[81][]float32) ([81]Cell, bool) {
	idx, vs := digitStyles(&cells, in, func(c Cell) bool { return !c.Written })
	if len(idx) <= minGivens {
		return cells, false
	}
	odd := make([]float64, len(idx))
	for d := range styleDims {
		mid := median(column(vs, d))
		dev := make([]float64, len(vs))
		for k, v := range vs {
			dev[k] = math.Abs(v[d] - mid)
		}
		spread := max(median(slices.Clone(dev)), styleFloor)
		for k := range dev {
			odd[k] += dev[k] / spread
		}
	}
	order := make([]int, len(idx))
	for k := range order {
		order[k] = k
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(odd[b], odd[a]) })
	order = order[:min(oddOnes, len(order))]
	var sets [][]int
	for _, k := range order {
		sets = append(sets, []int{idx[k]})
	}
	for a, k := range order {
		for _, l := range order[:a] {
			sets = append(sets, []int{idx[l], idx[k]})
		}
	}
	for _, set := range sets {
		if ctx.Err() != nil {
			break
		}
		try := cells
		for _, i := range set {
			try[i].Written = true
		}
		if printedUnique(ctx, try) {
			return try, true
		}
	}
	return cells, false
}

// oddOnes is how many of the oddest-looking printed digits withoutOddOnes
// tries reading as written.
const oddOnes = 8

// digitStyles returns the cells that hold a digit and that keep takes,
// with the looks of each (styleOf).
func digitStyles(cells *[81]Cell, in *[81][]float32, keep func(Cell) bool) ([]int, [][styleDims]float64) {
	var idx []int
	var vs [][styleDims]float64
	for i, c := range cells {
		if c.Digit != 0 && keep(c) {
			idx = append(idx, i)
			vs = append(vs, styleOf(in[i]))
		}
	}
	return idx, vs
}

// anyDigit takes every cell that holds a digit, for digitStyles.
func anyDigit(Cell) bool { return true }

// withKinds returns cells with each digit read as written where written
// is set, else printed, and as confident as its digit.
func withKinds(cells [81]Cell, written [81]bool) [81]Cell {
	for i := range cells {
		if c := &cells[i]; c.Digit != 0 {
			p := c.probs
			*c = cellOf(p, Class(c.Digit, written[i]))
			c.Confidence = digitProb(p, c.Digit)
		}
	}
	return cells
}

// kindsChange reports whether reading the digits of cells as written
// says (written where set, else printed) changes any digit's kind.
func kindsChange(cells *[81]Cell, written [81]bool) bool {
	for i, c := range cells {
		if c.Digit != 0 && c.Written != written[i] {
			return true
		}
	}
	return false
}

// keepIfPuzzle reads cells as try when try's printed digits make a puzzle
// with exactly one solution, found within arbitrationTime, and reports
// whether it did: the last step of each board-wide mend.
func keepIfPuzzle(ctx context.Context, cells *[81]Cell, try [81]Cell) bool {
	ctx, cancel := context.WithTimeout(ctx, arbitrationTime)
	defer cancel()
	if printedUnique(ctx, try) {
		*cells = try
		return true
	}
	return false
}

// printedUnique reports whether the printed digits of cells are as many
// as a puzzle prints and make a puzzle with exactly one solution.
func printedUnique(ctx context.Context, cells [81]Cell) bool {
	n := 0
	for _, c := range cells {
		if c.Digit != 0 && !c.Written {
			n++
		}
	}
	return n >= minGivens && n <= maxGivens && unique(ctx, cells)
}

// printedShare is how written-looking, on average, the classifier found
// the printed digits of cells.
func printedShare(cells *[81]Cell) float64 {
	var printed [81]bool
	for i, c := range cells {
		printed[i] = !c.Written
	}
	return meanShare(cells, printed)
}

// meanShare is how written-looking, on average, the classifier found the
// digits of cells where set is true (writtenShare); 1 when there are none.
func meanShare(cells *[81]Cell, set [81]bool) float64 {
	sum, n := 0.0, 0
	for i, c := range cells {
		if c.Digit != 0 && set[i] {
			sum += writtenShare(c.probs)
			n++
		}
	}
	if n == 0 {
		return 1
	}
	return sum / float64(n)
}

// clearSplits returns the ways a board's digits fall clearly into two
// groups by one measure of their looks alone (a finished screenshot's
// entries in a lighter face, say, where the other measures are noise that
// would blur a split by all of them), the clearest first: for each
// measure, the split of its values into two groups with the least spread
// within them, kept when the groups lie at least minSplit of that spread
// apart. Each says which cells are written: the group the classifier finds
// more written-looking.
func clearSplits(cells *[81]Cell, in *[81][]float32) [][81]bool {
	type split struct {
		written [81]bool
		apart   float64
	}
	idx, vs := digitStyles(cells, in, anyDigit)
	var out []split
	for d := range styleDims {
		cut, apart := splitOf(column(vs, d), minGivens/2)
		if apart < minSplit {
			continue
		}
		var above, below [81]bool
		for k, i := range idx {
			above[i] = vs[k][d] > cut
			below[i] = !above[i]
		}
		sp := split{below, apart}
		if meanShare(cells, above) > meanShare(cells, below) {
			sp.written = above
		}
		out = append(out, sp)
	}
	slices.SortStableFunc(out, func(a, b split) int { return cmp.Compare(b.apart, a.apart) })
	written := make([][81]bool, len(out))
	for k, sp := range out {
		written[k] = sp.written
	}
	return written
}

// minSplit is how far apart, in the spread within them, two groups of
// values must lie to be a split: a single bell of values cut at its middle
// gives groups about 2.6 apart, values spread evenly 3.5 (and, cut off
// at a small group, 4 or more: hence splitOf's valley too).
const minSplit = 5.0

// splitOf returns the cut that splits vs into two groups of at least
// minGroup values each with the least sum of squares within them (values
// above the cut in the second group), and how far apart the groups'
// means are in their spread within; 0 when vs cannot be split so, or
// when too many values lie between the groups (maxValley) for them to be
// two.
func splitOf(vs []float64, minGroup int) (cut, apart float64) {
	xs := slices.Clone(vs)
	slices.Sort(xs)
	n := len(xs)
	if n < 2*minGroup {
		return 0, 0
	}
	var sum, sq float64
	for _, x := range xs {
		sum += x
		sq += x * x
	}
	bestSS := math.Inf(1)
	var s0, q0, low, high float64
	for k := 1; k < n; k++ {
		s0 += xs[k-1]
		q0 += xs[k-1] * xs[k-1]
		if k < minGroup || n-k < minGroup || xs[k] == xs[k-1] {
			continue
		}
		n0, n1 := float64(k), float64(n-k)
		s1, q1 := sum-s0, sq-q0
		ss := q0 - s0*s0/n0 + q1 - s1*s1/n1
		if ss < bestSS {
			bestSS = ss
			cut, low, high = (xs[k-1]+xs[k])/2, s0/n0, s1/n1
			apart = (high - low) / math.Sqrt(max(ss/float64(n), styleFloor*styleFloor))
		}
	}
	// Two groups leave a valley between them: few values in the middle
	// third between their means.
	between := 0
	for _, x := range xs {
		if x > low+(high-low)/3 && x < high-(high-low)/3 {
			between++
		}
	}
	if float64(between) > maxValley*float64(n) {
		return cut, 0
	}
	return cut, apart
}

// maxValley is the most of a measure's values that may lie in the middle
// third between two groups' means for them to be a split: values spread
// evenly put a sixth there, a single bell a fifth, and two bells four
// spreads apart under a tenth.
const maxValley = 0.08

// pencilHeight is the height, against the board's tall marks, under which
// a mark is a pencil mark, when a board is mended or has pencil marks.
const pencilHeight = 0.45

// twoGroups splits the digits of a board into two groups by their style
// (2-means, each measure scaled by its spread over the board), and
// returns each cell's group; false when a group would be too small to be
// a kind of digit.
func twoGroups(cells *[81]Cell, in *[81][]float32) ([81]int, bool) {
	var group [81]int
	idx, vs := digitStyles(cells, in, anyDigit)
	if len(vs) < minGivens {
		return group, false
	}
	var mean, sd [styleDims]float64
	for _, v := range vs {
		for d := range v {
			mean[d] += v[d] / float64(len(vs))
		}
	}
	for _, v := range vs {
		for d := range v {
			sd[d] += (v[d] - mean[d]) * (v[d] - mean[d]) / float64(len(vs))
		}
	}
	for d := range sd {
		sd[d] = math.Sqrt(max(sd[d], styleFloor*styleFloor))
	}
	dist := func(a, b [styleDims]float64) float64 {
		s := 0.0
		for d := range a {
			x := (a[d] - b[d]) / sd[d]
			s += x * x
		}
		return s
	}
	// From a split at the middle of each measure in turn, keeping the
	// tightest split whose groups are both big enough.
	best, bestSS, found := [81]int{}, math.Inf(1), false
	for d := range styleDims {
		mid := median(column(vs, d))
		var c [2][styleDims]float64
		var n [2]int
		for _, v := range vs {
			g := 0
			if v[d] > mid {
				g = 1
			}
			n[g]++
			for e := range v {
				c[g][e] += v[e]
			}
		}
		if n[0] == 0 || n[1] == 0 {
			continue
		}
		ss := 0.0
		for range 10 {
			for g := range 2 {
				for e := range styleDims {
					c[g][e] /= float64(max(n[g], 1))
				}
			}
			var sum [2][styleDims]float64
			n, ss = [2]int{}, 0
			for k, v := range vs {
				g := 0
				if dist(v, c[1]) < dist(v, c[0]) {
					g = 1
				}
				ss += dist(v, c[g])
				group[idx[k]] = g
				n[g]++
				for e := range v {
					sum[g][e] += v[e]
				}
			}
			c = sum
		}
		if n[0] >= minGivens/2 && n[1] >= minGivens/2 && ss < bestSS {
			best, bestSS, found = group, ss, true
		}
	}
	return best, found
}

// column returns measure d of each of vs.
func column(vs [][styleDims]float64, d int) []float64 {
	xs := make([]float64, len(vs))
	for k, v := range vs {
		xs[k] = v[d]
	}
	return xs
}

// dropPencilMarks reads as blank the small marks of a board that has
// pencil marks: when pencilCells or more of its marks are under
// pencilHeight of its tall marks, a small mark the classifier is not sure
// of (under sureDigit), or read as printed however sure, is a pencil
// mark, not a digit (a puzzle prints its givens all one size; a pencil
// mark's digit is as clear as a given's). A board with a
// small mark or two keeps them (a player's small digit, or a speck), but
// for a small mark read as printed that is faint: printed digits are as
// dark as the board's others, and pencil marks in an app pale.
func dropPencilMarks(cells *[81]Cell, in *[81][]float32) {
	n := 0
	for i := range cells {
		if isPencil(in[i]) {
			n++
		}
	}
	for i := range cells {
		c := &cells[i]
		unsure := n >= pencilCells && (c.Confidence < sureDigit || !c.Written)
		paleGiven := !c.Written && faint(in[i])
		if c.Digit != 0 && isPencil(in[i]) && (unsure || paleGiven) {
			*c = cellOf(c.probs, 0)
		}
	}
}

// withoutPencilMarks returns cells with the marks as small as a pencil
// mark read as blank, as a mended reading has them: a board whose kinds
// were misread often had its pencil marks read as digits too.
func withoutPencilMarks(cells [81]Cell, in *[81][]float32) [81]Cell {
	for i := range cells {
		if cells[i].Digit != 0 && isPencil(in[i]) {
			cells[i] = cellOf(cells[i].probs, 0)
		}
	}
	return cells
}

// isPencil reports whether a cell, by the classifier's inputs x, holds a
// mark as small as a pencil mark.
func isPencil(x []float32) bool {
	s := x[GlyphSide*GlyphSide:]
	return s[fHeight] > 0 && s[fHeightRel]+1 < pencilHeight
}

// How dropPencilMarks knows a board with pencil marks.
const (
	pencilCells = 4
	sureDigit   = 0.95
)

// faint reports whether a cell's mark is much fainter than the board's
// digits: under faintMark, where the board's digits are at 0.5.
func faint(x []float32) bool { return x[GlyphSide*GlyphSide+fContrast] < faintMark }

// faintMark is the contrast (as the classifier has it, the board's digits
// at 0.5) under which a small mark is a pencil mark, however sure the
// classifier is of its digit: apps draw their pencil marks in a paler ink.
const faintMark = 0.3
