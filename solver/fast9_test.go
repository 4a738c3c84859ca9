package solver

import (
	"path/filepath"
	"testing"
)

// TestWaysFollowTheBands checks that the ways the 9×9 search keeps per
// digit and band as it propagates (to choose its band) equal a recount from
// the candidates, once the givens settle and after each of several branches.
func TestWaysFollowTheBands(t *testing.T) {
	dataFiles(t)
	lines := readPuzzles(t, filepath.Join(dataDir, "magictour_top1465.txt"))
	checked := 0
	for _, l := range lines[:300] {
		g := mustParse(t, l.puzzle)
		var s state9
		if !s.setGivens(&g) {
			t.Fatalf("%s: givens clash", l.puzzle)
		}
		for range 12 {
			if !s.settle(false) || s.solved() {
				break
			}
			checkWays(t, &s, l.puzzle)
			checked++
			d, b, k, next := s.choose(false)
			if next == dead || next == branch && b < 0 {
				break
			}
			if next == branch {
				s.poss[d][b] &^= 7 << k // the "not in this minirow" branch
			}
		}
	}
	if checked < 300 {
		t.Errorf("checked %d settled states, want at least one per puzzle", checked)
	}
}

func checkWays(t *testing.T, s *state9, puzzle string) {
	t.Helper()
	for b := range 3 {
		sum := 0
		for d := range s.poss {
			want := matchCount9[minirowSet(s.poss[d][b])]
			if s.ways[d][b] != want {
				t.Fatalf("%s: digit %d band %d keeps %d ways, has %d", puzzle, d+1, b, s.ways[d][b], want)
			}
			sum += int(want)
		}
		if int(s.bandWays[b]) != sum {
			t.Fatalf("%s: band %d keeps %d ways in all, has %d", puzzle, b, s.bandWays[b], sum)
		}
	}
}
