package picture

import (
	"context"
	"testing"
)

// inkBoard is a finished board of the first screenshot puzzle: its givens
// in a neutral ink (colourfulness 0.1, give or take tint) and its other
// digits as ink(i) has them, all read as printed but for the cells in
// readWritten.
func inkBoard(t *testing.T, ink func(i int) float32, readWritten map[int]bool) (*[81]Cell, *[81][]float32, string) {
	p := shotPuzzles(t)[0]
	cells, in := testBoard(func(i int, probs, s []float32) {
		d := int(p[1][i] - '0')
		probs[Class(d, readWritten[i])] = 0.9
		probs[Class(d, !readWritten[i])] = 0.1
		s[fHeight], s[fContrast] = 0.6, 0.5
		s[fChroma] = 0.1 + 0.004*float32(i%5)
		if p[0][i] == '.' {
			s[fChroma] = ink(i)
		}
	})
	return cells, in, p[0]
}

// TestMendByInk: a player's few entries in colour, and a red wrong one,
// read as printed, are read as written, and a printed digit read as
// written as printed; a board all of one ink, or whose digits' colours
// have no clear gap, is left as read.
func TestMendByInk(t *testing.T) {
	// Three entries in purple and one in red; the rest of the board empty.
	entries := map[int]float32{2: 0.3, 3: 0.32, 12: 0.31, 40: 0.6}
	p := shotPuzzles(t)[0]
	cells, in, givens := inkBoard(t, func(i int) float32 { return entries[i] }, map[int]bool{0: true})
	for i := range cells {
		if _, ok := entries[i]; !ok && givens[i] == '.' {
			cells[i] = cellOf(blankProbs, 0)
		}
	}
	mendByInk(context.Background(), cells, in)
	for i, c := range cells {
		want := givens[i] == '.' && c.Digit != 0
		if c.Digit != 0 && (c.Written != want || c.Digit != int(p[1][i]-'0')) {
			t.Errorf("cell %d: %+v, want written %v", i, c, want)
		}
	}

	for name, ink := range map[string]func(int) float32{
		"one ink": func(int) float32 { return 0.1 },
		"no gap":  func(i int) float32 { return 0.1 + 0.01*float32(i%12) }, // tints in steps
	} {
		cells, in, _ := inkBoard(t, ink, map[int]bool{5: true, 9: true})
		before := *cells
		mendByInk(context.Background(), cells, in)
		for i := range cells {
			if cells[i].Written != before[i].Written {
				t.Errorf("%s: cell %d's kind changed", name, i)
			}
		}
	}
}

// TestInkSplitNeedsAPuzzle: a neutral group too small to be a puzzle's
// givens is not split off, however clear the gap.
func TestInkSplitNeedsAPuzzle(t *testing.T) {
	cells, in := testBoard(func(i int, probs, s []float32) {
		probs[Class(i%9+1, false)] = 1
		s[fHeight] = 0.6
		s[fChroma] = 0.5
		if i < minGivens-1 {
			s[fChroma] = 0.05
		}
	})
	if _, ok := inkSplit(cells, in); ok {
		t.Errorf("split off %d neutral digits, fewer than a puzzle's", minGivens-1)
	}
}
