package variant

import (
	"context"
	"math/rand"
	"testing"
)

// TestSolveLittleKillerRandom compares Solve's count with brute force on
// random 9×9 puzzles with 50 givens and long little killers along
// parallel diagonals, where combined sums come into play; a clue is
// sometimes off by one, so that puzzles without solutions come up too.
func TestSolveLittleKillerRandom(t *testing.T) {
	const limit = 20
	rng := rand.New(rand.NewSource(43))
	runs := 60
	if testing.Short() {
		runs = 10
	}
	for i := 0; i < runs; i++ {
		p := randomLittleKillers(rng)
		want := bruteLatin(p, limit)
		res, err := Solve(context.Background(), p, limit)
		if err != nil || !res.Complete || res.Count != want {
			t.Fatalf("Solve(%v, givens %v) = %d, %v, %v, want %d", p.Constraints, p.Givens, res.Count, res.Complete, err, want)
		}
	}
}

// randomLittleKillers returns a 9×9 puzzle: 50 givens of a random grid
// and little killers on three to five anti-diagonals side by side.
func randomLittleKillers(rng *rand.Rand) Puzzle {
	const n = 9
	g := randomGrid(rng, n)
	p := Puzzle{Size: n, Givens: make([]int, n*n)}
	for _, c := range rng.Perm(n * n)[:50] {
		p.Givens[c] = g[c]
	}
	first := 5 + rng.Intn(4) // row+col of the first diagonal
	for s := first; s < first+3+rng.Intn(3); s++ {
		l := LittleKiller{Clue: Cell{-1, s + 1}, Direction: "DL"}
		for r := 0; r < n; r++ {
			if c := s - r; c >= 0 && c < n {
				l.Cells = append(l.Cells, Cell{r, c})
				l.Sum += g[r*n+c]
			}
		}
		if rng.Intn(5) == 0 {
			l.Sum++
		}
		p.Constraints = append(p.Constraints, l)
	}
	return p
}
