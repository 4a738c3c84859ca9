package variant

import (
	"context"
	"math/rand"
	"slices"
	"testing"
)

// allGrids4 returns every solved 4×4 Sudoku with 2×2 boxes (288).
func allGrids4() [][]int {
	var out [][]int
	g := make([]int, 16)
	var fill func(i int)
	fill = func(i int) {
		if i == 16 {
			out = append(out, slices.Clone(g))
			return
		}
		for d := 1; d <= 4; d++ {
			if fits4(g, i, d) {
				g[i] = d
				fill(i + 1)
				g[i] = 0
			}
		}
	}
	fill(0)
	return out
}

// fits4 reports whether d may go in cell i of a partial 4×4 grid.
func fits4(g []int, i, d int) bool {
	r, c := i/4, i%4
	for j := 0; j < i; j++ {
		rj, cj := j/4, j%4
		if g[j] == d && (rj == r || cj == c || (rj/2 == r/2 && cj/2 == c/2)) {
			return false
		}
	}
	return true
}

// bruteCount returns how many of grids meet p, and per cell the digits
// they use; it is written from the rules, apart from the solver.
func bruteCount(p Puzzle, grids [][]int) (int, []uint32) {
	masks := make([]uint32, 16)
	n := 0
	for _, g := range grids {
		if meets(p, g) {
			n++
			for i, d := range g {
				masks[i] |= 1 << uint(d)
			}
		}
	}
	return n, masks
}

// TestSolveConstraints compares Solve and Candidates with brute force on
// small hand-made puzzles, one or two per constraint type.
func TestSolveConstraints(t *testing.T) {
	grids := allGrids4()
	c := func(r, col int) Cell { return Cell{r, col} }
	tests := []struct {
		name string
		cs   []Constraint
	}{
		{"killer", []Constraint{Killer{[]Cell{c(0, 0), c(0, 1)}, 3}, Killer{[]Cell{c(1, 1), c(2, 1), c(2, 2)}, 9}}},
		{"killer no sum", []Constraint{Killer{[]Cell{c(0, 0), c(1, 1), c(2, 2)}, 0}}},
		{"thermo", []Constraint{Thermo{[]Cell{c(3, 0), c(2, 1), c(1, 2)}}}},
		{"arrow", []Constraint{Arrow{[]Cell{c(0, 0)}, [][]Cell{{c(1, 1), c(2, 2)}}}}},
		{"pill arrow", []Constraint{Arrow{[]Cell{c(0, 0), c(0, 1)}, [][]Cell{{c(1, 1), c(1, 2), c(2, 2), c(2, 3), c(3, 3), c(3, 2)}}}}},
		{"little killer", []Constraint{LittleKiller{c(-1, 0), "DR", []Cell{c(0, 1), c(1, 2), c(2, 3)}, 6}}},
		{"difference", []Constraint{Difference{[2]Cell{c(0, 0), c(0, 1)}, 2}}},
		{"ratio", []Constraint{Ratio{[2]Cell{c(1, 1), c(1, 2)}, 2}}},
		{"xv", []Constraint{XV{[2]Cell{c(2, 2), c(3, 2)}, 5}}},
		{"parity", []Constraint{Parity{c(0, 0), true}, Parity{c(1, 3), false}}},
		{"palindrome", []Constraint{Palindrome{[]Cell{c(0, 0), c(1, 1), c(2, 2), c(2, 3)}}}},
		{"renban", []Constraint{Renban{[]Cell{c(0, 0), c(1, 1), c(2, 1)}}}},
		{"whispers", []Constraint{Whispers{[]Cell{c(0, 0), c(1, 0), c(2, 1)}, 2}}},
		{"sandwich row", []Constraint{Sandwich{c(0, -1), 5}}},
		{"sandwich column", []Constraint{Sandwich{c(4, 2), 0}}},
		{"extra region", []Constraint{ExtraRegion{[]Cell{c(1, 1), c(1, 2), c(2, 1), c(2, 2)}}}},
		{"diagonals", []Constraint{Global{"diagonal+"}, Global{"diagonal-"}}},
		{"anti-knight", []Constraint{Global{"antiknight"}}},
		{"anti-king", []Constraint{Global{"antiking"}, Killer{[]Cell{c(0, 0)}, 1}}},
		{"disjoint groups", []Constraint{Global{"disjointgroups"}}},
		{"nonconsecutive", []Constraint{Global{"nonconsecutive"}, Difference{[2]Cell{c(0, 0), c(0, 1)}, 1}}},
		{"negative ratio", []Constraint{Global{"negative ratio"}, Ratio{[2]Cell{c(0, 0), c(1, 0)}, 2}}},
		{"negative xv", []Constraint{Global{"negative xv"}, XV{[2]Cell{c(0, 0), c(1, 0)}, 5}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := Puzzle{Size: 4, Givens: make([]int, 16), Constraints: tt.cs}
			checkAgainstBrute(t, p, grids)
		})
	}
}

// checkAgainstBrute checks Solve's count and Candidates against brute
// force over grids.
func checkAgainstBrute(t *testing.T, p Puzzle, grids [][]int) {
	t.Helper()
	want, wantMasks := bruteCount(p, grids)
	res, err := Solve(context.Background(), p, 1000)
	if err != nil || !res.Complete || res.Count != want {
		t.Fatalf("Solve(%v) = %d, %v, %v, want %d", p.Constraints, res.Count, res.Complete, err, want)
	}
	for _, g := range res.Solutions {
		if !meets(p, g) {
			t.Fatalf("Solve(%v) found %v, which breaks the rules", p.Constraints, g)
		}
	}
	masks, complete, err := Candidates(context.Background(), p)
	if err != nil || !complete || !slices.Equal(masks, wantMasks) {
		t.Fatalf("Candidates(%v) = %v, %v, %v, want %v", p.Constraints, masks, complete, err, wantMasks)
	}
}

// TestSolveRandom compares Solve with brute force on random 4×4 puzzles
// mixing every constraint type.
func TestSolveRandom(t *testing.T) {
	grids := allGrids4()
	rng := rand.New(rand.NewSource(43))
	for i := 0; i < 400; i++ {
		p := randomPuzzle(rng, grids)
		checkAgainstBrute(t, p, grids)
	}
}

// TestSolveCountsFixedCells: Result.Fixed counts the blank cells the
// rules alone decide before a guess, and no given.
func TestSolveCountsFixedCells(t *testing.T) {
	grid := []int{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1}
	for _, tt := range []struct {
		blank []int
		want  int
	}{
		{nil, 0},
		{[]int{0, 5, 10}, 3},                   // each alone in its row: a single
		{[]int{0, 1, 2, 3, 4, 5, 6, 7}, 0},     // two rows: each cell keeps two digits
		{[]int{0, 1, 4, 5, 10, 11, 14, 15}, 8}, // two boxes: row and column leave one
	} {
		p := Puzzle{Size: 4, Givens: slices.Clone(grid)}
		for _, c := range tt.blank {
			p.Givens[c] = 0
		}
		res, err := Solve(context.Background(), p, 2)
		if err != nil || res.Fixed != tt.want {
			t.Errorf("blank %v: Fixed = %d, %v; want %d", tt.blank, res.Fixed, err, tt.want)
		}
	}
}
