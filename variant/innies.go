package variant

import "slices"

// maxStickOut bounds a hidden cage's sum (see stickOut). ISS keeps six
// cells; the six-cell ones, the MATHEMAGIC killers' (a five-cell cage with
// four cells in a row, the row's five others), saved them 6% of their nodes
// over three initial branching weights and cost 6% more instructions a
// node (MATHEMAGIC_KILLERS#2 13.69 G to 14.19 G, #8 22.61 G to 27.05 G).
const maxStickOut = 5

// innies adds, for every full group (rows, columns, regions, …), the sums
// that killer cages imply: the cells a group's whole cages leave add up to
// the rest of the group's total (innies), and when the cages that touch a
// group cover it, their cells outside it add up to the excess (outies).
// Where sums overlap, only the first of them count (see apart).
func (b *builder) innies(cages []Killer) {
	if len(cages) == 0 {
		return // no sum: no innie, outie or overlap
	}
	n := b.e.n
	owner := make([]int, n*n)
	for i := range owner {
		owner[i] = -1
	}
	cages = b.apart(cages, owner)
	total := n * (n + 1) / 2
	for _, p := range b.e.props {
		if g, ok := p.(*groupProp); ok && g.full {
			b.inniesOf(g.cs, cages, owner, total, true)
		}
	}
	for k := 2; k <= n/2; k++ {
		for first := 0; first+k <= n; first++ {
			rows, cols := bands(n, first, k)
			b.inniesOf(rows, cages, owner, k*total, false)
			b.inniesOf(cols, cages, owner, k*total, false)
		}
	}
	b.overlaps(cages, owner)
}

// bands returns the cells of rows first..first+k-1, and of those columns.
func bands(n, first, k int) (rows, cols []int) {
	for i := first; i < first+k; i++ {
		for j := 0; j < n; j++ {
			rows, cols = append(rows, i*n+j), append(cols, j*n+i)
		}
	}
	return rows, cols
}

// inniesOf adds the innie and outie sums of one group.
// Only a single group's innies may be long: over several groups they are
// kept to Size cells, where they pay for themselves.
func (b *builder) inniesOf(group []int, cages []Killer, owner []int, total int, single bool) {
	var in cellSet
	var touched []int
	for _, c := range group {
		in.add(c)
		if owner[c] >= 0 {
			touched = append(touched, owner[c])
		}
	}
	if len(touched) == 0 {
		return // no cage: no innie, and not covered
	}
	slices.Sort(touched) // in order: the search must not vary
	touched = slices.Compact(touched)
	var rest, outside []int
	innieSum, outieSum, covered := total, -total, true
	whole := make([]bool, len(cages))
	for _, k := range touched {
		all := true
		for _, x := range cages[k].Cells {
			if !in.has(b.idx(x)) {
				all = false
				outside = append(outside, b.idx(x))
			}
		}
		whole[k] = all
		if all {
			innieSum -= cages[k].Sum
		}
		outieSum += cages[k].Sum
	}
	for _, c := range group {
		if owner[c] < 0 {
			covered = false
		}
		if owner[c] < 0 || !whole[owner[c]] {
			rest = append(rest, c)
		}
	}
	if len(rest) > 0 && len(rest) < len(group) && (single || len(rest) <= b.e.n) {
		b.e.props = append(b.e.props, newSumProp(rest, innieSum, b.e.n))
	}
	if covered && len(outside) > 0 && len(outside) <= b.e.n && outieSum > 0 {
		b.e.props = append(b.e.props, newSumProp(outside, outieSum, b.e.n))
	}
	if single {
		for _, k := range touched {
			b.stickOut(cages[k], &in, rest, innieSum)
		}
	}
}

// stickOut adds, for a cage all of whose cells but one lie in a group,
// the Interactive Sudoku Solver's hidden cage: the group's cells in no
// whole cage (rest, adding up to innieSum) but the cage's, less the cell
// outside, make innieSum minus the cage's sum. Kept to maxStickOut
// cells.
func (b *builder) stickOut(cage Killer, in *cellSet, rest []int, innieSum int) {
	n, out := b.e.n, -1
	var mine cellSet
	for _, x := range cage.Cells {
		c := b.idx(x)
		mine.add(c)
		if !in.has(c) {
			if out >= 0 {
				return // two cells out, or none
			}
			out = c
		}
	}
	if out < 0 {
		return
	}
	var cs []int
	for _, c := range rest {
		if !mine.has(c) {
			cs = append(cs, c)
		}
	}
	if len(cs)+1 > maxStickOut {
		return
	}
	k := len(cs) + 1
	total := innieSum - cage.Sum + n + 1 // the cell out counts as n+1 minus its digit
	if total < k || total > n*k {
		total = n*k + 1 // no digits make it: the puzzle has no solution
	}
	s := newSumProp(append(cs, out), total, n)
	s.dp.neg = make([]bool, k)
	s.dp.neg[k-1] = true
	b.e.props = append(b.e.props, s)
}

// apart returns the sums of sums that overlap none before them, and
// marks in owner each cell's sum (-1 for none).
func (b *builder) apart(sums []Killer, owner []int) []Killer {
	var out []Killer
next:
	for _, s := range sums {
		for _, x := range s.Cells {
			if i := b.idx(x); i < 0 || owner[i] >= 0 {
				continue next
			}
		}
		for _, x := range s.Cells {
			owner[b.idx(x)] = len(out)
		}
		out = append(out, s)
	}
	return out
}
