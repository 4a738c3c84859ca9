package render

import (
	"image"

	"github.com/sudokubot/sudokubot/variant"
)

// VariantOptions says how to draw a variant puzzle. The zero value draws
// the puzzle as set, in the light theme.
type VariantOptions struct {
	Theme Theme
	// Digits, when it has Size*Size entries (row by row), fills the cells
	// blank in the givens with these digits (a solution), drawn in the
	// solved colour; 0 leaves a cell blank.
	Digits []int
	// Candidates, when it has Size*Size entries, draws in each cell
	// without a digit its candidates as small digits: bit d for digit d,
	// as variant.Candidates returns them.
	Candidates []uint32
	// Differ highlights cells, such as where two solutions differ, on a
	// paper of their own colour.
	Differ []variant.Cell
}

// Variant draws p as SudokuPad would, with opt, and encodes it as a PNG.
// It draws the title and author above the grid; the grid with p's regions
// (irregular ones by their borders); givens, opt's digits and candidates;
// killer cages, thermometers, arrows (with pill bulbs), little killer and
// sandwich clues outside the grid, difference and ratio dots, XV, odd and
// even cells, palindrome, renban and whispers lines, extra regions and
// the diagonals. Digits above 9 are written as numbers, 10 to 16, as
// f-puzzles and SudokuPad write them. Global rules without a picture (antiknight, antiking,
// disjoint groups, nonconsecutive and the negative constraints) and
// constraint types it does not know are not drawn: say them in words.
//
// It returns an error for a size outside 4 to 16, givens, regions, digits
// or candidates of the wrong length, a digit out of range, or a cell of a
// constraint or of opt.Differ outside the grid (a clue outside it must sit
// next to it). p and opt are not modified.
func Variant(p variant.Puzzle, opt VariantOptions) ([]byte, error) {
	img, err := VariantImage(p, opt)
	if err != nil {
		return nil, err
	}
	return encode(img, 96<<10)
}

// VariantImage draws p as Variant does, without encoding. Errors are
// Variant's.
func VariantImage(p variant.Puzzle, opt VariantOptions) (*image.RGBA, error) {
	if err := checkVariant(p, opt); err != nil {
		return nil, err
	}
	if err := parsedFonts(); err != nil {
		return nil, err
	}
	d := newVariantDrawing(p, opt)
	d.papers()
	d.parities()
	d.gridLines()
	d.diagonals()
	d.thermos()
	d.coloured()
	d.arrows()
	d.extremes()
	d.borders()
	d.cages()
	d.edgeClues()
	d.digits()
	d.quadruples()
	d.cageSums()
	d.outsideClues()
	d.title()
	return d.img, nil
}

// vdraw is one variant drawing in progress.
type vdraw struct {
	p       variant.Puzzle
	opt     VariantOptions
	l       vlayout
	col     variantColours
	img     *image.RGBA
	pen     pen
	w       writer
	regions []int // each cell's region, row by row
	sums    []sumLabel
}

func newVariantDrawing(p variant.Puzzle, opt VariantOptions) *vdraw {
	d := &vdraw{p: p, opt: opt, l: variantLayout(p), col: variantColoursFor(opt.Theme), regions: regionsOf(p)}
	d.img = image.NewRGBA(image.Rect(0, 0, d.l.width, d.l.height))
	d.pen.dst, d.w.dst = d.img, d.img
	d.sums = d.sumLabels()
	return d
}

// regionsOf returns p's regions, or its standard boxes (one region for a
// prime size, which has none).
func regionsOf(p variant.Puzzle) []int {
	if p.Regions != nil {
		return p.Regions
	}
	n := p.Size
	h, w := variant.BoxSize(n)
	out := make([]int, n*n)
	for i := range out {
		if h > 1 {
			out[i] = i/n/h*(n/w) + i%n/w
		}
	}
	return out
}

// each calls f with every constraint of type T, in order.
func each[T variant.Constraint](cs []variant.Constraint, f func(T)) {
	for _, c := range cs {
		if t, ok := c.(T); ok {
			f(t)
		}
	}
}
