package main

import (
	"image"
	"math/rand/v2"

	"github.com/sudokubot/sudokubot/picture"
)

// hands draws a player's handwritten digits: from MNIST and the
// handwriting-like fonts, and a share (-real) from the digits really
// written into the tuning photos, which are then written again into other
// boards' blank cells, in other inks and places.
type hands struct {
	drawn, real handwriting
	share       float64
}

// pick returns a handwritten digit d.
func (h hands) pick(r *rand.Rand, d int) *image.Alpha {
	from := h.drawn
	if len(h.real[d]) > 0 && r.Float64() < h.share {
		from = h.real
	}
	return from[d][r.IntN(len(from[d]))]
}

// realHands returns the digits written into the tuning boards (those
// placed where their labels say), each cut from the glyph the classifier
// reads: the ink, scaled into its box, as a mask.
func realHands(boards []board) handwriting {
	var out handwriting
	for _, bd := range boards {
		if !aligned(bd) {
			continue
		}
		in := bd.found.Inputs()
		for i, c := range bd.labels {
			if c <= 9 || in[i][picture.Inputs-picture.Scalars] == 0 {
				continue
			}
			a := image.NewAlpha(image.Rect(0, 0, picture.GlyphSide, picture.GlyphSide))
			for k, v := range in[i][:picture.GlyphSide*picture.GlyphSide] {
				a.Pix[k] = uint8(255 * min(1, max(0, v)))
			}
			if m := crop(a); m != nil {
				out[c-9] = append(out[c-9], m)
			}
		}
	}
	return out
}

// candidatesAbove draws one to four small candidates along the top of
// cell i, as a solver notes them before writing the digit in below: the
// cell still reads as the digit written.
func candidatesAbove(r *rand.Rand, b *picture.Board, i int, font glyphs, k ink) {
	k.grey = uint8(min(255, int(k.grey)+r.IntN(50)))
	size := 0.14 + 0.1*r.Float64()
	spots := [][2]float64{{-.33, -.34}, {.33, -.34}, {0, -.36}, {-.34, .33}, {.34, .33}}
	for n, d := range r.Perm(9)[:1+r.IntN(4)] {
		jx, jy := (r.Float64()-0.5)*0.06, (r.Float64()-0.5)*0.05
		stamp(b, i, font[d+1], size, spots[n][0]+jx, spots[n][1]+jy, k)
	}
}

// count is how many digits hw holds.
func count(hw handwriting) int {
	n := 0
	for _, ds := range hw {
		n += len(ds)
	}
	return n
}
