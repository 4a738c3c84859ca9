package variant

import (
	"math/bits"
	"slices"
)

// maxSumGroup bounds the cells in one distinct group of a sum, so that
// enumerating a group's fillings stays cheap. It is four: a power of two
// (fill masks its cell index with it), and a sumRow's four cells fit in
// two words.
const maxSumGroup = 4

// sumGroups splits cs into groups of cells that pairwise share a house
// (a groupProp), greedily; nil when every group is a single cell.
func (e *engine) sumGroups(cs []int, size int, differ func(a, b int) bool) [][]int {
	var gs [][]int
	multi := false
	for _, c := range cs {
		placed := false
		for i, g := range gs {
			if len(g) >= size {
				continue
			}
			ok := true
			for _, o := range g {
				if o == c || !differ(o, c) {
					ok = false
					break
				}
			}
			if ok {
				gs[i] = append(g, c)
				placed, multi = true, true
				break
			}
		}
		if !placed {
			gs = append(gs, []int{c})
		}
	}
	if !multi {
		return nil
	}
	return gs
}

// groupSums sets each little killer's and arrow line's distinct groups
// (not the innie sums': there enumerating costs more than it prunes).
func (e *engine) groupSums() {
	houses := make([][]int, len(e.cand))
	for i, pr := range e.props {
		if g, ok := pr.(*groupProp); ok {
			for _, c := range g.cs {
				houses[c] = append(houses[c], i)
			}
		}
	}
	differ := func(a, b int) bool {
		for _, x := range houses[a] {
			for _, y := range houses[b] {
				if x == y {
					return true
				}
			}
		}
		return false
	}
	e.combine(differ)
	for _, pr := range e.props {
		switch p := pr.(type) {
		case *sumProp:
			if !p.diag {
				continue
			}
			p.dp.groups = e.sumGroups(p.cs, maxSumGroup, differ)
		case *arrowProp:
			p.dp.groups = e.sumGroups(p.line, maxSumGroup, differ)
			if gs := e.houseGroups(p.line); longest(gs) > maxSumGroup {
				p.bound.groups = gs
			}
		}
	}
}

// narrowGroups is narrow over groups of cells whose digits differ: each
// group's sums come from its table (see fillTable), and sums combine
// across groups.
func (s *sumDP) narrowGroups(e *engine, target []uint64) []uint64 {
	w, k := s.words, len(s.groups)
	if len(s.fwd) < (k+1)*w {
		s.fwd, s.back = make([]uint64, (k+1)*w), make([]uint64, (k+1)*w)
	}
	if s.tables == nil {
		s.tables = make([]groupTable, k) // not sized: each keeps one table
	}
	clear(s.fwd[:(k+1)*w])
	clear(s.back[:(k+1)*w])
	for i, g := range s.groups {
		s.tables[i].update(e, g, w)
	}
	s.fwd[0] = 1
	for i := range s.groups {
		convolve(s.fwd[(i+1)*w:(i+2)*w], s.fwd[i*w:(i+1)*w], s.tables[i].sums, false)
	}
	reach := s.fwd[k*w : (k+1)*w]
	if !meetsShifted(reach, target, 0) {
		return nil
	}
	copy(s.back[k*w:], target)
	for i := k - 1; i >= 0; i-- {
		convolve(s.back[i*w:(i+1)*w], s.back[(i+1)*w:(i+2)*w], s.tables[i].sums, true)
	}
	for i, g := range s.groups {
		if !s.tables[i].restrict(e, g, s.fwd[i*w:(i+1)*w], s.back[(i+1)*w:(i+2)*w]) {
			return nil
		}
	}
	return reach
}

// convolve sets dst |= src << v for each sum v in sums (src >> v when
// down). Sets of one or two words, the sums of up to 127 of a little
// killer, are shifted in registers: the loops over words and the calls were a
// fifth of LITTLE_KILLER_SNIPES#10's instructions. Over two words, sums
// that are a run of more than three are smeared (see smear), not shifted
// one by one; over one word that cost more than it saved (Hailstone -
// little killer 1.197 G instructions against 1.222 G).
func convolve(dst, src, sums []uint64, down bool) {
	if len(dst) == 1 && len(src) == 1 {
		var d uint64
		for j, word := range sums {
			for ; word != 0; word &= word - 1 {
				if v := uint(j*64 + bits.TrailingZeros64(word)); down {
					d |= src[0] >> v
				} else {
					d |= src[0] << v
				}
			}
		}
		dst[0] |= d
		return
	}
	if len(dst) != 2 || len(src) != 2 {
		for j, word := range sums {
			for ; word != 0; word &= word - 1 {
				if v := j*64 + bits.TrailingZeros64(word); down {
					shiftRightOr(dst, src, v)
				} else {
					shiftOr(dst, src, v)
				}
			}
		}
		return
	}
	lo, hi := src[0], src[1]
	if a, n := runOf(sums); n > 3 {
		dl, dh := smear(lo, hi, a, n, down)
		dst[0], dst[1] = dst[0]|dl, dst[1]|dh
		return
	}
	var dl, dh uint64
	for j, word := range sums {
		for ; word != 0; word &= word - 1 {
			v := uint(j*64 + bits.TrailingZeros64(word))
			var l, h uint64
			if down {
				l, h = shr128(lo, hi, v)
			} else {
				l, h = shl128(lo, hi, v)
			}
			dl, dh = dl|l, dh|h
		}
	}
	dst[0], dst[1] = dst[0]|dl, dst[1]|dh
}

// runOf returns, for a set of sums of one or two words that holds every
// sum from its least a on, a and how many there are; else n is 0. A
// group's sums mostly are such a run.
func runOf(sums []uint64) (a, n int) {
	var s0, s1 uint64
	switch len(sums) {
	case 2:
		s0, s1 = sums[0], sums[1]
	case 1:
		s0 = sums[0]
	default:
		return 0, 0
	}
	n = bits.OnesCount64(s0) + bits.OnesCount64(s1)
	if n == 0 {
		return 0, 0
	}
	a = bits.TrailingZeros64(s0)
	top := 63 - bits.LeadingZeros64(s0)
	if s1 != 0 {
		top = 127 - bits.LeadingZeros64(s1)
	}
	if s0 == 0 {
		a = 64 + bits.TrailingZeros64(s1)
	}
	if top-a+1 != n {
		return 0, 0
	}
	return a, n
}

// smear returns the 128 bits hi:lo shifted by each of a..a+n-1 (left,
// or right when down) and ORed: the shift by a, then ORed with itself
// shifted by 1, 2, 4, … up to n-1 in all, a few steps where the sums one
// by one took n.
func smear(lo, hi uint64, a, n int, down bool) (uint64, uint64) {
	shift := shl128
	if down {
		shift = shr128
	}
	lo, hi = shift(lo, hi, uint(a))
	for have := 1; have < n; {
		step := min(have, n-have)
		l, h := shift(lo, hi, uint(step))
		lo, hi = lo|l, hi|h
		have += step
	}
	return lo, hi
}

// shl128 returns the 128 bits hi:lo shifted left by d.
func shl128(lo, hi uint64, d uint) (uint64, uint64) {
	if d < 64 {
		return lo << d, hi<<d | lo>>(64-d)
	}
	return 0, lo << (d - 64)
}

// shr128 returns the 128 bits hi:lo shifted right by d.
func shr128(lo, hi uint64, d uint) (uint64, uint64) {
	if d < 64 {
		return lo>>d | hi<<(64-d), hi >> d
	}
	return hi >> (d - 64), 0
}

// eachSum calls f with each sum in set, smallest first.
func eachSum(set []uint64, f func(int)) {
	for i, word := range set {
		for ; word != 0; word &= word - 1 {
			f(i*64 + bits.TrailingZeros64(word))
		}
	}
}

// groupTable is what a group's distinct fillings make, for the
// candidates it was made from: the sums, and per sum and cell the
// digits of the fillings with that sum. It is remade only when the
// group's candidates change, and the last tables made are kept, in
// 1<<bits slots at a hash of their candidates: the search comes back to
// the same candidates over and over (LITTLE_KILLER_SNIPES#10 spent a
// fourth of its time remaking tables). bits is set by sizeCaches, at
// most slotBits; with 0 the table keeps only the current one.
type groupTable struct {
	masks      []uint32 // the candidates of the current table
	sums       []uint64 // the current table's sums (a slot's)
	digits     []sumRow // the current table's digits, [sum-lo][cell]
	lo, rows   int      // the least sum of distinct digits, and how many there are: len(group)*(Size-len(group))+1
	bits       int      // the slots kept are 1<<bits
	keys       []uint32 // per slot, the candidates its table was made from; zeros when empty
	slotSums   []uint64
	slotDigits []sumRow
}

// sumRow holds a group table's digits for one sum, per cell: as an array
// its cells are read and kept without a loop or a bounds check (the
// slice and loop over a sum's digits were a tenth of
// LITTLE_KILLER_SNIPES#10's instructions). Cell j is the 32 bits of word
// j/2 from bit 32·(j%2), so that a row is ORed in two words, not four
// (fill's last cell ORs one a filling). Cells past the group's are zero.
type sumRow [maxSumGroup / 2]uint64

// at returns cell j's digits.
func (r *sumRow) at(j int) uint32 {
	return uint32(r[j>>1&1] >> uint(32*(j&1)))
}

// add adds digits m to cell j's.
func (r *sumRow) add(j int, m uint32) {
	r[j>>1&1] |= uint64(m) << uint(32*(j&1))
}

// slotBits bounds the slots a group table keeps: 64.
const slotBits = 6

// tableRange returns the least sum of k distinct digits of 1..n, and how
// many sums they can make.
func tableRange(k, n int) (lo, rows int) {
	return k * (k + 1) / 2, max(0, k*(n-k)+1)
}

// slotBytes returns the bytes one slot of a table of a group of k cells
// takes on digits 1..n, its sums in words words.
func slotBytes(k, n, words int) int {
	_, rows := tableRange(k, n)
	return 4*k + 8*words + 4*maxSumGroup*rows
}

// update makes t's current table the one for group g's candidates,
// remade unless it is the current one or kept in its slot.
func (t *groupTable) update(e *engine, g []int, words int) {
	k := len(g)
	if t.masks == nil {
		slots := 1 << t.bits
		t.lo, t.rows = tableRange(k, e.n)
		t.masks = make([]uint32, k)
		t.keys = make([]uint32, slots*k)
		t.slotSums = make([]uint64, slots*words)
		t.slotDigits = make([]sumRow, slots*t.rows)
	} else if t.same(e, g) {
		return
	}
	h := uint32(0)
	cand := e.cand
	for j, c := range g {
		t.masks[j] = cand[c]
		h = (h ^ cand[c]) * 0x9e3779b1
	}
	slot := int(h >> (32 - t.bits)) // 0 when bits is 0
	t.sums = t.slotSums[slot*words : (slot+1)*words]
	t.digits = t.slotDigits[slot*t.rows : (slot+1)*t.rows]
	key := t.keys[slot*k : (slot+1)*k]
	if slices.Equal(key, t.masks) {
		return // no mask is empty, so an empty slot never matches
	}
	copy(key, t.masks)
	clear(t.sums)
	clear(t.digits)
	t.fill(g, 0, 0, 0, sumRow{})
}

// same reports whether g's candidates are those t was made from.
func (t *groupTable) same(e *engine, g []int) bool {
	cand, masks := e.cand, t.masks
	for j, c := range g {
		if cand[c] != masks[j] {
			return false
		}
	}
	return true
}

// fill records each filling of g's cells from j on with distinct digits
// (used digits in used, sum so far in sum, the cells before j's digits
// in pre). The last cell's digits are recorded in a loop, not a call
// each: most of the calls were those (LITTLE_KILLER_SNIPES#10 spent a
// fifth of its instructions here); each ORs pre's four cells into the
// sum's row, with no loop over the cells before; the sums they make are
// set at once (orShifted).
func (t *groupTable) fill(g []int, j int, used uint32, sum int, pre sumRow) {
	k := len(g)
	if j < k-1 {
		for r := t.masks[j] &^ used; r != 0; r &= r - 1 {
			d := low(r)
			in := pre
			in.add(j, bit(d)) // cell j is empty in pre
			t.fill(g, j+1, used|bit(d), sum+d, in)
		}
		return
	}
	lastW, lastS := (k-1)>>1&1, uint(32*((k-1)&1)) // the last cell's word and place in it
	r := t.masks[j] &^ used
	if r == 0 {
		return
	}
	orShifted(t.sums, uint64(r), uint(sum))
	for ; r != 0; r &= r - 1 {
		d := low(r)
		v := sum + d
		dr := &t.digits[v-t.lo]
		dr[0], dr[1] = dr[0]|pre[0], dr[1]|pre[1]
		dr[lastW] |= uint64(bit(d)) << lastS
	}
}

// orShifted sets in the bit set dst the bits of m (17 bits at most)
// moved up by: the sums sum+d of the last cell's digits d, in one OR a
// call, not one a digit (LITTLE_KILLER_SNIPES#10 spent 5% of its
// instructions setting them one by one). dst holds every bit set.
func orShifted(dst []uint64, m uint64, by uint) {
	w, s := by/64, by%64
	dst[w] |= m << s
	if s > 64-17 && w+1 < uint(len(dst)) {
		dst[w+1] |= m >> (64 - s)
	}
}

// restrict keeps in g's cells the digits of fillings whose sum v has
// f << v meeting b: some choice of the other groups completes it.
func (t *groupTable) restrict(e *engine, g []int, f, b []uint64) bool {
	keep := t.kept(f, b)
	for j, c := range g {
		if !e.restrict(c, keep.at(j)) {
			return false
		}
	}
	return true
}

// kept returns, per cell, the digits of the fillings whose sum v has
// f << v meeting b. Two words each, the common case, go to keptTwo. It
// stops once every cell keeps all its candidates: the fillings' digits
// are the candidates' at most, so no further sum can add one.
func (t *groupTable) kept(f, b []uint64) sumRow {
	var full sumRow
	for j, m := range t.masks {
		full.add(j, m)
	}
	if len(f) == 2 && len(b) == 2 {
		return t.keptTwo(f[0], f[1], b[0], b[1], &full)
	}
	var keep sumRow
	for i, word := range t.sums {
		for ; word != 0; word &= word - 1 {
			if v := i*64 + bits.TrailingZeros64(word); meetsShifted(f, b, v) {
				if keep.or(&t.digits[v-t.lo]); keep == full {
					return keep
				}
			}
		}
	}
	return keep
}

// keptTwo is kept for f and b of two words, held in registers rather
// than read from their slices, with a check, at each sum.
func (t *groupTable) keptTwo(f0, f1, b0, b1 uint64, full *sumRow) sumRow {
	var keep sumRow
	for i, word := range t.sums {
		for ; word != 0; word &= word - 1 {
			v := i*64 + bits.TrailingZeros64(word)
			if lo, hi := shl128(f0, f1, uint(v)); lo&b0|hi&b1 != 0 {
				if keep.or(&t.digits[v-t.lo]); keep == *full {
					return keep
				}
			}
		}
	}
	return keep
}

// or adds s's digits to r's, cell by cell.
func (r *sumRow) or(s *sumRow) {
	r[0], r[1] = r[0]|s[0], r[1]|s[1]
}

// longest returns the size of the largest of gs.
func longest(gs [][]int) int {
	n := 0
	for _, g := range gs {
		n = max(n, len(g))
	}
	return n
}

// houseGroups splits cs into groups of cells that share a group prop,
// greedily: the group holding the most cells not yet taken comes first
// (the first such in the props' order), its cells in cs's order; a cell
// in no group stands alone. cs must not name a cell twice.
func (e *engine) houseGroups(cs []int) [][]int {
	sets := e.groupSets()
	var left cellSet
	for _, c := range cs {
		left.add(c)
	}
	var out [][]int
	for !left.empty() {
		best, bestN := cellSet{}, 0
		for _, g := range sets {
			if k := g.and(left).count(); k > bestN {
				best, bestN = g.and(left), k
			}
		}
		var in []int
		for _, c := range cs {
			if bestN > 0 && best.has(c) || bestN == 0 && left.has(c) && len(in) == 0 {
				in = append(in, c)
			}
		}
		for _, c := range in {
			left[c/64] &^= 1 << uint(c%64)
		}
		out = append(out, in)
	}
	return out
}

// groupSets returns the cells of each group prop, in the props' order;
// it reads only the props added since its last call (props are only
// ever added).
func (e *engine) groupSets() []cellSet {
	for ; e.groupsSeen < len(e.props); e.groupsSeen++ {
		if g, ok := e.props[e.groupsSeen].(*groupProp); ok {
			var s cellSet
			for _, c := range g.cs {
				s.add(c)
			}
			e.groupSetsMemo = append(e.groupSetsMemo, s)
		}
	}
	return e.groupSetsMemo
}
