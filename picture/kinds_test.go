package picture

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestSettleKinds: on a board whose printed digits are dark and thick and
// whose written ones are light and thin, a written digit the classifier
// took for printed, and a printed one it took for written, are settled by
// their looks; a board with too few sure cells of one kind is left alone.
func TestSettleKinds(t *testing.T) {
	board := func(printed, written int) (*[81]Cell, *[81][]float32) {
		return testBoard(func(i int, p, s []float32) {
			d := i%9 + 1
			s[fHeight] = 0.6
			switch {
			case i < printed:
				p[Class(d, false)] = 0.97
				s[fContrast], s[fStroke], s[fChroma] = 0.9, 0.4, 0.05
			case i < printed+written:
				p[Class(d, true)] = 0.97
				s[fContrast], s[fStroke], s[fChroma] = 0.5, 0.2, 0.6
			default:
				p[0] = 1
			}
			for c := range p {
				p[c] += 0.03 / Classes
			}
		})
	}
	cells, in := board(20, 30)
	// Cell 3 looks printed but the classifier leant to written; cell 25
	// the other way round.
	cells[3].probs[Class(4, false)], cells[3].probs[Class(4, true)] = 0.4, 0.6
	cells[3] = cellOf(cells[3].probs, Class(4, true))
	cells[25].probs[Class(8, false)], cells[25].probs[Class(8, true)] = 0.7, 0.3
	cells[25] = cellOf(cells[25].probs, Class(8, false))
	settleKinds(cells, in)
	if c := cells[3]; c.Digit != 4 || c.Written {
		t.Errorf("cell 3 = %+v, want a printed 4", c)
	}
	if c := cells[25]; c.Digit != 8 || !c.Written {
		t.Errorf("cell 25 = %+v, want a written 8", c)
	}
	for i := range 81 {
		if i != 3 && i != 25 && cells[i].Written != (i >= 20 && i < 50) {
			t.Errorf("cell %d's kind changed: %+v", i, cells[i])
		}
	}

	// Only printed digits are sure: nothing to compare with.
	cells, in = board(30, 2)
	cells[3].probs[Class(4, false)], cells[3].probs[Class(4, true)] = 0.4, 0.6
	cells[3] = cellOf(cells[3].probs, Class(4, true))
	settleKinds(cells, in)
	if !cells[3].Written {
		t.Errorf("with 2 written digits, cell 3 was settled: %+v", cells[3])
	}
}

// TestSplitKinds: a page of printed digits all read as written (too few
// printed for a puzzle), with two pencil marks read as digits too, is
// mended into the puzzle, the pencil marks blank; a board whose reading is
// already a puzzle is left alone.
func TestSplitKinds(t *testing.T) {
	board, in := testBoard(func(i int, p, s []float32) {
		p[0] = 1
		if d := classic[i]; d != '.' {
			p[0], p[Class(int(d-'0'), false)], p[Class(int(d-'0'), true)] = 0, 0.35, 0.65
			s[fHeight] = 0.6
		}
	})
	cells := *board
	for _, i := range []int{2, 3} { // blank in the puzzle: pencil marks
		p := make([]float32, Classes)
		p[Class(4, true)] = 0.9
		p[0] = 0.1
		cells[i] = cellOf(p, best(p))
		in[i][GlyphSide*GlyphSide+fHeight] = 0.2
		in[i][GlyphSide*GlyphSide+fHeightRel] = -0.67
	}
	r := Reading{Cells: cells}
	splitKinds(context.Background(), &r.Cells, in)
	if got := r.Givens(); got != classic {
		t.Errorf("mended givens\n%s\nwant\n%s", got, classic)
	}
	if got := r.Entries(); strings.Trim(got, ".") != "" {
		t.Errorf("mended entries %s, want none", got)
	}

	// Read as printed, the same board is a puzzle already.
	for i := range cells {
		if cells[i].Digit != 0 && i != 2 && i != 3 {
			cells[i].Written = false
		}
	}
	r = Reading{Cells: cells}
	g, e := r.Givens(), r.Entries()
	splitKinds(context.Background(), &r.Cells, in)
	if r.Givens() != g || r.Entries() != e {
		t.Errorf("a reading that is a puzzle was changed:\n%s\n%s", r.Givens(), r.Entries())
	}
}

// TestDropPencilMarks: on a board with several small marks, the small
// marks read as digits without much confidence become blank, a sure one
// stays; on a board with fewer small marks than pencilCells, they stay
// digits.
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

	// A lone small mark read surely as printed: kept when as dark as the
	// board's digits, dropped when faint.
	for _, contrast := range []float32{0.5, 0.2} {
		cells, in = board(nil)
		cells[40] = cellOf(cells[3].probs, best(cells[3].probs))
		in[40][GlyphSide*GlyphSide+fHeight], in[40][GlyphSide*GlyphSide+fHeightRel] = 0.2, -0.67
		in[40][GlyphSide*GlyphSide+fContrast] = contrast
		dropPencilMarks(cells, in)
		if kept := cells[40].Digit != 0; kept != (contrast > faintMark) {
			t.Errorf("a lone small printed mark of contrast %.1f: kept %v", contrast, kept)
		}
	}
}

// TestSplitKindsByLooks: a finished board whose 30 printed digits are
// thick and whose 51 written ones are thin, all read as printed, is split
// by looks, the thick ones printed: only that way round do the printed
// digits make a puzzle.
func TestSplitKindsByLooks(t *testing.T) {
	solution := "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	board, in := testBoard(func(i int, p, s []float32) {
		p[Class(int(solution[i]-'0'), false)] = 0.9
		p[Class(int(solution[i]-'0'), true)] = 0.1
		s[fHeight] = 0.6
		s[fContrast], s[fStroke] = 0.5, 0.2
		if classic[i] != '.' {
			s[fStroke] = 0.45
		}
	})
	cells := *board
	r := Reading{Cells: cells}
	splitKinds(context.Background(), &r.Cells, in)
	if got := r.Givens(); got != classic {
		t.Errorf("split givens\n%s\nwant\n%s", got, classic)
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

// TestSplitOf: values in two bunches are cut between them, far apart; a
// single even run of values cut at its middle is not far enough apart to
// count as a split; too few values give no split.
func TestSplitOf(t *testing.T) {
	var two, one []float64
	for k := range 30 {
		one = append(one, float64(k))
		v := 1 + 0.01*float64(k%5)
		if k%3 == 0 {
			v = 0.5 + 0.01*float64(k%4)
		}
		two = append(two, v)
	}
	cut, apart := splitOf(two, 8)
	if cut < 0.54 || cut > 1 || apart < minSplit {
		t.Errorf("two bunches: cut %.3f, apart %.1f; want a cut between 0.54 and 1, at least %.1f apart", cut, apart, minSplit)
	}
	if _, apart := splitOf(one, 8); apart >= minSplit {
		t.Errorf("an even run split %.1f apart, want under %.1f", apart, minSplit)
	}
	// Values drawn evenly at random are one group: a draw now and then
	// leaves a gap that splits it, seldom.
	rng := rand.New(rand.NewPCG(5, 6))
	split := 0
	for range 200 {
		noise := make([]float64, 60)
		for k := range noise {
			noise[k] = rng.Float64()
		}
		if _, apart := splitOf(noise, 8); apart >= minSplit {
			split++
		}
	}
	if split > 2 {
		t.Errorf("%d of 200 draws of 60 values evenly at random split, want at most 2", split)
	}
	if _, apart := splitOf(two[:15], 8); apart != 0 {
		t.Errorf("15 values split into groups of 8: apart %.1f, want 0", apart)
	}
}

// TestClearSplits: on a finished board whose written digits are thinner
// and whose contrast, colour and height vary at random over the board,
// the one clear split is by the strokes, the thin ones written (the
// classifier leaning that way), where a split by all the measures at once
// cuts across the noise; the split takes a finished board all read printed
// to its puzzle.
func TestClearSplits(t *testing.T) {
	solution := "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	rng := rand.New(rand.NewPCG(1, 2))
	board, in := testBoard(func(i int, p, s []float32) {
		d := int(solution[i] - '0')
		p[Class(d, false)], p[Class(d, true)] = 0.7, 0.3
		s[fHeight], s[fStroke] = 0.6, 0.3+0.01*rng.Float32()
		s[fContrast] = 0.5 + 0.1*float32(rng.NormFloat64())
		s[fChroma] = 0.5 + 0.1*float32(rng.NormFloat64())
		s[fHeightRel] = 0.1 * float32(rng.NormFloat64())
		if classic[i] != '.' {
			p[Class(d, false)], p[Class(d, true)] = 0.8, 0.2
			s[fStroke] = 0.4 + 0.01*rng.Float32()
		}
	})
	if group, ok := twoGroups(board, in); ok {
		agree := 0
		for i, g := range group {
			if (g == group[0]) == (classic[i] == classic[0]) {
				agree++
			}
		}
		if agree == 0 || agree == 81 {
			t.Fatalf("the split by all measures found the kinds: the board does not test clearSplits")
		}
	}
	splits := clearSplits(board, in)
	if len(splits) != 1 {
		t.Fatalf("%d clear splits, want 1 (by the strokes)", len(splits))
	}
	for i, w := range splits[0] {
		if w != (classic[i] == '.') {
			t.Fatalf("cell %d: written %v, want %v", i, w, classic[i] == '.')
		}
	}
	r := Reading{Cells: *board}
	splitKinds(context.Background(), &r.Cells, in)
	if got := r.Givens(); got != classic {
		t.Errorf("split givens\n%s\nwant\n%s", got, classic)
	}
}

// TestSplitKindsWithoutOddOne: a page of printed digits all read as
// written, with one cell of pencil marks taken for a digit that leaves the
// puzzle no solution, is mended into the puzzle, the odd-looking cell
// (faint, its colour off) read as written, not printed.
func TestSplitKindsWithoutOddOne(t *testing.T) {
	const odd = 2 // blank in the puzzle, whose solution has a 4 there
	rng := rand.New(rand.NewPCG(3, 4))
	board, in := testBoard(func(i int, p, s []float32) {
		p[0] = 1
		d := int(classic[i] - '0')
		if i == odd {
			d = 1
		}
		if d > 0 && d <= 9 {
			p[0], p[Class(d, false)], p[Class(d, true)] = 0, 0.3, 0.7
			s[fHeight], s[fContrast], s[fStroke] = 0.6, 0.5+0.01*rng.Float32(), 0.4
			s[fChroma] = 0.2 + 0.01*rng.Float32()
		}
		if i == odd {
			s[fContrast], s[fChroma] = 0.3, 0.05
		}
	})
	r := Reading{Cells: *board}
	splitKinds(context.Background(), &r.Cells, in)
	if got := r.Givens(); got != classic {
		t.Errorf("mended givens\n%s\nwant\n%s", got, classic)
	}
	if c := r.Cells[odd]; c.Digit != 1 || !c.Written {
		t.Errorf("the odd cell read as %+v, want a written 1", c)
	}
}
