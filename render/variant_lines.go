package render

import (
	"cmp"
	"image/color"
	"math"
	"slices"

	"github.com/sudokubot/sudokubot/variant"
)

// centres returns the centres of cells.
func (d *vdraw) centres(cs []variant.Cell) []pt {
	out := make([]pt, len(cs))
	for i, c := range cs {
		out[i] = d.l.centre(c)
	}
	return out
}

// diagonals draws the diagonals of the diagonal rules, corner to corner.
func (d *vdraw) diagonals() {
	w, n := math.Max(1.5, d.l.cf(0.03)), d.l.n
	each(d.p.Constraints, func(g variant.Global) {
		switch g.Name {
		case "diagonal-":
			d.pen.poly(bar(d.l.corner(0, 0), d.l.corner(n, n), w), false)
		case "diagonal+":
			d.pen.poly(bar(d.l.corner(n, 0), d.l.corner(0, n), w), false)
		}
	})
	d.pen.fill(d.col.diagonal)
}

// thermos draws each thermometer as a bulb and a thick rounded line.
func (d *vdraw) thermos() {
	each(d.p.Constraints, func(t variant.Thermo) {
		if len(t.Cells) == 0 {
			return
		}
		pts := d.centres(t.Cells)
		d.pen.poly(capsule(pts[0], pts[0], d.l.cf(0.425)), false)
		d.pen.polyline(pts, d.l.cf(0.33))
		d.pen.fill(d.col.thermo)
	})
}

// coloured draws palindromes, renbans, whispers (Dutch ones, at least 4
// apart, orange as SudokuPad draws them), between lines, and parity
// (red), entropic (gold), modular (teal), zipper (lavender), region sum
// (blue) and lockout (green-grey) lines as translucent lines; a between
// line has a circle at each end, a lockout line a diamond; a double arrow
// is drawn as an arrow is.
func (d *vdraw) coloured() {
	for _, c := range d.p.Constraints {
		switch c := c.(type) {
		case variant.Palindrome:
			d.line(c.Cells, d.col.palindrome)
		case variant.Renban:
			d.line(c.Cells, d.col.renban)
		case variant.Whispers:
			if c.Diff == 4 && d.p.Size == 9 {
				d.line(c.Cells, d.col.dutch)
			} else {
				d.line(c.Cells, d.col.whispers)
			}
		case variant.Between:
			d.line(c.Cells, d.col.between)
			d.betweenEnds(c.Cells)
		case variant.Line:
			switch c.Rule {
			case "doublearrow":
				d.doubleArrow(c.Cells)
			case "lockout":
				d.line(c.Cells, d.col.lockout)
				d.lockoutEnds(c.Cells)
			default:
				d.line(c.Cells, d.col.ruleLines[c.Rule])
			}
		}
	}
}

// betweenEnds draws a between line's two circles: paper inside a ring of
// the line's colour.
func (d *vdraw) betweenEnds(cs []variant.Cell) {
	if len(cs) == 0 {
		return
	}
	r := d.l.cf(0.38)
	for _, c := range []variant.Cell{cs[0], cs[len(cs)-1]} {
		p := d.l.centre(c)
		d.pen.poly(capsule(p, p, r), false)
		d.pen.fill(d.paperOf(c))
		d.pen.ring(p, p, r, d.l.cf(0.06))
		d.pen.fill(d.col.between)
	}
}

// doubleArrow draws a double arrow as an arrow is drawn, with a circle
// (a bulb) at both ends and a thin line between them, without a head.
func (d *vdraw) doubleArrow(cs []variant.Cell) {
	if len(cs) < 2 {
		return
	}
	r, w := d.l.cf(0.38), math.Max(1.5, d.l.cf(0.035))
	pts := d.centres(cs)
	a, z := pts[0], pts[len(pts)-1]
	d.pen.ring(a, a, r, w)
	d.pen.ring(z, z, r, w)
	if len(pts) > 2 {
		path := append([]pt{edge(a, pts[1], a, a, r)}, pts[1:len(pts)-1]...)
		d.pen.polyline(append(path, edge(z, pts[len(pts)-2], z, z, r)), w)
	}
	d.pen.fill(d.col.arrow)
}

// lockoutEnds draws a lockout line's two diamonds: paper inside an
// outline of the line's colour.
func (d *vdraw) lockoutEnds(cs []variant.Cell) {
	if len(cs) == 0 {
		return
	}
	r := d.l.cf(0.4)
	for _, c := range []variant.Cell{cs[0], cs[len(cs)-1]} {
		p := d.l.centre(c)
		diamond := func(k float64) []pt {
			return []pt{p.add(pt{0, -k}), p.add(pt{k, 0}), p.add(pt{0, k}), p.add(pt{-k, 0})}
		}
		d.pen.poly(diamond(r), false)
		d.pen.fill(d.col.lockout)
		d.pen.poly(diamond(r-d.l.cf(0.09)), false)
		d.pen.fill(d.paperOf(c))
	}
}

// extremes draws minimum and maximum cells: a small triangle inside each
// edge of the cell, pointing out of a maximum (down to its smaller
// neighbours) and into a minimum.
func (d *vdraw) extremes() {
	each(d.p.Constraints, func(x variant.Extreme) {
		c := d.l.centre(x.Cell)
		for _, dir := range []pt{{0, -1}, {0, 1}, {-1, 0}, {1, 0}} {
			base, tip := c.add(dir.mul(d.l.cf(0.3))), c.add(dir.mul(d.l.cf(0.44)))
			if !x.Max {
				base, tip = tip, base
			}
			side := dir.perp().mul(d.l.cf(0.1))
			d.pen.poly([]pt{base.add(side), tip, base.sub(side)}, false)
		}
	})
	d.pen.fill(d.col.extreme)
}

// line draws a thick line through the cells' centres, laid once.
func (d *vdraw) line(cs []variant.Cell, c color.RGBA) {
	if len(cs) > 0 {
		d.pen.polyline(d.centres(cs), d.l.cf(0.25))
		d.pen.fill(c)
	}
}

// arrows draws each arrow: a circle, or a pill over two or three cells,
// for the bulb, and from its edge a thin line through each line's cells
// ending in an arrowhead.
func (d *vdraw) arrows() {
	r, w := d.l.cf(0.38), math.Max(1.5, d.l.cf(0.035))
	each(d.p.Constraints, func(a variant.Arrow) {
		if len(a.Bulb) == 0 {
			return
		}
		b0, b1 := d.l.centre(a.Bulb[0]), d.l.centre(a.Bulb[len(a.Bulb)-1])
		d.pen.ring(b0, b1, r, w)
		for _, line := range a.Lines {
			if len(line) == 0 {
				continue
			}
			pts := d.centres(line)
			from := slices.MinFunc(d.centres(a.Bulb), func(p, q pt) int { return cmp.Compare(p.dist(pts[0]), q.dist(pts[0])) })
			path := append([]pt{edge(from, pts[0], b0, b1, r)}, pts...)
			d.pen.polyline(path, w)
			d.arrowhead(path[len(path)-2], path[len(path)-1], w, d.l.cf(0.24))
		}
		d.pen.fill(d.col.arrow)
	})
}

// edge returns where the way from a point inside the capsule of radius r
// around a-b towards to leaves the capsule.
func edge(from, to, a, b pt, r float64) pt {
	u, lo, hi := to.sub(from).unit(), 0.0, from.dist(to)
	for range 24 {
		t := (lo + hi) / 2
		if segDist(from.add(u.mul(t)), a, b) < r {
			lo = t
		} else {
			hi = t
		}
	}
	return from.add(u.mul(hi))
}

// segDist returns the distance from p to the segment a-b.
func segDist(p, a, b pt) float64 {
	ab := b.sub(a)
	t := 0.0
	if l := ab.dot(ab); l > 0 {
		t = math.Max(0, math.Min(1, p.sub(a).dot(ab)/l))
	}
	return p.dist(a.add(ab.mul(t)))
}

// arrowhead adds two strokes of length size back from tip, the end of a
// line from prev.
func (d *vdraw) arrowhead(prev, tip pt, w, size float64) {
	if prev.near(tip) {
		return
	}
	back := prev.sub(tip).unit().mul(size)
	rot := func(p pt, a float64) pt {
		s, c := math.Sincos(a)
		return pt{p.x*c - p.y*s, p.x*s + p.y*c}
	}
	d.pen.polyline([]pt{tip.add(rot(back, math.Pi/4)), tip, tip.add(rot(back, -math.Pi/4))}, w)
}

// seg is a straight piece of a cage's outline.
type seg struct{ a, b pt }

// cages draws each killer cage as a dashed outline inset in its cells.
func (d *vdraw) cages() {
	inset, w := math.Max(d.l.cf(0.08), 3.5), math.Max(1.3, d.l.cf(0.022))
	dash, gap := math.Max(d.l.cf(0.075), 3.5), math.Max(d.l.cf(0.05), 2.5)
	each(d.p.Constraints, func(k variant.Killer) {
		for _, s := range mergeSegs(d.cageSegs(k.Cells, inset)) {
			d.pen.fittedDashes(s.a, s.b, w, dash, gap)
		}
		d.pen.fill(d.col.given)
	})
}

// cageSegs returns a cage's outline inset in its cells: a segment along
// each side of a cell with no cage cell beyond it, meeting its neighbours'
// segments at the outline's corners, inner and outer.
func (d *vdraw) cageSegs(cells []variant.Cell, inset float64) []seg {
	in := map[variant.Cell]bool{}
	for _, c := range cells {
		in[c] = true
	}
	half := float64(d.l.cell) / 2
	step := func(c variant.Cell, dr, dc int) variant.Cell { return variant.Cell{Row: c.Row + dr, Col: c.Col + dc} }
	var out []seg
	for i, c := range cells {
		if slices.Contains(cells[:i], c) {
			continue
		}
		for _, nv := range [4][2]int{{-1, 0}, {0, 1}, {1, 0}, {0, -1}} {
			if in[step(c, nv[0], nv[1])] {
				continue
			}
			var ends [2]pt
			for k, sign := range [2]int{-1, 1} {
				tr, tc := nv[1]*sign, -nv[0]*sign // along the side
				e := -inset
				if in[step(c, tr, tc)] {
					e = 0
					if in[step(c, tr+nv[0], tc+nv[1])] {
						e = inset
					}
				}
				ends[k] = d.l.centre(c).add(pt{float64(nv[1]), float64(nv[0])}.mul(half - inset)).
					add(pt{float64(tc), float64(tr)}.mul(half + e))
			}
			out = append(out, seg{ends[0], ends[1]})
		}
	}
	return out
}

// mergeSegs joins the segments that continue one another on one line, so
// that dashes run evenly along whole sides.
func mergeSegs(ss []seg) []seg {
	for i, s := range ss { // a before b, left to right or top to bottom
		if s.b.x < s.a.x || s.b.y < s.a.y {
			ss[i] = seg{s.b, s.a}
		}
	}
	key := func(s seg) (bool, float64, float64) {
		if s.a.y == s.b.y {
			return false, s.a.y, s.a.x
		}
		return true, s.a.x, s.a.y
	}
	slices.SortFunc(ss, func(s, t seg) int {
		v1, l1, p1 := key(s)
		v2, l2, p2 := key(t)
		if v1 != v2 {
			if v1 {
				return 1
			}
			return -1
		}
		return cmp.Or(cmp.Compare(l1, l2), cmp.Compare(p1, p2))
	})
	var out []seg
	for _, s := range ss {
		if k := len(out) - 1; k >= 0 && out[k].b.near(s.a) {
			out[k].b = s.b
			continue
		}
		out = append(out, s)
	}
	return out
}

// fittedDashes adds a dashed line from a to b whose first and last dashes
// reach its ends (and half a width past them, to close corners).
func (p *pen) fittedDashes(a, b pt, w, dash, gap float64) {
	u := b.sub(a).unit().mul(w / 2)
	a, b = a.sub(u), b.add(u)
	length := a.dist(b)
	k := math.Floor((length + gap) / (dash + gap))
	if k <= 1 {
		p.poly(bar(a, b, w), false)
		return
	}
	g := (length - k*dash) / (k - 1)
	for i := 0.0; i < k; i++ {
		at := i * (dash + g)
		p.poly(bar(lerp(a, b, at/length), lerp(a, b, (at+dash)/length), w), false)
	}
}
