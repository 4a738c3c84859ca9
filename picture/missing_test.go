package picture

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/solver"
)

// misreadBoard returns the classic puzzle's givens read as printed, but
// every cell of each digit in misread read as the digit it maps to,
// fairly surely (the classifier's odds 0.8 against 0.15), and the cells
// misread (see misreadCells).
func misreadBoard(misread map[int]int) ([81]Cell, [81][]float32, []int) {
	return misreadCells(classic, func(d int) (int, float32, bool) {
		to, ok := misread[d]
		return to, 0.15, ok
	})
}

// misreadCells returns a puzzle's givens read as printed, each read as
// the digit misread says (with the truth's odds, against 0.95 less them
// for the misreading) where it says so and surely elsewhere, glyphs that
// draw each true digit alike, and the cells misread.
func misreadCells(puzzle string, misread func(d int) (to int, truth float32, ok bool)) ([81]Cell, [81][]float32, []int) {
	var cells [81]Cell
	var in [81][]float32
	var changed []int
	for i := range 81 {
		p := make([]float32, Classes)
		in[i] = make([]float32, Inputs)
		if puzzle[i] < '1' || puzzle[i] > '9' {
			p[0] = 1
			cells[i] = cellOf(p, 0)
			continue
		}
		d := int(puzzle[i] - '0')
		for k := range GlyphSide * GlyphSide / 9 {
			in[i][(d-1)*GlyphSide*GlyphSide/9+k] = 1 // each digit lights its own pixels
		}
		if to, truth, ok := misread(d); ok {
			p[Class(to, false)], p[Class(d, false)], p[0] = 0.95-truth, truth, 0.05
			changed = append(changed, i)
		} else {
			p[Class(d, false)], p[0] = 0.95, 0.05
		}
		cells[i] = cellOf(p, best(p))
	}
	return cells, in, changed
}

// TestRecoverMissing: a digit read as another wherever it stands (four
// cells and more, beyond arbitrate's sets of three) leaves the reading a
// digit short; recoverMissing reads the donor's cells that are likelier
// the absent digit as it, not the donor's own cells (which would read
// the same puzzle with two digits swapped), and records them.
func TestRecoverMissing(t *testing.T) {
	defer func(was time.Duration) { missingTime = was }(missingTime)
	missingTime = time.Minute // what the search finds, not how fast this machine is
	for _, misread := range []map[int]int{{6: 8}, {8: 6}, {9: 5, 1: 5}, {7: 3, 4: 9}} {
		cells, in, changed := misreadBoard(misread)
		r := &Reading{Cells: cells}
		if unique(context.Background(), r.Cells) {
			t.Fatalf("%v: the misread board has one solution", misread)
		}
		if !recoverMissing(context.Background(), r, &in) {
			t.Errorf("%v: no reading recovered", misread)
			continue
		}
		if got := printedGrid(r.Cells).String(); got != printedGrid(misreadNone()).String() {
			t.Errorf("%v: read\n%s\nwant\n%s", misread, got, printedGrid(misreadNone()).String())
		}
		slices.Sort(changed)
		if !slices.Equal(r.Corrected, changed) {
			t.Errorf("%v: corrected %v, want %v", misread, r.Corrected, changed)
		}
	}
}

// misreadNone is the classic puzzle read right.
func misreadNone() [81]Cell {
	cells, _, _ := misreadBoard(nil)
	return cells
}

// TestRecoverMissingLeavesWhole: a reading with every digit, or one that
// lacks more digits than recoverMissing looks for, is left as it is.
func TestRecoverMissingLeavesWhole(t *testing.T) {
	for _, misread := range []map[int]int{nil, {1: 2, 3: 2, 4: 2, 6: 2}} {
		cells, in, _ := misreadBoard(misread)
		r := &Reading{Cells: cells}
		if recoverMissing(context.Background(), r, &in) || printedGrid(r.Cells) != printedGrid(cells) || len(r.Corrected) != 0 {
			t.Errorf("%v: the reading was changed", misread)
		}
	}
}

// TestRecoverMissingRandom: on each puzzle of the screenshots, a random
// digit read as another in a random share of its cells, with random odds;
// whatever recoverMissing reads, it reads a puzzle with one solution and
// no digit twice in a house, changes printed cells only and records every
// cell it changed. With the classifier's odds and the glyphs on the
// truth's side, it reads the truth.
func TestRecoverMissingRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 41))
	tried, read := 0, 0
	for _, p := range shotPuzzles(t) {
		for range 20 {
			from, to := 1+r.IntN(9), 1+r.IntN(9)
			if from == to {
				continue
			}
			cells, in, changed := misreadPuzzle(p[0], from, to, r)
			if unique(context.Background(), cells) {
				continue // a misreading that happens to make a puzzle: nothing shows it
			}
			tried++
			got := &Reading{Cells: cells}
			if !recoverMissing(context.Background(), got, &in) {
				continue
			}
			read++
			grid := printedGrid(got.Cells)
			if solver.Validate(grid) != nil || solutions(context.Background(), got.Cells) != 1 {
				t.Fatalf("%s, %d read as %d: read %s, not one solution", p[0], from, to, grid.String())
			}
			for i, c := range got.Cells {
				moved := c.Digit != cells[i].Digit || c.Written != cells[i].Written
				if moved && (cells[i].Digit == 0 || !slices.Contains(got.Corrected, i)) {
					t.Errorf("%s: r%dc%d changed unrecorded or from blank", p[0], i/9+1, i%9+1)
				}
			}
			if g := grid.String(); g != strings.ReplaceAll(p[0], "0", ".") {
				t.Errorf("%s, %d read as %d in %v: read %s", p[0], from, to, changed, g)
			}
		}
	}
	if tried == 0 || read < tried*3/4 {
		t.Errorf("recovered %d of %d misread boards", read, tried)
	}
	t.Logf("recovered %d of %d misread boards", read, tried)
}

// misreadPuzzle returns a puzzle's givens read as misreadCells does,
// digit from read as to in each of its cells at random (the first
// always), with random odds that favour the truth less than the
// misreading.
func misreadPuzzle(puzzle string, from, to int, r *rand.Rand) ([81]Cell, [81][]float32, []int) {
	first := true
	return misreadCells(puzzle, func(d int) (int, float32, bool) {
		if d != from || !first && r.IntN(3) == 0 {
			return 0, 0, false
		}
		first = false
		return to, 0.05 + 0.3*r.Float32(), true
	})
}
