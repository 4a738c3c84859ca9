package main

import (
	"bytes"
	"image"
	"image/jpeg"
	"math"
	"math/rand/v2"

	"github.com/sudokubot/sudokubot/picture"
)

// degrade makes a board's cells look as phones take them, each effect
// drawn at random: the grid a little off (lines bleed into the cells),
// uneven light and a shadow, defocus, a low resolution, grain, and JPEG
// at a low quality. It changes b's pictures in place.
func degrade(r *rand.Rand, b *picture.Board) {
	g := b.Cells
	if r.Float64() < 0.4 {
		dx, dy := r.IntN(7)-3, r.IntN(7)-3
		shift(g, dx, dy)
		shift(b.Chroma, dx, dy)
	}
	if r.Float64() < 0.5 {
		light(r, g)
	}
	if r.Float64() < 0.3 {
		lowRes(g, 2+r.IntN(2))
	}
	for range r.IntN(3) {
		g.Pix = blurGray(g.Pix, g.W)
	}
	if r.Float64() < 0.4 {
		grain(r, g, 2+6*r.Float64())
	}
	if r.Float64() < 0.4 {
		toJPEG(g, 25+r.IntN(60))
	}
}

// shift moves a picture by (dx, dy) pixels, repeating its edge.
func shift(g *picture.Gray, dx, dy int) {
	out := make([]uint8, len(g.Pix))
	for y := range g.H {
		sy := min(max(y-dy, 0), g.H-1)
		for x := range g.W {
			sx := min(max(x-dx, 0), g.W-1)
			out[y*g.W+x] = g.Pix[sy*g.W+sx]
		}
	}
	g.Pix = out
}

// light darkens the picture along a random slope, and sometimes under a
// soft-edged shadow, as a page lit from one side is.
func light(r *rand.Rand, g *picture.Gray) {
	angle := r.Float64() * 2 * math.Pi
	ax, ay := math.Cos(angle), math.Sin(angle)
	depth := 0.15 + 0.4*r.Float64()
	shadow := r.Float64() < 0.4
	edge := r.Float64()*2 - 1
	for y := range g.H {
		for x := range g.W {
			u := (float64(x)/float64(g.W)-0.5)*ax + (float64(y)/float64(g.H)-0.5)*ay
			f := 1 - depth*(u+0.5)
			if shadow {
				f *= 1 - 0.35/(1+math.Exp(-(u*2-edge)*25))
			}
			k := y*g.W + x
			g.Pix[k] = uint8(max(0, min(255, float64(g.Pix[k])*f)))
		}
	}
}

// lowRes scales the picture down by f and back up, as a small photo's
// cells are.
func lowRes(g *picture.Gray, f int) {
	w, h := g.W/f, g.H/f
	small := make([]int, w*h)
	for y := range h * f {
		for x := range w * f {
			small[(y/f)*w+x/f] += int(g.Pix[y*g.W+x])
		}
	}
	for y := range g.H {
		for x := range g.W {
			// bilinear from the small picture's pixel centres
			fx, fy := (float64(x)+0.5)/float64(f)-0.5, (float64(y)+0.5)/float64(f)-0.5
			x0, y0 := min(max(int(math.Floor(fx)), 0), w-1), min(max(int(math.Floor(fy)), 0), h-1)
			x1, y1 := min(x0+1, w-1), min(y0+1, h-1)
			tx, ty := min(max(fx-float64(x0), 0), 1), min(max(fy-float64(y0), 0), 1)
			at := func(x, y int) float64 { return float64(small[y*w+x]) / float64(f*f) }
			v := (at(x0, y0)*(1-tx)+at(x1, y0)*tx)*(1-ty) + (at(x0, y1)*(1-tx)+at(x1, y1)*tx)*ty
			g.Pix[y*g.W+x] = uint8(v)
		}
	}
}

// blurGray averages a grey picture (rows of width w) over 3×3.
func blurGray(p []uint8, w int) []uint8 {
	c := make([]float64, len(p))
	for k, v := range p {
		c[k] = float64(v)
	}
	c = boxBlur(c, w)
	out := make([]uint8, len(p))
	for k, v := range c {
		out[k] = uint8(v)
	}
	return out
}

// grain adds noise of standard deviation sd grey levels.
func grain(r *rand.Rand, g *picture.Gray, sd float64) {
	for k, v := range g.Pix {
		g.Pix[k] = uint8(max(0, min(255, float64(v)+r.NormFloat64()*sd)))
	}
}

// toJPEG saves the picture as a JPEG at quality q and reads it back.
func toJPEG(g *picture.Gray, q int) {
	img := &image.Gray{Pix: g.Pix, Stride: g.W, Rect: image.Rect(0, 0, g.W, g.H)}
	var buf bytes.Buffer
	if jpeg.Encode(&buf, img, &jpeg.Options{Quality: q}) != nil {
		return
	}
	back, err := jpeg.Decode(&buf)
	if err != nil {
		return
	}
	if gr, ok := back.(*image.Gray); ok && gr.Stride == g.W {
		copy(g.Pix, gr.Pix)
	}
}
