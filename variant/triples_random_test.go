package variant

import (
	"context"
	"math/bits"
	"math/rand"
	"slices"
	"testing"
)

// TestValueTriplesRandom checks the value exclusion of a digit left to
// three cells of a house (triples) on random 6×6 candidates with the
// anti-king rule (each cell a random grid's digit and each other digit
// half the time), each house's value exclusion run once with every digit
// pending, on a state nothing else has narrowed: it keeps every digit of
// every filling the candidates allow (found by brute force), fails only
// when there is none, and acts in some runs.
func TestValueTriplesRandom(t *testing.T) {
	const n = 6
	rng := rand.New(rand.NewSource(43))
	runs := 3000
	if testing.Short() {
		runs = 400
	}
	acted := 0
	for run := 0; run < runs; run++ {
		g := kinglessGrid(rng, n)
		if g == nil {
			continue
		}
		cand := make([]uint32, n*n)
		for c := range cand {
			cand[c] = bit(g[c])
			for d := 1; d <= n; d++ {
				if rng.Intn(3) == 0 {
					cand[c] |= bit(d)
				}
			}
		}
		kept := bruteKingCandidates(n, cand)
		e := kingEngine(t, cand)
		ok := true
		for _, pr := range e.props {
			if p, isExcl := pr.(*pairExclProp); isExcl && ok && p.counted >= 0 {
				e.newTriples[p.counted] = e.all
				ok = p.triples(e)
			}
		}
		if !slices.Equal(e.cand, cand) {
			acted++
		}
		if kept == nil {
			continue // no filling: anything goes
		}
		if !ok {
			t.Fatalf("triples: from %v: failed, but fillings keep %v", cand, kept)
		}
		for c := range kept {
			if kept[c]&^e.cand[c] != 0 {
				t.Fatalf("triples: from %v: cell %d keeps %b, but fillings put %b there", cand, c, e.cand[c], kept[c])
			}
		}
	}
	if acted == 0 {
		t.Errorf("the triples acted in none of %d runs: want some", runs)
	}
	t.Logf("triples acted in %d of %d runs", acted, runs)
}

// kingEngine returns an empty 6×6 anti-king puzzle's engine with cells
// cand.
func kingEngine(t *testing.T, cand []uint32) *engine {
	t.Helper()
	e, err := newEngine(context.Background(), Puzzle{Size: 6, Givens: make([]int, 36), Constraints: []Constraint{Global{Name: "antiking"}}})
	if err != nil {
		t.Fatal(err)
	}
	copy(e.cand, cand)
	e.recount()
	return e
}

// kingAt reports whether cell i's digit differs from its earlier cells a
// king's move away.
func kingAt(n int, g []int, i int) bool {
	r, c := i/n, i%n
	for _, d := range [][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}} {
		rr, cc := r+d[0], c+d[1]
		if rr >= 0 && cc >= 0 && cc < n && g[rr*n+cc] == g[i] {
			return false
		}
	}
	return true
}

// kinglessGrid returns a random 6×6 grid meeting the anti-king rule, or
// nil if a few tries find none.
func kinglessGrid(rng *rand.Rand, n int) []int {
	for try := 0; try < 50; try++ {
		g := make([]int, n*n)
		var fill func(i int) bool
		fill = func(i int) bool {
			if i == len(g) {
				return true
			}
			for _, d := range rng.Perm(n) {
				if g[i] = d + 1; latinAt(n, g, i) && kingAt(n, g, i) && fill(i+1) {
					return true
				}
			}
			g[i] = 0
			return false
		}
		if fill(0) {
			return g
		}
	}
	return nil
}

// bruteKingCandidates returns, per cell, the digits some anti-king
// filling of cand puts there, or nil when there is none.
func bruteKingCandidates(n int, cand []uint32) []uint32 {
	g := make([]int, n*n)
	var kept []uint32
	var fill func(i int)
	fill = func(i int) {
		if i == len(g) {
			if kept == nil {
				kept = make([]uint32, len(g))
			}
			for c, d := range g {
				kept[c] |= bit(d)
			}
			return
		}
		for m := cand[i]; m != 0; m &= m - 1 {
			if g[i] = bits.TrailingZeros32(m); latinAt(n, g, i) && kingAt(n, g, i) {
				fill(i + 1)
			}
		}
		g[i] = 0
	}
	fill(0)
	return kept
}
