package render

import (
	"image"

	"github.com/sudokubot/sudokubot/solver"
)

// layout is the pixel geometry of one grid size.
type layout struct {
	n            int
	cell         int // side of a cell
	thin, thick  int // line widths
	margin       int // outside the outer line
	label        int // depth of the label band, when labels are drawn
	noteW, noteH int // one note slot inside a cell
	noteCols     int // note slots per row inside a cell
}

// layoutFor sizes cells so every grid is 600 to 720 pixels wide.
func layoutFor(n int) layout {
	cell := map[int]int{4: 150, 6: 104, 9: 72, 16: 44}[n]
	thin, thick := 1, 3
	if n <= 6 {
		thin, thick = 2, 4
	}
	br := map[int]int{4: 2, 6: 2, 9: 3, 16: 4}[n]
	bc := n / br
	inner := cell - 2*thin
	return layout{n: n, cell: cell, thin: thin, thick: thick, margin: thick + 4, label: cell * 4 / 10,
		noteW: inner / bc, noteH: inner / br, noteCols: bc}
}

// origin is where the grid's top-left corner sits.
func (l layout) origin(labels bool) int {
	if labels {
		return l.margin + l.label
	}
	return l.margin
}

func (l layout) width(labels bool) int { return l.origin(labels) + l.n*l.cell + l.margin }

// drawing is one image being drawn.
type drawing struct {
	l      layout
	at     *atlas
	pal    *palette
	img    *image.Paletted
	labels bool
}

func (d *drawing) cellXY(r, c int) (int, int) {
	o := d.l.origin(d.labels)
	return o + c*d.l.cell, o + r*d.l.cell
}

// cell paints one cell's paper and its digit or notes.
func (d *drawing) cell(g solver.Grid, opt Options, r, c int, p paper) {
	x, y := d.cellXY(r, c)
	if p != paperPlain {
		d.fill(image.Rect(x, y, x+d.l.cell, y+d.l.cell), d.pal.paper[p])
	}
	v := g.At(r, c)
	if v == 0 {
		if opt.Notes != nil {
			d.notes(x, y, opt.Notes[r*g.Size()+c], p)
		}
		return
	}
	gl, in := &d.at.given[v], inkGiven
	if opt.Puzzle.Size() != 0 && opt.Puzzle.At(r, c) == 0 {
		gl, in = &d.at.solved[v], inkSolved
	}
	if p == paperWrong {
		in = inkWrong
	}
	d.blit(x, y, gl, &d.pal.ramp[in][p])
}

// notes draws candidate digits in slots laid out like the boxes.
func (d *drawing) notes(x, y int, mask uint16, p paper) {
	for v := 1; v <= d.l.n; v++ {
		if mask>>(v-1)&1 == 0 {
			continue
		}
		slot := v - 1
		sx := x + d.l.thin + slot%d.l.noteCols*d.l.noteW
		sy := y + d.l.thin + slot/d.l.noteCols*d.l.noteH
		d.blit(sx, sy, &d.at.note[v], &d.pal.ramp[inkNote][p])
	}
}

func (d *drawing) drawLabels() {
	o := d.l.origin(true)
	for i := 1; i <= d.l.n; i++ {
		at := o + (i-1)*d.l.cell
		d.blit(at, d.l.margin, &d.at.label[i], &d.pal.ramp[inkLabel][paperPlain])
		// Row labels: the label glyph is framed cell wide and label deep;
		// centre that frame in the band left of the row.
		gl := &d.at.label[i]
		x := d.l.margin + (d.l.label-gl.w)/2 - gl.x
		y := at + (d.l.cell-d.l.label)/2
		d.blit(x, y, gl, &d.pal.ramp[inkLabel][paperPlain])
	}
}

// blit copies a glyph framed at x, y through a colour ramp.
func (d *drawing) blit(x, y int, g *glyph, ramp *[levels]uint8) {
	pix, stride := d.img.Pix, d.img.Stride
	for row := 0; row < g.h; row++ {
		dst := pix[(y+g.y+row)*stride+x+g.x:]
		for i, l := range g.level[row*g.w : (row+1)*g.w] {
			if l != 0 {
				dst[i] = ramp[l]
			}
		}
	}
}

func (d *drawing) fill(r image.Rectangle, idx uint8) {
	r = r.Intersect(d.img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := d.img.Pix[y*d.img.Stride+r.Min.X : y*d.img.Stride+r.Max.X]
		for i := range row {
			row[i] = idx
		}
	}
}

// lines draws thin lines between cells, then thick lines around boxes and
// the grid, each centred on its boundary.
func (d *drawing) lines(br, bc int) {
	o, n, cell := d.l.origin(d.labels), d.l.n, d.l.cell
	end := o + n*cell
	for pass := 0; pass < 2; pass++ {
		for k := 0; k <= n; k++ {
			thickCol, thickRow := k%bc == 0, k%br == 0
			at := o + k*cell
			if w, idx, ok := d.lineStyle(pass, thickCol); ok {
				d.fill(image.Rect(at-w/2, o-d.l.thick/2, at-w/2+w, end-d.l.thick/2+d.l.thick), idx)
			}
			if w, idx, ok := d.lineStyle(pass, thickRow); ok {
				d.fill(image.Rect(o-d.l.thick/2, at-w/2, end-d.l.thick/2+d.l.thick, at-w/2+w), idx)
			}
		}
	}
}

// lineStyle says whether a line is drawn in this pass (thin lines first,
// so thick ones cover their crossings), and its width and colour.
func (d *drawing) lineStyle(pass int, thick bool) (int, uint8, bool) {
	if thick {
		return d.l.thick, d.pal.thick, pass == 1
	}
	return d.l.thin, d.pal.thin, pass == 0
}
