package main

import (
	"image"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokubot/sudokubot/picture"
)

// paperBoard returns a labelled board of plain paper, side pixels a cell,
// with a printed 5 in cell 0 and two small candidates in cell 1's top
// left corner.
func paperBoard(side int) board {
	g := &picture.Gray{W: 9 * side, H: 9 * side, Pix: make([]uint8, 81*side*side)}
	for k := range g.Pix {
		g.Pix[k] = 220
	}
	ink := func(x0, y0, x1, y1 int) {
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				g.Pix[y*g.W+x] = 30
			}
		}
	}
	ink(side/3, side/5, 2*side/3, 4*side/5)                  // cell 0: a printed digit
	ink(side+side/5, side/5, side+side/5+3, side/5+side/4)   // cell 1: a candidate
	ink(side+side/5+6, side/5, side+side/5+9, side/5+side/4) // and another beside it
	bd := board{found: &picture.Board{Cells: g, Chroma: &picture.Gray{W: g.W, H: g.H, Pix: make([]uint8, len(g.Pix))}}, labelled: true}
	bd.labels[0] = picture.Class(5, false)
	return bd
}

func TestCandidateLayers(t *testing.T) {
	bd := paperBoard(32)
	layers := candidateLayers([]board{bd})
	if len(layers) != 1 {
		t.Fatalf("%d layers, want 1 (cell 1's candidates only; not the given, not the blank cells)", len(layers))
	}
	a := layers[0]
	if a.Rect.Dx() != 32 || a.Rect.Dy() != 32 {
		t.Fatalf("layer %v, want the cell's 32×32", a.Rect)
	}
	if got := a.Pix[(32/5+2)*a.Stride+32/5+1]; got != 255 {
		t.Errorf("a candidate's pixel is %d in the layer, want 255", got)
	}
	if got := a.Pix[20*a.Stride+20]; got != 0 {
		t.Errorf("paper is %d in the layer, want 0", got)
	}
	bd.labelled = false
	if n := len(candidateLayers([]board{bd})); n != 0 {
		t.Errorf("%d layers from a board placed without labelled corners, want none", n)
	}
}

func TestFillIn(t *testing.T) {
	bd := paperBoard(32)
	var hw handwriting
	for d := 1; d <= 9; d++ {
		m := image.NewAlpha(image.Rect(0, 0, 10, 16))
		for k := range m.Pix {
			m.Pix[k] = 255
		}
		hw[d] = append(hw[d], m)
	}
	layers := candidateLayers([]board{bd})
	for seed := range uint64(5) {
		b, labels := fillIn(rand.New(rand.NewPCG(seed, 1)), bd, hands{drawn: hw}, layers)
		if labels[0] != picture.Class(5, false) {
			t.Fatalf("seed %d: the given is labelled %d", seed, labels[0])
		}
		written := 0
		for i, c := range labels[1:] {
			if c == 0 {
				continue
			}
			if c < picture.Class(1, true) || c > picture.Class(9, true) {
				t.Fatalf("seed %d: cell %d labelled %d, want a written digit or blank", seed, i+1, c)
			}
			written++
			if m := darkestIn(b.Cells, i+1); m > 200 {
				t.Errorf("seed %d: cell %d is labelled written but its darkest pixel is %d on paper 220", seed, i+1, m)
			}
		}
		if written < 55 || written == 80 {
			t.Errorf("seed %d: %d of 80 blank cells written in, want most but not all", seed, written)
		}
	}
	if bd.found.Cells.Pix[40*32*9+4*32+16] != 220 {
		t.Error("fillIn drew on the board it was given, not on a copy")
	}
}

// darkestIn is cell i's darkest grey.
func darkestIn(g *picture.Gray, i int) uint8 { return slices.Min(cellPixels(g, i)) }
