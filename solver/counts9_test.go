package solver

import "testing"

// TestTallyCountsMinirows checks the counts tally works from (the digits'
// minirows as propagateOne recorded them in state9.hash) against a recount
// from the candidates: for every minirow, the digits that may go there and
// those for which it is their only minirow in its row.
func TestTallyCountsMinirows(t *testing.T) {
	walkSettled(t, func(s *state9, puzzle string) {
		for b := range 3 {
			got := s.minirowCounts(b)
			for i := range 9 {
				may, must := 0, 0
				for d := range s.poss {
					rows := minirowSet(s.poss[d][b])
					if rows>>i&1 != 0 {
						may++
						if rows>>(i/3*3)&7 == 1<<(i%3) {
							must++
						}
					}
				}
				if f := got >> (7 * i); int(f&15) != may || int(f>>4&7) != must {
					t.Fatalf("%s: band %d minirow %d counts %d may, %d must; the candidates give %d, %d",
						puzzle, b, i, f&15, f>>4&7, may, must)
				}
			}
		}
	})
}
