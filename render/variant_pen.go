package render

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/vector"
)

// pt is a point in image pixels.
type pt struct{ x, y float64 }

func (a pt) add(b pt) pt             { return pt{a.x + b.x, a.y + b.y} }
func (a pt) sub(b pt) pt             { return pt{a.x - b.x, a.y - b.y} }
func (a pt) mul(k float64) pt        { return pt{a.x * k, a.y * k} }
func (a pt) len() float64            { return math.Hypot(a.x, a.y) }
func mid(a, b pt) pt                 { return pt{(a.x + b.x) / 2, (a.y + b.y) / 2} }
func (a pt) unit() pt                { return a.mul(1 / math.Max(a.len(), 1e-9)) }
func (a pt) perp() pt                { return pt{-a.y, a.x} }
func (a pt) dist(b pt) float64       { return a.sub(b).len() }
func polar(r, angle float64) pt      { return pt{r * math.Cos(angle), r * math.Sin(angle)} }
func (a pt) dot(b pt) float64        { return a.x*b.x + a.y*b.y }
func lerp(a, b pt, t float64) pt     { return a.add(b.sub(a).mul(t)) }
func (a pt) near(b pt) bool          { return a.dist(b) < 1e-6 }
func rectPts(a, b pt) []pt           { return []pt{a, {b.x, a.y}, b, {a.x, b.y}} }
func square(c pt, half float64) []pt { return rectPts(c.sub(pt{half, half}), c.add(pt{half, half})) }

// pen fills shapes with anti-aliased edges. A shape is the polygons added
// since the last fill, filled together: where they overlap, a translucent
// colour is laid once, because every polygon is turned the same way (a
// hole is one turned the other way).
type pen struct {
	dst   *image.RGBA
	z     vector.Rasterizer
	polys [][]pt
}

// poly adds a polygon to the shape, or a hole in it when hole is set.
func (p *pen) poly(pts []pt, hole bool) {
	if len(pts) < 3 {
		return
	}
	if (area(pts) < 0) != hole {
		rev := make([]pt, len(pts))
		for i, q := range pts {
			rev[len(pts)-1-i] = q
		}
		pts = rev
	}
	p.polys = append(p.polys, pts)
}

// area is the signed area of a polygon (positive turning clockwise on
// screen, where y points down).
func area(pts []pt) float64 {
	s := 0.0
	for i, a := range pts {
		b := pts[(i+1)%len(pts)]
		s += a.x*b.y - b.x*a.y
	}
	return s / 2
}

// fill paints the shape in c, rasterising only its bounding box, and
// starts a new shape.
func (p *pen) fill(c color.Color) {
	defer func() { p.polys = p.polys[:0] }()
	box, ok := p.bounds()
	if !ok {
		return
	}
	box = box.Intersect(p.dst.Rect)
	if box.Empty() {
		return
	}
	p.z.Reset(box.Dx(), box.Dy())
	ox, oy := float64(box.Min.X), float64(box.Min.Y)
	for _, poly := range p.polys {
		p.z.MoveTo(float32(poly[0].x-ox), float32(poly[0].y-oy))
		for _, q := range poly[1:] {
			p.z.LineTo(float32(q.x-ox), float32(q.y-oy))
		}
		p.z.ClosePath()
	}
	p.z.Draw(p.dst, box, image.NewUniform(c), image.Point{})
}

func (p *pen) bounds() (image.Rectangle, bool) {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, poly := range p.polys {
		for _, q := range poly {
			minX, maxX = math.Min(minX, q.x), math.Max(maxX, q.x)
			minY, maxY = math.Min(minY, q.y), math.Max(maxY, q.y)
		}
	}
	if minX > maxX || math.IsNaN(minX+minY+maxX+maxY) {
		return image.Rectangle{}, false
	}
	const far = 1 << 20
	return image.Rect(int(math.Max(math.Floor(minX), -far)), int(math.Max(math.Floor(minY), -far)),
		int(math.Min(math.Ceil(maxX), far)), int(math.Min(math.Ceil(maxY), far))), true
}

// capsule returns the points around a segment at distance r: a stadium,
// or a circle when a and b are the same point.
func capsule(a, b pt, r float64) []pt {
	dir := pt{1, 0}
	if !a.near(b) {
		dir = b.sub(a).unit()
	}
	start := math.Atan2(dir.y, dir.x) - math.Pi/2
	steps := max(6, min(40, int(r*0.7)))
	pts := make([]pt, 0, 2*steps+2)
	for i := 0; i <= steps; i++ { // round the end at b
		pts = append(pts, b.add(polar(r, start+math.Pi*float64(i)/float64(steps))))
	}
	for i := 0; i <= steps; i++ { // and back round a
		pts = append(pts, a.add(polar(r, start+math.Pi+math.Pi*float64(i)/float64(steps))))
	}
	return pts
}

// bar returns the rectangle of width w along a segment, with flat ends.
func bar(a, b pt, w float64) []pt {
	n := b.sub(a).unit().perp().mul(w / 2)
	return []pt{a.add(n), b.add(n), b.sub(n), a.sub(n)}
}

// polyline adds a line of width w through pts with round joins and ends.
func (p *pen) polyline(pts []pt, w float64) {
	if len(pts) == 1 {
		p.poly(capsule(pts[0], pts[0], w/2), false)
	}
	for i := 1; i < len(pts); i++ {
		p.poly(capsule(pts[i-1], pts[i], w/2), false)
	}
}

// ring adds the outline, of width w, of the capsule of radius r around
// the segment a-b.
func (p *pen) ring(a, b pt, r, w float64) {
	p.poly(capsule(a, b, r+w/2), false)
	p.poly(capsule(a, b, r-w/2), true)
}

// rgba returns an opaque colour from 0xRRGGBB, or with alpha a (0 to 1) as
// a premultiplied colour.
func rgba(v uint32, a float64) color.RGBA {
	c := rgb(v)
	k := func(x uint8) uint8 { return uint8(math.Round(float64(x) * a)) }
	return color.RGBA{R: k(c.R), G: k(c.G), B: k(c.B), A: uint8(math.Round(255 * a))}
}
