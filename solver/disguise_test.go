package solver

import (
	"math/rand/v2"
	"testing"
)

// withoutGivens returns g with its first n givens taken away.
func withoutGivens(g Grid, n int) Grid {
	for i := 0; i < 81 && n > 0; i++ {
		if g.cells[i] != 0 {
			g.cells[i], n = 0, n-1
		}
	}
	return g
}

// mustSolution returns g's only solution.
func mustSolution(t testing.TB, g Grid) Grid {
	t.Helper()
	res, err := Solve(t.Context(), g, 2)
	if err != nil || res.Count != 1 {
		t.Fatalf("Solve(%s) = %d solutions, %v; want one", g, res.Count, err)
	}
	return res.Solutions[0]
}

// TestEmbedsSeesPartsInDisguise: a puzzle with givens taken away, in
// disguise, and the puzzle with digits filled in, fit its solution; they
// do not fit another solution.
func TestEmbedsSeesPartsInDisguise(t *testing.T) {
	rng := rand.New(rand.NewPCG(40, 17))
	grids := samplePuzzles(t, 6)
	for k, g := range grids {
		sol, other := mustSolution(t, g), mustSolution(t, grids[(k+1)%len(grids)])
		filled := g
		for i := range 30 {
			filled.cells[i] = sol.cells[i]
		}
		for _, part := range []Grid{g, withoutGivens(g, 1), withoutGivens(g, 2), withoutGivens(g, 10), filled, sol} {
			if d := disguise(part, rng); !Embeds(d, sol) || !Embeds(turn(part), sol) {
				t.Errorf("Embeds(%s, %s) = false, want true", d, sol)
			}
			if part.Givens() >= MinCanonicalGivens && Embeds(disguise(part, rng), other) {
				t.Errorf("Embeds(%s, %s) = true for another puzzle's solution", part, other)
			}
		}
	}
	if Embeds(grids[0], grids[0]) {
		t.Error("Embeds took a solution with blanks")
	}
}

// TestResemblesSolutionsAlike: two solutions of one puzzle that differ in
// at most 81−ResembleCells cells resemble each other in any disguise;
// solutions of different puzzles do not.
func TestResemblesSolutionsAlike(t *testing.T) {
	rng := rand.New(rand.NewPCG(40, 18))
	grids := samplePuzzles(t, 6)
	near := 0
	for k, g := range grids {
		sol, other := mustSolution(t, g), mustSolution(t, grids[(k+1)%len(grids)])
		if !Resembles(disguise(sol, rng), sol) || Resembles(disguise(other, rng), sol) && !Equivalent(other, sol) {
			t.Errorf("Resembles(%s, its disguise or another) is wrong", sol)
		}
		holes := sol // a solution with cells taken away has others near it
		for i := range 81 {
			if rng.IntN(3) == 0 {
				holes.cells[i] = 0
			}
		}
		res, err := Solve(t.Context(), holes, 20)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range res.Solutions {
			if differ := len(Differences(s, sol)); differ <= 81-ResembleCells {
				near++
				if !Resembles(disguise(s, rng), sol) {
					t.Errorf("Resembles(%s, %s) = false; they differ in %d cells", s, sol, differ)
				}
			}
		}
	}
	if near < len(grids) {
		t.Errorf("only %d solutions near another; the test needs more", near)
	}
	if Resembles(grids[0], grids[0]) {
		t.Error("Resembles took a puzzle with blanks")
	}
}

// BenchmarkEmbeds is the cost of asking whether a puzzle fits a solution
// it is not part of.
func BenchmarkEmbeds(b *testing.B) {
	grids := samplePuzzles(b, 20)
	sol := mustSolution(b, grids[0])
	i := 0
	for b.Loop() {
		Embeds(grids[1+i%(len(grids)-1)], sol)
		i++
	}
}

// BenchmarkResembles is the cost of asking whether a solution found is
// nearly another, when it is not.
func BenchmarkResembles(b *testing.B) {
	var sols []Grid
	for _, g := range samplePuzzles(b, 20) {
		sols = append(sols, mustSolution(b, g))
	}
	i := 0
	for b.Loop() {
		Resembles(sols[i%len(sols)], sols[(i+1)%len(sols)])
		i++
	}
}
