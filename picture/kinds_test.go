package picture

import "testing"

// TestSettleKinds: on a board whose printed digits are dark and thick and
// whose written ones are light and thin, a written digit the classifier
// took for printed, and a printed one it took for written, are settled by
// their looks; a board with too few sure cells of one kind is left alone.
func TestSettleKinds(t *testing.T) {
	board := func(printed, written int) (*[81]Cell, *[81][]float32) {
		var cells [81]Cell
		var in [81][]float32
		for i := range 81 {
			in[i] = make([]float32, Inputs)
			p := make([]float32, Classes)
			d := i%9 + 1
			kind := "blank"
			switch {
			case i < printed:
				kind = "printed"
			case i < printed+written:
				kind = "written"
			}
			s := in[i][GlyphSide*GlyphSide:]
			switch kind {
			case "printed":
				p[Class(d, false)] = 0.97
				s[fContrast], s[fStroke], s[fChroma] = 0.9, 0.4, 0.05
			case "written":
				p[Class(d, true)] = 0.97
				s[fContrast], s[fStroke], s[fChroma] = 0.5, 0.2, 0.6
			default:
				p[0] = 1
			}
			for c := range p {
				p[c] += 0.03 / Classes
			}
			cells[i] = cellOf(p, best(p))
		}
		return &cells, &in
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
