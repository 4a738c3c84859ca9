package screenshot

import (
	"image"
	"image/color"
	"image/draw"
	"math"
)

// canvas is the picture being drawn. Shapes are drawn from signed distance
// functions so their edges are antialiased the way a phone's renderer
// draws them; a hard-edged drawing would be easier to read than real
// screenshots.
type canvas struct {
	img *image.RGBA
}

func newCanvas(w, h int, bg color.RGBA) *canvas {
	c := &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h))}
	c.rect(c.img.Rect, bg)
	return c
}

// rect fills r with an opaque colour, the fast path for backgrounds.
func (c *canvas) rect(r image.Rectangle, col color.RGBA) {
	draw.Draw(c.img, r, image.NewUniform(col), image.Point{}, draw.Src)
}

// blend mixes col into the pixel at x, y by coverage a (0 to 1).
func (c *canvas) blend(x, y int, col color.RGBA, a float64) {
	if !(image.Point{x, y}.In(c.img.Rect)) || a <= 0 {
		return
	}
	a *= float64(col.A) / 255
	i := c.img.PixOffset(x, y)
	p := c.img.Pix[i : i+3 : i+3]
	p[0] = mix(p[0], col.R, a)
	p[1] = mix(p[1], col.G, a)
	p[2] = mix(p[2], col.B, a)
}

func mix(dst, src uint8, a float64) uint8 {
	if a >= 1 {
		return src
	}
	return uint8(float64(dst)*(1-a) + float64(src)*a + 0.5)
}

// sdf is a signed distance in pixels from a point to a shape's edge:
// negative inside.
type sdf func(x, y float64) float64

// shape fills the pixels of box (in float pixels) inside d, with one pixel
// of antialiasing at the edge.
func (c *canvas) shape(x0, y0, x1, y1 float64, col color.RGBA, d sdf) {
	c.shapeAround(x0, y0, x1, y1, image.Rectangle{}, col, d)
}

// shapeAround is shape for a shape whose part solid is already filled.
func (c *canvas) shapeAround(x0, y0, x1, y1 float64, solid image.Rectangle, col color.RGBA, d sdf) {
	r := image.Rect(int(math.Floor(x0))-1, int(math.Floor(y0))-1, int(math.Ceil(x1))+1, int(math.Ceil(y1))+1)
	r = r.Intersect(c.img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if x == solid.Min.X && y >= solid.Min.Y && y < solid.Max.Y {
				x = solid.Max.X - 1
				continue
			}
			cov := 0.5 - d(float64(x)+0.5, float64(y)+0.5)
			c.blend(x, y, col, min(cov, 1))
		}
	}
}

// roundRect fills a rectangle with corners of radius rad.
func (c *canvas) roundRect(x0, y0, x1, y1, rad float64, col color.RGBA) {
	if rad <= 0 && col.A == 255 && isWhole(x0, y0, x1, y1) {
		c.rect(image.Rect(int(x0), int(y0), int(x1), int(y1)), col)
		return
	}
	// The band between the corners is solid: fill it fast and shade only
	// the edges, as tiles fill much of some grids.
	var solid image.Rectangle
	if col.A == 255 {
		solid = image.Rect(int(math.Ceil(x0))+1, int(math.Ceil(y0+rad))+1, int(x1)-1, int(y1-rad)-1)
		if solid.Empty() {
			solid = image.Rectangle{}
		}
		c.rect(solid, col)
	}
	c.shapeAround(x0, y0, x1, y1, solid, col, roundBox(x0, y0, x1, y1, rad))
}

// roundRectLine draws the outline of a rounded rectangle, w pixels wide,
// inside its bounds.
func (c *canvas) roundRectLine(x0, y0, x1, y1, rad, w float64, col color.RGBA) {
	h := w / 2
	in := roundBox(x0+h, y0+h, x1-h, y1-h, max(rad-h, 0))
	c.shape(x0, y0, x1, y1, col, func(x, y float64) float64 { return math.Abs(in(x, y)) - h })
}

func isWhole(v ...float64) bool {
	for _, f := range v {
		if f != math.Trunc(f) {
			return false
		}
	}
	return true
}

// roundBox is the distance to a rectangle with rounded corners.
func roundBox(x0, y0, x1, y1, rad float64) sdf {
	cx, cy := (x0+x1)/2, (y0+y1)/2
	hx, hy := (x1-x0)/2-rad, (y1-y0)/2-rad
	return func(x, y float64) float64 {
		dx, dy := math.Abs(x-cx)-hx, math.Abs(y-cy)-hy
		if dx <= 0 || dy <= 0 { // beside a straight edge
			return max(dx, dy) - rad
		}
		return math.Sqrt(dx*dx+dy*dy) - rad
	}
}

// circle fills a disc.
func (c *canvas) circle(cx, cy, rad float64, col color.RGBA) {
	c.shape(cx-rad, cy-rad, cx+rad, cy+rad, col, func(x, y float64) float64 {
		return math.Hypot(x-cx, y-cy) - rad
	})
}

// ring draws a circle's outline w wide; when from != to only the arc
// between those angles (radians, clockwise from 3 o'clock) is drawn.
func (c *canvas) ring(cx, cy, rad, w, from, to float64, col color.RGBA) {
	c.shape(cx-rad-w, cy-rad-w, cx+rad+w, cy+rad+w, col, func(x, y float64) float64 {
		d := math.Abs(math.Hypot(x-cx, y-cy)-rad) - w/2
		if from != to && !inArc(math.Atan2(y-cy, x-cx), from, to) {
			return 1
		}
		return d
	})
}

func inArc(a, from, to float64) bool {
	for a < from {
		a += 2 * math.Pi
	}
	return a <= to
}

// line draws a segment with round caps, w wide.
func (c *canvas) line(x0, y0, x1, y1, w float64, col color.RGBA) {
	a, b := [2]float64{x0, y0}, [2]float64{x1, y1}
	c.shape(min(x0, x1)-w, min(y0, y1)-w, max(x0, x1)+w, max(y0, y1)+w, col, func(x, y float64) float64 {
		return segment(x, y, a, b) - w/2
	})
}

// polygon fills the polygon through pts.
func (c *canvas) polygon(col color.RGBA, pts ...[2]float64) {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range pts {
		x0, y0, x1, y1 = min(x0, p[0]), min(y0, p[1]), max(x1, p[0]), max(y1, p[1])
	}
	c.shape(x0, y0, x1, y1, col, func(x, y float64) float64 {
		d, inside := math.Inf(1), false
		for i, a := range pts {
			b := pts[(i+1)%len(pts)]
			d = min(d, segment(x, y, a, b))
			if (a[1] > y) != (b[1] > y) && x < a[0]+(y-a[1])*(b[0]-a[0])/(b[1]-a[1]) {
				inside = !inside
			}
		}
		if inside {
			return -d
		}
		return d
	})
}

// segment is the distance from x, y to the segment from a to b.
func segment(x, y float64, a, b [2]float64) float64 {
	dx, dy := b[0]-a[0], b[1]-a[1]
	t := 0.0
	if l2 := dx*dx + dy*dy; l2 > 0 {
		t = math.Max(0, math.Min(1, ((x-a[0])*dx+(y-a[1])*dy)/l2))
	}
	return math.Hypot(x-a[0]-t*dx, y-a[1]-t*dy)
}
