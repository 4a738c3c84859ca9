package main

import (
	"image"
	"math"
	"math/rand/v2"

	"github.com/sudokubot/sudokubot/picture"
)

// ink is how a mark is drawn: its grey level, its colourfulness, and how
// blurred it is (passes of a 3×3 box blur).
type ink struct {
	grey, chroma uint8
	blur         int
}

// stamp draws mask a into cell i of board b, its height frac of the
// cell's side, its centre moved by (dx, dy) cell sides from the cell's
// centre, in the given ink.
func stamp(b *picture.Board, i int, a *image.Alpha, frac, dx, dy float64, k ink) {
	side := b.Cells.W / 9
	scale := frac * float64(side) / float64(a.Rect.Dy())
	w, h := float64(a.Rect.Dx())*scale, float64(a.Rect.Dy())*scale
	cx := float64((i%9)*side) + float64(side)/2 + dx*float64(side)
	cy := float64((i/9)*side) + float64(side)/2 + dy*float64(side)
	x0, y0 := int(cx-w/2), int(cy-h/2)
	cover := make([]float64, (int(w)+3)*(int(h)+3))
	cw := int(w) + 3
	for y := range int(h) + 3 {
		for x := range cw {
			cover[y*cw+x] = alphaAt(a, (float64(x)-1)/scale, (float64(y)-1)/scale)
		}
	}
	for range k.blur {
		cover = boxBlur(cover, cw)
	}
	for y := range len(cover) / cw {
		for x := range cw {
			px, py := x0+x-1, y0+y-1
			if px < 0 || py < 0 || px >= b.Cells.W || py >= b.Cells.H {
				continue
			}
			j, c := py*b.Cells.W+px, cover[y*cw+x]
			b.Cells.Pix[j] = uint8(float64(b.Cells.Pix[j])*(1-c) + float64(min(k.grey, b.Cells.Pix[j]))*c)
			b.Chroma.Pix[j] = uint8(float64(b.Chroma.Pix[j])*(1-c) + float64(k.chroma)*c)
		}
	}
}

// alphaAt returns a's coverage at (x, y), 0 to 1, nearest pixel.
func alphaAt(a *image.Alpha, x, y float64) float64 {
	ix, iy := int(x), int(y)
	if x < 0 || y < 0 || ix >= a.Rect.Dx() || iy >= a.Rect.Dy() {
		return 0
	}
	return float64(a.Pix[iy*a.Stride+ix]) / 255
}

// boxBlur returns c (rows of width w) averaged over 3×3.
func boxBlur(c []float64, w int) []float64 {
	h := len(c) / w
	out := make([]float64, len(c))
	for y := range h {
		for x := range w {
			sum, n := 0.0, 0
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if nx, ny := x+dx, y+dy; nx >= 0 && ny >= 0 && nx < w && ny < h {
						sum += c[ny*w+nx]
						n++
					}
				}
			}
			out[y*w+x] = sum / float64(n)
		}
	}
	return out
}

// pens are the inks a player writes with: black, blue, red, green, grey
// pencil; and printInk is the ink of printed digits, black to dark grey.
func pen(r *rand.Rand) ink {
	k := ink{blur: r.IntN(2)}
	switch r.IntN(5) {
	case 0:
		k.grey, k.chroma = uint8(10+r.IntN(50)), uint8(r.IntN(20))
	case 1:
		k.grey, k.chroma = uint8(40+r.IntN(70)), uint8(60+r.IntN(140))
	case 2:
		k.grey, k.chroma = uint8(60+r.IntN(60)), uint8(100+r.IntN(150))
	case 3:
		k.grey, k.chroma = uint8(60+r.IntN(60)), uint8(60+r.IntN(120))
	default:
		k.grey, k.chroma = uint8(70+r.IntN(70)), uint8(r.IntN(15))
	}
	return k
}

func printInk(r *rand.Rand) ink {
	return ink{grey: uint8(r.IntN(60)), chroma: uint8(r.IntN(12)), blur: r.IntN(3)}
}

// tilted returns mask a turned by angle (radians) and slanted by shear
// (the top moved right by shear times the height), cropped to its ink: a
// hand's digits lean and turn where a font's stand straight.
func tilted(a *image.Alpha, angle, shear float64) *image.Alpha {
	w, h := float64(a.Rect.Dx()), float64(a.Rect.Dy())
	side := int(math.Ceil(math.Hypot(w, h)*(1+math.Abs(shear)))) + 2
	out := image.NewAlpha(image.Rect(0, 0, side, side))
	sin, cos := math.Sin(angle), math.Cos(angle)
	c := float64(side) / 2
	for y := range side {
		for x := range side {
			// from the output back to the mask: unturn, then unslant
			u, v := float64(x)-c, float64(y)-c
			u, v = u*cos+v*sin, -u*sin+v*cos
			u += shear * v
			if cov := alphaAt(a, u+w/2, v+h/2); cov > 0 {
				out.Pix[y*out.Stride+x] = uint8(cov * 255)
			}
		}
	}
	if c := crop(out); c != nil {
		return c
	}
	return a
}
