package variant

import (
	"context"
	"testing"
)

// TestCageCross: a cage of 12 over R1C1, R1C2 and R4C1, and box 1 whose
// other cells cannot take 9. The box's 9 is in the cage, whose only set
// with a 9 is {1, 2, 9}: R4C1, outside the box, keeps 1 and 2. No other
// prop sees it (the cage's sets hold no digit in common).
func TestCageCross(t *testing.T) {
	p := Puzzle{Size: 9, Givens: make([]int, 81), Constraints: []Constraint{
		Killer{Cells: []Cell{{0, 0}, {0, 1}, {3, 0}}, Sum: 12},
	}}
	e, err := newEngine(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []int{2, 9, 10, 11, 18, 19, 20} {
		e.cand[c] &^= bit(9)
	}
	if !e.start() {
		t.Fatal("start finds no solution")
	}
	if got, want := e.cand[27], bit(1)|bit(2); got != want {
		t.Errorf("R4C1 keeps %09b, want %09b (1 and 2)", got>>1, want>>1)
	}
}
