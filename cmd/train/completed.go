package main

import (
	"image"
	"math/rand/v2"
	"slices"

	"github.com/sudokubot/sudokubot/internal/nn"
	"github.com/sudokubot/sudokubot/picture"
)

// candidateLayers returns the marks of the tuning boards' cells that hold
// pencil marks only (labelled blank, with a mark as dark as writing), each
// as a mask the size of its cell without the grid's lines: real
// candidates, as players note them (kubiesa's pages keep pairs in a
// corner), to write an entry under.
func candidateLayers(boards []board) []*image.Alpha {
	var out []*image.Alpha
	for _, bd := range boards {
		if !bd.labelled {
			continue // only a labelled grid says for sure that a marked cell is blank
		}
		in := bd.found.Inputs()
		for i, c := range bd.labels {
			if c != 0 || picture.InkContrast(in[i]) < 0.2 {
				continue // a printed or written digit, nothing, or a mark as faint as print showing through
			}
			out = append(out, cellMask(bd.found.Cells, i))
		}
	}
	return out
}

// cellMask cuts cell i of g as a mask: each pixel's darkness between the
// cell's paper and its darkest ink, the band along the cell's edges (where
// the grid's lines run) left empty.
func cellMask(g *picture.Gray, i int) *image.Alpha {
	side := g.W / 9
	a := image.NewAlpha(image.Rect(0, 0, side, side))
	px := cellPixels(g, i)
	sorted := slices.Clone(px)
	slices.Sort(sorted)
	bg, dark := float64(sorted[len(sorted)*7/10]), float64(sorted[len(sorted)/50])
	band := max(2, side/8)
	for y := band; y < side-band; y++ {
		for x := band; x < side-band; x++ {
			v := (bg - float64(px[y*side+x]) - 0.15*(bg-dark)) / max(0.7*(bg-dark), 1)
			a.Pix[y*side+x] = uint8(255 * min(1, max(0, v)))
		}
	}
	return a
}

// completed returns the cells of a copy of bd filled in nearly to the
// end (fillIn) as examples.
func completed(r *rand.Rand, bd board, hw hands, layers []*image.Alpha) []nn.Example {
	b, labels := fillIn(r, bd, hw, layers)
	return examples(b, labels)
}

// fillIn returns a copy of bd filled in nearly to the end, as a player
// leaves a finished page, and its labels: one hand and one ink (pencil,
// as often as not faint) write a digit into most blank cells. Where the
// cell holds candidates (its own, or real ones drawn in first) the digit
// goes under them, smaller, in the room they leave; a few cells keep
// candidates only, which read as blank.
func fillIn(r *rand.Rand, bd board, hw hands, layers []*image.Alpha) (*picture.Board, [81]int) {
	b := clone(bd.found)
	labels := bd.labels
	in := bd.found.Inputs()
	k := pencil(r, float64(paperOf(b, 40)), printedDark(bd))
	for i := range 81 {
		if labels[i] != 0 {
			continue
		}
		crowd := in[i][picture.Inputs-picture.Scalars] > 0
		if !crowd && len(layers) > 0 && r.Float64() < 0.45 {
			lighter := k
			lighter.grey = uint8(min(255, int(k.grey)+r.IntN(30)))
			stamp(b, i, layers[r.IntN(len(layers))], 1, 0, 0, lighter)
			crowd = true
		}
		if r.Float64() < 0.12 {
			continue // candidates only, or nothing: still blank
		}
		d := 1 + r.IntN(9)
		m := tilted(hw.pick(r, d), (r.Float64()-0.5)*0.3, (r.Float64()-0.5)*0.4)
		if crowd {
			stamp(b, i, m, 0.4+0.22*r.Float64(), 0.02+0.1*r.Float64(), 0.06+0.1*r.Float64(), k)
		} else {
			stamp(b, i, m, 0.5+0.3*r.Float64(), (r.Float64()-0.5)*0.14, (r.Float64()-0.5)*0.14, k)
		}
		labels[i] = picture.Class(d, true)
	}
	if r.Float64() < 0.6 {
		degrade(r, b)
	}
	return b, labels
}

// pencil is the ink of a page written in pencil: a grey from a third of
// the way from the paper to the printed digits' darkness to nearly as
// dark, now and then a pen instead.
func pencil(r *rand.Rand, paper, dark float64) ink {
	if r.Float64() < 0.25 {
		return pen(r)
	}
	f := 0.3 + 0.55*r.Float64()
	return ink{grey: uint8(paper - f*max(paper-dark, 40)), chroma: uint8(r.IntN(10)), blur: r.IntN(2)}
}

// printedDark is the grey of bd's printed digits: the median over the
// cells labelled printed of each one's darkest pixels (its fiftieth).
func printedDark(bd board) float64 {
	var darks []uint8
	for i, c := range bd.labels {
		if c == 0 || c > 9 {
			continue
		}
		px := cellPixels(bd.found.Cells, i)
		slices.Sort(px)
		darks = append(darks, px[len(px)/50])
	}
	if len(darks) == 0 {
		return float64(darkest(bd.found))
	}
	slices.Sort(darks)
	return float64(darks[len(darks)/2])
}

// cellPixels returns cell i of g's grey levels, row by row.
func cellPixels(g *picture.Gray, i int) []uint8 {
	side := g.W / 9
	px := make([]uint8, 0, side*side)
	for y := range side {
		px = append(px, g.Pix[((i/9)*side+y)*g.W+(i%9)*side:][:side]...)
	}
	return px
}
