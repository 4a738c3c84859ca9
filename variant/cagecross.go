package variant

// crossPart is a full group (a house) holding two or more of a killer
// cage's cells but not all: the group's cells outside the cage (rest)
// and the cage's outside the group (out).
type crossPart struct {
	rest, out []int
}

// cross applies a cage's crossParts: a digit that a house's cells
// outside the cage cannot take must go in the cells they share, so the
// cage holds it; its cells outside the house lose it, and all its cells
// keep only the digits of the sets holding every such digit. A five-cell
// cage over two boxes may need a box's last 9 though none of its sums
// does. A house sharing one cell is left out: its digit there is a hidden
// single, which the house's counts place.
func (s *setProp) cross(e *engine) bool {
	var must uint32
	for _, x := range s.crosses {
		can := union(e.candArr, x.rest) // the digits the house's cells outside the cage can take
		need := e.all &^ can
		if need == 0 {
			continue
		}
		must |= need
		for _, c := range x.out {
			if !e.restrict(c, can) {
				return false
			}
		}
	}
	if must == 0 {
		return true
	}
	var keep uint32
	for _, set := range s.sets {
		if set&must == must {
			keep |= set
		}
	}
	for _, c := range s.cs {
		if !e.restrict(c, keep) {
			return false
		}
	}
	return true
}

// crossCages gives each killer cage's set prop its crossParts, over the
// full groups made so far (houses and the rules' full groups). Each
// group's cell set is made once, not once a cage.
func (b *builder) crossCages() {
	if len(b.cages) == 0 {
		return
	}
	var full [][]int
	var sets []cellSet
	for _, pr := range b.e.props {
		if g, ok := pr.(*groupProp); ok && g.full {
			full, sets = append(full, g.cs), append(sets, setOf(g.cs))
		}
	}
	for _, s := range b.cages {
		in := setOf(s.cs)
		for i, g := range full {
			if x, ok := newCrossPart(s.cs, in, g, sets[i]); ok {
				s.crosses = append(s.crosses, x)
			}
		}
	}
}

// newCrossPart returns the crossPart of a cage's cells cs (the set in)
// and a full group's cells g (the set house), and whether they share two
// cells or more but not all of the cage's.
func newCrossPart(cs []int, in cellSet, g []int, house cellSet) (crossPart, bool) {
	shared := house.and(in).count()
	if shared < 2 || shared == len(cs) {
		return crossPart{}, false
	}
	return crossPart{rest: outside(g, in), out: outside(cs, house)}, true
}
