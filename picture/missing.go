package picture

import (
	"container/heap"
	"context"
	"math"
	"math/bits"
	"slices"
	"time"
)

// A font's digit read as another wherever it stands (a decorative 7 taken
// for its 1) leaves two marks on the printed digits: the other digit read
// twice in a row, column or box (a clash), and the digit itself read
// nowhere (absent) or in too few cells. A puzzle with one solution prints
// at least eight of the nine digits: were two absent, swapping them in a
// solution would make another. recoverMissing mends such readings a digit
// at a time: it gives some cells of a digit read (a donor) to another, a
// clashing donor's to any digit, or an absent digit some donor's, until
// no digit clashes and the printed digits make one solution. The sets of
// donor cells tried are those likeliest to be the other digit, by the
// classifier and by their glyphs (one face draws a digit alike wherever
// it stands, and two digits apart, however alike the classifier finds
// them: glyphCost), taken in turn with those whose glyphs part most
// clearly from the donor's others (glyphMargin). It reaches what
// arbitrate's sets of up to three misreadings cannot: a digit misread in
// four cells, or two digits in three each.

// How far recoverMissing looks: missingSteps digits given cells at most,
// the likeliest donorSets sets of cells at each step, of donors of up to
// donorMost cells, within missingTime.
const (
	missingSteps = 3
	donorSets    = 24
	donorMost    = 12
)

// missingTime bounds recoverMissing's search. A variable only so that a
// test of what the search finds can lift it: under the race detector on a
// loaded machine 40 ms is not the same search.
var missingTime = 40 * time.Millisecond

// donation is some of a donor digit's printed cells read as another digit
// instead.
type donation struct {
	cells  []int // set when the donation is chosen (likeliest)
	donor  []int
	set    int // the donor cells given, as bits
	digit  int
	cost   float64 // how much less likely than the cells' readings, as a log ratio (with glyphCost)
	margin float64 // how clearly the cells' glyphs part from the donor's others (glyphMargin)
}

// recoverMissing makes the printed digits of r a puzzle with one solution
// by giving cells of some digits read to others (see above), the
// likeliest such reading found in time, and records the cells it changed;
// false when none was found.
func recoverMissing(ctx context.Context, r *Reading, in *[81][]float32) bool {
	if !needsDonor(r.Cells) {
		return false
	}
	ctx, cancel := context.WithTimeout(ctx, missingTime)
	defer cancel()
	m, ok := mendDonors(ctx, r.Cells, glyphDistances(r.Cells, in))
	if !ok {
		return false
	}
	for _, i := range m.changed {
		r.Cells[i] = cellOf(r.Cells[i].probs, Class(int(m.digits[i]), false))
		r.Cells[i].overruled = true
	}
	r.Corrected = append(r.Corrected, m.changed...)
	slices.Sort(r.Corrected)
	r.Corrected = slices.Compact(r.Corrected)
	return true
}

// mended returns cells with their printed digits made a puzzle with one
// solution by recoverMissing, the cells changed marked overruled, and how
// many it changed (0 when it found no such reading).
func mended(ctx context.Context, cells [81]Cell, in *[81][]float32) ([81]Cell, int) {
	r := &Reading{Cells: cells}
	recoverMissing(ctx, r, in)
	return r.Cells, len(r.Corrected)
}

// needsDonor reports whether the printed digits of cells show a digit read
// as another: a digit read twice in a house, or absent.
func needsDonor(cells [81]Cell) bool {
	clash, absent := flaws(byDigit(printedKey(cells)))
	return clash != 0 || len(absent) > 0
}

// flaws returns the first digit read twice in a house (0 for none) and
// the digits absent, of the printed cells by digit.
func flaws(by [10][]int) (clash int, absent []int) {
	for d := 1; d <= 9; d++ {
		switch {
		case clash == 0 && len(by[d]) > 1 && !independent(by[d]):
			clash = d
		case len(by[d]) == 0:
			absent = append(absent, d)
		}
	}
	return clash, absent
}

// mend is a reading recoverMissing weighs: its printed digits (0 for
// none), the cells changed, how much less likely it is than the
// classifier's (a log ratio) and in how many steps it was reached.
type mend struct {
	digits  [81]int8
	changed []int
	cost    float64
	steps   int
}

// mendDonors searches the readings cells' donations lead to, the least
// costly first, for one whose printed digits have no clash and make one
// solution. A reading's flaw mended next is a clashing digit (whose cells
// it gives to any other digit), or, when none clashes or two digits or
// more are absent, an absent digit (given a donor's cells: which of them
// was never printed the search tells), by each of its likeliest
// donations. Two digits' cells swapped read a puzzle with one solution
// as surely as the right reading: the least costly first, the classifier
// tells them apart.
func mendDonors(ctx context.Context, cells [81]Cell, dist *[81][81]float64) (*mend, bool) {
	open := &mendQueue{{digits: printedKey(cells)}}
	seen := map[[81]int8]bool{}
	for open.Len() > 0 && ctx.Err() == nil {
		m := heap.Pop(open).(*mend)
		if seen[m.digits] {
			continue // reached before, by a cheaper way
		}
		seen[m.digits] = true
		by := byDigit(m.digits)
		clash, absent := flaws(by)
		if clash == 0 && m.steps > 0 && uniqueGrid(ctx, gridOf(m.digits)) {
			return m, true
		}
		if m.steps == missingSteps || clash == 0 && len(absent) == 0 {
			continue
		}
		var ds []donation
		if clash == 0 || len(absent) > 1 {
			ds = absentDonations(cells, m.digits, dist, by, absent)
		} else {
			ds = clashDonations(cells, m.digits, dist, by, clash)
		}
		for _, d := range ds {
			next := &mend{digits: m.digits, changed: append(slices.Clip(m.changed), d.cells...), cost: m.cost + d.cost, steps: m.steps + 1}
			for _, i := range d.cells {
				next.digits[i] = int8(d.digit)
			}
			heap.Push(open, next)
		}
	}
	return nil, false
}

// mendQueue is mendDonors' readings to weigh, a heap by cost.
type mendQueue []*mend

func (q mendQueue) Len() int           { return len(q) }
func (q mendQueue) Less(i, j int) bool { return q[i].cost < q[j].cost }
func (q mendQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *mendQueue) Push(x any)        { *q = append(*q, x.(*mend)) }
func (q *mendQueue) Pop() any {
	old := *q
	m := old[len(old)-1]
	*q = old[:len(old)-1]
	return m
}

// printedKey returns the printed digits of cells, 0 for none.
func printedKey(cells [81]Cell) [81]int8 {
	var k [81]int8
	for i, c := range cells {
		if !c.Written {
			k[i] = int8(c.Digit)
		}
	}
	return k
}

// byDigit returns the cells of printed digits (0 for none) by digit.
func byDigit(digits [81]int8) [10][]int {
	var by [10][]int
	for i, d := range digits {
		if d != 0 {
			by[d] = append(by[d], i)
		}
	}
	return by
}

// clashDonations returns the likeliest donorSets ways of giving cells of
// digit b, read twice in a house, to another digit: sets that leave b
// fewer clashes, as the other digit is printed (see donationsOf).
func clashDonations(cells [81]Cell, digits [81]int8, dist *[81][81]float64, by [10][]int, b int) []donation {
	var all []donation
	margins := newMargins(dist, by[b])
	for a := 1; a <= 9; a++ {
		if a != b {
			all = append(all, donationsOf(cells, digits, margins, by[b], by[a], a, true)...)
		}
	}
	return likeliest(all)
}

// absentDonations returns the likeliest donorSets ways of giving one of
// the absent digits cells of another digit (see donationsOf).
func absentDonations(cells [81]Cell, digits [81]int8, dist *[81][81]float64, by [10][]int, absent []int) []donation {
	var all []donation
	for b := 1; b <= 9; b++ {
		if len(by[b]) == 0 {
			continue
		}
		margins := newMargins(dist, by[b])
		for _, a := range absent {
			all = append(all, donationsOf(cells, digits, margins, by[b], nil, a, false)...)
		}
	}
	return likeliest(all)
}

// donationsOf returns the ways of reading some of the donor cells (up to
// donorMost of them) as digit a, printed in the cells has (all of them
// leave the donor's digit absent, to be given cells in turn): no two in
// one row, column or box with each other or with has, and with fewer
// (the donor's clashes mended), the cells left sharing fewer houses than
// the donor's. Of a set and the donor's other
// cells, when either could be a, only the one likelier to be it is a
// donation: the two read the same puzzle but for two digits swapped,
// which the solver cannot tell apart.
func donationsOf(cells [81]Cell, digits [81]int8, margins margins, donor, has []int, a int, fewer bool) []donation {
	if len(donor) > donorMost {
		return nil
	}
	g := newGift(cells, digits, donor, has, a)
	var out []donation
	full := 1<<len(donor) - 1
	for set := 1; set <= full; set++ {
		if !g.fits(set) || fewer && g.clashes(full^set) >= g.clashes(full) {
			continue
		}
		cost := g.cost(set) + glyphCost(margins.dist, donor, has, set)
		if o := full ^ set; o != 0 && g.fits(o) && (g.cost(o)+glyphCost(margins.dist, donor, has, o))/float64(bits.OnesCount(uint(o))) <
			cost/float64(bits.OnesCount(uint(set))) {
			continue // the other cells are likelier a's
		}
		out = append(out, donation{donor: donor, set: set, digit: a, cost: cost, margin: margins.of(set)})
	}
	return out
}

// gift is a donor's cells as donationsOf weighs them, by their index in
// the donor: what reading each as the digit given costs, the donor cells
// each shares a house with, and those sharing one with the digit's
// printed cells.
type gift struct {
	costs    []float64
	conflict []int
	blocked  int
}

// newGift returns the gift of the donor cells (of cells, read as digits)
// to digit a, printed in has.
func newGift(cells [81]Cell, digits [81]int8, donor, has []int, a int) gift {
	g := gift{costs: make([]float64, len(donor)), conflict: make([]int, len(donor))}
	for k, i := range donor {
		p := cells[i].probs
		g.costs[k] = math.Log(max(digitProb(p, int(digits[i])), 1e-6)) - math.Log(max(digitProb(p, a), 1e-6))
		for l, j := range donor {
			if l != k && sameHouse(i, j) {
				g.conflict[k] |= 1 << l
			}
		}
		for _, j := range has {
			if sameHouse(i, j) {
				g.blocked |= 1 << k
			}
		}
	}
	return g
}

// fits reports whether the cells of set share no house with each other or
// with the digit's.
func (g gift) fits(set int) bool {
	if set&g.blocked != 0 {
		return false
	}
	for k := range g.conflict {
		if set&(1<<k) != 0 && g.conflict[k]&set != 0 {
			return false
		}
	}
	return true
}

// clashes counts the pairs of set's cells that share a house.
func (g gift) clashes(set int) int {
	n := 0
	for k := range g.conflict {
		if set&(1<<k) != 0 {
			n += bits.OnesCount(uint(g.conflict[k] & set))
		}
	}
	return n / 2
}

// cost is what reading set's cells as the digit given costs.
func (g gift) cost(set int) float64 {
	c := 0.0
	for k, v := range g.costs {
		if set&(1<<k) != 0 {
			c += v
		}
	}
	return c
}

// picked returns the cells whose bits set has.
func picked(cells []int, set int) []int {
	var out []int
	for k, i := range cells {
		if set&(1<<k) != 0 {
			out = append(out, i)
		}
	}
	return out
}

// likeliest returns up to donorSets donations: the classifier's likeliest
// and those whose glyphs part most clearly (glyphMargin), in turn.
func likeliest(all []donation) []donation {
	byCost := slices.SortedFunc(slices.Values(all), func(x, y donation) int { return cmpFloat(x.cost, y.cost) })
	byMargin := slices.SortedFunc(slices.Values(all), func(x, y donation) int { return cmpFloat(y.margin, x.margin) })
	return interleave(byCost, byMargin, donorSets)
}

// interleave returns up to n donations, taken in turn from a and b, each
// once.
func interleave(a, b []donation, n int) []donation {
	var out []donation
	type key struct {
		digit int
		cells [2]uint64
	}
	seen := map[key]bool{}
	for k := 0; len(out) < n && (k < len(a) || k < len(b)); k++ {
		for _, list := range [][]donation{a, b} {
			if k >= len(list) || len(out) == n {
				continue
			}
			d := list[k]
			d.cells = picked(d.donor, d.set)
			key := key{digit: d.digit}
			for _, i := range d.cells {
				key.cells[i/64] |= 1 << (i % 64)
			}
			if !seen[key] {
				seen[key] = true
				out = append(out, d)
			}
		}
	}
	return out
}

// glyphDistances returns the glyph distances between the printed cells
// of cells (the classifier's inputs in).
func glyphDistances(cells [81]Cell, in *[81][]float32) *[81][81]float64 {
	var dist [81][81]float64
	by := byDigit(printedKey(cells))
	var printed []int
	for _, cs := range by {
		printed = append(printed, cs...)
	}
	for k, i := range printed {
		for _, j := range printed[:k] {
			dist[i][j] = glyphDistance(in[i], in[j])
			dist[j][i] = dist[i][j]
		}
	}
	return &dist
}

// glyphCost is what the glyphs say of giving the donor cells of set to a
// digit printed in has, in the classifier's log odds: for each cell given,
// glyphWeight times how much nearer (by glyphScale, at most glyphClamp)
// its glyph lies to the donor's cells kept than to the digit's cells and
// the others given; negative when it lies nearer those.
func glyphCost(dist *[81][81]float64, donor, has []int, set int) float64 {
	c := 0.0
	for k, i := range donor {
		if set&(1<<k) == 0 {
			continue
		}
		like, stay := math.Inf(1), math.Inf(1)
		for l, j := range donor {
			switch {
			case l == k:
			case set&(1<<l) != 0:
				like = min(like, dist[i][j])
			default:
				stay = min(stay, dist[i][j])
			}
		}
		for _, j := range has {
			like = min(like, dist[i][j])
		}
		c += glyphWeight * max(-glyphClamp, min(glyphClamp, (like-stay)/glyphScale))
	}
	return c
}

// How glyphCost weighs a glyph's distances (glyphDistance): one face's
// glyphs of a digit lie 0.03 apart at the median (see faceMid).
const (
	glyphWeight = 2.0
	glyphScale  = 0.015
	glyphClamp  = 2.0
)

// margins are a donor's glyphMargins, by the set of its cells given, each
// worked out once.
type margins struct {
	dist  *[81][81]float64
	donor []int
	known map[int]float64
}

// newMargins returns the margins of a donor's cells.
func newMargins(dist *[81][81]float64, donor []int) margins {
	return margins{dist: dist, donor: donor, known: map[int]float64{}}
}

// of returns the glyphMargin of the donor cells set gives.
func (m margins) of(set int) float64 {
	v, ok := m.known[set]
	if !ok {
		v = glyphMargin(m.dist, m.donor, set)
		m.known[set] = v
	}
	return v
}

// glyphMargin is how clearly the donor cells that set picks part from
// the others: the least distance between a glyph of each, less the
// greatest between two of one.
func glyphMargin(dist *[81][81]float64, donor []int, set int) float64 {
	between, within := math.Inf(1), 0.0
	for k, i := range donor {
		for l, j := range donor[:k] {
			if (set>>k)&1 != (set>>l)&1 {
				between = min(between, dist[i][j])
			} else {
				within = max(within, dist[i][j])
			}
		}
	}
	return between - within
}

// independent reports whether no two cells share a row, column or box.
func independent(cells []int) bool {
	for k, i := range cells {
		for _, j := range cells[:k] {
			if sameHouse(i, j) {
				return false
			}
		}
	}
	return true
}

// sameHouse reports whether cells i and j share a row, column or box.
func sameHouse(i, j int) bool {
	return i/9 == j/9 || i%9 == j%9 || i/27 == j/27 && i%9/3 == j%9/3
}
