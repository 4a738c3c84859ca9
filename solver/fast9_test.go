package solver

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/sudokubot/sudokubot/solver/internal/puzzletest"
)

// TestWaysFollowTheBands checks that the ways the 9×9 search keeps per
// digit and band as it propagates (to choose its band) equal a recount from
// the candidates, once the givens settle and after each of several branches.
func TestWaysFollowTheBands(t *testing.T) {
	walkSettled(t, func(s *state9, puzzle string) {
		for b := range 3 {
			sum := 0
			for d := range s.poss {
				want := matchCount9[minirowSet(s.poss[d][b])]
				if s.ways[b][d] != want {
					t.Fatalf("%s: digit %d band %d keeps %d ways, has %d", puzzle, d+1, b, s.ways[b][d], want)
				}
				sum += int(want)
			}
			if got := s.bandWays(b); got != sum {
				t.Fatalf("%s: band %d has %d ways in all, want %d", puzzle, b, got, sum)
			}
		}
	})
}

// TestSettledIsAFixpoint checks that propagate, which skips the digits it
// believes settled and stops after a pass that placed nothing, leaves no
// work undone: propagating every digit and band of a settled state again
// removes no candidate.
func TestSettledIsAFixpoint(t *testing.T) {
	walkSettled(t, func(s *state9, puzzle string) {
		again := *s
		again.prev = [9][3]uint32{}
		if !again.propagate() {
			t.Fatalf("%s: a settled state fails when propagated again", puzzle)
		}
		if again.poss != s.poss {
			t.Fatalf("%s: propagating a settled state again removes candidates", puzzle)
		}
	})
}

// TestStackedColumnsAreSettled checks the shortcut in propagateStacks,
// which skips a digit whose columns are as it last left them: in settled
// states, every digit's (band, column) pairs in each stack are each part of
// a matching of the stack's bands to its columns, found by trying the six.
func TestStackedColumnsAreSettled(t *testing.T) {
	walkSettled(t, func(s *state9, puzzle string) {
		for d := range s.poss {
			for st := range 3 {
				var may, used [3][3]bool // [band][column of the stack]
				for b := range 3 {
					for c := range 3 {
						may[b][c] = columnsOf(s.poss[d][b])>>(3*st+c)&1 != 0
					}
				}
				for _, col := range permutations3 {
					if may[0][col[0]] && may[1][col[1]] && may[2][col[2]] {
						used[0][col[0]], used[1][col[1]], used[2][col[2]] = true, true, true
					}
				}
				if may != used {
					t.Fatalf("%s: digit %d in stack %d keeps (band, column) pairs in no matching", puzzle, d+1, st)
				}
			}
		}
	})
}

// walkSettled calls check on the settled states of the search down its
// first branches ("not in this minirow"), up to 12 per puzzle, for 300
// puzzles of magictour_top1465.
func walkSettled(t *testing.T, check func(s *state9, puzzle string)) {
	t.Helper()
	puzzletest.Files(t)
	lines := puzzletest.Read(t, puzzletest.Path("magictour_top1465.txt"))
	checked := 0
	for _, l := range lines[:300] {
		g := mustParse(t, l.Puzzle)
		var s state9
		if !s.setGivens(&g) {
			t.Fatalf("%s: givens clash", l.Puzzle)
		}
		for range 12 {
			if !s.settle(false) || s.solved() {
				break
			}
			check(&s, l.Puzzle)
			checked++
			d, b, k, next := s.choose(false, false, true, 0)
			if next == dead || next == branch && b < 0 {
				break
			}
			if next == branch {
				s.poss[d][b] &^= 7 << k
			}
		}
	}
	if checked < 300 {
		t.Errorf("checked %d settled states, want at least one per puzzle", checked)
	}
}

// TestSetGivensFindsClashes places random digits on 9×9 grids, clashing
// or not, and checks setGivens refuses exactly the grids where two equal
// digits share a row or a box (columns are left to propagate).
func TestSetGivensFindsClashes(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 9))
	refused := 0
	for range 20000 {
		g, _ := NewGrid(9)
		for range rng.IntN(12) {
			g.cells[rng.IntN(81)] = uint8(1 + rng.IntN(3)) // few digits: clashes are common
		}
		want := !clashInRowOrBox(g)
		var s state9
		if got := s.setGivens(&g); got != want {
			t.Fatalf("setGivens(%s) = %v, want %v", g, got, want)
		}
		if !want {
			refused++
		}
	}
	if refused < 1000 || refused > 19000 {
		t.Fatalf("%d of 20000 grids clash: the sample does not test both verdicts", refused)
	}
}

// clashInRowOrBox reports whether two equal digits of g share a row or a box.
func clashInRowOrBox(g Grid) bool {
	for i := range 81 {
		for j := i + 1; j < 81; j++ {
			sameRow := i/9 == j/9
			sameBox := i/27 == j/27 && i%9/3 == j%9/3
			if g.cells[i] != 0 && g.cells[i] == g.cells[j] && (sameRow || sameBox) {
				return true
			}
		}
	}
	return false
}

// TestCheckCountsCountsCells checks checkCounts, which counts the minirows
// and minicolumns of every digit in two words, against countCells, which
// counts them cell by cell, on settled states: the same verdict, and the
// same candidates left.
func TestCheckCountsCountsCells(t *testing.T) {
	found := 0
	walkSettled(t, func(s *state9, puzzle string) {
		want, wantNext := countCells(s)
		got := *s
		if next := got.checkCounts(); next != wantNext {
			t.Fatalf("%s: checkCounts() = %d, counting cells gives %d", puzzle, next, wantNext)
		}
		if wantNext != dead && got.poss != want.poss {
			t.Fatalf("%s: checkCounts leaves other candidates than counting cells", puzzle)
		}
		if wantNext == settleAgain {
			found++
		}
	})
	if found == 0 {
		t.Error("the counts removed nothing in any settled state: the check checks nothing")
	}
}

// countCells applies the minirow and minicolumn counts to a copy of s, one
// triad of cells at a time, and returns it with checkCounts' verdict.
func countCells(s *state9) (state9, int) {
	want, next := *s, branch
	apply := func(b int, triad uint32, others func(d int) bool, in func(d int)) {
		may, must := 0, 0
		for d := range s.poss {
			if s.poss[d][b]&triad != 0 {
				may++
				if others(d) {
					must++
				}
			}
		}
		switch {
		case may < 3 || must > 3:
			next = dead
		case may == 3 && must < 3:
			for d := range s.poss {
				if s.poss[d][b]&triad != 0 {
					in(d)
				}
			}
		case must == 3 && may > 3:
			for d := range s.poss {
				if s.poss[d][b]&triad != 0 && !others(d) {
					want.poss[d][b] &^= triad
				}
			}
		}
	}
	for b := range 3 {
		for row := range 3 {
			for box := range 3 {
				triad, line := uint32(7)<<(9*row+3*box), uint32(low9)<<(9*row)
				apply(b, triad,
					func(d int) bool { return s.poss[d][b]&line&^triad == 0 },
					func(d int) { want.poss[d][b] &^= (line | box27<<(3*box)) &^ triad })
			}
		}
		for col := range 9 {
			column := inEveryRow(1 << col)
			apply(b, column,
				func(d int) bool { return s.poss[d][(b+1)%3]&column|s.poss[d][(b+2)%3]&column == 0 },
				func(d int) {
					want.poss[d][(b+1)%3] &^= column
					want.poss[d][(b+2)%3] &^= column
					want.poss[d][b] &^= box27 << (3 * (col / 3)) &^ column
				})
		}
	}
	if next == branch && want.poss != s.poss {
		next = settleAgain
	}
	return want, next
}

// TestLoneMinirows checks loneMinirows against loneInRows on every set of
// minirows of a band, in both halves of the word.
func TestLoneMinirows(t *testing.T) {
	spread := func(m uint32) uint32 { // minirow i of m to its first cell, bit 3i
		var r uint32
		for i := range 9 {
			r |= m >> i & 1 << (3 * i)
		}
		return r
	}
	for m := range uint32(512) {
		lo, hi := spread(m), spread(m*7%512)
		want := uint64(loneInRows(lo)) | uint64(loneInRows(hi))<<32
		if got := loneMinirows(uint64(lo) | uint64(hi)<<32); got != want {
			t.Fatalf("loneMinirows(%o, %o) = %o, want %o", lo, hi, got, want)
		}
	}
}

// TestMinirowHashIsOneToOne checks that minirowHash gives every set of
// minirows its own index, the one the hashed tables are filled at.
func TestMinirowHashIsOneToOne(t *testing.T) {
	seen := map[uint32]uint32{}
	for m := range uint32(512) {
		r := spreadMinirows(m)
		if minirowSet(r) != m {
			t.Fatalf("minirowSet(spreadMinirows(%#o)) = %#o", m, minirowSet(r))
		}
		h := minirowHash(r)
		if other, ok := seen[h]; ok || h >= 512 {
			t.Fatalf("minirowHash(%#o) = %d, as for %#o", m, h, other)
		}
		seen[h] = m
	}
}

// TestMinirowCountsKeepTheSolution follows the search down the branch that
// holds the solution, applying the minirow and minicolumn counts at every
// node (as the root does), and checks that no step removes a candidate of
// the solution or finds a contradiction.
func TestMinirowCountsKeepTheSolution(t *testing.T) {
	puzzletest.Files(t)
	for _, set := range []string{"magictour_top1465", "17_clue", "forum_hardest_1106"} {
		lines := puzzletest.Read(t, puzzletest.Path(set+".txt"))
		for _, l := range lines[:min(len(lines), 200)] {
			g := mustParse(t, l.Puzzle)
			res, err := Solve(context.Background(), g, 1)
			if err != nil || res.Count != 1 {
				t.Fatalf("Solve(%s) = %d solutions, %v", l.Puzzle, res.Count, err)
			}
			followSolution(t, l.Puzzle, g, res.Solutions[0])
		}
	}
}

// followSolution walks the search of puzzle g down the branches that hold
// sol, failing the test if a step loses it.
func followSolution(t *testing.T, puzzle string, g, sol Grid) {
	t.Helper()
	var s state9
	s.setGivens(&g)
	for range 40 {
		if !s.settle(false) {
			t.Fatalf("%s: settle finds a contradiction on the solution's branch", puzzle)
		}
		for b := range 3 {
			for i := range 27 {
				if d := sol.cells[27*b+i] - 1; s.poss[d][b]>>i&1 == 0 {
					t.Fatalf("%s: digit %d lost at band %d cell %d", puzzle, d+1, b, i)
				}
			}
		}
		if s.solved() {
			return
		}
		d, b, k, next := s.choose(false, false, true, 82)
		switch {
		case next == dead:
			t.Fatalf("%s: the counts find a contradiction on the solution's branch", puzzle)
		case next == settleAgain:
			continue
		case b < 0:
			return
		}
		cells := sol.cells[27*b+k : 27*b+k+3]
		if cells[0] == uint8(d+1) || cells[1] == uint8(d+1) || cells[2] == uint8(d+1) {
			s.poss[d][b] &^= minirowPeers9[k]
		} else {
			s.poss[d][b] &^= 7 << k
		}
	}
}

// TestBranchFollowsTheBands checks that the minirow choose reads from the
// hashes propagateOne records is the one branchMinirow picks from the
// candidates themselves, once the givens settle and after each of several
// branches.
func TestBranchFollowsTheBands(t *testing.T) {
	walkSettled(t, func(s *state9, puzzle string) {
		for b := range 3 {
			for d := range s.poss {
				got := branchHashed9[s.hash[b][d]&511]
				if want := branchMinirow(minirowSet(s.poss[d][b])); got != want {
					t.Fatalf("%s: digit %d band %d branches at cell %d, want %d", puzzle, d+1, b, got, want)
				}
			}
		}
	})
}
