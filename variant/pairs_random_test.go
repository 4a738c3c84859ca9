package variant

import (
	"context"
	"math/bits"
	"math/rand"
	"testing"
)

// TestHousePairsRandom checks the naked and hidden pairs on random 6×6
// candidates (each cell a random grid's digit and each other digit half
// the time), run once each on a state that nothing else has narrowed:
// they keep every digit of every filling the candidates allow (found by
// brute force) and fail only when there is none; and they act in some
// runs.
func TestHousePairsRandom(t *testing.T) {
	const n = 6
	rng := rand.New(rand.NewSource(47))
	runs := 4000
	if testing.Short() {
		runs = 500
	}
	naked, hidden := 0, 0
	for run := 0; run < runs; run++ {
		g := randomGrid(rng, n)
		cand := make([]uint32, n*n)
		for c := range cand {
			cand[c] = bit(g[c])
			for d := 1; d <= n; d++ {
				if rng.Intn(3) == 0 {
					cand[c] |= bit(d)
				}
			}
		}
		kept := bruteCandidates(n, cand)
		e := pairsEngine(t, cand)
		ok := true
		for _, pr := range e.props {
			if p, isNaked := pr.(*nakedPairProp); isNaked && ok {
				ok = p.run(e)
			}
		}
		if !slicesEqual(e.cand, cand) {
			naked++
		}
		checkKept(t, "naked", cand, e.cand, kept, ok)
		e = pairsEngine(t, cand)
		ok = true
		for _, pr := range e.props {
			if p, isExcl := pr.(*pairExclProp); isExcl && ok && p.counted >= 0 {
				e.newPairs[p.counted] = e.all
				before := append([]uint32(nil), e.cand...)
				ok = p.run(e)
				if ok && p.hiddenActed(before, e.cand) {
					hidden++
				}
			}
		}
		checkKept(t, "hidden", cand, e.cand, kept, ok)
	}
	if naked == 0 || hidden == 0 {
		t.Errorf("the naked pairs acted in %d runs, the hidden pairs in %d: want some", naked, hidden)
	}
	t.Logf("naked pairs acted in %d of %d runs, hidden pairs in %d", naked, runs, hidden)
}

// pairsEngine returns an empty 6×6 puzzle's engine with cells cand.
func pairsEngine(t *testing.T, cand []uint32) *engine {
	e, err := newEngine(context.Background(), Puzzle{Size: 6, Givens: make([]int, 36)})
	if err != nil {
		t.Fatal(err)
	}
	copy(e.cand, cand)
	e.recount()
	return e
}

// checkKept fails t when got (ok: whether the run passed) lost a digit
// of kept, the fillings' digits, or failed though there is a filling.
func checkKept(t *testing.T, what string, cand, got, kept []uint32, ok bool) {
	t.Helper()
	if kept == nil {
		return // no filling: anything goes
	}
	if !ok {
		t.Fatalf("%s pairs: from %v: failed, but fillings keep %v", what, cand, kept)
	}
	for c := range got {
		if kept[c]&^got[c] != 0 {
			t.Fatalf("%s pairs: from %v: cell %d keeps %b, but fillings put %b there", what, cand, c, got[c], kept[c])
		}
	}
}

// hiddenActed reports whether p's run, from before to after, took digits
// from one of its own cells (the value exclusions act only outside it).
func (p *pairExclProp) hiddenActed(before, after []uint32) bool {
	for _, c := range p.g.cs {
		if before[c] != after[c] {
			return true
		}
	}
	return false
}

// bruteCandidates returns, per cell, the digits some filling of cand
// (rows, columns and standard boxes distinct) puts there, or nil when
// there is none.
func bruteCandidates(n int, cand []uint32) []uint32 {
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
			if g[i] = bits.TrailingZeros32(m); latinAt(n, g, i) {
				fill(i + 1)
			}
		}
		g[i] = 0
	}
	fill(0)
	return kept
}

func slicesEqual(a, b []uint32) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return len(a) == len(b)
}
