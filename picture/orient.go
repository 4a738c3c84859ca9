package picture

import (
	"image"
	"image/color"
)

// A phone stores a photo as its sensor saw it and says in EXIF how to
// turn it to be seen the right way up: orientation 1 as it is, 2 mirrored,
// 3 turned half round, 4 flipped, 5 mirrored along the diagonal
// (transposed), 6 turned a quarter clockwise, 7 mirrored along the other
// diagonal, 8 turned a quarter anticlockwise.

// upright returns the size of a w×h picture of orientation o seen the
// right way up.
func upright(o, w, h int) (int, int) {
	if o >= 5 && o <= 8 {
		return h, w
	}
	return w, h
}

// source returns where the pixel (x, y) of a w×h stored picture of
// orientation o, seen the right way up, is stored.
func source(o, w, h, x, y int) (int, int) {
	switch o {
	case 2:
		return w - 1 - x, y
	case 3:
		return w - 1 - x, h - 1 - y
	case 4:
		return x, h - 1 - y
	case 5:
		return y, x
	case 6:
		return y, h - 1 - x
	case 7:
		return w - 1 - y, h - 1 - x
	case 8:
		return w - 1 - y, x
	}
	return x, y
}

// oriented returns g the right way up for orientation o: g itself for 1,
// else a new picture.
func (g *Gray) oriented(o int) *Gray {
	if o <= 1 || o > 8 {
		return g
	}
	w, h := upright(o, g.W, g.H)
	out := &Gray{W: w, H: h, Pix: make([]uint8, len(g.Pix))}
	for y := range h {
		row := out.Pix[y*w:][:w]
		for x := range row {
			sx, sy := source(o, g.W, g.H, x, y)
			row[x] = g.Pix[sy*g.W+sx]
		}
	}
	return out
}

// turned returns img seen the right way up for orientation o: img itself
// for 1, else a view of it that reads its pixels where they are stored.
func turned(img image.Image, o int) image.Image {
	if o <= 1 || o > 8 {
		return img
	}
	return turnedImage{img: img, o: o}
}

// turnedImage is a picture seen the right way up, read from where its
// pixels are stored.
type turnedImage struct {
	img image.Image
	o   int
}

func (t turnedImage) ColorModel() color.Model { return t.img.ColorModel() }

func (t turnedImage) Bounds() image.Rectangle {
	b := t.img.Bounds()
	w, h := upright(t.o, b.Dx(), b.Dy())
	return image.Rect(0, 0, w, h)
}

func (t turnedImage) At(x, y int) color.Color {
	b := t.img.Bounds()
	if !(image.Point{x, y}.In(t.Bounds())) {
		return color.RGBA{}
	}
	sx, sy := source(t.o, b.Dx(), b.Dy(), x, y)
	return t.img.At(b.Min.X+sx, b.Min.Y+sy)
}
