package picture

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestDropPencilMarks: on a board with several small marks, the small
// marks read as written digits without much confidence become blank, a
// sure one stays; on a board with fewer small marks than pencilCells,
// they stay digits; a small mark read as printed is blank on any board.
func TestDropPencilMarks(t *testing.T) {
	board := func(small []int) (*[81]Cell, *[81][]float32) {
		return testBoard(func(i int, p, s []float32) {
			switch {
			case slices.Contains(small, i):
				p[0], p[Class(7, true)] = 0.3, 0.7
				s[fHeight], s[fHeightRel] = 0.2, -0.67
			case i < 25: // digits, as tall as the board's
				p[Class(i%9+1, false)] = 1
				s[fHeight] = 0.6
			default:
				p[0] = 1
			}
		})
	}
	cells, in := board([]int{40, 41, 42, 43})
	cells[43].probs[0], cells[43].probs[Class(7, true)] = 0.01, 0.99
	cells[43] = cellOf(cells[43].probs, Class(7, true))
	dropPencilMarks(cells, in)
	for _, i := range []int{40, 41, 42} {
		if cells[i].Digit != 0 {
			t.Errorf("pencil mark at %d read as %d", i, cells[i].Digit)
		}
	}
	if cells[43].Digit != 7 || cells[3].Digit != 4 {
		t.Errorf("a sure small digit or a tall one was dropped: %+v, %+v", cells[43], cells[3])
	}
	// On a board with pencil marks, a small mark read surely as printed is
	// one too.
	cells, in = board([]int{40, 41, 42, 43})
	cells[43].probs[0], cells[43].probs[Class(7, true)], cells[43].probs[Class(7, false)] = 0.01, 0, 0.99
	cells[43] = cellOf(cells[43].probs, Class(7, false))
	in[43][GlyphSide*GlyphSide+fContrast] = 0.5 // as dark as the digits: not faint
	dropPencilMarks(cells, in)
	if cells[43].Digit != 0 {
		t.Errorf("a small mark read surely as a printed 7 on a board with pencil marks was kept: %+v", cells[43])
	}
	cells, in = board([]int{40, 41, 42})
	dropPencilMarks(cells, in)
	if cells[40].Digit != 7 {
		t.Errorf("with %d small marks, fewer than pencilCells, one was dropped", 3)
	}

	// A lone small mark read surely as printed is dropped however dark (a
	// puzzle prints its givens one size); one read surely as written is
	// kept (a player's small digit).
	for _, written := range []bool{false, true} {
		cells, in = board(nil)
		p := make([]float32, Classes)
		p[Class(4, written)] = 1
		cells[40] = cellOf(p, best(p))
		in[40][GlyphSide*GlyphSide+fHeight], in[40][GlyphSide*GlyphSide+fHeightRel] = 0.2, -0.67
		in[40][GlyphSide*GlyphSide+fContrast] = 0.5
		dropPencilMarks(cells, in)
		if kept := cells[40].Digit != 0; kept != written {
			t.Errorf("a lone small mark read surely as a digit written %v: kept %v", written, kept)
		}
	}
}

// testBoard returns a board's cells and the classifier's inputs for them,
// each cell made by fill from its index: its class probabilities p (all
// zero to start) and its scalar inputs s; the cell is read as its
// likeliest class.
func testBoard(fill func(i int, p, s []float32)) (*[81]Cell, *[81][]float32) {
	var cells [81]Cell
	var in [81][]float32
	for i := range 81 {
		in[i] = make([]float32, Inputs)
		p := make([]float32, Classes)
		fill(i, p, in[i][GlyphSide*GlyphSide:])
		cells[i] = cellOf(p, best(p))
	}
	return &cells, &in
}

// TestDropAsideMarks: among a board's written digits, one far smaller
// than the others and off its cell's centre (a lone pencil mark) is read
// as blank; one as small but centred, one off centre but as tall as the
// others (a hand's digit written aside), and every small one on a board
// with too few written digits to compare are kept.
func TestDropAsideMarks(t *testing.T) {
	board := func(written int) (*[81]Cell, *[81][]float32) {
		return testBoard(func(i int, p, s []float32) {
			switch {
			case i < written:
				p[Class(i%9+1, true)] = 1
				s[fHeight] = 0.3
			case i >= 20 && i < 45: // printed digits, taller
				p[Class(i%9+1, false)] = 1
				s[fHeight] = 0.6
			default:
				p[0] = 1
			}
		})
	}
	cells, in := board(8)
	mark := func(i int, h, cx, cy float32) {
		in[i][GlyphSide*GlyphSide+fHeight] = h
		in[i][GlyphSide*GlyphSide+fCentreX], in[i][GlyphSide*GlyphSide+fCentreY] = cx, cy
	}
	mark(0, 0.19, 0, 0.33)     // a candidate 8 in its place of a 3×3 layout
	mark(1, 0.17, -0.3, -0.25) // a note in the top-left corner
	mark(2, 0.19, 0, 0)        // a small centred digit: kept
	mark(3, 0.29, -0.3, 0.05)  // a player's digit written aside: kept
	dropAsideMarks(cells, in)
	for _, i := range []int{0, 1} {
		if cells[i].Digit != 0 || cells[i].blankedBy != "aside" {
			t.Errorf("cell %d, a small mark aside, read as %+v", i, cells[i])
		}
	}
	for _, i := range []int{2, 3, 4, 20} {
		if cells[i].Digit == 0 {
			t.Errorf("cell %d was read as blank", i)
		}
	}
	cells, in = board(2)
	mark(0, 0.1, 0, 0.33)
	dropAsideMarks(cells, in)
	if cells[0].Digit == 0 {
		t.Error("with two written digits, too few to compare, the smaller was dropped")
	}
}

// TestMarkedDigits: a mark as tall as the board's digits that the
// classifier found likelier blank than any one reading, but under one
// half, is read as its likeliest digit, doubtful; one as unsure but
// small (a pencil mark), one whose odds are spread over many digits (a
// cluster of pencil marks), and one the classifier finds blank half the
// time or more stay blank.
func TestMarkedDigits(t *testing.T) {
	cells, in := markedBoard(func(i int, p []float32) {
		switch i {
		case 40, 41:
			p[0], p[Class(7, false)], p[Class(7, true)] = 0.4, 0.35, 0.25
		case 42:
			p[0] = 0.4
			for d := 1; d <= 6; d++ {
				p[Class(d, false)] = 0.1
			}
		case 43:
			p[0], p[Class(7, false)] = 0.55, 0.45
		}
	})
	in[41][GlyphSide*GlyphSide+fHeight] = 0.12
	for i := range in {
		testGlyph(in[i], i+1) // no two drawn alike
	}
	markedDigits(cells, in)
	if c := cells[40]; c.Digit != 7 || c.Written || !c.Doubtful() {
		t.Errorf("a tall mark unsure between blank and a printed 7 read %+v, want a doubtful printed 7", c)
	}
	for _, i := range []int{41, 42, 43} {
		if cells[i].Digit != 0 {
			t.Errorf("cell %d read as %d, want blank", i, cells[i].Digit)
		}
	}
	if cells[3].Digit != 4 {
		t.Errorf("a sure digit changed: %+v", cells[3])
	}
}

// TestMarkedTwins: a mark as tall as the board's digits that the
// classifier finds blank more often than not, but gives a digit some
// odds, is read as that digit when its glyph is drawn as the board's
// glyphs of that digit are (a face the classifier never saw, read in one
// cell and not in another); one drawn as another digit, one too small,
// and one the classifier gives the digit too little are left blank.
func TestMarkedTwins(t *testing.T) {
	cells, in := markedBoard(func(i int, p []float32) {
		p[0], p[Class(5, false)] = 0.78, 0.15
		if i == 43 {
			p[0], p[Class(5, false)] = 0.93, 0.05
		}
		for d := 1; d <= 9; d++ {
			if d != 5 {
				p[Class(d, true)] = 0.07 / 8
			}
		}
	})
	for i := range 25 {
		testGlyph(in[i], i%9+1)
	}
	for _, i := range []int{40, 42, 43} {
		testGlyph(in[i], 5)
	}
	testGlyph(in[41], 3)
	in[42][GlyphSide*GlyphSide+fHeight] = 0.12
	markedDigits(cells, in)
	if c := cells[40]; c.Digit != 5 || c.Written || !c.Doubtful() {
		t.Errorf("a tall mark drawn as the board's printed 5s, blank at 0.78, read %+v, want a doubtful printed 5", c)
	}
	for _, i := range []int{41, 42, 43} {
		if cells[i].Digit != 0 {
			t.Errorf("cell %d read as %d, want blank", i, cells[i].Digit)
		}
	}
}

// markedBoard is a board of 25 printed digits the classifier is sure of
// (cells 0–24, digit i%9+1) and four marks as tall (cells 40–43), whose
// classifier's output mark fills.
func markedBoard(mark func(i int, p []float32)) (*[81]Cell, *[81][]float32) {
	return testBoard(func(i int, p, s []float32) {
		switch {
		case i < 25:
			p[Class(i%9+1, false)] = 1
			s[fHeight] = 0.3
		case i >= 40 && i < 44:
			s[fHeight] = 0.3
			mark(i, p)
		default:
			p[0] = 1
		}
	})
}

// testGlyph draws in x's glyph a pattern of its own for each pattern
// number p: glyphs drawn with different numbers lie far apart.
func testGlyph(x []float32, p int) {
	r := rand.New(rand.NewPCG(uint64(p), 7))
	for k := range GlyphSide * GlyphSide {
		x[k] = float32(r.IntN(2))
	}
}
