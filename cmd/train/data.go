package main

import (
	"context"
	"image"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/sudokubot/sudokubot/internal/nn"
	"github.com/sudokubot/sudokubot/internal/photoset"
	"github.com/sudokubot/sudokubot/picture"
)

// board is a photo's grid as found, with the class of each cell.
type board struct {
	photo  photoset.Photo
	found  *picture.Board
	labels [81]int
	// labelled is set when the grid was placed by the photo's labelled
	// corners: its cells are where the labels say, whatever marks the
	// cells hold (pencil marks, print showing through).
	labelled bool
}

// findLabelled finds a photo's grid from its labelled corners when it has
// them, else as the reader does.
func findLabelled(data []byte, p photoset.Photo) (*picture.Board, error) {
	if !p.HasCorners {
		return picture.Find(context.Background(), data)
	}
	var c [4]picture.Point
	for k, xy := range p.Corners {
		c[k] = picture.Point{X: xy[0], Y: xy[1]}
	}
	return picture.FindAt(context.Background(), data, c)
}

// readBoards finds the grid in each photo; photos whose grid is not found
// are left out (there is nothing to learn from them).
func readBoards(dir string, photos []photoset.Photo) []board {
	var out []board
	for _, p := range photos {
		data, err := os.ReadFile(filepath.Join(dir, p.File))
		if err != nil {
			continue
		}
		b, err := findLabelled(data, p)
		if err != nil {
			continue
		}
		bd := board{photo: p, found: b, labelled: p.HasCorners}
		for i := range 81 {
			switch {
			case p.Givens[i] != '.':
				bd.labels[i] = picture.Class(int(p.Givens[i]-'0'), false)
			case p.Entries[i] != '.':
				bd.labels[i] = picture.Class(int(p.Entries[i]-'0'), true)
			}
		}
		out = append(out, bd)
	}
	return out
}

// examples returns every cell of b as the classifier sees it.
func examples(b *picture.Board, labels [81]int) []nn.Example {
	in := b.Inputs()
	out := make([]nn.Example, 81)
	for i := range out {
		out[i] = nn.Example{X: in[i], Class: labels[i]}
	}
	return out
}

// pasted returns a copy of bd with marks drawn into its blank cells: a
// player's handwriting (MNIST) in one pen, printed digits in one font,
// pencil marks (which read as blank), and its cells as examples.
func pasted(r *rand.Rand, bd board, fonts []glyphs, hw hands) []nn.Example {
	b := clone(bd.found)
	labels := bd.labels
	font := fonts[r.IntN(len(fonts))]
	markFont := fonts[r.IntN(len(fonts))]
	written, printed := pen(r), printInk(r)
	printed.grey = max(printed.grey, darkest(b))
	size := 0.45 + 0.3*r.Float64()
	for i := range 81 {
		if labels[i] != 0 {
			continue
		}
		d := 1 + r.IntN(9)
		jx, jy := (r.Float64()-0.5)*0.16, (r.Float64()-0.5)*0.16
		switch x := r.Float64(); {
		case x < 0.35:
			m := tilted(hw.pick(r, d), (r.Float64()-0.5)*0.35, (r.Float64()-0.5)*0.4)
			if r.Float64() < crowded {
				candidatesAbove(r, b, i, markFont, written)
				stamp(b, i, m, 0.45+0.2*r.Float64(), jx/2, 0.06+jy/2, written)
			} else {
				stamp(b, i, m, 0.5+0.35*r.Float64(), jx, jy, written)
			}
			labels[i] = picture.Class(d, true)
		case x < 0.6:
			stamp(b, i, font[d], size, jx/3, jy/3, printed)
			labels[i] = picture.Class(d, false)
		case x < 0.72:
			pencilMarks(r, b, i, markFont, written)
		case x < 0.8:
			ghost(r, b, i, font[d], size)
		}
	}
	if r.Float64() < 0.6 {
		degrade(r, b)
	}
	return examples(b, labels)
}

// paperOf is the grey of cell i's paper: the lighter of its middle half's
// pixels.
func paperOf(b *picture.Board, i int) uint8 {
	side := b.Cells.W / 9
	var hist [256]int
	n := 0
	for y := (i/9)*side + side/4; y < (i/9)*side+3*side/4; y++ {
		for x := (i%9)*side + side/4; x < (i%9)*side+3*side/4; x++ {
			hist[b.Cells.Pix[y*b.Cells.W+x]]++
			n++
		}
	}
	seen := 0
	for v, c := range hist {
		if seen += c; seen > n*7/10 {
			return uint8(v)
		}
	}
	return 255
}

// pencilMarks draws one to nine small candidates in cell i, as people
// and apps place them: each digit in its place of a 3×3 layout, in a row
// across the cell's middle, or along its top and corners.
func pencilMarks(r *rand.Rand, b *picture.Board, i int, font glyphs, k ink) {
	k.grey = uint8(min(255, int(k.grey)+r.IntN(60)))
	size := 0.15 + 0.13*r.Float64()
	ds := r.Perm(9)[:1+r.IntN(9)]
	layout := r.IntN(3)
	for n, d := range ds {
		d++
		var dx, dy float64
		switch layout {
		case 0: // each digit in its own place
			dx, dy = float64((d-1)%3-1)*0.3, float64((d-1)/3-1)*0.3
		case 1: // a row across the middle
			dx, dy = (float64(n)-float64(len(ds)-1)/2)*min(0.8/float64(len(ds)), size*0.7), 0
		default: // corners first, then along the top and bottom
			spots := [][2]float64{{-.32, -.32}, {.32, -.32}, {-.32, .32}, {.32, .32}, {0, -.32}, {0, .32}, {-.32, 0}, {.32, 0}, {0, 0}}
			dx, dy = spots[n][0], spots[n][1]
		}
		jx, jy := (r.Float64()-0.5)*0.06, (r.Float64()-0.5)*0.06
		stamp(b, i, font[d], size, dx+jx, dy+jy, k)
	}
}

// ghost draws a printed digit faintly into cell i, as the next page's
// puzzle shows through thin paper: it stays blank.
func ghost(r *rand.Rand, b *picture.Board, i int, a *image.Alpha, size float64) {
	k := ink{grey: uint8(max(0, int(paperOf(b, i))-12-r.IntN(40))), blur: 1 + r.IntN(2)}
	stamp(b, i, a, size, (r.Float64()-0.5)*0.1, (r.Float64()-0.5)*0.1, k)
}

// darkest is a board's darkest grey, as its printed digits are.
func darkest(b *picture.Board) uint8 {
	var hist [256]int
	for _, v := range b.Cells.Pix {
		hist[v]++
	}
	seen := 0
	for v, n := range hist {
		if seen += n; seen > len(b.Cells.Pix)/100 {
			return uint8(v)
		}
	}
	return 0
}

// clone copies a board's pictures, so marks can be drawn on the copy.
func clone(b *picture.Board) *picture.Board {
	c := *b
	g, h := *b.Cells, *b.Chroma
	g.Pix, h.Pix = append([]uint8{}, g.Pix...), append([]uint8{}, h.Pix...)
	c.Cells, c.Chroma = &g, &h
	return &c
}

// aligned reports whether the cells found hold marks where the labels say
// they hold digits, but for a few: a grid found askew would teach the
// classifier wrong labels.
func aligned(bd board) bool {
	if bd.labelled {
		return true
	}
	in := bd.found.Inputs()
	wrong := 0
	for i := range 81 {
		marked := in[i][picture.Inputs-picture.Scalars] > 0
		if marked != (bd.labels[i] != 0) {
			wrong++
		}
	}
	return wrong <= 3
}
