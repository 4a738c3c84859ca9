package picture

import (
	"image"
	"image/color"
)

// chromaSampler returns the colourfulness of img at a point (its greatest
// channel less its least, 0 for grey, 0 outside): what tells a player's
// blue digits from printed black ones once grey levels cannot. Nearest
// pixel: colour needs no finer sampling.
func chromaSampler(c colours) func(x, y float64) uint8 {
	img := c.img
	r := img.Bounds()
	yc, _ := img.(*image.YCbCr)
	return func(x, y float64) uint8 {
		if !(x >= 0 && y >= 0) {
			return 0
		}
		px, py := r.Min.X+int(x/c.f), r.Min.Y+int(y/c.f)
		if px >= r.Max.X || py >= r.Max.Y {
			return 0
		}
		return chromaAt(img, yc, px, py)
	}
}

// hueSampler returns img's two colour opponents at a point: red less
// green, and blue less the mean of red and green (0 and 0 for grey, and
// outside), between pixels, as a thin digit's strokes need. With grey they
// tell any two colours apart, where colourfulness alone does not tell
// teal from pale blue.
func hueSampler(c colours) func(x, y float64) (int16, int16) {
	img := c.img
	r := img.Bounds()
	yc, _ := img.(*image.YCbCr)
	at := func(px, py int) (float64, float64) {
		px, py = r.Min.X+min(px, r.Dx()-1), r.Min.Y+min(py, r.Dy()-1)
		red, green, blue := rgbAt(img, yc, px, py)
		return float64(red) - float64(green), float64(blue) - (float64(red)+float64(green))/2
	}
	return func(x, y float64) (int16, int16) {
		x, y = x/c.f-0.5, y/c.f-0.5
		if !(x >= 0 && y >= 0) || x >= float64(r.Dx()) || y >= float64(r.Dy()) {
			return 0, 0
		}
		x0, y0 := int(x), int(y)
		fx, fy := x-float64(x0), y-float64(y0)
		a00, b00 := at(x0, y0)
		a10, b10 := at(x0+1, y0)
		a01, b01 := at(x0, y0+1)
		a11, b11 := at(x0+1, y0+1)
		lerp := func(v00, v10, v01, v11 float64) int16 {
			return int16((v00*(1-fx)+v10*fx)*(1-fy) + (v01*(1-fx)+v11*fx)*fy)
		}
		return lerp(a00, a10, a01, a11), lerp(b00, b10, b01, b11)
	}
}

// chromaAt returns the colourfulness of img's pixel (x, y); yc is img when
// it is a JPEG's YCbCr, read directly for speed.
func chromaAt(img image.Image, yc *image.YCbCr, x, y int) uint8 {
	r, g, b := rgbAt(img, yc, x, y)
	return max(r, g, b) - min(r, g, b)
}

// rgbAt returns the colour of img's pixel (x, y); yc is img when it is a
// JPEG's YCbCr, read directly for speed.
func rgbAt(img image.Image, yc *image.YCbCr, x, y int) (r, g, b uint8) {
	if yc != nil {
		c := yc.YCbCrAt(x, y)
		return color.YCbCrToRGB(c.Y, c.Cb, c.Cr)
	}
	c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
	return c.R, c.G, c.B
}

// colourTiles finds a grid of tiles that differ from their screen in
// colour more than in grey: a sepia app's tiles, two grey levels off
// their screen (under faintStep) but eight in colourfulness. It is
// tileGrid at faintStep on the picture's colourfulness (chromaPlane), in
// the picture's pixels.
func colourTiles(c colours) (lattice, bool) {
	plane, f := chromaPlane(c.img, colourSide)
	l, ok := tileGrid(plane, faintStep)
	return l.scaled(f * c.f), ok
}

// colours is a picture's colour as Find keeps it: the picture itself, or
// for a big one every f-th pixel across and down (f 1 for the picture).
type colours struct {
	img image.Image
	f   float64
}

// coloursOf returns what Find keeps of img's colour: img itself, or when
// it has over bigPicture pixels, every f-th pixel of it so its longest
// side is at most colourSide. Colour is sampled at the nearest pixel, a
// digit's strokes are many pixels wide in so big a picture, and the
// picture's own pixels (up to 128 MB) can go before the grid is looked
// for.
func coloursOf(img image.Image) colours {
	r := img.Bounds()
	if float64(r.Dx())*float64(r.Dy()) <= bigPicture {
		return colours{img: img, f: 1}
	}
	f := max(1, (max(r.Dx(), r.Dy())+colourSide-1)/colourSide)
	small := image.NewRGBA(image.Rect(0, 0, r.Dx()/f, r.Dy()/f))
	for y := range small.Rect.Dy() {
		for x := range small.Rect.Dx() {
			small.Set(x, y, img.At(r.Min.X+x*f, r.Min.Y+y*f))
		}
	}
	return colours{img: small, f: float64(f)}
}

// bigPicture is how many pixels a picture has from which Find keeps only
// a sample of its colour (coloursOf).
const bigPicture = 16e6

// colourSide is the longest side of the plane colourTiles looks in: a
// tile's gap stays a pixel or more wide, and a 50-megapixel picture's
// plane a few megabytes.
const colourSide = 2000

// chromaPlane returns img's colourfulness (chromaAt) pixel by pixel,
// every f-th pixel across and down so its longest side is at most side,
// and f.
func chromaPlane(img image.Image, side int) (*Gray, float64) {
	r := img.Bounds()
	f := max(1, (max(r.Dx(), r.Dy())+side-1)/side)
	out := &Gray{W: r.Dx() / f, H: r.Dy() / f}
	out.Pix = make([]uint8, out.W*out.H)
	yc, _ := img.(*image.YCbCr)
	for y := range out.H {
		for x := range out.W {
			out.Pix[y*out.W+x] = chromaAt(img, yc, r.Min.X+x*f, r.Min.Y+y*f)
		}
	}
	return out, float64(f)
}
