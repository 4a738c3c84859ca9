package picture

import "math"

// settleKinds decides, board-wide, which digits were printed and which a
// player wrote in. The classifier judges each cell with only a summary of
// the others; but on one board the printed digits share one ink, weight
// and size, and so do the written ones. So the cells it is sure of, of
// each kind, show what the two look like on this board, and each digit's
// kind is then weighed by which of the two it looks more like as well.
// A board with too few sure cells of either kind is left as read.
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
		c.Confidence = float64(c.probs[d]+c.probs[9+d]) / (1 + math.Exp(-math.Abs(odds)))
	}
}

// How settleKinds weighs a board: a cell is sure of its kind when the
// classifier gives it sureKind or more; each kind needs minSure sure
// cells; a style measure's spread within a kind is at least styleFloor.
const (
	sureKind   = 0.9
	minSure    = 4
	styleFloor = 0.03
)

// styleDims is how many numbers describe a digit's style.
const styleDims = 4

// styleOf returns what tells a cell's digit's kind on its board, from the
// classifier's inputs: its ink's contrast, strokes' width and colour, and
// its height against the board's tall marks.
func styleOf(x []float32) [styleDims]float64 {
	s := x[GlyphSide*GlyphSide:]
	return [styleDims]float64{float64(s[fContrast]), float64(s[fStroke]), float64(s[fChroma]), float64(s[fHeightRel])}
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
		if v := float64(p[d] + p[9+d]); v > best {
			best, at = v, d
		}
	}
	return at
}
