package variant

// crossProp joins two full groups that share two or more cells (a box
// and a row, say): a digit that the part of one group outside the other
// cannot take must go in the shared cells, so the other group's outer
// part loses it (pointing and claiming). It waits with the sums (run
// among the cheap props it cost more than it saved), and wakes only when
// one of its cells is placed (see placedOnly).
type crossProp struct {
	cs         []int // the outer cells of a, then of b
	aOut, bOut []int // the cells of a not in b, of b not in a
}

func (x *crossProp) cells() []int { return x.cs }

func (x *crossProp) run(e *engine) bool {
	return x.claim(e, x.aOut, x.bOut) && x.claim(e, x.bOut, x.aOut)
}

// claim removes from to the digits that from cannot take.
func (x *crossProp) claim(e *engine, from, to []int) bool {
	var union uint32
	for _, c := range from {
		union |= e.cand[c]
	}
	if union == e.all {
		return true
	}
	var rest uint32
	for _, c := range to {
		rest |= e.cand[c]
	}
	if rest&^union == 0 {
		return true // to has nothing to lose
	}
	for _, c := range to {
		if !e.restrict(c, union) {
			return false
		}
	}
	return true
}

// crosses adds a crossProp for each pair of full groups sharing two or
// more cells, neither holding the other.
func (e *engine) crosses() {
	var full [][]int
	var sets []cellSet
	for _, pr := range e.props {
		if g, ok := pr.(*groupProp); ok && g.full {
			full, sets = append(full, g.cs), append(sets, setOf(g.cs))
		}
	}
	for i, a := range full {
		for j, b := range full[:i] {
			if x := crossOf(a, b, sets[i], sets[j]); x != nil {
				e.props = append(e.props, x)
			}
		}
	}
}

// newCross returns the crossProp of groups a and b, or nil when they
// share fewer than two cells or one holds the other.
func newCross(a, b []int) *crossProp {
	return crossOf(a, b, setOf(a), setOf(b))
}

// crossOf is newCross with the groups' cells as sets too.
func crossOf(a, b []int, inA, inB cellSet) *crossProp {
	shared := inA.and(inB).count()
	if shared < 2 || shared == len(b) || shared == len(a) {
		return nil
	}
	x := &crossProp{aOut: outside(a, inB), bOut: outside(b, inA)}
	x.cs = append(append([]int(nil), x.aOut...), x.bOut...)
	return x
}
