package render

import (
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/image/font"

	"github.com/sudokubot/sudokubot/variant"
)

// parities draws odd cells as a large grey circle, even ones as a square.
func (d *vdraw) parities() {
	each(d.p.Constraints, func(p variant.Parity) {
		c := d.l.centre(p.Cell)
		if p.Even {
			d.pen.poly(square(c, d.l.cf(0.35)), false)
		} else {
			d.pen.poly(capsule(c, c, d.l.cf(0.35)), false)
		}
	})
	d.pen.fill(d.col.parity)
}

// edgeClues draws the kropki dots, then the XV clues, on the edge between
// their two cells.
func (d *vdraw) edgeClues() {
	each(d.p.Constraints, func(k variant.Difference) {
		d.dot(k.Cells, k.Value, 1, d.col.whiteDot, d.col.given, d.col.given)
	})
	each(d.p.Constraints, func(k variant.Ratio) {
		d.dot(k.Cells, k.Value, 2, d.col.blackDot, d.col.blackDotEdge, d.col.whiteDot)
	})
	each(d.p.Constraints, d.xv)
}

// edgeCentre returns the middle of the edge between two cells.
func (d *vdraw) edgeCentre(cs [2]variant.Cell) pt {
	return mid(d.l.centre(cs[0]), d.l.centre(cs[1]))
}

// dot draws a kropki dot with its value written in when it is not the
// usual one, the dot grown to hold it.
func (d *vdraw) dot(cells [2]variant.Cell, value, usual int, fill, edge, ink color.RGBA) {
	c := d.edgeCentre(cells)
	r, w := math.Max(d.l.cf(0.15), 5), math.Max(1.3, d.l.cf(0.022))
	face := d.w.face(goFonts.bold, math.Max(d.l.cf(0.2), 10))
	s := ""
	if value != usual {
		s = strconv.Itoa(value)
		b := inkBox(s, face, c)
		r = math.Max(r, math.Hypot(float64(b.Dx()), float64(b.Dy()))/2+w+1)
	}
	d.pen.poly(capsule(c, c, r), false)
	d.pen.fill(edge)
	d.pen.poly(capsule(c, c, r-w), false)
	d.pen.fill(fill)
	if s != "" {
		d.w.centred(s, face, c, ink)
	}
}

// quadruples draws each quadruple: a circle where its cells meet (the
// middle of their centres), its digits written in, in one line or two.
func (d *vdraw) quadruples() {
	each(d.p.Constraints, func(q variant.Quadruple) {
		if len(q.Cells) == 0 {
			return
		}
		var c pt
		for _, x := range q.Cells {
			c = c.add(d.l.centre(x))
		}
		c = c.mul(1 / float64(len(q.Cells)))
		r, w := d.l.cf(0.24), math.Max(1.3, d.l.cf(0.022))
		d.pen.poly(capsule(c, c, r), false)
		d.pen.fill(d.col.given)
		d.pen.poly(capsule(c, c, r-w), false)
		d.pen.fill(d.col.paper)
		face := d.w.face(goFonts.regular, math.Max(d.l.cf(0.16), 8))
		var s []string
		for _, v := range q.Digits {
			s = append(s, strconv.Itoa(v))
		}
		if len(s) <= 2 {
			d.w.centred(strings.Join(s, " "), face, c, d.col.given)
			return
		}
		gap := d.l.cf(0.085)
		d.w.centred(strings.Join(s[:2], " "), face, c.sub(pt{0, gap}), d.col.given)
		d.w.centred(strings.Join(s[2:], " "), face, c.add(pt{0, gap}), d.col.given)
	})
}

// xv writes X (10), V (5) or another sum on the edge, on a little paper.
func (d *vdraw) xv(x variant.XV) {
	s := map[int]string{5: "V", 10: "X"}[x.Sum]
	if s == "" {
		s = strconv.Itoa(x.Sum)
	}
	c := d.edgeCentre(x.Cells)
	face := d.w.face(goFonts.bold, math.Max(d.l.cf(0.34), 13))
	d.fillRect(inkBox(s, face, c).Inset(-max(2, d.l.cell/24)), d.col.paper)
	d.w.centred(s, face, c, d.col.given)
}

// sumLabel is a cage's sum as written: in the top-left corner of its
// first cell in reading order, on the cell's paper over the cage's line.
type sumLabel struct {
	cell  variant.Cell
	text  string
	at    pt              // the text's centre
	paper image.Rectangle // the paper under it
}

// sumLabels returns where the cages' sums are written.
func (d *vdraw) sumLabels() []sumLabel {
	face := d.sumFace()
	pad := max(1, d.l.cell/36)
	var out []sumLabel
	each(d.p.Constraints, func(k variant.Killer) {
		if k.Sum <= 0 || len(k.Cells) == 0 {
			return
		}
		first := slices.MinFunc(k.Cells, func(a, b variant.Cell) int {
			return (a.Row-b.Row)*d.l.n + a.Col - b.Col
		})
		s := strconv.Itoa(k.Sum)
		size := inkBox(s, face, pt{})
		tl := d.l.corner(first.Row, first.Col)
		c := tl.add(pt{float64(2*pad+1) + float64(size.Dx())/2, float64(2*pad+1) + float64(size.Dy())/2})
		out = append(out, sumLabel{first, s, c, inkBox(s, face, c).Inset(-pad)})
	})
	return out
}

func (d *vdraw) sumFace() font.Face {
	return d.w.face(goFonts.regular, min(max(d.l.cf(0.24), 12), 26))
}

// cageSums writes each cage's sum.
func (d *vdraw) cageSums() {
	for _, s := range d.sums {
		d.fillRect(s.paper, d.paperOf(s.cell))
		d.w.centred(s.text, d.sumFace(), s.at, d.col.given)
	}
}

// diagonalSteps are the little killers' directions, in pixels.
var diagonalSteps = map[string]pt{
	"UL": {-math.Sqrt2 / 2, -math.Sqrt2 / 2}, "UR": {math.Sqrt2 / 2, -math.Sqrt2 / 2},
	"DL": {-math.Sqrt2 / 2, math.Sqrt2 / 2}, "DR": {math.Sqrt2 / 2, math.Sqrt2 / 2},
}

// outsideClues writes the sandwich sums, the X-sums in a thin circle, the
// skyscrapers in a thin square, the numbered rooms in a thin diamond, and
// the little killers' sums, these with
// a small arrow along their diagonal, in the margin.
func (d *vdraw) outsideClues() {
	face := d.w.face(goFonts.medium, math.Max(d.l.cl(0.32), 15))
	each(d.p.Constraints, func(s variant.Sandwich) {
		d.w.centred(strconv.Itoa(s.Sum), face, d.l.centre(s.Clue), d.col.given)
	})
	each(d.p.Constraints, func(o variant.Outside) {
		c, r, w := d.l.centre(o.Clue), d.l.cl(0.36), math.Max(1.2, d.l.cl(0.02))
		switch o.Rule {
		case "skyscraper":
			d.pen.poly(square(c, r), false)
			d.pen.poly(square(c, r-w), true)
		case "numberedroom":
			diamond := func(k float64) []pt {
				return []pt{c.add(pt{0, -k}), c.add(pt{k, 0}), c.add(pt{0, k}), c.add(pt{-k, 0})}
			}
			d.pen.poly(diamond(r), false)
			d.pen.poly(diamond(r-w*1.4), true)
		default:
			d.pen.ring(c, c, r-w/2, w)
		}
		d.pen.fill(d.col.arrow)
		d.w.centred(strconv.Itoa(o.Value), face, c, d.col.given)
	})
	w := math.Max(1.3, d.l.cl(0.025))
	each(d.p.Constraints, func(k variant.LittleKiller) {
		c := d.l.centre(k.Clue)
		u, ok := diagonalSteps[k.Direction]
		if k.Sum > 0 {
			d.w.centred(strconv.Itoa(k.Sum), face, c.sub(u.mul(d.l.cl(0.1))), d.col.given)
		}
		if !ok {
			return
		}
		tail, tip := c.add(u.mul(d.l.cl(0.2))), c.add(u.mul(d.l.cl(0.44)))
		d.pen.polyline([]pt{tail, tip}, w)
		d.arrowhead(tail, tip, w, d.l.cl(0.1))
		d.pen.fill(d.col.given)
	})
}
