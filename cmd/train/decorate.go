package main

import (
	"image"
	"math/rand/v2"

	"github.com/sudokubot/sudokubot/internal/nn"
	"github.com/sudokubot/sudokubot/picture"
)

// Display faces are text faces made over: heavier or lighter, hollowed to
// an outline, given a shadow or a depth, squeezed or stretched, cut as a
// stencil, striped, worn. The catalogue holds a few hundred faces, few of
// them display ones; the faces a puzzle site or a poster prints its
// digits in are often display ones. decorated draws a training face's
// digits made over by one or two such effects, all nine alike (a face is
// one design), so the classifier learns a digit's shape under them, not
// the effects of the few display faces it trains on.

// displayed returns the cells of a copy of bd with printed digits in one
// display face (displayFace) drawn into six in ten of its blank cells, as
// examples.
func displayed(r *rand.Rand, bd board, fonts []glyphs) []nn.Example {
	b := clone(bd.found)
	labels := bd.labels
	font := displayFace(r, fonts)
	k := printInk(r)
	k.grey = max(k.grey, darkest(b))
	size := 0.45 + 0.3*r.Float64()
	for i := range 81 {
		if labels[i] != 0 || r.Float64() < 0.4 {
			continue
		}
		d := 1 + r.IntN(9)
		stamp(b, i, font[d], size, (r.Float64()-0.5)*0.05, (r.Float64()-0.5)*0.05, k)
		labels[i] = picture.Class(d, false)
	}
	if r.Float64() < 0.6 {
		degrade(r, b)
	}
	return examples(b, labels)
}

// displayFace is a training face made over (decorated), or three times
// in twenty a seven-segment display, once in ten a dot matrix.
func displayFace(r *rand.Rand, fonts []glyphs) glyphs {
	switch x := r.Float64(); {
	case x < 0.15:
		return segmentDigits(r)
	case x < 0.25:
		return matrixDigits(r)
	}
	return decorated(r, fonts[r.IntN(len(fonts))])
}

// effect makes one glyph over; r draws nothing, so that all nine of a
// face's digits are made over alike.
type effect func(a *image.Alpha) *image.Alpha

// decorated returns font's digits made over by one effect, or two.
func decorated(r *rand.Rand, font glyphs) glyphs {
	e := pickEffect(r)
	if r.IntN(3) == 0 {
		second := pickEffect(r)
		first := e
		e = func(a *image.Alpha) *image.Alpha { return second(first(a)) }
	}
	var out glyphs
	for d := 1; d <= 9; d++ {
		out[d] = font[d]
		if g := crop(e(font[d])); g != nil {
			out[d] = g
		}
	}
	return out
}

// pickEffect draws an effect and its sizes, in pixels of a 64-pixel digit.
func pickEffect(r *rand.Rand) effect {
	switch r.IntN(9) {
	case 0: // bold
		k := 2 + r.IntN(4)
		return func(a *image.Alpha) *image.Alpha { return thicker(a, k) }
	case 1: // light: thinner, but never to nothing
		k := 1 + r.IntN(2)
		return func(a *image.Alpha) *image.Alpha {
			if t := thinner(a, k); inkOf(t)*3 > inkOf(a) {
				return t
			}
			return a
		}
	case 2: // outlined: made heavy, then hollowed
		k, t := r.IntN(4), 2+r.IntN(2)
		return func(a *image.Alpha) *image.Alpha {
			a = thicker(a, k)
			return minus(a, thinner(a, t))
		}
	case 3: // a shadow or a depth behind it, drawn in the same ink
		dx, dy, steps := 2+r.IntN(5), 2+r.IntN(5), 1+r.IntN(3)*r.IntN(2)
		hollow := r.IntN(2) == 0
		return func(a *image.Alpha) *image.Alpha { return shadowed(a, dx, dy, steps, hollow) }
	case 4: // condensed or extended
		sx := 0.55 + 0.9*r.Float64()
		return func(a *image.Alpha) *image.Alpha { return scaledX(a, sx) }
	case 5: // a stencil's bridges
		at, gap, vertical := 0.3+0.4*r.Float64(), 2+r.IntN(3), r.IntN(3) == 0
		return func(a *image.Alpha) *image.Alpha { return cut(a, at, gap, vertical) }
	case 6: // striped across
		period := 4 + r.IntN(5)
		return func(a *image.Alpha) *image.Alpha { return striped(a, period) }
	case 7: // an inline: a thin line of paper inside a heavy stroke
		k := 2 + r.IntN(3)
		return func(a *image.Alpha) *image.Alpha {
			a = thicker(a, k)
			inner := thinner(a, k)
			return minus(a, minus(inner, thinner(inner, 1)))
		}
	default: // worn: specks of paper in the ink
		seed := r.Uint64()
		share := 0.1 + 0.2*r.Float64()
		return func(a *image.Alpha) *image.Alpha { return worn(a, seed, share) }
	}
}

// grown returns a grown (k > 0) or shrunk (k < 0) by |k| pixels, a pixel
// at a time over its four neighbours and then its diagonals by turns, so
// the growth is near round; the mask is thresholded at half cover first.
func grown(a *image.Alpha, k int) *image.Alpha {
	pad := max(k, 0)
	w, h := a.Rect.Dx()+2*pad, a.Rect.Dy()+2*pad
	on := make([]bool, w*h)
	for y := range a.Rect.Dy() {
		for x := range a.Rect.Dx() {
			on[(y+pad)*w+x+pad] = a.Pix[y*a.Stride+x] >= 128
		}
	}
	grow := k > 0
	for step := range max(k, -k) {
		next := make([]bool, len(on))
		for y := range h {
			for x := range w {
				v := on[y*w+x]
				for _, d := range neighbours(step%2 == 1) {
					nx, ny := x+d[0], y+d[1]
					n := nx >= 0 && ny >= 0 && nx < w && ny < h && on[ny*w+nx]
					if grow {
						v = v || n
					} else {
						v = v && n
					}
				}
				next[y*w+x] = v
			}
		}
		on = next
	}
	out := image.NewAlpha(image.Rect(0, 0, w, h))
	for i, v := range on {
		if v {
			out.Pix[i] = 255
		}
	}
	return out
}

// neighbours are the four side neighbours, or with diag the eight.
func neighbours(diag bool) [][2]int {
	if diag {
		return [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, -1}, {1, -1}, {-1, 1}, {1, 1}}
	}
	return [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}
}

// thicker and thinner grow and shrink a's strokes by k pixels a side.
func thicker(a *image.Alpha, k int) *image.Alpha { return grown(a, k) }
func thinner(a *image.Alpha, k int) *image.Alpha { return grown(a, -k) }

// minus returns a without b's ink, b placed at a's centre (b is a's size
// or a shrunk copy of it, the same size).
func minus(a, b *image.Alpha) *image.Alpha {
	out := image.NewAlpha(image.Rect(0, 0, a.Rect.Dx(), a.Rect.Dy()))
	ox, oy := (a.Rect.Dx()-b.Rect.Dx())/2, (a.Rect.Dy()-b.Rect.Dy())/2
	for y := range a.Rect.Dy() {
		for x := range a.Rect.Dx() {
			v := a.Pix[y*a.Stride+x]
			if bx, by := x-ox, y-oy; bx >= 0 && by >= 0 && bx < b.Rect.Dx() && by < b.Rect.Dy() {
				v = uint8(max(0, int(v)-int(b.Pix[by*b.Stride+bx])))
			}
			out.Pix[y*out.Stride+x] = v
		}
	}
	return out
}

// inkOf is a mask's summed cover.
func inkOf(a *image.Alpha) int {
	n := 0
	for _, v := range a.Pix {
		n += int(v)
	}
	return n
}

// shadowed returns a over copies of itself moved down and right by (dx,
// dy), steps of them towards it (a depth) or one (a shadow); hollow draws
// a's own face as an outline, so the shadow shows through it.
func shadowed(a *image.Alpha, dx, dy, steps int, hollow bool) *image.Alpha {
	w, h := a.Rect.Dx()+dx, a.Rect.Dy()+dy
	out := image.NewAlpha(image.Rect(0, 0, w, h))
	put := func(m *image.Alpha, ox, oy int, erase bool) {
		for y := range m.Rect.Dy() {
			for x := range m.Rect.Dx() {
				px, py := x+ox, y+oy
				if px < 0 || py < 0 || px >= w || py >= h {
					continue
				}
				v, j := m.Pix[y*m.Stride+x], py*w+px
				switch {
				case erase && v >= 128:
					out.Pix[j] = 0
				case !erase:
					out.Pix[j] = max(out.Pix[j], v)
				}
			}
		}
	}
	for s := steps; s >= 1; s-- {
		put(a, dx*s/steps, dy*s/steps, false)
	}
	if !hollow {
		// a gap of paper between the face and its shadow
		put(grown(a, 1), -1, -1, true)
		put(a, 0, 0, false)
		return out
	}
	put(a, 0, 0, true)
	put(minus(a, thinner(a, 2)), 0, 0, false)
	return out
}

// scaledX returns a squeezed (sx < 1) or stretched across by sx.
func scaledX(a *image.Alpha, sx float64) *image.Alpha {
	w := max(1, int(float64(a.Rect.Dx())*sx))
	out := image.NewAlpha(image.Rect(0, 0, w, a.Rect.Dy()))
	for y := range a.Rect.Dy() {
		for x := range w {
			out.Pix[y*out.Stride+x] = uint8(255 * alphaAt(a, (float64(x)+0.5)/sx, float64(y)))
		}
	}
	return out
}

// cut returns a with a band of paper gap pixels wide across it at the
// share at of its height (or, vertical, of its width), as a stencil's
// bridges are.
func cut(a *image.Alpha, at float64, gap int, vertical bool) *image.Alpha {
	out := image.NewAlpha(image.Rect(0, 0, a.Rect.Dx(), a.Rect.Dy()))
	copy(out.Pix, a.Pix)
	for y := range a.Rect.Dy() {
		for x := range a.Rect.Dx() {
			p, n := y, a.Rect.Dy()
			if vertical {
				p, n = x, a.Rect.Dx()
			}
			if c := int(at * float64(n)); p >= c && p < c+gap {
				out.Pix[y*out.Stride+x] = 0
			}
		}
	}
	return out
}

// striped returns a with every other band of rows, period pixels a pair,
// left as paper.
func striped(a *image.Alpha, period int) *image.Alpha {
	out := image.NewAlpha(image.Rect(0, 0, a.Rect.Dx(), a.Rect.Dy()))
	for y := range a.Rect.Dy() {
		if y%period < period/2 {
			continue
		}
		copy(out.Pix[y*out.Stride:(y+1)*out.Stride], a.Pix[y*a.Stride:y*a.Stride+a.Rect.Dx()])
	}
	return out
}

// worn returns a with specks of paper in it, about share of its ink, in
// blobs of a few pixels: a worn press or a distressed face.
func worn(a *image.Alpha, seed uint64, share float64) *image.Alpha {
	r := rand.New(rand.NewPCG(seed, 7))
	out := image.NewAlpha(image.Rect(0, 0, a.Rect.Dx(), a.Rect.Dy()))
	copy(out.Pix, a.Pix)
	n := int(share * float64(inkOf(a)) / 255 / 6)
	for range n {
		cx, cy := r.IntN(a.Rect.Dx()), r.IntN(a.Rect.Dy())
		rad := 1 + r.IntN(2)
		for y := cy - rad; y <= cy+rad; y++ {
			for x := cx - rad; x <= cx+rad; x++ {
				if x >= 0 && y >= 0 && x < a.Rect.Dx() && y < a.Rect.Dy() && (x-cx)*(x-cx)+(y-cy)*(y-cy) <= rad*rad {
					out.Pix[y*out.Stride+x] = 0
				}
			}
		}
	}
	return out
}
