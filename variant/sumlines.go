package variant

import "math/bits"

// zipperProp is a zipper line: cells as far from its middle add up to
// the same total, which on a line of odd length is the middle cell's
// digit. The totals some pair (and the middle) can still make are
// intersected, and a digit is kept where some partner digit makes one of
// them.
type zipperProp struct{ cs []int }

func (p *zipperProp) cells() []int { return p.cs }

func (p *zipperProp) run(e *engine) bool {
	n := len(p.cs)
	if n < 2 {
		return true
	}
	totals := ^uint64(0)
	if n%2 == 1 {
		totals = uint64(e.cand[p.cs[n/2]])
	}
	for i := 0; i < n/2; i++ {
		totals &= pairSums(e.cand[p.cs[i]], e.cand[p.cs[n-1-i]])
	}
	if totals == 0 {
		return false
	}
	if n%2 == 1 && !e.restrict(p.cs[n/2], uint32(totals)) {
		return false
	}
	for i := 0; i < n/2; i++ {
		a, b := p.cs[i], p.cs[n-1-i]
		if !e.restrict(a, partnersFor(e.cand[b], totals)) || !e.restrict(b, partnersFor(e.cand[a], totals)) {
			return false
		}
	}
	return true
}

// pairSums returns the sums x+y of a digit x of a and y of b, as a mask.
func pairSums(a, b uint32) uint64 {
	var out uint64
	for r := a; r != 0; r &= r - 1 {
		out |= uint64(b) << uint(bits.TrailingZeros32(r))
	}
	return out
}

// partnersFor returns the digits x for which some digit y of m makes
// x+y one of totals.
func partnersFor(m uint32, totals uint64) uint32 {
	var out uint32
	for r := m; r != 0; r &= r - 1 {
		out |= uint32(totals >> uint(bits.TrailingZeros32(r)))
	}
	return out &^ 1
}

// regionSums adds a region sum line: cut where it crosses from one
// region into another, its parts have the same sum (equalSumsProp), when
// it has two parts or more.
func (b *builder) regionSums(cs []int) {
	regions := b.p.Regions
	if regions == nil {
		regions = standardRegions(b.e.n)
	}
	var parts [][]int
	for i, c := range cs {
		if i == 0 || regions[c] != regions[cs[i-1]] {
			parts = append(parts, nil)
		}
		parts[len(parts)-1] = append(parts[len(parts)-1], c)
	}
	if len(parts) > 1 {
		b.e.props = append(b.e.props, &equalSumsProp{cs: cs, parts: parts})
	}
}

// equalSumsProp is parts of cells whose sums are equal: a region sum
// line's parts, or a double arrow's ends and the cells between them. The
// range every part's sum can reach is intersected, and each part's cells
// kept to digits that leave its sum in it.
type equalSumsProp struct {
	cs    []int
	parts [][]int
}

func (p *equalSumsProp) cells() []int { return p.cs }

func (p *equalSumsProp) run(e *engine) bool {
	lo, hi := 0, 1<<30
	for _, part := range p.parts {
		a, b := sideRange(e, part)
		lo, hi = max(lo, a), min(hi, b)
	}
	if lo > hi {
		return false
	}
	for _, part := range p.parts {
		a, b := sideRange(e, part)
		for _, c := range part {
			x, y := low(e.cand[c]), high(e.cand[c])
			if !e.restrict(c, rangeMask(lo-(b-y), hi-(a-x))) {
				return false
			}
		}
	}
	return true
}

// sideRange returns the least and greatest sum of cs's digits.
func sideRange(e *engine, cs []int) (lo, hi int) {
	for _, c := range cs {
		lo, hi = lo+low(e.cand[c]), hi+high(e.cand[c])
	}
	return lo, hi
}
