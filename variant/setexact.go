package variant

import "math/bits"

// maxExactSet bounds the cells of a set prop whose digits are checked
// exactly (see exact); beyond four cells only while their candidates
// allow at most maxExactFillings fillings, the product of their counts.
// Killer cages of five and six cells checked so took MATHEMAGIC_KILLERS
// 18 % fewer nodes at the same time; checked always, 29 % fewer nodes
// but 40 µs a node instead of 16. With kept results (exactSlot), 1,024
// fillings rather than 512 took the five MATHEMAGIC killers and
// TAREK_ALL#37/#38 16 % fewer nodes and 10 % fewer instructions; 4,096
// took 14 % fewer nodes but 17 % more instructions.
const (
	maxExactSet      = 6
	maxExactFillings = 1024
	exactSlotBits    = 12
)

// exactly reports whether s is checked exactly now: it has at most four
// cells, or at most maxExactSet whose candidates allow few fillings.
func (s *setProp) exactly(e *engine) bool {
	if len(s.cs) > maxExactSet {
		return false
	}
	if len(s.cs) <= 4 {
		return true
	}
	n := 1
	for _, c := range s.cs {
		if n *= bits.OnesCount32(e.cand[c]); n > maxExactFillings {
			return false
		}
	}
	return true
}

// exact is run for a set prop of few cells: it keeps in each cell the
// digits that some full filling of the cells with one of the sets, its
// digits in any order, gives it. The plain pass only asks each cell to
// meet the set: two cells of a renban of two, one {1, 9} and one
// {1, 2, 8, 9}, keep all their digits there, though the second can only
// be 2 or 8.
func (s *setProp) exact(e *engine) bool {
	if s.slots == nil {
		s.live = min(s.bits, firstSlotBits)
		s.slots = make([]exactSlot, 1<<s.live)
	}
	var masks [maxExactSet]uint16
	h := uint32(0)
	cand := e.candArr
	for j, c := range s.cs {
		m := cand[c&(maxCells-1)]
		masks[j] = uint16(m >> 1)
		h = (h ^ m) * 0x9e3779b1
	}
	sl := &s.slots[h>>(32-s.live)] // 0 when live is 0
	if !sl.made || sl.masks != masks {
		if s.misses++; s.live < s.bits && s.misses > 4<<s.live {
			s.live = s.bits // missing often: all its slots
			s.slots = make([]exactSlot, 1<<s.live)
			sl = &s.slots[h>>(32-s.live)]
		}
		keep, inter, found := s.search(e)
		sl.masks, sl.made, sl.found, sl.inter = masks, true, found, uint16(inter>>1)
		for j := range s.cs {
			sl.keep[j] = uint16(keep[j] >> 1)
		}
	}
	if !sl.found {
		return false
	}
	for j, c := range s.cs {
		if !e.restrict(c, uint32(sl.keep[j])<<1) {
			return false
		}
	}
	return s.required(e, uint32(sl.inter)<<1)
}

// firstSlotBits bounds the slots a set prop makes at its first run: it
// makes all 1<<bits only once it has missed more than four times as many
// times, so that a puzzle solved in a few nodes does not make and clear
// 28 kB a cage.
const firstSlotBits = 6

// exactSlot is one result of exact's search kept: the candidates it was
// made from, the digits each cell keeps, those every possible set holds,
// and whether there was one; digits 1..16 are bits 0..15, so that a
// slot takes 28 bytes. A set prop keeps 1<<bits of them, at a hash of
// their candidates, as a group table does: the search meets the same
// candidates over and over. TAREK_ALL#38 took 4.8% fewer instructions a
// node with 1,024 slots (28 kB), 2% with 64; sizeCaches gives each set
// prop at most 1<<exactSlotBits within the engine's budget. Up to 4,096
// (within the same budget) took Hard renban 2 0.6% fewer instructions
// than 1,024, MATHEMAGIC_KILLERS#9 0.4%.
type exactSlot struct {
	masks, keep [maxExactSet]uint16
	inter       uint16
	found, made bool
}

// search returns, for the cells' candidates, the digits each keeps (see
// exact), the digits every possible set holds, and whether some set can
// fill the cells. One pass over the cells a set tells whether some cell
// meets none of its digits (the set cannot fit), whether every cell can
// take all of it (each filling with it does: each cell keeps all of it
// without trying orders; a set has as many digits as s has cells), and
// whether the cells keep its digits already (with it holding every digit
// of the sets that fitted so far, whether it fits changes nothing).
func (s *setProp) search(e *engine) (keep [maxExactSet]uint32, inter uint32, found bool) {
	var m [maxExactSet]uint32 // the cells' candidates, read once
	var union uint32
	k := len(s.cs)
	for j, c := range s.cs {
		m[j] = e.cand[c]
		union |= m[j]
	}
	if k <= 4 {
		return s.searchFew(&m, union, e.all)
	}
	if k == 5 { // the sixth cell meets, takes and keeps every digit
		m[5], keep[5] = ^uint32(0), ^uint32(0)
	}
	inter = e.all
	for _, set := range s.sets {
		if set&^union != 0 {
			continue
		}
		x0, x1, x2, x3, x4, x5 := m[0]&set, m[1]&set, m[2]&set, m[3]&set, m[4]&set, m[5]&set
		if x0 == 0 || x1 == 0 || x2 == 0 || x3 == 0 || x4 == 0 || x5 == 0 {
			continue // a cell meets no digit of it
		}
		if found && inter&^set == 0 &&
			x0&^keep[0]|x1&^keep[1]|x2&^keep[2]|x3&^keep[3]|x4&^keep[4]|x5&^keep[5] == 0 {
			continue // whether it fits changes nothing: skip the work
		}
		if x0&x1&x2&x3&x4&x5 == set { // every cell takes all of it
			found, inter = true, inter&set
			for j := range keep {
				keep[j] |= set
			}
			continue
		}
		if matchings(&m, k, set, &keep) {
			found, inter = true, inter&set
		}
	}
	if k == 5 {
		keep[5] = 0
	}
	return keep, inter, found
}

// searchFew is search for up to four cells (m their candidates, union
// theirs), with the tests of a set on the four at once, not in a loop
// over the cells: cells past k meet, take and keep every digit. Hard
// renban 2's three-cell renbans spent about 4% of its instructions in
// that loop.
func (s *setProp) searchFew(m *[maxExactSet]uint32, union, all uint32) (keep [maxExactSet]uint32, inter uint32, found bool) {
	k := len(s.cs)
	for j := k; j < 4; j++ {
		m[j], keep[j] = ^uint32(0), ^uint32(0)
	}
	inter = all
	for _, set := range s.sets {
		if set&^union != 0 {
			continue
		}
		x0, x1, x2, x3 := m[0]&set, m[1]&set, m[2]&set, m[3]&set
		if x0 == 0 || x1 == 0 || x2 == 0 || x3 == 0 {
			continue // a cell meets no digit of it
		}
		if found && inter&^set == 0 && x0&^keep[0]|x1&^keep[1]|x2&^keep[2]|x3&^keep[3] == 0 {
			continue // whether it fits changes nothing: skip the work
		}
		if x0&x1&x2&x3 == set { // every cell takes all of it
			found, inter = true, inter&set
			keep[0], keep[1], keep[2], keep[3] = keep[0]|set, keep[1]|set, keep[2]|set, keep[3]|set
			continue
		}
		if k == 3 && bits.OnesCount32(set) == 3 { // orders' common case, with no call through it
			if hall3cells(m, set, &keep) {
				found, inter = true, inter&set
			}
		} else if s.orders(m, set, &keep) {
			found, inter = true, inter&set
		}
	}
	for j := k; j < 4; j++ {
		keep[j] = 0
	}
	return keep, inter, found
}

// matchings is orders for five and six cells and as many digits in
// set. It finds one filling (a perfect matching of cells and digits,
// greedily, then by augmenting paths: augment); a cell i can then take
// the digit of cell j in some filling exactly when j reaches i (moves):
// j takes another digit, whose cell another, …, and some cell takes i's
// (Berge's alternating cycles, as in Régin's all-different filter).
// About 850 instructions a set on MATHEMAGIC_KILLERS#9, where the walk
// over the subsets of set's digits as the bits of a word it replaced
// (matchingsBySubsets, the tests' reference) took about 950. Only the
// filling when got already holds every digit of set the cells can take.
func matchings(m *[maxExactSet]uint32, k int, set uint32, got *[maxExactSet]uint32) bool {
	var a, held [maxExactSet]uint32 // each cell's digits of set, and the one it holds
	var owner [32]int8              // per digit, the cell holding it
	used := uint32(0)
	for i := range k {
		if a[i] = m[i] & set; a[i] == 0 {
			return false
		}
		if f := a[i] &^ used; f != 0 {
			d := f & -f
			held[i], used = d, used|d
			owner[bits.TrailingZeros32(d)&31] = int8(i)
		}
	}
	for i := range k {
		if held[i] == 0 && !augment(&a, &held, &owner, i, &used) {
			return false
		}
	}
	first := k // the first cell that wants a digit got lacks
	for i := k - 1; i >= 0; i-- {
		if a[i]&^got[i] != 0 {
			first = i
		}
	}
	if first == k {
		return true // the cells have all they can take: a filling is all to know
	}
	reach := moves(&a, &owner, k)
	for i := first; i < k; i++ {
		var to uint32 // the digits of the cells that reach cell i
		for c := reach >> uint(i) & 0x0101010101010101; c != 0; c &= c - 1 {
			to |= held[bits.TrailingZeros64(c)>>3]
		}
		got[i] |= a[i] & to
	}
	return true
}

// augment gives cell u, which holds no digit, one of its digits a[u]:
// a free one, or one held by a cell that can move to another, and so
// on to a free digit (a breadth-first search over the cells). It
// reports whether there is such a path; the cells on it then hold their
// new digits.
func augment(a, held *[maxExactSet]uint32, owner *[32]int8, u int, used *uint32) bool {
	var queue, from [maxExactSet]int8 // cells to visit; per cell, the cell that wants its digit
	queue[0] = int8(u)
	seen := uint32(0)
	for head, tail := 0, 1; head < tail; head++ {
		x := int(queue[head])
		for r := a[x] &^ seen; r != 0; r &= r - 1 {
			d := r & -r
			seen |= d
			if *used&d == 0 { // free: each cell on the path takes the digit after it
				*used |= d
				for {
					old := held[x]
					held[x] = d
					owner[bits.TrailingZeros32(d)&31] = int8(x)
					if x == u {
						return true
					}
					d, x = old, int(from[x])
				}
			}
			y := owner[bits.TrailingZeros32(d)&31]
			from[y] = int8(x)
			queue[tail] = y
			tail++
		}
	}
	return false
}

// moves returns, for a filling (owner as in matchings), the cells each
// cell reaches as a matrix of bits, byte i for cell i: cell i reaches j
// when it can take j's digit, or the digit of a cell that reaches j
// (each cell itself). Warshall's closure, a cell a few word operations:
// the bytes of the rows that hold the cell take its row.
func moves(a *[maxExactSet]uint32, owner *[32]int8, k int) uint64 {
	const ones = 0x0101010101010101 // bit 0 of each byte
	var reach uint64
	for i := range k {
		var row uint64
		for r := a[i]; r != 0; r &= r - 1 {
			row |= 1 << uint(owner[bits.TrailingZeros32(r)&31]&7)
		}
		reach |= row << uint(8*i)
	}
	for p := range k {
		rows := (reach >> uint(p) & ones) * 0xff             // the rows holding p, whole bytes
		reach |= rows & ((reach >> uint(8*p) & 0xff) * ones) // p's row in each byte
	}
	return reach
}

// orders adds to got the digit of set each cell of s takes in some
// filling of the cells with set's digits, one each, from their
// candidates, and reports whether there is a filling. For three and four
// cells it tests Hall's condition on the others (hall3cells, hall4), for
// fewer it tries the orders of set's digits from a table, for more it
// walks the subsets of set's digits (see matchings).
func (s *setProp) orders(m *[maxExactSet]uint32, set uint32, got *[maxExactSet]uint32) bool {
	k := len(s.cs)
	if k == 4 && bits.OnesCount32(set) == 4 {
		return hall4(m, set, got)
	}
	if k == 3 && bits.OnesCount32(set) == 3 {
		return hall3cells(m, set, got)
	}
	if k > 3 {
		return matchings(m, k, set, got)
	}
	var ds [3]uint32
	mm := [3]uint32{^uint32(0), ^uint32(0), ^uint32(0)} // cells past k meet any digit
	for i, r := 0, set; r != 0; i, r = i+1, r&(r-1) {
		ds[i] = r & -r
	}
	copy(mm[:k], m[:k])
	found := false
	for _, p := range orders[k] {
		if mm[0]&ds[p[0]] != 0 && mm[1]&ds[p[1]] != 0 && mm[2]&ds[p[2]] != 0 {
			found = true
			for j := range k {
				got[j] |= ds[p[j]]
			}
		}
	}
	return found
}

// orders lists, for k of 0 to 3 cells, the orders of k digits: each
// cell's position in the set's digits (0 for the cells past k).
var orders = [4][][3]uint8{
	{},
	{{0, 0, 0}},
	{{0, 1, 0}, {1, 0, 0}},
	{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}},
}

// hall4 is orders for four cells: cell i can take digit d of set when
// the three other cells can take the three other digits, one each, which
// Hall's condition decides (each cell some digit, each two of them two,
// the three all three), for all of a cell's digits at once (takes3).
// A cell can take a digit in some filling exactly when there is one, so
// the first cell's digits tell whether there is. TAREK_ALL#37 spent
// about 1,000 instructions a set in matchings, a third of all its
// instructions, and 15% in a Hall test a digit.
func hall4(m *[maxExactSet]uint32, set uint32, got *[maxExactSet]uint32) bool {
	a0, a1, a2, a3 := m[0]&set, m[1]&set, m[2]&set, m[3]&set
	if a0 == 0 || a1 == 0 || a2 == 0 || a3 == 0 {
		return false
	}
	g0 := a0 & takes3(a1, a2, a3, set)
	if g0 == 0 {
		return false
	}
	got[0] |= g0
	got[1] |= a1 & takes3(a0, a2, a3, set)
	got[2] |= a2 & takes3(a0, a1, a3, set)
	got[3] |= a3 & takes3(a0, a1, a2, set)
	return true
}

// takes3 returns the digits d of set (four digits) that leave to three
// cells that can take x, y and z (not empty, within set) set's other
// three digits, one each: between them they miss no digit but d, none
// can take only d, and no two can take only d and one other digit.
func takes3(x, y, z, set uint32) uint32 {
	ok := set
	if miss := set &^ (x | y | z); miss != 0 {
		ok = miss // the one digit they miss must be d
		if miss&(miss-1) != 0 {
			return 0 // they miss two
		}
	}
	if x&(x-1) == 0 {
		ok &^= x // one digit: d may not be it
	}
	if y&(y-1) == 0 {
		ok &^= y
	}
	if z&(z-1) == 0 {
		ok &^= z
	}
	return ok &^ two(x|y) &^ two(x|z) &^ two(y|z)
}

// two returns the digits that d may not be for two cells that can take
// p between them (see takes3): all when p is one digit, p when two, none
// when more.
func two(p uint32) uint32 {
	q := p & (p - 1)
	if q == 0 {
		return ^uint32(0)
	}
	if q&(q-1) == 0 {
		return p
	}
	return 0
}

// hall3cells is hall4 for three cells, in a few operations a cell
// rather than a Hall test a digit: see takes. A cell can take a digit in
// some filling exactly when there is a filling, so the first cell's
// digits tell whether there is one.
func hall3cells(m *[maxExactSet]uint32, set uint32, got *[maxExactSet]uint32) bool {
	a0, a1, a2 := m[0]&set, m[1]&set, m[2]&set
	if a0 == 0 || a1 == 0 || a2 == 0 {
		return false
	}
	g0 := a0 & takes(a1, a2, set)
	if g0 == 0 {
		return false
	}
	got[0] |= g0
	got[1] |= a1 & takes(a0, a2, set)
	got[2] |= a2 & takes(a0, a1, set)
	return true
}

// takes returns the digits d of set (three digits) that leave to two
// cells that can take x and y (not empty, within set) set's other two
// digits, one each: between them they
// miss no digit but d, and neither can take only d.
func takes(x, y, set uint32) uint32 {
	ok := set
	if miss := set &^ (x | y); miss != 0 {
		ok = miss // the one digit they miss must be d
		if miss&(miss-1) != 0 {
			return 0 // they miss two
		}
	}
	if x&(x-1) == 0 {
		ok &^= x
	}
	if y&(y-1) == 0 {
		ok &^= y
	}
	return ok
}
