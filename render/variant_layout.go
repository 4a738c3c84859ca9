package render

import (
	"fmt"

	"github.com/sudokubot/sudokubot/variant"
)

// vlayout is the pixel geometry of a variant drawing: a band for the title
// and author, then the grid, with a margin on each side that is wide only
// where clues sit outside the grid.
type vlayout struct {
	n                        int
	cell                     int // side of a cell
	thin, thick              int // line widths
	band                     int // the title band's depth, 0 without one
	left, top, right, bottom int // margins around the grid
	ox, oy                   int // the grid's top-left corner
	width, height            int
}

// Title and author sizes, in pixels: the grid is always about 650 wide.
const (
	titleSize  = 27
	authorSize = 19
)

func variantLayout(p variant.Puzzle) vlayout {
	n := p.Size
	l := vlayout{n: n, cell: max(648/n, 44), thin: 1, thick: 3}
	if n <= 6 {
		l.thin, l.thick = 2, 4
	}
	pad, wide := l.thick+8, int(l.cl(0.8))
	l.left, l.top, l.right, l.bottom = pad, pad, pad, pad
	for _, c := range outsideClues(p.Constraints) {
		switch {
		case c.Row < 0:
			l.top = wide
		case c.Row >= n:
			l.bottom = wide
		}
		switch {
		case c.Col < 0:
			l.left = wide
		case c.Col >= n:
			l.right = wide
		}
	}
	if p.Title != "" || p.Author != "" {
		l.band = 12 + titleSize*5/4
		if p.Author != "" {
			l.band += authorSize * 3 / 2
		}
		l.top = max(l.top, l.thick+4)
	}
	l.ox, l.oy = l.left, l.band+l.top
	l.width, l.height = l.left+n*l.cell+l.right, l.oy+n*l.cell+l.bottom
	return l
}

// outsideClues returns where the clues outside the grid sit.
func outsideClues(cs []variant.Constraint) []variant.Cell {
	var out []variant.Cell
	each(cs, func(k variant.LittleKiller) { out = append(out, k.Clue) })
	each(cs, func(s variant.Sandwich) { out = append(out, s.Clue) })
	each(cs, func(o variant.Outside) { out = append(out, o.Clue) })
	return out
}

// corner returns the top-left corner of cell r, c (r or c may be n, for
// the grid's far edges).
func (l vlayout) corner(r, c int) pt {
	return pt{float64(l.ox + c*l.cell), float64(l.oy + r*l.cell)}
}

// centre returns the centre of a cell; for a clue outside the grid, the
// centre of its place in the margin.
func (l vlayout) centre(c variant.Cell) pt {
	axis := func(i, o, low, high int) float64 {
		switch {
		case i < 0:
			return float64(o) - float64(low)/2
		case i >= l.n:
			return float64(o+l.n*l.cell) + float64(high)/2
		}
		return float64(o) + (float64(i)+0.5)*float64(l.cell)
	}
	return pt{axis(c.Col, l.ox, l.left, l.right), axis(c.Row, l.oy, l.top, l.bottom)}
}

// cf returns a length as a fraction of a cell.
func (l vlayout) cf(k float64) float64 { return k * float64(l.cell) }

// cl returns a length as a fraction of an outside clue's place, a cell
// but at most 80 pixels, so that the few large cells of a small grid do
// not make wide margins and huge clues.
func (l vlayout) cl(k float64) float64 { return k * float64(min(l.cell, 80)) }

// checkVariant returns an error for a puzzle or options Variant cannot
// draw.
func checkVariant(p variant.Puzzle, opt VariantOptions) error {
	n := p.Size
	if n < 4 || n > 16 {
		return fmt.Errorf("render: a %d×%d puzzle, want 4×4 to 16×16", n, n)
	}
	if err := checkDigits("givens", p.Givens, n); err != nil {
		return err
	}
	if err := checkDigits("digits", opt.Digits, n); err != nil {
		return err
	}
	switch {
	case p.Regions != nil && len(p.Regions) != n*n:
		return fmt.Errorf("render: %d regions for %d cells", len(p.Regions), n*n)
	case len(opt.Candidates) != 0 && len(opt.Candidates) != n*n:
		return fmt.Errorf("render: %d candidates for %d cells", len(opt.Candidates), n*n)
	}
	for _, c := range opt.Differ {
		if !inside(c, n) {
			return fmt.Errorf("render: differing cell %s is outside the %d×%d grid", c, n, n)
		}
	}
	if err := p.Bounded(); err != nil {
		return fmt.Errorf("render: %w", err)
	}
	for _, c := range p.Constraints {
		if err := checkConstraint(c, n); err != nil {
			return err
		}
	}
	return nil
}

// checkDigits checks that ds is empty or one digit 0..n per cell.
func checkDigits(what string, ds []int, n int) error {
	if len(ds) != 0 && len(ds) != n*n {
		return fmt.Errorf("render: %d %s for %d cells", len(ds), what, n*n)
	}
	for i, v := range ds {
		if v < 0 || v > n {
			return fmt.Errorf("render: %s: %d at R%dC%d, want 0 to %d", what, v, i/n+1, i%n+1, n)
		}
	}
	return nil
}

func checkConstraint(c variant.Constraint, n int) error {
	in, out := variant.CellsOf(c)
	for _, x := range in {
		if !inside(x, n) {
			return fmt.Errorf("render: %s cell %s is outside the %d×%d grid", c.Kind(), x, n, n)
		}
	}
	for _, x := range out {
		ring := x.Row >= -1 && x.Row <= n && x.Col >= -1 && x.Col <= n
		if inside(x, n) || !ring {
			return fmt.Errorf("render: %s clue %s is not next to the %d×%d grid", c.Kind(), x, n, n)
		}
		_, sandwich := c.(variant.Sandwich)
		_, side := c.(variant.Outside)
		if (sandwich || side) && (x.Row < 0 || x.Row >= n) && (x.Col < 0 || x.Col >= n) {
			return fmt.Errorf("render: %s clue %s is in a corner", c.Kind(), x)
		}
	}
	return nil
}

func inside(c variant.Cell, n int) bool { return c.Row >= 0 && c.Row < n && c.Col >= 0 && c.Col < n }
