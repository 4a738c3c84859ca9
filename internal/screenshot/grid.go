package screenshot

import (
	"image"
	"image/color"
	"math"
	"math/rand/v2"
)

// gridDraw draws one grid: its geometry and the faces for its digits.
type gridDraw struct {
	*spec
	c             *canvas
	f             *faces
	x, y, size    int
	thin, thick   int     // line widths, classic and uniform
	gap, boxGap   float64 // tiles
	pad, tile     float64
	radius        float64
	given, entry  sized
	mark          sized
	tileInk, back color.RGBA
}

// drawGrid draws the grid with its top-left corner at x, y, size pixels
// square.
func (s *spec) drawGrid(r *rand.Rand, c *canvas, f *faces, x, y, size int) {
	g := &gridDraw{spec: s, c: c, f: f, x: x, y: y, size: size}
	cell := float64(size) / 9
	g.thin = max(1, int(math.Round(cell*(0.01+0.015*r.Float64()))))
	g.thick = max(g.thin+1, int(math.Round(cell*(0.03+0.035*r.Float64()))))
	if s.grid == uniform {
		g.thick = g.thin
	}
	g.gap = math.Max(1, cell*(0.02+0.04*r.Float64()))
	g.boxGap = g.gap + math.Max(2, cell*(0.03+0.06*r.Float64()))
	g.pad = g.gap * float64(r.IntN(2))
	g.tile = (float64(size) - 2*g.pad - 6*g.gap - 2*g.boxGap) / 9
	g.radius = g.tile * (0.05 + 0.2*r.Float64())
	g.given = f.get(s.givenFont, cell*s.digit)
	g.entry = f.get(s.entryFont, cell*s.digit)
	g.mark = f.get(s.markFont, cell*(0.14+0.08*r.Float64()))
	g.tileInk, g.back = s.theme.paper, s.theme.thin
	if s.tileBack {
		g.tileInk, g.back = s.theme.button, s.theme.bg
	}
	g.draw()
}

func (g *gridDraw) draw() {
	if g.grid == tiles {
		g.c.rect(image.Rect(g.x, g.y, g.x+g.size, g.y+g.size), g.back)
		for i := range 81 {
			x0, y0, x1, y1 := g.cellBox(i)
			g.c.roundRect(x0, y0, x1, y1, g.radius, g.fill(i, g.painted(i, g.tileInk)))
		}
	} else {
		g.c.rect(image.Rect(g.x, g.y, g.x+g.size, g.y+g.size), g.theme.paper)
		for i := range 81 {
			if col := g.fill(i, g.painted(i, g.paperAt(i))); col != g.theme.paper {
				x0, y0, x1, y1 := g.cellBox(i)
				g.c.rect(image.Rect(int(x0), int(y0), int(x1), int(y1)), col)
			}
		}
		g.lines()
	}
	for i := range 81 {
		g.content(i)
	}
}

// paperAt is a cell's colour before any highlight: some uniform grids
// shade alternate boxes, since their lines do not show the boxes.
func (g *gridDraw) paperAt(i int) color.RGBA {
	if g.grid == uniform && g.boxShade && (i/27+i%9/3)%2 == 1 {
		return blendRGB(g.theme.paper, g.theme.thin, 0.3)
	}
	return g.theme.paper
}

// fill is a cell's colour given the selection: the selected cell, then
// cells with its digit, then wrong entries, then its row, column and box.
func (g *gridDraw) fill(i int, plain color.RGBA) color.RGBA {
	sel := g.selected
	switch {
	case sel < 0:
	case i == sel:
		return g.theme.selected
	case g.same && g.board.digit(i) == g.board.digit(sel):
		return g.theme.same
	}
	if g.wrongTint && g.board.isWrong(i) {
		return blendRGB(plain, g.theme.wrong, 0.25)
	}
	if sel >= 0 && g.related != relatedNone {
		sameBox := i/27 == sel/27 && i%9/3 == sel%9/3
		if i/9 == sel/9 || i%9 == sel%9 || (g.related == relatedLinesBox && sameBox) {
			return g.theme.related
		}
	}
	return plain
}

// edge is where line k (0 to 9) of the grid lies along one axis.
func (g *gridDraw) edge(origin, k int) int {
	return origin + int(math.Round(float64(k*g.size)/9))
}

// cellBox is cell i's box: between the lines, or a tile's bounds.
func (g *gridDraw) cellBox(i int) (x0, y0, x1, y1 float64) {
	row, col := i/9, i%9
	if g.grid == tiles {
		at := func(origin, k int) float64 {
			return float64(origin) + g.pad + float64(k)*g.tile + float64(k-k/3)*g.gap + float64(k/3)*g.boxGap
		}
		x0, y0 = at(g.x, col), at(g.y, row)
		return x0, y0, x0 + g.tile, y0 + g.tile
	}
	return float64(g.edge(g.x, col)), float64(g.edge(g.y, row)), float64(g.edge(g.x, col+1)), float64(g.edge(g.y, row+1))
}

// lines draws the thin lines, then the box lines and border over them,
// each centred on its edge but kept inside the grid's square.
func (g *gridDraw) lines() {
	for pass := range 2 {
		for k := 0; k <= 9; k++ {
			box := k%3 == 0
			if box != (pass == 1) {
				continue
			}
			w, col := g.thin, g.theme.thin
			if box {
				w, col = g.thick, g.theme.thick
			}
			if g.grid == uniform {
				col = g.theme.thick
			}
			at := min(max(g.edge(g.x, k)-w/2, g.x), g.x+g.size-w)
			g.c.rect(image.Rect(at, g.y, at+w, g.y+g.size), col)
			at = min(max(g.edge(g.y, k)-w/2, g.y), g.y+g.size-w)
			g.c.rect(image.Rect(g.x, at, g.x+g.size, at+w), col)
		}
	}
}

// content draws cell i's digit or pencil marks.
func (g *gridDraw) content(i int) {
	x0, y0, x1, y1 := g.cellBox(i)
	cx, cy := (x0+x1)/2, (y0+y1)/2
	switch {
	case g.board.givens[i] != '.':
		g.c.centred(string(g.board.givens[i]), cx, cy, g.given, g.theme.given)
	case g.board.entries[i] != '.':
		ink := g.entryInk
		if g.board.isWrong(i) {
			ink = g.theme.wrong
		}
		g.c.centred(string(g.board.entries[i]), cx, cy, g.entry, ink)
	case g.board.marks[i] != 0:
		g.marks(i, x0, y0, x1-x0)
	}
}

// marks draws pencil marks: each digit in its place in a 3×3 layout, or
// the digits in a row at the centre as some apps do.
func (g *gridDraw) marks(i int, x0, y0, cell float64) {
	m := g.board.marks[i]
	if !g.markGrid {
		g.centredMarks(m, x0+cell/2, y0+cell/2)
		return
	}
	inset := cell * 0.06
	slot := (cell - 2*inset) / 3
	for d := 1; d <= 9; d++ {
		if m&(1<<(d-1)) != 0 {
			sx := x0 + inset + float64((d-1)%3)*slot + slot/2
			sy := y0 + inset + float64((d-1)/3)*slot + slot/2
			g.c.centred(string(rune('0'+d)), sx, sy, g.mark, g.theme.mark)
		}
	}
}

// centredMarks writes the marks as a row of digits at the cell's centre,
// in two rows when there are more than three so they stay inside it.
func (g *gridDraw) centredMarks(m uint16, cx, cy float64) {
	var ds []byte
	for d := 1; d <= 9; d++ {
		if m&(1<<(d-1)) != 0 {
			ds = append(ds, byte('0'+d))
		}
	}
	if len(ds) <= 3 {
		g.c.centred(string(ds), cx, cy, g.mark, g.theme.mark)
		return
	}
	half := (len(ds) + 1) / 2
	dy := g.mark.px * 0.8
	g.c.centred(string(ds[:half]), cx, cy-dy, g.mark, g.theme.mark)
	g.c.centred(string(ds[half:]), cx, cy+dy, g.mark, g.theme.mark)
}

// blendRGB mixes b into a by t.
func blendRGB(a, b color.RGBA, t float64) color.RGBA {
	return color.RGBA{mix(a.R, b.R, t), mix(a.G, b.G, t), mix(a.B, b.B, t), 255}
}
