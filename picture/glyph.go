package picture

import (
	"slices"
)

// GlyphSide is the side of the square a cell's digit is drawn into for the
// classifier, and glyphBox the side of the box the digit is scaled to fit
// inside it (as MNIST draws its digits: 20 pixels in 28).
const (
	GlyphSide = 28
	glyphBox  = 20
)

// Scalars the classifier reads beside the glyph's pixels: what scaling the
// glyph to a fixed box hides (its size and place), and how its ink
// compares with the other cells' (how a player's digits differ from the
// printed ones: lighter, thinner or coloured).
const (
	fHeight = iota
	fWidth
	fCentreX
	fCentreY
	fParts
	fHeightRel // its height against the board's tall marks': a pencil mark is far smaller
	fContrast  // then its place among the board's marks (see spread)
	fStroke    = fContrast + 4
	fChroma    = fStroke + 4
	Scalars    = fChroma + 4
)

// Inputs is how many numbers the classifier reads for a cell: the glyph's
// pixels, then Scalars numbers about it, the first its height (0 when the
// cell holds no mark).
const Inputs = GlyphSide*GlyphSide + Scalars

// cell is what was measured in one cell.
type cell struct {
	empty    bool
	glyph    [GlyphSide * GlyphSide]float32
	h, w     float64 // the glyph's box, over the cell's side
	cx, cy   float64 // the box's centre, from the cell's centre, over the side
	parts    int
	contrast float64 // background minus the glyph's darkest, grey levels
	stroke   float64 // the strokes' width over the box's height
	width    float64 // the strokes' width over the cell's side, by inkWidth
	chroma   float64 // mean colourfulness of the glyph's ink, 0 to 1
	// colourOnly is set for a mark seen in colour alone (colouredMarksIn).
	colourOnly bool
}

// traits are what measureBoard measures of each cell beside the
// classifier's inputs, for decideKinds: its strokes' width over the cell's
// side (inkWidth, 0 for an empty cell), and every cell's tile shade and
// tint (tileShade, tileTint): some apps print the givens on shaded cells
// and the player's digits, in the same face and ink, on plain ones.
type traits struct {
	Width, Shade, Tint [81]float64
	// Colour is set for the cells whose mark was seen in colour alone.
	Colour [81]bool
}

// inputs returns, for each cell of a board, what the classifier reads.
func inputs(b *Board) [81][]float32 {
	in, _ := measureBoard(b)
	return in
}

// measureBoard returns, for each cell of a board, what the classifier
// reads, and its traits.
func measureBoard(b *Board) (in [81][]float32, tr traits) {
	var cells [81]cell
	ref := digitContrast(b.Cells)
	for i := range cells {
		cells[i] = measure(b, i, ref)
	}
	height := spreadOf(cells[:], func(c *cell) float64 { return c.h })
	contrast := spreadOf(cells[:], func(c *cell) float64 { return min(c.contrast/ref, 2) / 2 })
	stroke := spreadOf(cells[:], func(c *cell) float64 { return min(c.stroke*3, 1) })
	chroma := spreadOf(cells[:], func(c *cell) float64 { return c.chroma })
	for i := range cells {
		c := &cells[i]
		if !c.empty {
			tr.Width[i], tr.Colour[i] = c.width, c.colourOnly
		}
		tr.Shade[i], tr.Tint[i] = tileShade(b.Cells, i), tileTint(b.Chroma, i)
		x := make([]float32, Inputs)
		copy(x, c.glyph[:])
		s := x[GlyphSide*GlyphSide:]
		if !c.empty {
			s[fHeight], s[fWidth] = float32(c.h), float32(c.w)
			s[fCentreX], s[fCentreY] = float32(c.cx), float32(c.cy)
			s[fParts] = float32(min(c.parts, 6)) / 6
			s[fHeightRel] = float32(c.h/max(height.high, 0.05) - 1)
			contrast.place(s[fContrast:], min(c.contrast/ref, 2)/2)
			stroke.place(s[fStroke:], min(c.stroke*3, 1))
			chroma.place(s[fChroma:], c.chroma)
		}
		in[i] = x
	}
	return in, tr
}

// spread is how a measure of the marks varies over a board: its tenth,
// fiftieth and ninetieth percentiles. A board whose marks all look alike
// (a narrow spread) holds printed digits only; two kinds of mark, printed
// and written, make it wide, and a mark's place in it tells which it is.
type spread struct{ low, mid, high float64 }

// spreadOf returns the spread of f over the cells that hold a mark.
func spreadOf(cells []cell, f func(*cell) float64) spread {
	var vs []float64
	for i := range cells {
		if !cells[i].empty {
			vs = append(vs, f(&cells[i]))
		}
	}
	if len(vs) == 0 {
		return spread{}
	}
	slices.Sort(vs)
	return spread{ranked(vs, 10), ranked(vs, 50), ranked(vs, 90)}
}

// place writes v, how far it is above the low end and below the high
// end, and the spread's width.
func (s spread) place(out []float32, v float64) {
	out[0], out[1], out[2], out[3] = float32(v), float32(v-s.low), float32(s.high-v), float32(s.high-s.low)
}

// digitContrast is the contrast of the board's strongest digits: of the
// cells' contrasts at their middles (where grid lines are not), one high
// in the order, as a puzzle's givens fill at least a fifth of its cells.
func digitContrast(g *Gray) float64 {
	side := g.W / 9
	var cs []float64
	for i := range 81 {
		x0, y0 := (i%9)*side, (i/9)*side
		px := region(g, x0+side/4, y0+side/4, side/2, side/2)
		cs = append(cs, float64(percentile(px, 70))-float64(percentile(px, 3)))
	}
	slices.Sort(cs)
	return max(ranked(cs, 85), 24)
}

// region returns the grey levels of a w×h box of g.
func region(g *Gray, x0, y0, w, h int) []uint8 {
	out := make([]uint8, 0, w*h)
	for y := y0; y < y0+h; y++ {
		out = append(out, g.Pix[y*g.W+x0:y*g.W+x0+w]...)
	}
	return out
}
