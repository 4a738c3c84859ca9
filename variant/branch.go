package variant

import (
	"encoding/binary"
	"math/bits"
)

// branchDigit returns a full group and a digit it can place in only
// two cells, when that beats branching on a cell with k digits and
// weight w: the heavier of the two cells, halved, weighs at least w/k
// (as the Interactive Sudoku Solver weighs them). Else nil. The two
// branches stay disjoint: the group holds the digit exactly once.
func (e *engine) branchDigit(k, w int) (*groupProp, int) {
	if k <= 2 {
		return nil, 0
	}
	var best *groupProp
	bestD, bestW := 0, 2*w-1 // a pair wins when its weight*k >= 2*w
	for h, g := range e.houses {
		var pairs uint32
		if h < len(e.counts) {
			pairs = twos(&e.counts[h])
		} else {
			var once, twice, more uint32
			for _, c := range g.cs {
				m := e.cand[c]
				more |= twice & m
				twice |= once & m
				once |= m
			}
			pairs = twice &^ more
		}
		for r := pairs; r != 0; r &= r - 1 {
			d := bits.TrailingZeros32(r)
			if pw := g.heaviest(e, bit(d)) * k; pw > bestW {
				best, bestD, bestW = g, d, pw
			}
		}
	}
	return best, bestD
}

// heaviest returns the largest weight of g's cells that can take a digit
// of m.
func (g *groupProp) heaviest(e *engine, m uint32) int {
	w := 0
	for _, c := range g.cs {
		if e.cand[c]&m != 0 && e.weight[c] > w {
			w = e.weight[c]
		}
	}
	return w
}

// choose returns the next branch: a cell and a digit to try in it
// first, or -1 when every cell is placed.
func (e *engine) choose() (int, uint32) {
	c := e.branchCell()
	if c < 0 {
		return -1, 0
	}
	if g, d := e.branchDigit(bits.OnesCount32(e.cand[c]), e.weight[c]); g != nil {
		for _, x := range g.cs {
			if e.cand[x]&bit(d) != 0 {
				return x, bit(d)
			}
		}
	}
	return c, e.cand[c] & -e.cand[c]
}

// twos returns the digits a house's counts leave to two cells, eight
// counts at a time: the counts match the candidates wherever the search
// branches, and reading them costs less than scanning the house's cells.
func twos(cnt *houseCounts) uint32 {
	const low7, twoes = 0x7f7f7f7f7f7f7f7f, 0x0202020202020202
	var out uint32
	for i := 0; i < 3; i++ {
		x := binary.LittleEndian.Uint64(cnt[8*i:]) ^ twoes // a zero byte where the count is 2
		zero := ^((x&low7 + low7) | x | low7)              // its high bit set, exactly
		for ; zero != 0; zero &= zero - 1 {
			out |= 1 << uint(8*i+bits.TrailingZeros64(zero)/8)
		}
	}
	return out
}
