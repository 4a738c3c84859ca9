package picture

import "math"

// faces compares the shapes of a board's digits: two digits read as the
// same digit and drawn in one face (a font, or one printer's type) are
// drawn alike, pixel for pixel once scaled to the classifier's glyph,
// where the same digit in two faces (the givens' bold and a player's
// regular, an upright and an italic, a print and a hand) is not. A split
// that reads two glyphs of one face as different kinds is unlikely, and
// one that tells two faces apart likely: what the digits' inks, widths
// and heights cannot tell when an app draws a player's digits in the
// givens' colour. Each pair of digits read alike counts faceScore of
// their glyphs' distance, shared among their digit's other glyphs so
// that each digit's part is bounded whatever the board's count.
type faces struct {
	pairs []facePair
}

// facePair is two cells whose digits were read alike, and what reading
// them as different kinds is worth.
type facePair struct {
	i, j  int
	worth float64
}

// faceLooks returns the faces of the digits of cells, by the classifier's
// inputs in. A pair's worth is faceScore of its glyphs' distance, against
// one face's spread, the board's own where its glyphs lie
// further apart than faceMid (a blurred or small picture's): faceNoise
// times the median, over its digits, of a digit's distance to the
// nearest of its kind. It counts less for a digit read unsurely (a speck,
// a stray mark or a misread digit, unlike the others of the digit it was
// read as; faceSure), and it is shared among the digit's other glyphs.
func faceLooks(cells *[81]Cell, in *[81][]float32) faces {
	var byDigit [10][]int
	for i, c := range cells {
		if c.Digit != 0 {
			byDigit[c.Digit] = append(byDigit[c.Digit], i)
		}
	}
	var f faces
	var dist []float64
	var nearest [81]float64
	for i := range nearest {
		nearest[i] = math.Inf(1)
	}
	for _, cs := range byDigit {
		for a, i := range cs {
			for _, j := range cs[a+1:] {
				d := glyphDistance(in[i], in[j])
				f.pairs, dist = append(f.pairs, facePair{i: i, j: j}), append(dist, d)
				nearest[i], nearest[j] = min(nearest[i], d), min(nearest[j], d)
			}
		}
	}
	var nn []float64
	for _, d := range nearest {
		if !math.IsInf(d, 1) {
			nn = append(nn, d)
		}
	}
	mid := max(faceMid, faceNoise*median(nn))
	for k := range f.pairs {
		p := &f.pairs[k]
		share := 2 / float64(len(byDigit[cells[p.i].Digit])-1)
		p.worth = faceSure(min(cells[p.i].Confidence, cells[p.j].Confidence)) * share * faceScore(dist[k], mid)
	}
	return f
}

// faceSure is how much a pair of glyphs counts whose less sure digit was
// read with confidence c: nothing under unsureFace, all over sureFace, in
// proportion between. Two givens of a decorative face misread as 9s (with
// confidence 0.54), unlike the board's 9s, were read as written for it.
func faceSure(c float64) float64 {
	return max(0, min(1, (c-unsureFace)/(sureFace-unsureFace)))
}

// The confidences between which faceSure counts a pair in part.
const unsureFace, sureFace = 0.5, 0.9

// score is what the split written is worth by the digits' faces: the
// sum of the worth of the pairs it reads as different kinds.
func (f faces) score(written [81]bool) float64 {
	s := 0.0
	for _, p := range f.pairs {
		if written[p.i] != written[p.j] {
			s += p.worth
		}
	}
	return s
}

// faceScore is what telling apart two glyphs of a digit at distance d
// (glyphDistance) is worth, in splitScore's log-likelihood: negative
// below mid, where one face's glyphs lie, positive above it, at most
// faceWeight times faceClamp either way.
func faceScore(d, mid float64) float64 {
	return faceWeight * max(-faceClamp, min(faceClamp, (d-mid)/faceScale))
}

// How far apart glyphs of one face and of two lie (glyphDistance), on the
// tuning screenshots of internal/screenshot (seeds 1000–1199) and
// kubiesa/train: one face's glyphs of a digit lie 0.026–0.032 apart at
// the median, 0.057 at the 95th percentile; a player's digits in the
// givens' ink but another face 0.068 from the givens, a hand 0.084. A
// super-sudoku phone shot's one face lies 0.03–0.06 apart, which the
// board's own spread (faceNoise) allows for.
const (
	faceMid    = 0.05
	faceNoise  = 2.0
	faceScale  = 0.015
	faceClamp  = 2.0
	faceWeight = 1.0
)

// glyphDistance is the mean absolute difference of two glyphs' pixels.
func glyphDistance(a, b []float32) float64 {
	s := 0.0
	for k := range GlyphSide * GlyphSide {
		s += math.Abs(float64(a[k] - b[k]))
	}
	return s / (GlyphSide * GlyphSide)
}
