package variant

import "math/bits"

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
	for _, g := range e.houses {
		var once, twice, more uint32
		for _, c := range g.cs {
			m := e.cand[c]
			more |= twice & m
			twice |= once & m
			once |= m
		}
		for r := twice &^ more; r != 0; r &= r - 1 {
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
