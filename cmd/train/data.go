package main

import (
	"context"
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
		b, err := picture.Find(context.Background(), data)
		if err != nil {
			continue
		}
		bd := board{photo: p, found: b}
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
func pasted(r *rand.Rand, bd board, fonts []glyphs, hw handwriting) []nn.Example {
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
			m := hw[d][r.IntN(len(hw[d]))]
			stamp(b, i, m, 0.5+0.35*r.Float64(), jx, jy, written)
			labels[i] = picture.Class(d, true)
		case x < 0.6:
			stamp(b, i, font[d], size, jx/3, jy/3, printed)
			labels[i] = picture.Class(d, false)
		case x < 0.72:
			pencilMarks(r, b, i, markFont, written)
		}
	}
	return examples(b, labels)
}

// pencilMarks draws one to six small candidates in cell i, each in its
// place of a 3×3 layout.
func pencilMarks(r *rand.Rand, b *picture.Board, i int, font glyphs, k ink) {
	k.grey = uint8(min(255, int(k.grey)+r.IntN(60)))
	size := 0.18 + 0.1*r.Float64()
	for _, d := range r.Perm(9)[:1+r.IntN(6)] {
		d++
		dx, dy := float64((d-1)%3-1)*0.3, float64((d-1)/3-1)*0.3
		stamp(b, i, font[d], size, dx, dy, k)
	}
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
