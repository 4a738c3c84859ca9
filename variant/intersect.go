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
	ua, ub := union(e.candArr, x.aOut), union(e.candArr, x.bOut)
	if ub&^ua != 0 && !claim(e, x.bOut, ua) {
		return false
	}
	return ua&^ub == 0 || claim(e, x.aOut, ub)
}

// union returns the digits some cell of cs can take.
func union(cand *[maxCells]uint32, cs []int) uint32 {
	var u uint32
	for _, c := range cs {
		u |= cand[c&(maxCells-1)]
	}
	return u
}

// claim keeps in cells to only the digits of keep, which the other part
// can take: each part's union is read once, since restricting one part
// to the other's union leaves the other's union as it was.
func claim(e *engine, to []int, keep uint32) bool {
	for _, c := range to {
		if !e.restrict(c, keep) {
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
