package variant

import (
	"math/rand"
	"slices"
	"testing"
)

// TestBreaksJudgesAsTheRules: on random 4×4 puzzles of every constraint
// type, a solved grid breaks nothing exactly when it meets the rules as
// the tests read them, apart from the solver; the same grid with cells
// blanked, when it met them, still breaks nothing.
func TestBreaksJudgesAsTheRules(t *testing.T) {
	grids := allGrids4()
	rng := rand.New(rand.NewSource(44))
	for i := 0; i < 150; i++ {
		p := randomPuzzle(rng, grids)
		for _, g := range grids[:96] {
			cells, err := Breaks(p, g)
			if err != nil {
				t.Fatalf("Breaks(%v): %v", p.Constraints, err)
			}
			if ok := meets(p, g); ok != (len(cells) == 0) {
				t.Fatalf("Breaks(%v, %v) = %v, but the grid meets the rules: %v", p.Constraints, g, cells, ok)
			}
			if !meets(p, g) {
				continue
			}
			part := slices.Clone(g)
			for k := range part {
				if rng.Intn(2) == 0 {
					part[k] = 0
				}
			}
			if cells, _ := Breaks(p, part); len(cells) != 0 {
				t.Fatalf("Breaks(%v, %v) = %v for a part of a solution", p.Constraints, part, cells)
			}
		}
	}
}

// TestBreaksNamesTheCells names the cells of the rule broken, and of no
// other.
func TestBreaksNamesTheCells(t *testing.T) {
	c := func(r, col int) Cell { return Cell{r, col} }
	nine := Puzzle{Size: 9, Givens: make([]int, 81), Constraints: []Constraint{
		Killer{[]Cell{c(8, 7), c(8, 8)}, 3},
		Thermo{[]Cell{c(4, 4), c(4, 5), c(4, 6)}},
	}}
	answer := make([]int, 81)
	answer[0], answer[1] = 5, 5         // a repeat in row 1
	answer[8*9+7], answer[8*9+8] = 1, 4 // the cage adds up to 5, not 3
	answer[4*9+4], answer[4*9+5] = 6, 2 // the thermo falls
	answer[2*9+2] = 7                   // alone, right
	got, err := Breaks(nine, answer)
	want := []Cell{c(0, 0), c(0, 1), c(4, 4), c(4, 5), c(8, 7), c(8, 8)}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("Breaks = %v, %v; want %v", got, err, want)
	}
	partial := make([]int, 81)
	partial[8*9+7] = 3 // the cage of 3 can't take a 3 and another digit
	if got, _ := Breaks(nine, partial); !slices.Equal(got, []Cell{c(8, 7)}) {
		t.Errorf("a cage of 3 holding a 3: Breaks = %v", got)
	}
	given := Puzzle{Size: 4, Givens: []int{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		Constraints: []Constraint{Parity{c(3, 3), true}}}
	a := make([]int, 16)
	a[0], a[15] = 2, 3
	if got, _ := Breaks(given, a); !slices.Equal(got, []Cell{c(0, 0), c(3, 3)}) {
		t.Errorf("a changed given and an odd digit on an even cell: Breaks = %v", got)
	}
	for _, bad := range [][]int{make([]int, 15), append(make([]int, 15), 5), append(make([]int, 15), -1)} {
		if _, err := Breaks(given, bad); err == nil {
			t.Errorf("Breaks(%v) took a bad answer", bad)
		}
	}
	if _, err := Breaks(Puzzle{Size: 4, Givens: make([]int, 16), Constraints: []Constraint{Global{"between"}}}, a); err == nil {
		t.Error("Breaks took a rule it does not know")
	}
}

// TestBreaksShared: every shared puzzle's solution breaks nothing, and
// the solution with two digits of a row swapped breaks a rule.
func TestBreaksShared(t *testing.T) {
	checked := 0
	for _, r := range mustRows(t) {
		if r.Solutions != "1" {
			continue
		}
		l, err := ParseLink(r.FPuzzles)
		if err != nil {
			t.Fatalf("%s: %v", r.Name, err)
		}
		p, err := Decode(l)
		if err != nil {
			continue // unsupported: TestSolveShared says which
		}
		sol := make([]int, len(r.Solution))
		for i := range r.Solution {
			sol[i] = DigitOf(rune(r.Solution[i]))
		}
		if cells, err := Breaks(*p, sol); err != nil || len(cells) != 0 {
			t.Errorf("%s: the solution breaks %v (%v)", r.Name, cells, err)
		}
		for k := 1; k < p.Size; k++ { // swap with the first cell of row 1 that is not a given
			if p.Givens[0] == 0 && p.Givens[k] == 0 {
				sol[0], sol[k] = sol[k], sol[0]
				if cells, _ := Breaks(*p, sol); len(cells) == 0 {
					t.Errorf("%s: a wrong grid breaks nothing", r.Name)
				}
				break
			}
		}
		checked++
	}
	t.Logf("%d solutions checked", checked)
}
