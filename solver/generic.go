package solver

import (
	"math/bits"

	"github.com/sudokubot/sudokubot/solver/internal/geom"
)

// The general engine works on any supported size with one candidate mask per
// cell: naked singles, hidden singles in every unit, and a guess on the cell
// with the fewest candidates. It serves 4×4, 6×6 and 16×16, and checks the
// 9×9 engine in tests.

// stateG is the general search state, copied on each guess.
type stateG struct {
	cand   [MaxSize * MaxSize]uint16 // candidate digits of each cell, bit d-1
	placed [MaxSize * MaxSize]bool
	left   int // cells not yet placed
}

// genSearch is one general search: its geometry and a reusable work queue.
type genSearch struct {
	*searcher
	geo   *geom.Geometry
	queue []uint8
}

func solveGeneric(sr *searcher, g Grid) {
	x := &genSearch{searcher: sr, geo: geom.For(int(g.size)), queue: make([]uint8, 0, 256)}
	var s stateG
	s.left = x.geo.Cells
	for i := 0; i < x.geo.Cells; i++ {
		s.cand[i] = x.geo.Full
	}
	for i, v := range g.cells[:x.geo.Cells] {
		if v == 0 {
			continue
		}
		if s.cand[i]&(1<<(v-1)) == 0 || !x.place(&s, i, 1<<(v-1)) {
			sr.nodes++
			return
		}
	}
	x.search(&s)
}

// place fixes the digit bit at cell i and removes it from the cell's peers,
// queueing peers left with one candidate. It returns false on a peer left
// with none.
func (x *genSearch) place(s *stateG, i int, bit uint16) bool {
	s.cand[i], s.placed[i] = bit, true
	s.left--
	for _, p := range x.geo.Peers[i] {
		if s.cand[p]&bit == 0 {
			continue
		}
		s.cand[p] &^= bit
		switch {
		case s.cand[p] == 0:
			return false
		case s.cand[p]&(s.cand[p]-1) == 0:
			x.queue = append(x.queue, p)
		}
	}
	return true
}

// propagate places naked and hidden singles until none are left; false on
// a contradiction.
func (x *genSearch) propagate(s *stateG) bool {
	for {
		for len(x.queue) > 0 {
			i := int(x.queue[len(x.queue)-1])
			x.queue = x.queue[:len(x.queue)-1]
			if s.placed[i] {
				continue
			}
			if s.cand[i] == 0 || !x.place(s, i, s.cand[i]) {
				return false
			}
		}
		if s.left == 0 {
			return true
		}
		if !x.hiddenSingles(s) {
			return false
		}
		if len(x.queue) == 0 {
			return true
		}
	}
}

// hiddenSingles queues every unplaced cell that is the only place for some
// digit in a unit; false when a unit has no place left for a digit.
func (x *genSearch) hiddenSingles(s *stateG) bool {
	for _, unit := range x.geo.Units {
		var once, twice uint16
		for _, i := range unit {
			twice |= once & s.cand[i]
			once |= s.cand[i]
		}
		if once != x.geo.Full {
			return false
		}
		for lone := once &^ twice; lone != 0; lone &= lone - 1 {
			bit := lone & -lone
			for _, i := range unit {
				if s.cand[i]&bit != 0 {
					if !s.placed[i] {
						if s.cand[i] != bit && s.cand[i]&(s.cand[i]-1) == 0 {
							return false
						}
						s.cand[i] = bit
						x.queue = append(x.queue, i)
					}
					break
				}
			}
		}
	}
	return true
}

func (x *genSearch) search(s *stateG) {
	if x.visit() {
		return
	}
	if !x.propagate(s) {
		x.queue = x.queue[:0]
		return
	}
	if s.left == 0 {
		x.found(x.grid(s))
		return
	}
	i := x.fewest(s)
	for c := s.cand[i]; c != 0; c &= c - 1 {
		bit := c & -c
		x.guesses++
		child := *s
		if x.place(&child, i, bit) {
			x.search(&child)
		}
		x.queue = x.queue[:0]
		if x.stopped() {
			return
		}
	}
}

// fewest returns the unplaced cell with the fewest candidates.
func (x *genSearch) fewest(s *stateG) int {
	best, bestN := -1, 99
	for i := 0; i < x.geo.Cells; i++ {
		if n := bits.OnesCount16(s.cand[i]); !s.placed[i] && n < bestN {
			best, bestN = i, n
			if n == 2 {
				break
			}
		}
	}
	return best
}

func (x *genSearch) grid(s *stateG) Grid {
	g := Grid{size: uint8(x.geo.N)}
	for i := 0; i < x.geo.Cells; i++ {
		g.cells[i] = uint8(bits.TrailingZeros16(s.cand[i]) + 1)
	}
	return g
}
