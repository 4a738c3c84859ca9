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
