package variant

import "slices"

// crossing is a sum of cells as the crossing sums see it: its cells as a
// set and as a list, and its total.
type crossing struct {
	set   cellSet
	cs    []int
	total int
}

// crossings adds, for each full group, the sum that the sums crossing it
// imply outside it (as the Interactive Sudoku Solver's sum intersections
// do): the group's total is known, so when sums that do not overlap, and
// other full groups that meet it only where those sums leave gaps, cover
// the group, the cells they hold outside it add up to their totals less
// the group's. Full groups wholly among those cells come off with their
// totals. Such a sum is kept only when it is tight for its cells'
// distinct groups: its range of possible sums more than four times its
// least distance from a bound. Hailstone's little killers cross the
// diagonals this way. sums may overlap; one with a cell outside the grid
// is left out.
func (b *builder) crossings(sums []Killer) {
	houses := b.fullSets()
	var pieces []crossing
	for _, k := range sums {
		cs, err := b.idxs(k.Cells)
		if p := newCrossing(cs, k.Sum); err == nil && p.set.count() == len(cs) {
			pieces = append(pieces, p) // a sum naming a cell twice is left out
		}
	}
	seen := b.sumKeys()
	for i := range houses {
		s, ok := b.crossingOf(i, houses, pieces)
		if !ok || !b.tight(s) {
			continue
		}
		if key := sumKey(s.cs, s.total); !seen[key] {
			seen[key] = true
			p := newSumProp(s.cs, s.total, b.e.n)
			p.bound.groups = b.e.houseGroups(s.cs)
			b.e.props = append(b.e.props, p)
		}
	}
}

// newCrossing returns the crossing of cells cs adding up to total.
func newCrossing(cs []int, total int) crossing {
	s := crossing{cs: cs, total: total}
	for _, c := range cs {
		s.set.add(c)
	}
	return s
}

// fullSets returns the full groups as crossings adding up to 1+…+Size.
func (b *builder) fullSets() []crossing {
	n := b.e.n
	var out []crossing
	for _, pr := range b.e.props {
		if g, ok := pr.(*groupProp); ok && g.full {
			out = append(out, newCrossing(g.cs, n*(n+1)/2))
		}
	}
	return out
}

// crossingOf returns the sum that the pieces crossing houses[i] imply
// outside it; ok is false when they and the other houses do not cover it
// or leave nothing outside.
func (b *builder) crossingOf(i int, houses, pieces []crossing) (crossing, bool) {
	h := houses[i]
	chosen := apartFrom(h, pieces)
	if len(chosen) == 0 {
		return crossing{}, false
	}
	var covered cellSet
	total := -h.total
	for _, p := range chosen {
		covered, total = covered.or(p.set), total+p.total
	}
	covered, total = fillGaps(h, i, houses, covered, total)
	if !h.set.minus(covered).empty() {
		return crossing{}, false
	}
	out := covered.minus(h.set)
	for j, g := range houses {
		if j != i && g.set.minus(out).empty() {
			out, total = out.minus(g.set), total-g.total
		}
	}
	if out.empty() {
		return crossing{}, false
	}
	return crossing{set: out, cs: out.cells(), total: total}, true
}

// apartFrom returns the pieces that meet h and overlap none chosen
// before them: those that overlap the fewest others first, so that they
// leave the most room (greedy, stable).
func apartFrom(h crossing, pieces []crossing) []crossing {
	var meet []crossing
	for _, p := range pieces {
		if !p.set.and(h.set).empty() {
			meet = append(meet, p)
		}
	}
	overlaps := make(map[int]int, len(meet))
	for i, p := range meet {
		for _, q := range meet {
			if !p.set.and(q.set).empty() {
				overlaps[i]++
			}
		}
	}
	order := make([]int, len(meet))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return overlaps[a] - overlaps[b] })
	var taken cellSet
	var out []crossing
	for _, i := range order {
		if p := meet[i]; p.set.and(taken).empty() {
			out, taken = append(out, p), taken.or(p.set)
		}
	}
	return out
}

// fillGaps adds to covered the houses other than houses[i] none of
// whose cells is covered that meet h in two or more cells; it returns
// covered and total with their totals.
func fillGaps(h crossing, i int, houses []crossing, covered cellSet, total int) (cellSet, int) {
	for j, g := range houses {
		gap := h.set.minus(covered)
		if gap.empty() {
			break
		}
		if j == i || !g.set.and(covered).empty() || g.set.and(gap).count() < 2 {
			continue
		}
		covered, total = covered.or(g.set), total+g.total
	}
	return covered, total
}

// tight reports whether sum s is worth a prop: its distinct groups allow
// a range of sums more than four times the least distance from its total
// to a bound (a total beyond the bounds is kept: it fails at once).
func (b *builder) tight(s crossing) bool {
	lo, hi := groupsRange(b.e.houseGroups(s.cs), b.e.n)
	if s.total < lo || s.total > hi {
		return true
	}
	dof := min(s.total-lo, hi-s.total)
	return hi > lo && hi-lo > 4*dof
}

// groupsRange returns the least and greatest sums of cells in groups gs
// whose digits differ within each group, on digits 1..n.
func groupsRange(gs [][]int, n int) (lo, hi int) {
	for _, g := range gs {
		k := len(g)
		lo, hi = lo+k*(k+1)/2, hi+k*(2*n-k+1)/2
	}
	return lo, hi
}

// sumKeys returns the keys of the sum props already made.
func (b *builder) sumKeys() map[string]bool {
	seen := map[string]bool{}
	for _, pr := range b.e.props {
		if s, ok := pr.(*sumProp); ok && s.dp.neg == nil {
			seen[sumKey(s.cs, s.total)] = true
		}
	}
	return seen
}

// sumKey names a sum of cells cs (in any order) at total.
func sumKey(cs []int, total int) string {
	sorted := slices.Sorted(slices.Values(cs))
	key := make([]byte, 0, 2*len(cs)+2)
	for _, c := range sorted {
		key = append(key, byte(c), byte(c>>8))
	}
	return string(append(key, byte(total), byte(total>>8)))
}
