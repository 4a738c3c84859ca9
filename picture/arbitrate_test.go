package picture

import (
	"context"
	"testing"
)

// TestPromote: when givens of a faint page were read as written, so many
// that the printed digits have several solutions, promote reads the most
// printed-looking written digits as printed until one solution is left,
// and leaves alone the written digits that look nothing like print.
func TestPromote(t *testing.T) {
	solution := "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	var cells [81]Cell
	for i := range 81 {
		p := make([]float32, Classes)
		d := int(solution[i] - '0')
		switch {
		case classic[i] != '.':
			p[Class(d, false)] = 1
		case i%4 == 0: // an entry, plainly handwritten, if a little print-like
			p[Class(d, false)], p[Class(d, true)] = 0.06, 0.94
		default:
			p[0] = 1
		}
		cells[i] = cellOf(p, best(p))
	}
	// Read givens as written, from the last cell back, until the printed
	// digits no longer have one solution; the later the cell, the more
	// printed it looks.
	var faint []int
	for i := 80; i >= 0 && solutions(context.Background(), cells) == 1; i-- {
		if c := cells[i]; c.Digit != 0 && !c.Written {
			p := make([]float32, Classes)
			p[Class(c.Digit, false)], p[Class(c.Digit, true)] = 0.2+0.005*float32(i), 0.8-0.005*float32(i)
			cells[i] = cellOf(p, Class(c.Digit, true))
			faint = append(faint, i)
		}
	}
	if len(faint) < 2 {
		t.Fatalf("the puzzle kept one solution with %d givens read as written", len(faint))
	}
	r := &Reading{Cells: cells}
	if !promote(context.Background(), r) {
		t.Fatalf("promote found no reading with one solution (%d givens read as written)", len(faint))
	}
	if solutions(context.Background(), r.Cells) != 1 {
		t.Errorf("the promoted reading does not have one solution")
	}
	for _, i := range r.Corrected {
		if classic[i] == '.' {
			t.Errorf("promoted r%dc%d, a plainly written entry", i/9+1, i%9+1)
		}
	}
	if len(r.Corrected) == 0 {
		t.Errorf("nothing recorded as corrected")
	}
}

// TestPromoteKeepsToItsFloor: written digits that look hardly printed
// (under promoteFloor) are not promoted, even when nothing else would give
// one solution.
func TestPromoteKeepsToItsFloor(t *testing.T) {
	var cells [81]Cell
	for i := range 81 {
		p := make([]float32, Classes)
		switch d := int(classic[i] - '0'); {
		case classic[i] == '.':
			p[0] = 1
		case i < 20: // faint givens read as written, hardly print-like
			p[Class(d, false)], p[Class(d, true)] = promoteFloor/2, 1-promoteFloor/2
		default:
			p[Class(d, false)] = 1
		}
		cells[i] = cellOf(p, best(p))
	}
	if solutions(context.Background(), cells) != 2 {
		t.Fatal("the board as built has one solution already")
	}
	r := &Reading{Cells: cells}
	if promote(context.Background(), r) || len(r.Corrected) > 0 {
		t.Errorf("promoted %v, under the floor", r.Corrected)
	}
}
