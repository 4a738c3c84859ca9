package variant

import "math/bits"

// sumDP keeps, for cells whose digits add up to a number in a target set,
// exactly the digits that some choice of the others completes (domain
// consistency; repeats allowed, so cages also need their groupProp).
// Sums are bit sets of words words; fwd and back are scratch, one set per
// cell boundary.
type sumDP struct {
	words     int
	fwd, back []uint64
	open      []int    // the positions of the cells not yet placed
	masks     []uint32 // their digits, as counted
	neg       []bool   // per position, whether the cell is subtracted
	// groups, when set, splits the cells into groups whose digits differ
	// (see narrowGroups); tables holds what each group's fillings make.
	groups [][]int
	tables []groupTable
}

// newSumDP returns scratch for k cells with sums up to max.
func newSumDP(k, max int) sumDP {
	w := max/64 + 1
	return sumDP{words: w, fwd: make([]uint64, (k+1)*w), back: make([]uint64, (k+1)*w),
		open: make([]int, 0, k), masks: make([]uint32, 0, k)}
}

// narrow restricts cs so that their sum is in target, and returns the set
// of sums they can reach (before narrowing), or nil on a contradiction.
// Placed cells only shift the target: the table covers the open ones.
// A cell marked in neg counts as Size+1 minus its digit.
func (s *sumDP) narrow(e *engine, cs []int, target []uint64) []uint64 {
	if s.groups != nil {
		return s.narrowGroups(e, target)
	}
	w, fixed := s.words, 0
	s.open, s.masks = s.open[:0], s.masks[:0]
	for i, c := range cs {
		if m := s.mask(e, i, c); single(m) {
			fixed += low(m)
		} else {
			s.open, s.masks = append(s.open, i), append(s.masks, m)
		}
	}
	k := len(s.open)
	clear(s.fwd[:(k+1)*w])
	clear(s.back[:(k+1)*w])
	s.fwd[fixed/64] |= 1 << uint(fixed%64) // sums start at the placed cells' sum
	// A cell's digits are the shifts of the sums before it.
	for i, m := range s.masks {
		convolve(s.fwd[(i+1)*w:(i+2)*w], s.fwd[i*w:(i+1)*w], []uint64{uint64(m)}, false)
	}
	reach := s.fwd[k*w : (k+1)*w]
	if !meetsShifted(reach, target, 0) {
		return nil
	}
	copy(s.back[k*w:], target)
	for i := k - 1; i >= 0; i-- {
		convolve(s.back[i*w:(i+1)*w], s.back[(i+1)*w:(i+2)*w], []uint64{uint64(s.masks[i])}, true)
	}
	for i, m := range s.masks {
		var keep uint32
		f, b := s.fwd[i*w:(i+1)*w], s.back[(i+1)*w:(i+2)*w]
		for r := m; r != 0; r &= r - 1 {
			d := bits.TrailingZeros32(r)
			var meets bool
			switch w { // a digit shifts by less than 64
			case 1:
				meets = f[0]<<uint(d)&b[0] != 0
			case 2:
				lo, hi := shl128(f[0], f[1], uint(d))
				meets = lo&b[0]|hi&b[1] != 0
			default:
				meets = meetsShifted(f, b, d)
			}
			if meets {
				keep |= bit(d)
			}
		}
		if j := s.open[i]; !e.restrict(cs[j], s.unmask(e, j, keep)) {
			return nil
		}
	}
	return reach
}

// mask returns the digits cell c, at position i of the sum, counts as.
func (s *sumDP) mask(e *engine, i, c int) uint32 {
	if s.neg != nil && s.neg[i] {
		return reverse(e.cand[c], e.n)
	}
	return e.cand[c]
}

// unmask turns digits counted at position i back into the cell's digits.
func (s *sumDP) unmask(e *engine, i int, m uint32) uint32 {
	if s.neg != nil && s.neg[i] {
		return reverse(m, e.n)
	}
	return m
}

// reverse returns m with each digit d of 1..n turned into n+1-d.
func reverse(m uint32, n int) uint32 {
	return bits.Reverse32(m) >> uint(30-n)
}

// shiftOr sets dst |= src << d. Sets of one and two words, the sums of
// up to 127 (a little killer's, a cage's), take a short path without a
// loop: Go's shifts by 64 or more give 0.
func shiftOr(dst, src []uint64, d int) {
	switch {
	case len(dst) == 1 && len(src) == 1:
		dst[0] |= src[0] << uint(d)
		return
	case len(dst) == 2 && len(src) == 2:
		if d < 64 {
			dst[0] |= src[0] << uint(d)
			dst[1] |= src[1]<<uint(d) | src[0]>>uint(64-d)
		} else {
			dst[1] |= src[0] << uint(d-64)
		}
		return
	}
	q, r := d/64, uint(d%64)
	for i := len(dst) - 1; i >= q; i-- {
		v := src[i-q] << r
		if r > 0 && i-q-1 >= 0 {
			v |= src[i-q-1] >> (64 - r)
		}
		dst[i] |= v
	}
}

// shiftRightOr sets dst |= src >> d, sets of one or two words without a
// loop.
func shiftRightOr(dst, src []uint64, d int) {
	switch {
	case len(dst) == 1 && len(src) == 1:
		dst[0] |= src[0] >> uint(d)
		return
	case len(dst) == 2 && len(src) == 2:
		if d < 64 {
			dst[0] |= src[0]>>uint(d) | src[1]<<uint(64-d)
			dst[1] |= src[1] >> uint(d)
		} else {
			dst[0] |= src[1] >> uint(d-64)
		}
		return
	}
	q, r := d/64, uint(d%64)
	for i := 0; i+q < len(src); i++ {
		v := src[i+q] >> r
		if r > 0 && i+q+1 < len(src) {
			v |= src[i+q+1] << (64 - r)
		}
		dst[i] |= v
	}
}

// meetsShifted reports whether (a << d) & b is not empty, sets of one
// or two words without a loop.
func meetsShifted(a, b []uint64, d int) bool {
	switch {
	case len(a) == 1 && len(b) == 1:
		return a[0]<<uint(d)&b[0] != 0
	case len(a) == 2 && len(b) == 2:
		if d < 64 {
			return a[0]<<uint(d)&b[0]|(a[1]<<uint(d)|a[0]>>uint(64-d))&b[1] != 0
		}
		return a[0]<<uint(d-64)&b[1] != 0
	}
	q, r := d/64, uint(d%64)
	for i := q; i < len(b); i++ {
		v := a[i-q] << r
		if r > 0 && i-q-1 >= 0 {
			v |= a[i-q-1] >> (64 - r)
		}
		if v&b[i] != 0 {
			return true
		}
	}
	return false
}

// hasSum reports whether set holds v.
func hasSum(set []uint64, v int) bool {
	return v >= 0 && v/64 < len(set) && set[v/64]>>(uint(v%64))&1 != 0
}

// sumProp is a sum of cells equal to total (killer cages, little
// killers).
type sumProp struct {
	cs     []int
	diag   bool // a little killer: its cells get distinct groups
	total  int
	target []uint64
	bound  sumBound // a combined sum's distinct groups (see combine)
	dp     sumDP
}

// newSumProp returns the prop sum(cs) = total on digits 1..n.
func newSumProp(cs []int, total, n int) *sumProp {
	max := n * len(cs)
	if total > max {
		max = total
	}
	s := &sumProp{cs: cs, total: total, dp: newSumDP(len(cs), max)}
	s.target = make([]uint64, s.dp.words)
	s.target[total/64] |= 1 << uint(total%64)
	return s
}

func (s *sumProp) cells() []int { return s.cs }

func (s *sumProp) run(e *engine) bool {
	if s.bound.groups != nil && !s.bound.narrow(e, s.total, s.total) {
		return false
	}
	if s.dp.groups == nil && s.loose(e) {
		return true
	}
	return s.dp.narrow(e, s.cs, s.target) != nil
}

// loose reports whether the sum's bounds are far enough from its total
// that no cell can lose a digit to them: each cell's range fits in the
// slack on both sides. Then the exact pass is skipped; it could only
// take digits from inside a cell's range (holes), which the search
// settles later, and a full assignment is never loose (its slack is 0).
// total must be a single sum.
func (s *sumProp) loose(e *engine) bool {
	lo, hi, span := 0, 0, 0
	if s.dp.neg == nil { // no cell counted negated: its candidates, with no test a cell
		cand := e.cand
		for _, c := range s.cs {
			m := cand[c]
			a, b := low(m), high(m)
			lo, hi = lo+a, hi+b
			span = max(span, b-a)
		}
	} else {
		for i, c := range s.cs {
			m := s.dp.mask(e, i, c)
			a, b := low(m), high(m)
			lo, hi = lo+a, hi+b
			span = max(span, b-a)
		}
	}
	return s.total-lo >= span && hi-s.total >= span && span > 0
}

// arrowProp is one line of an arrow: its digits add up to the bulb's
// number, the bulb's digits read as one number.
type arrowProp struct {
	cs, line, bulb []int
	ds             []int    // the bulb's digits being read
	keep           []uint32 // the bulb's digits that some line sum meets
	target         []uint64
	dp             sumDP
	bound          sumBound // set when the line has long distinct groups
}

// newArrowProp returns the prop for one line of an arrow.
func newArrowProp(line, bulb []int, n int) *arrowProp {
	max := n * len(line)
	a := &arrowProp{line: line, bulb: bulb, dp: newSumDP(len(line), max)}
	a.cs = append(append([]int(nil), line...), bulb...)
	a.ds, a.keep = make([]int, len(bulb)), make([]uint32, len(bulb))
	a.target = make([]uint64, a.dp.words)
	return a
}

func (a *arrowProp) cells() []int { return a.cs }

func (a *arrowProp) run(e *engine) bool {
	lo, hi, ok := a.bound.limits(e)
	if !ok {
		return false
	}
	clear(a.target)
	a.numbers(e, 0, 0, func(v int, _ []int) {
		if v < a.dp.words*64 && (a.bound.groups == nil || v >= lo && v <= hi) {
			a.target[v/64] |= 1 << uint(v%64)
		}
	})
	reach := a.dp.narrow(e, a.line, a.target)
	if reach == nil || !a.narrowBound(e) {
		return false
	}
	clear(a.keep)
	a.numbers(e, 0, 0, func(v int, ds []int) {
		if hasSum(reach, v) && (a.bound.groups == nil || v >= lo && v <= hi) {
			for i, d := range ds {
				a.keep[i] |= bit(d)
			}
		}
	})
	for i, c := range a.bulb {
		if !e.restrict(c, a.keep[i]) {
			return false
		}
	}
	return true
}

// narrowBound narrows the line by its long groups' bounds, to the range
// of the numbers the bulb can still make.
func (a *arrowProp) narrowBound(e *engine) bool {
	if a.bound.groups == nil {
		return true
	}
	min, max := -1, 0
	eachSum(a.target, func(v int) {
		if min < 0 {
			min = v
		}
		max = v
	})
	return min >= 0 && a.bound.narrow(e, min, max)
}

// numbers calls f with each number the bulb's candidates make, from cell
// i on with v read so far, and the digits that make it.
func (a *arrowProp) numbers(e *engine, i, v int, f func(int, []int)) {
	if i == len(a.bulb) {
		f(v, a.ds)
		return
	}
	for r := e.cand[a.bulb[i]]; r != 0; r &= r - 1 {
		d := bits.TrailingZeros32(r)
		a.ds[i] = d
		a.numbers(e, i+1, v*10+d, f)
	}
}
