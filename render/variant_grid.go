package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"slices"
	"strconv"

	"golang.org/x/image/font/opentype"

	"github.com/sudokubot/sudokubot/variant"
)

func (d *vdraw) fillRect(r image.Rectangle, c color.RGBA) {
	draw.Draw(d.img, r, image.NewUniform(c), image.Point{}, draw.Src)
}

// cellRect returns the pixels of cell r, c.
func (d *vdraw) cellRect(r, c int) image.Rectangle {
	x, y := d.l.ox+c*d.l.cell, d.l.oy+r*d.l.cell
	return image.Rect(x, y, x+d.l.cell, y+d.l.cell)
}

// paperOf returns the colour of a cell's paper: differing cells over
// extra regions over plain paper.
func (d *vdraw) paperOf(c variant.Cell) color.RGBA {
	for _, x := range d.opt.Differ {
		if x == c {
			return d.col.differ
		}
	}
	shaded := false
	each(d.p.Constraints, func(e variant.ExtraRegion) {
		for _, x := range e.Cells {
			shaded = shaded || x == c
		}
	})
	if shaded {
		return d.col.extra
	}
	each(d.p.Constraints, func(k variant.Clone) {
		shaded = shaded || slices.Contains(k.Cells, c) || slices.Contains(k.Copy, c)
	})
	if shaded {
		return d.col.clone
	}
	return d.col.paper
}

// papers fills the image with paper, and the cells that have their own.
func (d *vdraw) papers() {
	d.fillRect(d.img.Rect, d.col.paper)
	var cells []variant.Cell
	each(d.p.Constraints, func(e variant.ExtraRegion) { cells = append(cells, e.Cells...) })
	each(d.p.Constraints, func(k variant.Clone) { cells = append(append(cells, k.Cells...), k.Copy...) })
	cells = append(cells, d.opt.Differ...)
	for _, c := range cells {
		d.fillRect(d.cellRect(c.Row, c.Col), d.paperOf(c))
	}
}

// gridLines draws the thin lines between cells.
func (d *vdraw) gridLines() {
	l := d.l
	end := l.n * l.cell
	for k := 1; k < l.n; k++ {
		at := k*l.cell - l.thin/2
		d.fillRect(image.Rect(l.ox+at, l.oy, l.ox+at+l.thin, l.oy+end), d.col.thin)
		d.fillRect(image.Rect(l.ox, l.oy+at, l.ox+end, l.oy+at+l.thin), d.col.thin)
	}
}

// borders draws thick lines between cells of different regions and
// around the grid, each reaching half its width past its ends so that
// corners join.
func (d *vdraw) borders() {
	l, n := d.l, d.l.n
	t0, t1 := l.thick/2, l.thick-l.thick/2
	vertical := func(x, r0, r1 int) {
		d.fillRect(image.Rect(l.ox+x-t0, l.oy+r0*l.cell-t0, l.ox+x+t1, l.oy+r1*l.cell+t1), d.col.thick)
	}
	horizontal := func(y, c0, c1 int) {
		d.fillRect(image.Rect(l.ox+c0*l.cell-t0, l.oy+y-t0, l.ox+c1*l.cell+t1, l.oy+y+t1), d.col.thick)
	}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if c+1 < n && d.regions[r*n+c] != d.regions[r*n+c+1] {
				vertical((c+1)*l.cell, r, r+1)
			}
			if r+1 < n && d.regions[r*n+c] != d.regions[(r+1)*n+c] {
				horizontal((r+1)*l.cell, c, c+1)
			}
		}
	}
	vertical(0, 0, n)
	vertical(n*l.cell, 0, n)
	horizontal(0, 0, n)
	horizontal(n*l.cell, 0, n)
}

// digitAt returns a cell's digit and whether it is given.
func (d *vdraw) digitAt(i int) (int, bool) {
	if len(d.p.Givens) > 0 && d.p.Givens[i] != 0 {
		return d.p.Givens[i], true
	}
	if len(d.opt.Digits) > 0 {
		return d.opt.Digits[i], false
	}
	return 0, false
}

// digits draws givens, solved digits and, in cells without either, the
// candidates.
func (d *vdraw) digits() {
	n := d.l.n
	for i := 0; i < n*n; i++ {
		c := d.l.centre(variant.Cell{Row: i / n, Col: i % n})
		v, given := d.digitAt(i)
		switch {
		case v != 0 && given:
			d.digit(v, c, goFonts.bold, d.col.given)
		case v != 0:
			d.digit(v, c, goFonts.medium, d.col.solved)
		case len(d.opt.Candidates) > 0:
			d.candidates(d.opt.Candidates[i], variant.Cell{Row: i / n, Col: i % n})
		}
	}
}

func (d *vdraw) digit(v int, c pt, f *opentype.Font, col color.RGBA) {
	size := d.l.cf(0.6)
	if v > 9 {
		size = d.l.cf(0.46)
	}
	d.w.centred(strconv.Itoa(v), d.w.face(f, size), c, col)
}

// candidates draws the digits of mask (bit d for d) as small digits laid
// out in a near-square block, each in its own place; below the cage's sum
// in the cell that has one.
func (d *vdraw) candidates(mask uint32, cell variant.Cell) {
	n, c := d.l.n, d.l.centre(cell)
	cols := int(math.Ceil(math.Sqrt(float64(n))))
	rows := (n + cols - 1) / cols
	side := d.l.cf(0.8) // the block, inside the cage lines
	if n > 9 {
		side = d.l.cf(0.92)
	}
	top := c.sub(pt{side / 2, side / 2})
	height := side
	for _, s := range d.sums {
		if s.cell == cell {
			top.y = math.Max(top.y, float64(s.paper.Max.Y))
			height = c.y + side/2 - top.y
		}
	}
	sw, sh := side/float64(cols), side/float64(rows)
	size := math.Min(sh*0.8, sw*0.9) // the same in every cell
	if n > 9 {
		size = math.Min(sh*0.85, sw*0.72)
	}
	sh = height / float64(rows)
	face := d.w.face(goFonts.regular, size)
	for v := 1; v <= n; v++ {
		if mask>>v&1 == 0 {
			continue
		}
		k := v - 1
		at := top.add(pt{(float64(k%cols) + 0.5) * sw, (float64(k/cols) + 0.5) * sh})
		d.w.centred(strconv.Itoa(v), face, at, d.col.note)
	}
}

// title writes the title and "by" the author above the grid, each cut to
// the image's width.
func (d *vdraw) title() {
	if d.l.band == 0 {
		return
	}
	x, y, room := float64(d.l.width)/2, 8.0, float64(d.l.width-24)
	if d.p.Title != "" {
		face := d.w.face(goFonts.bold, titleSize)
		y += titleSize
		d.w.line(fit(printable(goFonts.bold, d.p.Title), face, room), face, x, y, d.col.given)
	}
	if d.p.Author != "" {
		face := d.w.face(goFonts.regular, authorSize)
		y += authorSize * 1.4
		d.w.line(fit("by "+printable(goFonts.regular, d.p.Author), face, room), face, x, y, d.col.author)
	}
}
