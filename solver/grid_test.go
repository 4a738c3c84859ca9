package solver

import (
	"slices"
	"testing"
)

func TestIndexAndCellAtAgree(t *testing.T) {
	for _, n := range []int{4, 6, 9, 16} {
		g, err := NewGrid(n)
		if err != nil {
			t.Fatal(err)
		}
		for i := range n * n {
			c := g.CellAt(i)
			if !g.Inside(c) || g.Index(c) != i || c.Row*n+c.Col != i {
				t.Fatalf("%d×%d: cell %d is %v, back to %d", n, n, i, c, g.Index(c))
			}
		}
		for _, c := range []Cell{{-1, 0}, {0, -1}, {n, 0}, {0, n}} {
			if g.Inside(c) {
				t.Errorf("%d×%d: %v is inside", n, n, c)
			}
		}
	}
}

func TestMistakesAreFilledCellsThatDiffer(t *testing.T) {
	sol, err := Parse("123456789456789123789123456214365897365897214897214365531642978642978531978531642")
	if err != nil {
		t.Fatal(err)
	}
	g := sol
	g.Set(0, 0, 0) // empty: no mistake
	g.Set(4, 7, 9) // wrong
	g.Set(8, 8, 1) // wrong
	if got, want := g.Mistakes(sol), []Cell{{4, 7}, {8, 8}}; !slices.Equal(got, want) {
		t.Errorf("Mistakes = %v, want %v", got, want)
	}
	if got := sol.Mistakes(sol); got != nil {
		t.Errorf("the solution has mistakes %v", got)
	}
	if got, want := g.Indexes([]Cell{{4, 7}, {8, 8}}), []int{43, 80}; !slices.Equal(got, want) {
		t.Errorf("Indexes = %v, want %v", got, want)
	}
}
