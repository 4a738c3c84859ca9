package picture

import (
	"math"
	"slices"
)

// measure cuts cell i out of a warped board and finds its glyph: the dark
// marks that reach the cell's middle, and their neighbours inside the
// cell, without the grid lines along its edges. ref is the board's
// contrast (digitContrast): marks much fainter than the board's digits are
// noise, a shadow or the paper's grain. Where the greys show no mark, the
// marks are looked for in colour (colouredMarksIn).
func measure(b *Board, i int, ref float64) cell {
	g, chroma := b.Cells, b.Chroma
	side := g.W / 9
	x0, y0 := (i%9)*side, (i/9)*side
	px, keep, parts, bg, dark := marksIn(g, i, ref)
	colourOnly := len(parts) == 0
	if colourOnly {
		px, keep, parts, bg, dark = colouredMarksIn(b, i)
	}
	c := cell{empty: len(parts) == 0}
	c.colourOnly = colourOnly && !c.empty
	if c.empty {
		return c
	}
	box := parts[0].box
	count := 0
	for _, p := range parts {
		box = box.union(p.box)
		count += len(p.pixels)
	}
	c.parts = len(parts)
	s := float64(side)
	c.h, c.w = float64(box.y1-box.y0)/s, float64(box.x1-box.x0)/s
	c.cx, c.cy = (float64(box.x0+box.x1)/2-s/2)/s, (float64(box.y0+box.y1)/2-s/2)/s
	c.contrast = bg - dark
	c.stroke = strokeWidth(keep, side, count) / float64(box.y1-box.y0)
	c.width = inkWidth(px, keep, side, bg, dark) / s
	c.chroma = meanOver(region(chroma, x0, y0, side, side), keep) / 255
	c.glyph = drawGlyph(px, keep, side, box, bg, dark)
	return c
}

// marksIn returns cell i's grey levels px, the marks that make its glyph
// (keptParts) and a mask of their pixels, and the cell's paper (bg) and
// ink (dark) greys.
func marksIn(g *Gray, i int, ref float64) (px []uint8, keep []bool, parts []part, bg, dark float64) {
	side := g.W / 9
	px = region(g, (i%9)*side, (i/9)*side, side, side)
	keep, parts, bg, dark = marksOf(px, side, ref)
	return px, keep, parts, bg, dark
}

// colourCut is how far in colour from its cell's paper a mark must be to
// be seen in colour: a JPEG's colour noise on flat paper is a fraction of
// it, a player's teal on a cell painted pale blue (65) is over it.
const colourCut = 40

// colouredMarksIn looks at cell i again in colour, for when its greys show
// no mark: a player's blue digit on a cell painted grey can be as light as
// the paint, and a teal one on pale blue differs from it in hue alone
// (apps let players colour cells). A pixel's ink is how far its two colour
// opponents lie from the paper's (their medians over the cell), returned
// as greys (255 for the paper's colour, less by the ink), so the glyph is
// drawn and measured as from grey. A picture's colour is often stored at
// half its resolution (JPEG, WebP), which fattens a thin digit's strokes:
// where the mark found in colour also differs from the paper in grey, by
// sharpCut or more either way, its glyph is cut from the greys instead.
func colouredMarksIn(b *Board, i int) (px []uint8, keep []bool, parts []part, bg, dark float64) {
	side := b.Cells.W / 9
	grey := region(b.Cells, (i%9)*side, (i/9)*side, side, side)
	h := b.hues[i]
	if h == nil {
		return grey, nil, nil, 0, 0
	}
	rg, by := h.rg, h.by
	px = make([]uint8, len(grey))
	p1, p2 := medianOf(rg), medianOf(by)
	for k := range px {
		d1, d2 := float64(int(rg[k])-p1), float64(int(by[k])-p2)
		px[k] = uint8(255 - min(math.Sqrt(d1*d1+d2*d2), 255))
	}
	keep, parts, bg, dark = marksOf(px, side, colourCut/0.22) // marksOf's cut at least colourCut
	if len(parts) == 0 {
		return px, keep, parts, bg, dark
	}
	paper := int(percentile(grey, 50))
	for k, v := range grey {
		grey[k] = uint8(255 - min(max(int(v)-paper, paper-int(v)), 255))
	}
	if 255-percentileOver(grey, keep, 10) < sharpCut {
		return px, keep, parts, bg, dark
	}
	if k2, p2, bg2, dark2 := marksOf(grey, side, sharpCut/0.22); len(p2) > 0 { // cut at least sharpCut
		return grey, k2, p2, bg2, dark2
	}
	return px, keep, parts, bg, dark
}

// colourful reports whether the middle of cell i of a board's chroma
// varies by tintCut or more: a coloured mark on paper of another colour
// does, whatever their hues (the mark's edges blend the two). Most empty
// cells do not, and are not looked at in colour.
func colourful(chroma *Gray, i int) bool {
	side := chroma.W / 9
	m := side / 8
	c := percentiles(region(chroma, (i%9)*side+m, (i/9)*side+m, side-2*m, side-2*m), 2, 98)
	return int(c[1])-int(c[0]) >= tintCut
}

// tintCut is how much a cell's chroma must vary to be looked at in colour:
// a pale teal digit on a cell painted pale blue varies by 40.
const tintCut = 16

// sharpCut is how far in grey from its paper a mark found in colour must be
// for its glyph to be cut from the greys.
const sharpCut = 16

// percentileOver returns the grey level below which p percent of px's
// pixels where keep is set lie.
func percentileOver(px []uint8, keep []bool, p int) int {
	var in []uint8
	for k, on := range keep {
		if on {
			in = append(in, px[k])
		}
	}
	return int(percentile(in, p))
}

// medianOf returns the median of vs.
func medianOf(vs []int16) int {
	s := slices.Clone(vs)
	slices.Sort(s)
	return int(s[len(s)/2])
}

// marksOf returns the marks of a side×side cell of grey levels px that
// make its glyph (keptParts), a mask of their pixels, and the cell's paper
// (bg) and ink (dark) greys. The ink is the darkest inside the band along
// the cell's edges (inner), so the cut between them is the digit's.
func marksOf(px []uint8, side int, ref float64) (keep []bool, parts []part, bg, dark float64) {
	bg, dark = float64(percentile(px, 70)), float64(percentile(inner(px, side), 2))
	cut := max(0.45*(bg-dark), 0.22*ref, 14)
	on := make([]bool, len(px))
	for k, v := range px {
		on[k] = bg-float64(v) > cut
	}
	clearLines(on, side)
	parts = slices.DeleteFunc(keptParts(on, side), func(p part) bool { return !strokeLike(px, side, p, cut/2) })
	keep = make([]bool, len(px))
	for _, p := range parts {
		for _, k := range p.pixels {
			keep[k] = true
		}
	}
	return keep, parts, bg, dark
}

// clearLines clears, in the band along each edge of a side×side cell
// mask, the rows (and columns) that ink crosses nearly from end to end:
// the grid's lines, which would otherwise join a digit that touches them.
// A row counts a column as inked when it or a row next to it is, so a
// line a little askew is still whole.
func clearLines(on []bool, side int) {
	band := max(2, side/5)
	at := func(x, y int, across bool) *bool {
		if across {
			return &on[y*side+x]
		}
		return &on[x*side+y]
	}
	for _, across := range []bool{true, false} {
		for y := range side {
			if y >= band && y < side-band {
				continue
			}
			n := 0
			for x := range side {
				for dy := -1; dy <= 1; dy++ {
					if yy := y + dy; yy >= 0 && yy < side && *at(x, yy, across) {
						n++
						break
					}
				}
			}
			if 10*n >= 7*side {
				for x := range side {
					for dy := -1; dy <= 1; dy++ {
						if yy := y + dy; yy >= 0 && yy < side {
							*at(x, yy, across) = false
						}
					}
				}
			}
		}
	}
}

// strokeWidth estimates, in pixels, how thick the strokes of the kept
// marks (count pixels of a side×side mask) are: their area over half their
// outline. A bold face's strokes are thicker than a light one's whatever
// the digit, where the ink's share of the glyph's box depends on the digit.
func strokeWidth(keep []bool, side, count int) float64 {
	edge := 0
	for k, on := range keep {
		if !on {
			continue
		}
		x, y := k%side, k/side
		if x == 0 || y == 0 || x == side-1 || y == side-1 ||
			!keep[k-1] || !keep[k+1] || !keep[k-side] || !keep[k+side] {
			edge++
		}
	}
	return 2 * float64(count) / float64(max(edge, 1))
}

// meanOver returns the mean of px where keep is set.
func meanOver(px []uint8, keep []bool) float64 {
	sum, n := 0, 0
	for k, v := range px {
		if keep[k] {
			sum += int(v)
			n++
		}
	}
	return float64(sum) / float64(max(n, 1))
}

// box is a rectangle of pixels, x0 and y0 in it, x1 and y1 just past it.
type box struct{ x0, y0, x1, y1 int }

func (b box) union(o box) box {
	return box{min(b.x0, o.x0), min(b.y0, o.y0), max(b.x1, o.x1), max(b.y1, o.y1)}
}

// touches reports whether b and o overlap once o is grown by m pixels.
func (b box) touches(o box, m int) bool {
	return b.x0 < o.x1+m && o.x0-m < b.x1 && b.y0 < o.y1+m && o.y0-m < b.y1
}

// part is one connected mark in a cell.
type part struct {
	box    box
	pixels []int
}

// keptParts returns the marks of a side×side cell that make its glyph:
// those that reach its middle half, then those near them that do not
// touch the cell's edge (a digit's loose stroke), never specks.
func keptParts(on []bool, side int) []part {
	all := components(on, side)
	middle := box{side / 4, side / 4, side - side/4, side - side/4}
	speck := max(2, side*side/400)
	var kept []part
	for _, p := range all {
		if len(p.pixels) > speck && p.box.touches(middle, 0) && !isLine(p.box, side) {
			kept = append(kept, p)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	around := kept[0].box
	for _, p := range kept {
		around = around.union(p.box)
	}
	inner := box{1, 1, side - 1, side - 1}
	for _, p := range all {
		if len(p.pixels) > speck && !p.box.touches(middle, 0) && p.box.touches(around, side/8) &&
			p.box.x0 >= inner.x0 && p.box.y0 >= inner.y0 && p.box.x1 <= inner.x1 && p.box.y1 <= inner.y1 {
			kept = append(kept, p)
		}
	}
	return kept
}

// isLine reports whether a mark with box b is a grid line running along the
// cell: long across the cell and thin.
func isLine(b box, side int) bool {
	w, h := b.x1-b.x0, b.y1-b.y0
	return w >= side*4/5 && h <= side/5 || h >= side*4/5 && w <= side/5
}

// components returns the 8-connected marks of a side×side mask.
func components(on []bool, side int) []part {
	seen := make([]bool, len(on))
	var out []part
	for start, v := range on {
		if !v || seen[start] {
			continue
		}
		p := part{box: box{side, side, 0, 0}}
		stack := []int{start}
		seen[start] = true
		for len(stack) > 0 {
			k := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			p.pixels = append(p.pixels, k)
			x, y := k%side, k/side
			p.box = p.box.union(box{x, y, x + 1, y + 1})
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					nx, ny := x+dx, y+dy
					if nx >= 0 && ny >= 0 && nx < side && ny < side && on[ny*side+nx] && !seen[ny*side+nx] {
						seen[ny*side+nx] = true
						stack = append(stack, ny*side+nx)
					}
				}
			}
		}
		out = append(out, p)
	}
	return out
}

// drawGlyph scales the glyph's box of the cell to fit glyphBox, centred in
// GlyphSide, as ink from 0 (paper) to 1 (the cell's darkest), sampling
// only the kept marks and the pixels next to them (their soft edges).
func drawGlyph(px []uint8, keep []bool, side int, b box, bg, dark float64) [GlyphSide * GlyphSide]float32 {
	var out [GlyphSide * GlyphSide]float32
	ink := make([]float32, len(px))
	near := dilated(keep, side)
	for k, v := range px {
		if near[k] {
			ink[k] = float32(max(0, min(1, (bg-float64(v))/max(bg-dark, 1))))
		}
	}
	w, h := float64(b.x1-b.x0), float64(b.y1-b.y0)
	scale := glyphBox / max(w, h) // glyph pixels per cell pixel
	offX, offY := (GlyphSide-w*scale)/2, (GlyphSide-h*scale)/2
	for v := range GlyphSide {
		for u := range GlyphSide {
			var sum float32
			for _, d := range [2]float64{0.25, 0.75} { // 2×2 samples a pixel
				for _, e := range [2]float64{0.25, 0.75} {
					x := float64(b.x0) + (float64(u)+d-offX)/scale
					y := float64(b.y0) + (float64(v)+e-offY)/scale
					sum += sampleInk(ink, side, x-0.5, y-0.5)
				}
			}
			out[v*GlyphSide+u] = sum / 4
		}
	}
	return out
}

// sampleInk returns ink at (x, y) between pixels, none outside.
func sampleInk(ink []float32, side int, x, y float64) float32 {
	at := func(x, y int) float32 {
		if x < 0 || y < 0 || x >= side || y >= side {
			return 0
		}
		return ink[y*side+x]
	}
	x0, y0 := int(floor(x)), int(floor(y))
	fx, fy := float32(x-floor(x)), float32(y-floor(y))
	top := at(x0, y0)*(1-fx) + at(x0+1, y0)*fx
	bottom := at(x0, y0+1)*(1-fx) + at(x0+1, y0+1)*fx
	return top*(1-fy) + bottom*fy
}

func floor(x float64) float64 {
	if f := float64(int(x)); f <= x {
		return f
	}
	return float64(int(x)) - 1
}

// inner returns the grey levels of a side×side cell px without a band
// an eighth of its side wide along its edges, where the grid's lines
// are: a heavy box line or a lattice a little off would else be the
// darkest ink of a cell whose digit is faint pencil, and set its cut.
func inner(px []uint8, side int) []uint8 {
	m := side / 8
	out := make([]uint8, 0, (side-2*m)*(side-2*m))
	for y := m; y < side-m; y++ {
		out = append(out, px[y*side+m:y*side+side-m]...)
	}
	return out
}

// strokeLike reports whether mark p of a side×side cell of greys px is
// drawn in strokes: at least strokeShare of its pixels lie in a valley,
// lighter by by on both sides, an eighth or a quarter of the side away (a
// pen's stroke, a heavy face's), in one of four directions. A shadow's
// dark band along a cell's edge, which the cut marks too, is lighter on
// one side only.
func strokeLike(px []uint8, side int, p part, by float64) bool {
	lighter := func(s, v uint8) bool { return float64(s)-float64(v) > by }
	n := 0
	for _, k := range p.pixels {
		x, y := k%side, k/side
		if inValley(px, side, side, x, y, max(2, side/8), lighter) || inValley(px, side, side, x, y, side/4, lighter) {
			n++
		}
	}
	return float64(n) >= strokeShare*float64(len(p.pixels))
}

// strokeShare is the share of a mark's pixels that must lie in a valley
// for it to be drawn in strokes.
const strokeShare = 0.3
