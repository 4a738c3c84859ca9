package solver

import "math/bits"

// state9 is the 9×9 search state: for each digit d and band b,
// poss[d][b] holds the cells (see tables9.go) where d may still go.
// It is a plain value, copied on each guess; nothing in the search allocates.
type state9 struct {
	poss     [9][3]uint32
	prev     [9][3]uint32 // poss as last propagated; a difference means work to do
	unsolved [3]uint32    // cells of each band not yet fixed
	pairs    [3]uint32    // cells with exactly two candidates, from the last singles pass
}

// solve9 runs the band engine on a 9×9 grid.
func solve9(sr *searcher, g Grid) {
	var s state9
	for d := range s.poss {
		s.poss[d] = [3]uint32{all27, all27, all27}
	}
	s.unsolved = [3]uint32{all27, all27, all27}
	for i, v := range g.cells[:81] {
		if v == 0 {
			continue
		}
		b, bit := i/27, uint(i%27)
		if s.poss[v-1][b]&(1<<bit) == 0 {
			sr.nodes++
			return // a given clashes with an earlier one
		}
		s.assign(int(v-1), b, bit)
	}
	s.search(sr)
}

// assign fixes digit d at cell bit of band b: no other digit may go there,
// and d leaves the cell's row and box inside the band. Columns in the other
// bands follow in propagate.
func (s *state9) assign(d, b int, bit uint) {
	cell := uint32(1) << bit
	for e := range s.poss {
		s.poss[e][b] &^= cell
	}
	s.poss[d][b] = s.poss[d][b]&^peers9[bit] | cell
	s.unsolved[b] &^= cell
}

// propagate applies, until nothing changes, locked candidates within each
// band, column claims across bands, and hidden singles in rows and boxes.
// It returns false on a contradiction.
func (s *state9) propagate() bool {
	for {
		changed := false
		for d := range s.poss {
			p, q := &s.poss[d], &s.prev[d]
			if p[0] != q[0] {
				changed = true
				if !s.propagateOne(d, 0, 1, 2) {
					return false
				}
			}
			if p[1] != q[1] {
				changed = true
				if !s.propagateOne(d, 1, 0, 2) {
					return false
				}
			}
			if p[2] != q[2] {
				changed = true
				if !s.propagateOne(d, 2, 0, 1) {
					return false
				}
			}
		}
		if !changed {
			return true
		}
	}
}

// propagateOne propagates digit d in band b, whose other bands are o1, o2.
func (s *state9) propagateOne(d, b, o1, o2 int) bool {
	pd := &s.poss[d]
	p := pd[b]
	m := minirows9[p&low9] | minirows9[p>>9&low9]<<3 | minirows9[p>>18]<<6
	p &= matchKeep9[m]
	if p == 0 {
		return false
	}
	pd[b], s.prev[d][b] = p, p
	keep := otherBands9[(p|p>>9|p>>18)&low9]
	pd[o1] &= keep
	pd[o2] &= keep
	fixed := single9[p&low9] | single9[p>>9&low9]<<9 | single9[p>>18]<<18
	if fresh := fixed & s.unsolved[b]; fresh != 0 {
		s.unsolved[b] &^= fresh
		for e := range s.poss {
			if e != d {
				s.poss[e][b] &^= fresh
			}
		}
	}
	return true
}

// singles fixes every unsolved cell left with one candidate, records the
// cells with two, and reports whether it fixed any; ok is false when a cell
// has no candidate left.
func (s *state9) singles() (found, ok bool) {
	for b := 0; b < 3; b++ {
		var one, two, three uint32
		for d := range s.poss {
			m := s.poss[d][b]
			three |= two & m
			two |= one & m
			one |= m
		}
		if one != all27 {
			return false, false
		}
		s.pairs[b] = two &^ three
		for lone := one &^ two & s.unsolved[b]; lone != 0; lone &= lone - 1 {
			bit := uint(bits.TrailingZeros32(lone))
			d := s.digitAt(b, bit)
			if d < 0 {
				return false, false
			}
			s.assign(d, b, bit)
			found = true
		}
	}
	return found, true
}

// digitAt returns the first digit still possible at cell bit of band b, or -1.
func (s *state9) digitAt(b int, bit uint) int {
	for d := range s.poss {
		if s.poss[d][b]>>bit&1 != 0 {
			return d
		}
	}
	return -1
}

func (s *state9) solved() bool { return s.unsolved[0]|s.unsolved[1]|s.unsolved[2] == 0 }

// search propagates, then either records a solution or guesses, recursing
// on a copy for every candidate but the last.
func (s *state9) search(sr *searcher) {
	if sr.visit() {
		return
	}
	for {
		if !s.propagate() {
			return
		}
		if s.solved() {
			sr.found(s.grid())
			return
		}
		found, ok := s.singles()
		if !ok {
			return
		}
		if !found {
			break
		}
	}
	b, bit := s.guessCell()
	cell := uint32(1) << bit
	for d := range s.poss {
		if s.poss[d][b]&cell == 0 {
			continue
		}
		sr.guesses++
		if s.lastCandidate(d, b, cell) {
			s.assign(d, b, bit)
			s.search(sr)
			return
		}
		child := *s
		child.assign(d, b, bit)
		child.search(sr)
		if sr.stopped() {
			return
		}
	}
}

// lastCandidate reports whether no digit above d may go in cell of band b.
func (s *state9) lastCandidate(d, b int, cell uint32) bool {
	for e := d + 1; e < 9; e++ {
		if s.poss[e][b]&cell != 0 {
			return false
		}
	}
	return true
}

// guessCell picks the cell to guess on: a cell with two candidates when
// there is one, else an unsolved cell with the fewest candidates. The last
// bi-value cell in reading order is taken, not the first: the msolve "hardest"
// lists, chosen as the slowest for a first-bi-value solver, run 2.6 to 100
// times faster this way, and the other sets about the same.
func (s *state9) guessCell() (int, uint) {
	for b := 2; b >= 0; b-- {
		if s.pairs[b] != 0 {
			return b, uint(31 - bits.LeadingZeros32(s.pairs[b]))
		}
	}
	best, bestB, bestBit := 10, 0, uint(0)
	for b := 0; b < 3; b++ {
		for u := s.unsolved[b]; u != 0; u &= u - 1 {
			bit := uint(bits.TrailingZeros32(u))
			n := 0
			for d := range s.poss {
				n += int(s.poss[d][b] >> bit & 1)
			}
			if n < best {
				best, bestB, bestBit = n, b, bit
			}
		}
	}
	return bestB, bestBit
}

// grid returns the solved grid; call it only when solved() is true.
func (s *state9) grid() Grid {
	g := Grid{size: 9}
	for d := range s.poss {
		for b, p := range s.poss[d] {
			for ; p != 0; p &= p - 1 {
				g.cells[27*b+bits.TrailingZeros32(p)] = uint8(d + 1)
			}
		}
	}
	return g
}
