package picture

import (
	"context"
	"slices"
	"testing"
)

// misreadBoard returns the classic puzzle's givens read as printed, but
// every cell of each digit in misread read as the digit it maps to,
// fairly surely (the classifier's odds 0.8 against 0.15), the true
// donor's cells surely, and glyphs that draw each true digit alike; and
// the cells misread.
func misreadBoard(misread map[int]int) ([81]Cell, [81][]float32, []int) {
	var cells [81]Cell
	var in [81][]float32
	var changed []int
	for i := range 81 {
		p := make([]float32, Classes)
		in[i] = make([]float32, Inputs)
		if classic[i] == '.' {
			p[0] = 1
			cells[i] = cellOf(p, 0)
			continue
		}
		d := int(classic[i] - '0')
		for k := range GlyphSide * GlyphSide / 9 {
			in[i][(d-1)*GlyphSide*GlyphSide/9+k] = 1 // each digit lights its own pixels
		}
		if to, ok := misread[d]; ok {
			p[Class(to, false)], p[Class(d, false)], p[0] = 0.8, 0.15, 0.05
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
