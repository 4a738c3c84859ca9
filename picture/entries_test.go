package picture

import (
	"context"
	"slices"
	"testing"
)

// TestAgreeEntries: once the givens have one solution, a written digit
// read as another but given a fair chance of the solution's digit is read
// as the solution's, listed in Agreed and left doubtful; a mistake written
// clearly (the solution's digit next to no chance) is kept; nothing is
// changed when the givens do not have one solution.
func TestAgreeEntries(t *testing.T) {
	solution := "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	var empty []int
	for i := range 81 {
		if classic[i] == '.' {
			empty = append(empty, i)
		}
	}
	a, b := empty[0], empty[1]
	other := func(d int) int { return d%9 + 1 }
	cells := func() [81]Cell {
		var cs [81]Cell
		for i := range 81 {
			p := make([]float32, Classes)
			d := int(solution[i] - '0')
			switch i {
			case a: // a 4 taken for a 9: the 9 first, the 4 a fair second
				p[Class(other(d), true)], p[Class(d, true)] = 0.8, 0.2
			case b: // a clear mistake
				p[Class(other(d), true)], p[Class(d, true)] = 0.999, 0.001
			default:
				if classic[i] != '.' {
					p[Class(d, false)] = 1
				} else {
					p[0] = 1
				}
			}
			cs[i] = cellOf(p, best(p))
		}
		return cs
	}
	r := &Reading{Cells: cells()}
	agreeEntries(context.Background(), r)
	if got := r.Cells[a].Digit; got != int(solution[a]-'0') || !r.Cells[a].Written {
		t.Errorf("the unclear entry reads %d (written %v), want the solution's %c written", got, r.Cells[a].Written, solution[a])
	}
	if !r.Cells[a].Doubtful() {
		t.Error("the entry read as the solution's is not doubtful")
	}
	if got, want := r.Cells[b].Digit, other(int(solution[b]-'0')); got != want {
		t.Errorf("the clear mistake reads %d, want it kept as %d", got, want)
	}
	if !slices.Equal(r.Agreed, []int{a}) {
		t.Errorf("Agreed = %v, want [%d]", r.Agreed, a)
	}
	// Givens read as blank until the puzzle has many solutions: nothing
	// is agreed.
	cs := cells()
	for i := 80; i >= 0 && solutions(context.Background(), cs) == 1; i-- {
		if classic[i] != '.' {
			cs[i] = cellOf(cs[i].probs, 0)
		}
	}
	r = &Reading{Cells: cs}
	agreeEntries(context.Background(), r)
	if len(r.Agreed) != 0 || r.Cells[a].Digit == int(solution[a]-'0') {
		t.Errorf("with many solutions, Agreed = %v and the unclear entry reads %d", r.Agreed, r.Cells[a].Digit)
	}
}
