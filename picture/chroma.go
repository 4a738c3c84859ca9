package picture

import (
	"image"
	"image/color"
)

// chromaSampler returns the colourfulness of img at a point (its greatest
// channel less its least, 0 for grey, 0 outside): what tells a player's
// blue digits from printed black ones once grey levels cannot. Nearest
// pixel: colour needs no finer sampling.
func chromaSampler(img image.Image) func(x, y float64) uint8 {
	r := img.Bounds()
	yc, _ := img.(*image.YCbCr)
	return func(x, y float64) uint8 {
		if !(x >= 0 && y >= 0) {
			return 0
		}
		px, py := r.Min.X+int(x), r.Min.Y+int(y)
		if px >= r.Max.X || py >= r.Max.Y {
			return 0
		}
		return chromaAt(img, yc, px, py)
	}
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
