package picture

import (
	"image"
	"image/color"
)

// warpChroma maps the quadrilateral q of img onto a square of side n, as
// warp does, keeping each point's colourfulness (its greatest channel less
// its least, 0 for grey): what tells a player's blue digits from printed
// black ones once grey levels cannot. Nearest pixel: colour needs no
// finer sampling.
func warpChroma(img image.Image, q [4]Point, n int) *Gray {
	h := homography(q, float64(n))
	r := img.Bounds()
	out := &Gray{W: n, H: n, Pix: make([]uint8, n*n)}
	yc, _ := img.(*image.YCbCr)
	for v := range n {
		for u := range n {
			x, y := h.apply(float64(u)+0.5, float64(v)+0.5)
			px, py := r.Min.X+int(x), r.Min.Y+int(y)
			if x < 0 || y < 0 || px >= r.Max.X || py >= r.Max.Y {
				continue
			}
			out.Pix[v*n+u] = chromaAt(img, yc, px, py)
		}
	}
	return out
}

// chromaAt returns the colourfulness of img's pixel (x, y); yc is img when
// it is a JPEG's YCbCr, read directly for speed.
func chromaAt(img image.Image, yc *image.YCbCr, x, y int) uint8 {
	var r, g, b uint8
	if yc != nil {
		c := yc.YCbCrAt(x, y)
		r, g, b = color.YCbCrToRGB(c.Y, c.Cb, c.Cr)
	} else {
		c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
		r, g, b = c.R, c.G, c.B
	}
	return max(r, g, b) - min(r, g, b)
}
