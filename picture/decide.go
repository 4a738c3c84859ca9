package picture

import (
	"context"
	"math"
	"slices"
)

// decideKinds decides, board-wide, which marks are pencil marks (blank)
// and which digits were printed and which a player wrote in. Whether a
// digit is printed is a comparison with the board's other digits, not a
// property of one glyph: the digits form one population or two, told
// apart by what the classifier makes of them (its printed-or-written
// odds) and their ink's darkness, colour, stroke width and height
// (kindLooks). One population is all printed: a picture whose digits all
// look alike holds givens only, however written they look to the
// classifier. Of two, the clearly darker one is printed (inkApart), or
// where neither is, the one that looks more printed. The splits
// tried (kindSplits) are scored by how well two populations fit the
// digits' looks against one with a few outliers (splitScore): a digit
// or two unlike all the others (a speck, a stroke of the grid, a misread
// given) are not a population, and the classifier alone says whether
// they were written. The digits' shapes count too (faceLooks): glyphs of
// a digit drawn alike are of one face, and one kind. 180° symmetry of the
// printed digits counts for a split, as newspapers and books print their
// puzzles so, and reading fewer digits printed than a puzzle prints
// against it (givensPrior).
// Tiles shaded apart from every other cell that hold the printed digits
// (shadedSplits) are how an app marks its givens: such splits are tried
// first, by their populations' fit alone, and no stray given is taken
// for a player's (apps make their puzzles without symmetry).
// The best-scoring split whose printed digits make a puzzle with exactly
// one solution is kept, less a stray printed digit or two that alone
// break its symmetry (withoutStrays), or the best-scoring one when a
// given misread would make them one (misreadOnce) or, over splits far
// worse, a digit read as another throughout (mended) or up to three
// givens misread (misreadFew); else the best-scoring one, whose
// misreadings arbitrate weighs.
func decideKinds(ctx context.Context, cells *[81]Cell, in *[81][]float32, tr *traits) {
	blankPencilMarks(cells, in)
	for i := range cells {
		if c := &cells[i]; c.Digit != 0 {
			*c = cellOf(c.probs, Class(bestDigit(c.probs), c.Written))
		}
	}
	looks := kindLooks(cells, in, tr)
	if len(looks.idx) == 0 {
		return
	}
	shaded := writtenInColour(shadedSplits(cells, &tr.Shade, &tr.Tint), &tr.Colour)
	ctx, cancel := context.WithTimeout(ctx, arbitrationTime)
	defer cancel()
	if len(shaded) > 0 {
		rank(shaded, looks.twoScore)
		if c, ok := firstPuzzle(ctx, *cells, in, shaded, nil, false); ok {
			*cells = c
			return
		}
	}
	splits, faces := writtenInColour(kindSplits(cells, &looks), &tr.Colour), faceLooks(cells, in)
	score := rank(splits, func(w [81]bool) float64 {
		return looks.splitScore(w) + faces.score(w) + symmetry(cells, w) + givensPrior(cells, w)
	})
	if c, ok := firstPuzzle(ctx, *cells, in, splits, score, true); ok {
		*cells = c
		return
	}
	*cells = withKinds(*cells, splits[0])
}

// writtenInColour sets written, in every split, the digits seen in colour
// alone (colouredMarksIn): a printed digit stands out from its paper in
// grey, so one that does not is a player's, in an app's colour on a cell
// painted or selected.
func writtenInColour(splits [][81]bool, colour *[81]bool) [][81]bool {
	for k := range splits {
		for i, c := range colour {
			splits[k][i] = splits[k][i] || c
		}
	}
	return splits
}

// rank sorts splits by score, best first, and returns their scores in
// that order.
func rank(splits [][81]bool, score func([81]bool) float64) []float64 {
	s := make([]float64, len(splits))
	for k, w := range splits {
		s[k] = score(w)
	}
	order := make([]int, len(splits))
	for k := range order {
		order[k] = k
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmpFloat(s[b], s[a]) })
	sorted, out := make([][81]bool, len(splits)), make([]float64, len(splits))
	for k, o := range order {
		sorted[k], out[k] = splits[o], s[o]
	}
	copy(splits, sorted)
	return out
}

// firstPuzzle returns cells read as the first of splits (ranked, best
// first) whose printed digits make a puzzle with exactly one solution,
// less its strays when the puzzle is likely symmetric (withoutStrays), or
// as the first split when a given misread would make them one
// (misreadOnce). With scores, it stops at splits more than solverMargin
// worse than the first; the first split is also taken, before splits more
// than recoverMargin worse (or, without scores, after all of them), when
// a digit read as another throughout (in throughout cells or more) makes
// its printed digits one, so mended (mended), or when up to three of its
// givens misread do (misreadFew), unmended: a mend of many cells is
// less likely than a split nearly as good, more likely than a far worse
// one, and a mend of one or two (a player's wrong digit taken for a
// given, mended into a right one) is arbitrate's to weigh.
func firstPuzzle(ctx context.Context, cells [81]Cell, in *[81][]float32, splits [][81]bool, score []float64, symmetric bool) ([81]Cell, bool) {
	weighed := false // whether the first split's mend was weighed
	mend := func() ([81]Cell, bool) {
		weighed = true
		first := withKinds(cells, splits[0])
		c, n := mended(ctx, first, in)
		ok := n >= throughout
		if ok && symmetric {
			c = withoutStrays(ctx, c)
		}
		if !ok && misreadFew(ctx, first) {
			return first, true
		}
		return c, ok
	}
	for k, w := range splits {
		if ctx.Err() != nil || score != nil && score[k] < score[0]-solverMargin {
			break
		}
		if !weighed && score != nil && score[k] < score[0]-recoverMargin {
			if c, ok := mend(); ok {
				return c, true
			}
		}
		try := withKinds(cells, w)
		if printedUnique(ctx, try) {
			if symmetric {
				try = withoutStrays(ctx, try)
			}
			return try, true
		}
		if k == 0 && misreadOnce(ctx, try) {
			return try, true
		}
	}
	if len(splits) > 0 && !weighed {
		return mend()
	}
	return cells, false
}

// misreadOnce reports whether the printed digits of cells, as many as a
// puzzle prints, make a puzzle with exactly one solution once one of
// them is read as another digit, of its likeliest such misreadings: the
// best-scoring split with a given misread is kept before a worse split
// whose printed digits happen to make a puzzle (a player's correct
// digits often do), and arbitrate mends it.
func misreadOnce(ctx context.Context, cells [81]Cell) bool {
	if !printedInBounds(cells) {
		return false
	}
	var alts []change
	for i, c := range cells {
		if c.Digit == 0 || c.Written {
			continue
		}
		for d := 1; d <= 9; d++ {
			p := digitProb(c.probs, d)
			cost := math.Log(digitProb(c.probs, c.Digit)) - math.Log(p)
			if d != c.Digit && p >= 1e-4 && cost < misreadCost {
				alts = append(alts, change{i, d, cost})
			}
		}
	}
	slices.SortFunc(alts, func(a, b change) int { return cmpFloat(a.cost, b.cost) })
	for _, ch := range alts[:min(len(alts), misreadsTried)] {
		try := cells
		try[ch.cell] = cellOf(try[ch.cell].probs, ch.class)
		if unique(ctx, try) {
			return true
		}
	}
	return false
}

// misreadFew reports whether the printed digits of cells, which clash
// or have no solution, make a puzzle with exactly one solution once up
// to three of them are read as other digits, by arbitrate's sets of
// likely misreadings (misread givens, not givens missed or taken for
// written: those are other splits' to weigh).
func misreadFew(ctx context.Context, cells [81]Cell) bool {
	if !printedInBounds(cells) || solutions(ctx, cells) != 0 {
		return false
	}
	var alts []change
	for _, ch := range alternatives(cells) {
		if c := cells[ch.cell]; c.Digit != 0 && !c.Written && ch.class >= 1 && ch.class <= 9 {
			alts = append(alts, ch)
		}
	}
	_, _, ok := uniqueSet(ctx, cells, alts)
	return ok
}

// How misreadOnce looks for a misread given: the misreadsTried likeliest
// other digits of the printed ones, each at most misreadCost less likely
// than the digit read, printed or written (a log ratio: at least a
// twentieth as likely): a pencil mark read as a given is not a misread
// one, and any digit of the board changed to anything else may happen to
// make a puzzle.
const (
	misreadsTried = 6
	misreadCost   = 3.0
)

// withoutStrays reads as written the printed digits of cells that alone
// break the 180° symmetry of the others (strays, strayMost at most),
// each while the printed digits keep exactly one solution without it: a
// symmetric puzzle with one printed digit more than its mirror holds
// more likely has a player's digit read as printed. A board with more
// strays is a puzzle printed without symmetry, and kept.
func withoutStrays(ctx context.Context, cells [81]Cell) [81]Cell {
	var strays []int
	for i, c := range cells {
		if m := cells[80-i]; c.Digit != 0 && !c.Written && (m.Digit == 0 || m.Written) {
			strays = append(strays, i)
		}
	}
	if len(strays) > strayMost {
		return cells
	}
	for _, i := range strays {
		try := cells
		try[i] = cellOf(try[i].probs, Class(try[i].Digit, true))
		try[i].Confidence = digitProb(try[i].probs, try[i].Digit)
		if printedUnique(ctx, try) {
			cells = try
		}
	}
	return cells
}

// strayMost is the most strays withoutStrays reads as written.
const strayMost = 2

// symmetryPrior is how much, in the log-likelihood splitScore counts in,
// a printed digit whose 180° mirror holds no printed digit costs: a
// strong prior that a puzzle is symmetric, not a rule.
const symmetryPrior = 3.0

// symmetry is minus how many printed digits of cells, read as written
// says, have no printed digit in their 180° mirror, times symmetryPrior.
func symmetry(cells *[81]Cell, written [81]bool) float64 {
	n := 0
	for i, c := range cells {
		m := 80 - i
		if c.Digit != 0 && !written[i] && (cells[m].Digit == 0 || written[m]) {
			n++
		}
	}
	return -symmetryPrior * float64(n)
}

// givensPrior is what a split costs, in splitScore's log-likelihood, for
// reading fewer digits printed than a puzzle prints (minGivens) or more
// (maxGivens): givenCost for each digit too few or too many. Without it
// a board misread (turned, blurred) takes all but a few digits for
// written, for they make no asymmetric pair.
func givensPrior(cells *[81]Cell, written [81]bool) float64 {
	n := 0
	for i, c := range cells {
		n += b2i(c.Digit != 0 && !written[i])
	}
	return -givenCost * float64(max(minGivens-n, n-maxGivens, 0))
}

// givenCost is givensPrior's cost of each digit a split's printed digits
// lie out of a puzzle's bounds.
const givenCost = 10.0

// blankPencilMarks reads as blank the pencil marks of a board: small
// marks (dropPencilMarks), pairs of candidates in a cell's top-left
// corner (candidatePair), and on a board with noteCells or more of
// them, notes sitting at a cell's top, off its centre (noteMark), and
// smaller than the player's digits (under noteHeight of writtenHeight,
// where the classifier reads any). A board with fewer such notes has
// none: a high digit or two is a player's. The notes are counted whether
// the classifier read them as digits or as blank: a player who notes an 8
// in two cells of a row, a 4 in another, leaves one the classifier may
// read as a digit (kubiesa/train's 03_11, three photos) and two it does
// not.
func blankPencilMarks(cells *[81]Cell, in *[81][]float32) {
	dropPencilMarks(cells, in)
	for i := range cells {
		if c := &cells[i]; c.Digit != 0 && candidatePair(*c, in[i]) {
			*c = cellOf(c.probs, 0)
			c.blankedBy = "pair"
		}
	}
	tall := writtenHeight(cells, in)
	sitsAsNote := func(i int) bool {
		return noteMark(in[i]) && (tall == 0 || float64(in[i][GlyphSide*GlyphSide+fHeight]) < noteHeight*tall)
	}
	note := func(i int) bool { return cells[i].Digit != 0 && sitsAsNote(i) }
	n := 0
	for i := range cells {
		n += b2i(sitsAsNote(i))
	}
	if n < noteCells {
		return
	}
	for i := range cells {
		if c := &cells[i]; note(i) {
			*c = cellOf(c.probs, 0)
			c.blankedBy = "note"
		}
	}
}

// writtenHeight is the median height of a board's marks the classifier
// reads as written that do not sit as notes do (noteMark): a player's
// digits, against which a note is small. 0 when there are none.
func writtenHeight(cells *[81]Cell, in *[81][]float32) float64 {
	h, _ := medianHeight(in, func(i int) bool { return cells[i].Digit != 0 && cells[i].Written && !noteMark(in[i]) })
	return h
}

// candidatePair reports whether cell c, by the classifier's inputs x,
// holds two candidates written side by side in its top-left corner, as
// players note a pair (Snyder notation): a mark at least as wide as it
// is tall, as a digit seldom is, printed or written, whose centre lies up
// and to the left of the cell's by pairOffset of its side or more
// (along the two axes together), read as a written digit the classifier
// is unsure of (under surePair). One such cell is enough: unlike a
// single note, a pair is never a player's digit.
func candidatePair(c Cell, x []float32) bool {
	s := x[GlyphSide*GlyphSide:]
	h, w, cx, cy := s[fHeight], s[fWidth], s[fCentreX], s[fCentreY]
	return c.Written && c.Confidence < surePair && h > 0 && w >= h &&
		cx < 0 && cy < 0 && cx+cy < -pairOffset
}

// How candidatePair knows a pair: on kubiesa/train the pairs' centres lie
// 0.17–0.38 of a cell's side up and left (cx+cy), and they read as
// written digits with a confidence of 0.20–0.75; of the wide written
// digits the classifier is unsure of in the tuning photos, the one
// furthest up and left lies 0.14 off (a 5 in wichtounet/mixed), the rest
// within 0.07.
const (
	pairOffset = 0.155
	surePair   = 0.8
)

// noteMark reports whether a cell, by the classifier's inputs x, holds
// what looks like a player's note: off the cell's centre by more than
// offCentre of its own height, its top within noteTop of the cell's (a
// digit, printed or written, sits in the middle).
func noteMark(x []float32) bool {
	s := x[GlyphSide*GlyphSide:]
	h, cx, cy := float64(s[fHeight]), float64(s[fCentreX]), float64(s[fCentreY])
	return h > 0 && math.Hypot(cx, cy) > offCentre*h && cy-h/2+0.5 < noteTop
}

// How blankPencilMarks knows a player's notes: at least noteCells of
// them on the board; a note's centre lies off the cell's by more than
// offCentre of its height (digits, printed or written, mostly lie within
// 0.2); its top within noteTop of the cell's side from the cell's top
// (on the shared photos a player's notes sit at the top, a handwritten
// digit off its cell's centre lower).
const (
	noteCells = 3
	offCentre = 0.35
	noteTop   = 0.175
)

// noteHeight is the height, against the board's written digits
// (writtenHeight), under which a mark sitting as a note is one. On the
// tuning pictures kubiesa/train's notes were 0.52–0.70 of it, and the
// digits pasted high in their cells of wichtounet/mixed that the notes'
// rule took for notes (27 written, 8 printed) 0.80 or more.
const noteHeight = 0.75

// solverMargin is how much worse, in splitScore's log-likelihood, a
// split may score than the best for decideKinds to take it because its
// printed digits make a puzzle and the best's do not: further down, the
// best split's printed digits more likely hold a misreading, which
// arbitrate looks for.
const solverMargin = 60.0

// recoverMargin is how much worse than the best a split may score for
// decideKinds to take it, when its printed digits make a puzzle, before
// the best split mended (mended).
const recoverMargin = 30.0

// throughout is the fewest cells firstPuzzle takes a mend of.
const throughout = 3
