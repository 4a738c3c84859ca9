package picture

import "context"

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

// printedUnique reports whether the printed digits of cells are as many
// as a puzzle prints and make a puzzle with exactly one solution.
func printedUnique(ctx context.Context, cells [81]Cell) bool {
	return printedInBounds(cells) && unique(ctx, cells)
}

// printedInBounds reports whether cells hold as many printed digits as a
// puzzle prints: minGivens to maxGivens.
func printedInBounds(cells [81]Cell) bool {
	n := 0
	for _, c := range cells {
		n += b2i(c.Digit != 0 && !c.Written)
	}
	return n >= minGivens && n <= maxGivens
}

// pencilHeight is the height, against the board's tall marks, under which
// a mark is a pencil mark (or, read as written on a board without pencil
// marks, a player's small digit).
const pencilHeight = 0.45

// dropPencilMarks reads as blank the small marks (under pencilHeight of
// the board's tall marks) that are pencil marks: every one read as
// printed, as a puzzle prints its givens all one size (a pencil mark's
// digit is as clear as a given's, and as dark in some apps), and, on a
// board with pencilCells or more small marks, every one the classifier
// is not sure of (under sureDigit). A board with a small mark or two read
// as written keeps them: a player's small digit.
func dropPencilMarks(cells *[81]Cell, in *[81][]float32) {
	n := 0
	for i := range cells {
		if isPencil(in[i]) {
			n++
		}
	}
	for i := range cells {
		c := &cells[i]
		unsure := n >= pencilCells && c.Confidence < sureDigit
		if c.Digit != 0 && isPencil(in[i]) && (unsure || !c.Written) {
			*c = cellOf(c.probs, 0)
			c.blankedBy = "small"
		}
	}
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

// dropAsideMarks reads as blank a written digit far smaller than the
// board's written digits and set off its cell's centre: a lone pencil
// mark, in its place of an app's 3×3 layout of candidates or in a corner
// where a player notes one, where a player's own digits sit in the
// middle, about as tall as one another. Decided once the board's digits
// are told printed or written (decideKinds), from the written ones'
// median height; a board with fewer than asideWritten written digits
// keeps its small ones (their height says nothing).
func dropAsideMarks(cells *[81]Cell, in *[81][]float32) {
	tall, n := medianHeight(in, func(i int) bool { return cells[i].Digit != 0 && cells[i].Written })
	if n < asideWritten {
		return
	}
	for i := range cells {
		s := in[i][GlyphSide*GlyphSide:]
		off := max(abs(float64(s[fCentreX])), abs(float64(s[fCentreY])))
		if c := &cells[i]; c.Digit != 0 && c.Written && float64(s[fHeight]) < asideHeight*tall && off >= asideOffset {
			*c = cellOf(c.probs, 0)
			c.blankedBy = "aside"
		}
	}
}

// How dropAsideMarks knows a lone pencil mark. On the tuning pictures
// (apps' screenshots, kubiesa/train, wichtounet/mixed's tuning half,
// renders in training fonts) the written digits under 0.75 of their
// board's median height and 0.22 or more off their cell's centre, along
// either axis, were all pencil marks (30, the tallest 0.70); the smallest
// player's digit as far off was 0.77 (a hand in wichtounet/mixed).
const (
	asideWritten = 3
	asideHeight  = 0.72
	asideOffset  = 0.22
)

// markedDigits reads as a digit a mark as tall as the board's digits
// that the classifier found likelier blank than any one reading, but
// blank less than half the time: a face it does not know shares its odds
// among several readings. Its likeliest reading is kept, with that
// reading's low confidence, so it is shown as doubtful. A pencil mark, a
// speck or a stroke of the grid is far smaller or far taller than the
// digits, and a cluster of pencil marks spreads its odds over many
// digits (none reaches markedOdds): they stay blank. A mark the
// classifier finds blank more often is read so too when its glyph is
// drawn as one of the board's digits read as its likeliest reading is
// (faceTwin): the same face's same digit, which the classifier, unsure
// of a face it never saw, read in one cell and not in the other.
func markedDigits(cells *[81]Cell, in *[81][]float32) {
	tall, n := medianHeight(in, func(i int) bool { return cells[i].Digit != 0 })
	if n < minGivens { // too few digits for their height to say, and no puzzle
		return
	}
	marked := func(i int) (int, bool) {
		c, h := &cells[i], float64(in[i][GlyphSide*GlyphSide+fHeight])
		if c.Digit != 0 || h == 0 || h < markedLow*tall || h > markedHigh*tall {
			return 0, false
		}
		k := 1
		for j := 2; j < len(c.probs); j++ {
			if c.probs[j] > c.probs[k] {
				k = j
			}
		}
		return k, true
	}
	for i := range cells {
		if k, ok := marked(i); ok && cells[i].probs[0] < 0.5 && cells[i].probs[k] >= markedOdds {
			cells[i] = cellOf(cells[i].probs, k)
		}
	}
	read := *cells
	for i := range cells {
		if k, ok := marked(i); ok && cells[i].probs[k] >= twinOdds {
			if j := faceTwin(&read, in, i, k); j >= 0 {
				cells[i] = cellOf(cells[i].probs, Class(read[j].Digit, read[j].Written))
			}
		}
	}
}

// faceTwin returns a cell of cells read as the digit of class k
// whose glyph lies within twinDistance of cell i's, the nearest; -1 for
// none.
func faceTwin(cells *[81]Cell, in *[81][]float32, i, k int) int {
	digit := (k-1)%9 + 1 // printed or written
	at, best := -1, twinDistance
	for j, c := range cells {
		if c.Digit != digit {
			continue
		}
		if d := glyphDistance(in[i], in[j]); d < best {
			at, best = j, d
		}
	}
	return at
}

// How faceTwin knows a twin: the classifier gave the digit at least
// twinOdds (the held-out renders' 5s it read blank had 0.15–0.17), and
// its glyph lies within twinDistance of a glyph read as that digit (the
// nearest, however sure; the first pass may have read it), where one
// face's glyphs of a digit lie (faceMid; those 5s 0.034–0.042 from the
// board's).
const (
	twinOdds     = 0.1
	twinDistance = faceMid
)

// The heights, against the board's digits' median, between which
// markedDigits reads a mark, and the odds its reading needs. On the
// tuning pictures, of the cells read blank in the end whose mark the
// classifier found blank under one half, those truly blank were 0.89 of
// it or less (kubiesa/train's ghosts of the next page) but a misframed
// photo's 0.94; the digits 0.94–1.18. A screenshot's 3×3 cluster of pencil marks
// is as tall as a digit, but its likeliest reading had 0.11–0.14.
const (
	markedLow  = 0.93
	markedHigh = 1.2
	markedOdds = 0.2
)

// medianHeight returns the median height of the marks of the cells keep
// accepts, and how many they are (0 and 0 for none).
func medianHeight(in *[81][]float32, keep func(i int) bool) (float64, int) {
	var hs []float64
	for i := range in {
		if keep(i) {
			hs = append(hs, float64(in[i][GlyphSide*GlyphSide+fHeight]))
		}
	}
	return median(hs), len(hs)
}
