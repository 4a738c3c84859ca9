package variant

import (
	"math/rand"
	"slices"
	"testing"
)

// TestGroupTableSlots checks that a group table kept in a slot is the one
// made afresh for the same candidates: one group's candidates change at
// random among a few choices per cell, so that slots (1 to 64 of them)
// are found again, overwritten and shared by different candidates.
func TestGroupTableSlots(t *testing.T) {
	const n, words = 9, 1
	rng := rand.New(rand.NewSource(43))
	for run := 0; run < 50; run++ {
		k := 1 + rng.Intn(maxSumGroup)
		e := (&engine{n: n}).makeCand(k)
		g := make([]int, k)
		choices := make([][]uint32, k)
		for i := range g {
			g[i] = i
			for range 2 + rng.Intn(6) {
				choices[i] = append(choices[i], uint32(1+rng.Intn(1<<n-1))<<1)
			}
		}
		kept := groupTable{bits: rng.Intn(slotBits + 1)}
		for step := 0; step < 400; step++ {
			for i := range g {
				if rng.Intn(3) == 0 {
					e.cand[i] = choices[i][rng.Intn(len(choices[i]))]
				}
				if e.cand[i] == 0 {
					e.cand[i] = choices[i][0]
				}
			}
			kept.update(e, g, words)
			var fresh groupTable
			fresh.update(e, g, words)
			if !slices.Equal(kept.sums, fresh.sums) || !slices.Equal(kept.digits, fresh.digits) {
				t.Fatalf("update(%b) kept: sums %b digits %v, made afresh: %b %v", e.cand, kept.sums, kept.digits, fresh.sums, fresh.digits)
			}
		}
	}
}
