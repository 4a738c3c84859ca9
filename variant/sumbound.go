package variant

import "math/bits"

// sumBound bounds a long sum by its cells' distinct groups of any size
// (the Interactive Sudoku Solver's uniqueness-aware bounds): t cells
// whose digits differ add up to at least the t smallest digits they can
// take together, and at most the t largest. The exact table of a sum
// only enumerates groups of up to maxSumGroup cells; on a long arrow
// line, whose cells fill much of a box or row, these bounds are far
// tighter.
type sumBound struct {
	groups [][]int
	infos  []groupInfo // scratch: limits' groupInfo per group, for narrow
}

// groupInfo is what bounds a group's sum: its placed digits' sum, how
// many cells are open, and the digits they can take together (less the
// placed ones).
type groupInfo struct {
	fixed, open int
	union       uint32
}

// info returns group g's groupInfo; ok is false when its placed digits
// repeat or its open cells have too few digits left.
func info(e *engine, g []int) (gi groupInfo, ok bool) {
	var placed uint32
	for _, c := range g {
		if m := e.cand[c]; single(m) {
			if placed&m != 0 {
				return gi, false
			}
			placed |= m
			gi.fixed += low(m)
		} else {
			gi.union |= m
			gi.open++
		}
	}
	gi.union &^= placed
	return gi, bits.OnesCount32(gi.union) >= gi.open
}

// limits returns the group's least and greatest sums with one more cell
// placed at digit d (d = 0: none).
func (gi groupInfo) limits(d int) (lo, hi int) {
	if d == 0 {
		return gi.fixed + smallest(gi.union, gi.open), gi.fixed + largest(gi.union, gi.open)
	}
	rest := gi.union &^ bit(d)
	return gi.fixed + d + smallest(rest, gi.open-1), gi.fixed + d + largest(rest, gi.open-1)
}

// smallest returns the sum of the t smallest digits of m (t <= |m|).
func smallest(m uint32, t int) int {
	s := 0
	for ; t > 0; t-- {
		s += low(m)
		m &= m - 1
	}
	return s
}

// smallestCut returns the sums of the t and t+1 smallest digits of m
// (t < |m|), and the t-th smallest (0 when t is 0).
func smallestCut(m uint32, t int) (sum, sum1, cut int) {
	for ; t > 0; t-- {
		cut = low(m)
		sum += cut
		m &= m - 1
	}
	return sum, sum + low(m), cut
}

// largestCut returns the sums of the t and t+1 largest digits of m
// (t < |m|), and the t-th largest (32 when t is 0).
func largestCut(m uint32, t int) (sum, sum1, cut int) {
	cut = 32
	for ; t > 0; t-- {
		cut = high(m)
		sum += cut
		m &^= bit(cut)
	}
	return sum, sum + high(m), cut
}

// largest returns the sum of the t largest digits of m (t <= |m|).
func largest(m uint32, t int) int {
	s := 0
	for ; t > 0; t-- {
		h := high(m)
		s += h
		m &^= bit(h)
	}
	return s
}

// limits returns the least and greatest sums of all the groups; ok is
// false when some group cannot be filled.
func (b *sumBound) limits(e *engine) (lo, hi int, ok bool) {
	if len(b.infos) < len(b.groups) {
		b.infos = make([]groupInfo, len(b.groups))
	}
	for i, g := range b.groups {
		gi, ok := info(e, g)
		if !ok {
			return 0, 0, false
		}
		b.infos[i] = gi
		l, h := gi.limits(0)
		lo, hi = lo+l, hi+h
	}
	return lo, hi, true
}

// narrow keeps in each open cell the digits with which the sum can
// still be between min and max, by the groups' bounds.
func (b *sumBound) narrow(e *engine, min, max int) bool {
	lo, hi, ok := b.limits(e)
	if !ok || lo > max || hi < min {
		return false
	}
	for i, g := range b.groups {
		gi := b.infos[i] // the groups share no cell: narrowing one leaves the others' infos
		gl, gh := gi.limits(0)
		if lo-gl+gh <= max && hi-gh+gl >= min {
			continue // no digit of the group can break a bound
		}
		// gi.limits(d) for each digit in a few steps: the open-1
		// smallest digits left after d are the open-1 smallest of the
		// union unless d is one of those, then the open smallest less d;
		// the same for the largest.
		t := gi.open - 1
		sLo, sLo1, cutLo := smallestCut(gi.union, t)
		sHi, sHi1, cutHi := largestCut(gi.union, t)
		for _, c := range g {
			if single(e.cand[c]) {
				continue
			}
			var keep uint32
			for r := e.cand[c] & gi.union; r != 0; r &= r - 1 {
				d := bits.TrailingZeros32(r)
				l, h := gi.fixed+d+sLo, gi.fixed+d+sHi
				if d <= cutLo {
					l = gi.fixed + sLo1
				}
				if d >= cutHi {
					h = gi.fixed + sHi1
				}
				if lo-gl+l <= max && hi-gh+h >= min {
					keep |= bit(d)
				}
			}
			if !e.restrict(c, keep) {
				return false
			}
		}
	}
	return true
}
