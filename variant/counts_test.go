package variant

import (
	"context"
	"math/bits"
	"math/rand"
	"slices"
	"testing"
)

// TestCountsMatchCandidates walks random paths down random killer
// puzzles, placing or ruling out a random digit at each step and going
// back from a step that fails and from some that do not, and checks that
// the houses' counts match the candidates after each step that does not
// fail and after each restore.
func TestCountsMatchCandidates(t *testing.T) {
	rng := rand.New(rand.NewSource(43))
	for run := 0; run < 100; run++ {
		p := randomKiller(rng, 4+rng.Intn(3)*2+rng.Intn(2))
		e, err := newEngine(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if !e.start() {
			continue
		}
		mustCountsMatch(t, e, "start")
		for depth, steps := 0, 0; depth < 20 && steps < 60; steps++ {
			var open []int
			for c, m := range e.cand {
				if bits.OnesCount32(m) > 1 {
					open = append(open, c)
				}
			}
			if len(open) == 0 {
				break
			}
			c := open[rng.Intn(len(open))]
			m := e.cand[c] & -e.cand[c]
			if rng.Intn(2) == 0 {
				m = e.cand[c] &^ m
			}
			e.save(depth)
			if !e.try(c, m) || rng.Intn(3) == 0 {
				e.restore(depth) // and try another step from there
				mustCountsMatch(t, e, "restore")
				continue
			}
			mustCountsMatch(t, e, "try")
			depth++
		}
	}
}

// mustCountsMatch fails unless e's counts are those of its candidates.
func mustCountsMatch(t *testing.T, e *engine, when string) {
	t.Helper()
	got := slices.Clone(e.counts)
	e.recount()
	if !slices.Equal(got, e.counts) {
		t.Fatalf("after %s: counts %v, want %v", when, got, e.counts)
	}
}

// TestCountIs checks countIs against a count of each digit, for random
// counts up to 16 and the values a run asks for.
func TestCountIs(t *testing.T) {
	rng := rand.New(rand.NewSource(43))
	for run := 0; run < 1000; run++ {
		var cnt houseCounts
		for d := 0; d < placedAt; d++ {
			cnt[d] = uint8(rng.Intn(17))
		}
		for _, v := range []uint8{0, 1, 2} {
			var want uint32
			for d := 0; d < 24; d++ {
				if cnt[d] == v {
					want |= bit(d)
				}
			}
			if got := countIs(&cnt, v); got != want {
				t.Fatalf("countIs(%v, %d) = %#x, want %#x", cnt, v, got, want)
			}
		}
		if got, want := twos(&cnt), countIs(&cnt, 2); got != want {
			t.Fatalf("twos(%v) = %#x, want %#x", cnt, got, want)
		}
	}
}
