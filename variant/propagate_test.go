package variant

import (
	"context"
	"testing"
)

// TestSingleMask checks the branch-free test against single on every
// mask of digits 0..16.
func TestSingleMask(t *testing.T) {
	for m := uint32(1); m < 1<<(maxSize+1); m++ {
		want := uint32(0)
		if single(m) {
			want = ^uint32(0)
		}
		if got := singleMask(m); got != want {
			t.Fatalf("singleMask(%#x) = %#x, want %#x", m, got, want)
		}
	}
}

// TestRequiredExclusions: a cage of 3 on R2C3 and R1C4, in no house
// together, holds 1 and 2, so each cell that must differ from both loses
// them: R1C3 and R2C4 (a house with each), and with anti-king R1C2, R2C5
// and R3C4 (a house with one, a king's move from the other).
func TestRequiredExclusions(t *testing.T) {
	p := Puzzle{Size: 9, Givens: make([]int, 81), Constraints: []Constraint{
		Global{"antiking"},
		Killer{Cells: []Cell{{1, 2}, {0, 3}}, Sum: 3},
	}}
	e, err := newEngine(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if !e.start() {
		t.Fatal("start() = false, want true")
	}
	for _, c := range []Cell{{0, 2}, {1, 3}, {0, 1}, {1, 4}, {2, 3}} {
		if m := e.cand[c.Row*9+c.Col]; m&(bit(1)|bit(2)) != 0 {
			t.Errorf("%s keeps %b, want neither 1 nor 2", c, m)
		}
	}
}
