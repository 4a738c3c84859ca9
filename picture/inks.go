package picture

import (
	"context"
	"slices"
)

// inkSplit splits a board's digits by the colour of their ink: when the
// least colourful of their glyphs (by chroma) make a neutral group with a
// clear gap above it (at least minInkGap, and inkGapSpreads times the
// spread within the group), it returns which cells hold a digit above the
// gap, in colour. An app draws its givens in a neutral ink and a player's
// entries in a colour (blue, purple, teal; its wrong ones in red, another
// colour still); a pen's blue on a newspaper is the same. Few entries make a group too
// small for clearSplits, which wants a puzzle's worth on each side; one
// entry in colour is enough here. The neutral group must hold a
// puzzle's worth of digits.
func inkSplit(cells *[81]Cell, in *[81][]float32) (colourful [81]bool, ok bool) {
	idx, vs := digitStyles(cells, in, anyDigit)
	cs := column(vs, chromaDim)
	order := make([]int, len(cs))
	for k := range order {
		order[k] = k
	}
	slices.SortFunc(order, func(a, b int) int { return cmpFloat(cs[a], cs[b]) })
	sorted := make([]float64, len(cs))
	for r, k := range order {
		sorted[r] = cs[k]
	}
	cut := -1
	for r := minGivens; r < len(sorted) && cut < 0; r++ {
		gap := sorted[r] - sorted[r-1]
		if gap >= minInkGap && gap >= inkGapSpreads*max(madSpread(sorted[:r]), inkFloor) {
			cut = r
		}
	}
	if cut < 0 {
		return colourful, false
	}
	for _, k := range order[cut:] {
		colourful[idx[k]] = true
	}
	return colourful, true
}

// How inkSplit knows a neutral ink: the gap above its colourfulness (0
// to 1; an app's blue or purple against its black or brown lies 0.1 to
// 0.8 above) is at least minInkGap and inkGapSpreads times the spread
// within it, taken as at least inkFloor (the glyphs of one ink differ by
// 0.01 to 0.02 where a selected cell's tint reaches their edges).
const (
	minInkGap     = 0.08
	inkGapSpreads = 6.0
	inkFloor      = 0.01
)

// madSpread is the spread of vs from their median absolute deviation (as
// a bell's spread is 1.48 times it); 0 for fewer than two values.
func madSpread(vs []float64) float64 {
	if len(vs) < 2 {
		return 0
	}
	mid := median(slices.Clone(vs))
	dev := make([]float64, len(vs))
	for k, v := range vs {
		dev[k] = abs(v - mid)
	}
	return madBell * median(dev)
}

// mendByInk reads a board's digits by the colour of their ink when it
// splits them (inkSplit): the colourful ones written, the neutral ones
// printed, if the printed digits then make a puzzle with exactly one
// solution. The classifier, judging each glyph alone, can take a
// player's few coloured entries for printed, or a printed digit for
// written where too few entries show settleKinds what the board's
// written digits look like. Marks as small as pencil marks are blank in
// the mended reading, as splitKinds has them.
func mendByInk(ctx context.Context, cells *[81]Cell, in *[81][]float32) {
	colourful, ok := inkSplit(cells, in)
	if !ok {
		return
	}
	if kindsChange(cells, colourful) {
		keepIfPuzzle(ctx, cells, withKinds(withoutPencilMarks(*cells, in), colourful))
	}
}
