package variant

import (
	"context"
	"testing"
)

// mustEngine returns the engine of an empty n×n puzzle with cs.
func mustEngine(t *testing.T, n int, cs ...Constraint) *engine {
	t.Helper()
	e, err := newEngine(context.Background(), Puzzle{Size: n, Givens: make([]int, n*n), Constraints: cs})
	if err != nil {
		t.Fatalf("newEngine = %v", err)
	}
	return e
}

// TestSumLoose checks when a sum's exact pass may be skipped: only when
// no cell's range exceeds the slack on either side.
func TestSumLoose(t *testing.T) {
	e := mustEngine(t, 9)
	tests := []struct {
		masks []uint32
		total int
		want  bool
	}{
		{[]uint32{e.all, e.all, e.all}, 15, true},                      // 3..27, span 8: slack 12 both sides
		{[]uint32{e.all, e.all, e.all}, 8, false},                      // slack 5 below
		{[]uint32{bit(1) | bit(9), bit(5), bit(5)}, 15, false},         // slack 4 < span 8
		{[]uint32{bit(2), bit(3), bit(4)}, 9, false},                   // placed: nothing to skip
		{[]uint32{rangeMask(1, 3), rangeMask(1, 3), e.all}, 12, false}, // slack 9 below, 3 above
	}
	for _, tt := range tests {
		cs := []int{0, 1, 2}
		s := newSumProp(cs, tt.total, 9)
		copy(e.cand, tt.masks)
		if got := s.loose(e); got != tt.want {
			t.Errorf("loose(%b, %d) = %v, want %v", tt.masks, tt.total, got, tt.want)
		}
	}
}

// TestCageRequiredExcludes checks that a digit every set of a cage holds
// leaves the houses that hold all the cage's cells for it: 17 in two
// cells of row 1 is 8 and 9, so the rest of row 1 has neither, while
// the boxes, which each hold one of the cells, keep them.
func TestCageRequiredExcludes(t *testing.T) {
	e := mustEngine(t, 9, Killer{[]Cell{{0, 2}, {0, 3}}, 17})
	if !e.start() {
		t.Fatal("start() = false, want true")
	}
	for col := 0; col < 9; col++ {
		want := e.all &^ (bit(8) | bit(9))
		if col == 2 || col == 3 {
			want = bit(8) | bit(9)
		}
		if got := e.cand[col]; got != want {
			t.Errorf("R1C%d = %b, want %b", col+1, got, want)
		}
	}
	if got := e.cand[9+2]; got != e.all {
		t.Errorf("R2C3 = %b, want %b", got, e.all)
	}
}

// TestCrossPointing checks the crossProp of box 1 and row 1: when box 1
// keeps 9 only in row 1, the rest of row 1 loses it, and when row 1
// keeps 8 only in box 1, the rest of box 1 loses it.
func TestCrossPointing(t *testing.T) {
	e := mustEngine(t, 9)
	box := []int{0, 1, 2, 9, 10, 11, 18, 19, 20}
	row := []int{0, 1, 2, 3, 4, 5, 6, 7, 8}
	x := newCross(box, row)
	if x == nil {
		t.Fatal("newCross(box 1, row 1) = nil")
	}
	for _, c := range []int{9, 10, 11, 18, 19, 20} {
		e.cand[c] &^= bit(9)
	}
	for c := 3; c < 9; c++ {
		e.cand[c] &^= bit(8)
	}
	if !x.run(e) {
		t.Fatal("run = false, want true")
	}
	for c := 3; c < 9; c++ {
		if e.cand[c]&bit(9) != 0 {
			t.Errorf("R1C%d keeps 9", c+1)
		}
	}
	for _, c := range []int{9, 10, 11, 18, 19, 20} {
		if e.cand[c]&bit(8) != 0 {
			t.Errorf("R%dC%d keeps 8", c/9+1, c%9+1)
		}
	}
	if newCross(row, []int{0, 9, 18, 27, 36, 45, 54, 63, 72}) != nil {
		t.Error("newCross(row 1, column 1) != nil, want nil: they share one cell")
	}
}
