package variant

import "math/bits"

// prop is one rule of the solver's model: run narrows the candidates of
// its cells and reports false when they cannot be completed. Every prop
// must reject a full assignment of its cells that breaks its rule, so that
// the search stays exact whatever it prunes before.
type prop interface {
	cells() []int
	run(e *engine) bool
}

// bit returns the mask of digit d.
func bit(d int) uint32 { return 1 << uint(d) }

// single reports whether m holds exactly one digit.
func single(m uint32) bool { return m != 0 && m&(m-1) == 0 }

// singleMask returns all ones when the non-empty mask m holds one digit,
// else zero: the group rule's scan does not branch on it (a coin toss).
func singleMask(m uint32) uint32 { return uint32(int32(m&(m-1)-1) >> 31) }

// low and high return the smallest and largest digit of a non-empty mask.
func low(m uint32) int  { return bits.TrailingZeros32(m) }
func high(m uint32) int { return 31 - bits.LeadingZeros32(m) }

// groupProp is a set of cells whose digits differ; a full group (Size
// cells) also places every digit once (hidden singles).
type groupProp struct {
	cs   []int
	full bool
	// counted is set for a counted house whose cells are in ascending
	// order (see fromCounts).
	counted *countedHouse
}

func (g *groupProp) cells() []int { return g.cs }

func (g *groupProp) run(e *engine) bool {
	if g.counted != nil {
		if ok, done := g.fromCounts(e); done {
			return ok
		}
	}
	var seen, dup, once, twice uint32
	cand := e.candArr
	for _, c := range g.cs {
		m := cand[c&(maxCells-1)]
		s := m & singleMask(m)
		dup |= seen & s
		seen |= s
		twice |= once & m
		once |= m
	}
	if dup != 0 || bits.OnesCount32(once) < len(g.cs) || (g.full && once != e.all) {
		return false
	}
	// With no digit placed twice, a placed digit in two cells is in an
	// open one, and a digit in one cell only is placed or a hidden single.
	hidden := once &^ twice &^ seen
	if !g.full {
		hidden = 0
	}
	if twice&seen == 0 && hidden == 0 {
		return true // nothing to remove, no hidden single
	}
	for _, c := range g.cs {
		m := cand[c&(maxCells-1)]
		if single(m) {
			continue
		}
		if m&hidden != 0 {
			m &= hidden
		}
		if !e.restrict(c, m&^seen) {
			return false
		}
	}
	return true
}

// pairProp is a relation between two cells: ab[d] holds the digits b may
// take when a is d, ba[d] those a may take when b is d.
type pairProp struct {
	cs     []int
	ab, ba [17]uint32
}

// newPair returns the relation ok(a, b) on digits 1..n.
func newPair(a, b, n int, ok func(x, y int) bool) *pairProp {
	p := &pairProp{cs: []int{a, b}}
	for x := 1; x <= n; x++ {
		for y := 1; y <= n; y++ {
			if ok(x, y) {
				p.ab[x] |= bit(y)
				p.ba[y] |= bit(x)
			}
		}
	}
	return p
}

func (p *pairProp) cells() []int { return p.cs }

func (p *pairProp) run(e *engine) bool {
	a, b := p.cs[0], p.cs[1]
	return e.restrict(a, partners(e.cand[b], &p.ba)) &&
		e.restrict(b, partners(e.cand[a], &p.ab))
}

// partners returns the digits that some digit of m allows the other
// cell (sup is ab or ba): a digit of a is supported when some digit of
// b allows it. A union, without a branch on each digit as testing a's
// digits one by one took (a coin toss).
func partners(m uint32, sup *[17]uint32) uint32 {
	var out uint32
	for r := m; r != 0; r &= r - 1 {
		out |= sup[bits.TrailingZeros32(r)]
	}
	return out
}

// sumBounds narrows cs so that their sum can be total.
func sumBounds(e *engine, cs []int, total int) bool {
	lo, hi := 0, 0
	for _, c := range cs {
		lo, hi = lo+low(e.cand[c]), hi+high(e.cand[c])
	}
	if total < lo || total > hi {
		return false
	}
	for _, c := range cs {
		a, b := low(e.cand[c]), high(e.cand[c])
		if !e.restrict(c, rangeMask(total-(hi-b), total-(lo-a))) {
			return false
		}
	}
	return true
}

// rangeMask returns the digits min..max (none when max < min).
func rangeMask(min, max int) uint32 {
	if min < 1 {
		min = 1
	}
	if max > 16 {
		max = 16
	}
	if max < min {
		return 0
	}
	return (1<<uint(max+1) - 1) &^ (1<<uint(min) - 1)
}

// setProp restricts its cells, taken together, to one of sets: a killer
// cage's digit combinations, or a renban's runs. Each cell must meet the
// chosen set, and the set must fit in the cells' union; with the cells'
// digits distinct (a groupProp beside it) a full assignment passes only
// when its digits are exactly one of sets.
type setProp struct {
	cs     []int
	sets   []uint32
	slots  []exactSlot // exact's results kept, made at its first run
	bits   int         // 1<<bits of them at most (see sizeCaches)
	live   int         // 1<<live of them now (see firstSlotBits)
	misses int         // searches made, for growing the slots
	// crosses holds, for a killer cage, the houses holding some of its
	// cells (see cross).
	crosses []crossPart
	// seen holds, for each subset S of cs (bit j for cs[j]), the cells
	// that must differ from every cell of S, made at exclude's first
	// call; nil for more than maxSeenSet cells.
	seen []cellSet
}

func (s *setProp) cells() []int { return s.cs }

func (s *setProp) run(e *engine) bool {
	if s.crosses != nil && !s.cross(e) {
		return false
	}
	if s.exactly(e) {
		return s.exact(e)
	}
	var keep, inter uint32
	if len(s.cs) <= maxExactSet {
		keep, inter = s.plainFew(e)
	} else {
		keep, inter = s.plain(e)
	}
	if keep == 0 {
		return false
	}
	for _, c := range s.cs {
		if !e.restrict(c, keep) {
			return false
		}
	}
	return s.required(e, inter)
}

// plain returns the digits of the sets that every cell meets, and those
// every such set holds.
func (s *setProp) plain(e *engine) (keep, inter uint32) {
	var union uint32
	inter = e.all
	for _, c := range s.cs {
		union |= e.cand[c]
	}
	for _, set := range s.sets {
		if set&^union == 0 && s.meets(e, set) {
			keep |= set
			if inter &= set; inter == 0 && keep == union {
				break // no further set can add to keep or take from inter
			}
		}
	}
	return keep, inter
}

// plainFew is plain for up to six cells, read once and tested at once
// (the cells past them meet every set).
func (s *setProp) plainFew(e *engine) (keep, inter uint32) {
	var m [maxExactSet]uint32
	for j := range m {
		m[j] = ^uint32(0)
	}
	var union uint32
	cand := e.candArr
	for j, c := range s.cs {
		m[j] = cand[c&(maxCells-1)]
		union |= m[j]
	}
	inter = e.all
	for _, set := range s.sets {
		if set&^union != 0 || m[0]&set == 0 || m[1]&set == 0 || m[2]&set == 0 ||
			m[3]&set == 0 || m[4]&set == 0 || m[5]&set == 0 {
			continue
		}
		keep |= set
		if inter &= set; inter == 0 && keep == union {
			break // no further set can add to keep or take from inter
		}
	}
	return keep, inter
}

// required places each digit that every possible set holds in the one
// cell that can take it (the cells take all of the set's digits); when
// several cells can, every cell that must differ from all of them loses
// the digit (in a house with them, or a king's move away from one and in
// a house with the others: the Interactive Sudoku Solver's cell
// exclusions).
func (s *setProp) required(e *engine, inter uint32) bool {
	if inter == 0 {
		return true
	}
	if len(s.cs) > maxExactSet {
		return s.requiredMany(e, inter)
	}
	var m [maxExactSet]uint32 // the cells' candidates, read once (those past them hold nothing)
	cand := e.candArr
	for j, c := range s.cs {
		m[j] = cand[c&(maxCells-1)]
	}
	for r := inter; r != 0; r &= r - 1 {
		i := uint(bits.TrailingZeros32(r)) & 31
		in := uint(m[0]>>i&1) | uint(m[1]>>i&1)<<1 | uint(m[2]>>i&1)<<2 |
			uint(m[3]>>i&1)<<3 | uint(m[4]>>i&1)<<4 | uint(m[5]>>i&1)<<5 // the cells holding it
		switch {
		case in == 0:
			return false
		case in&(in-1) == 0:
			j := bits.TrailingZeros(in)
			if !e.restrict(s.cs[j], 1<<i) {
				return false
			}
			m[j] = 1 << i // the only cell restrict changes here
		default:
			if !s.exclude(e, 1<<i, in) { // it changes no cell of s
				return false
			}
		}
	}
	return true
}

// requiredMany is required for more than maxExactSet cells, reading
// them again for each digit.
func (s *setProp) requiredMany(e *engine, inter uint32) bool {
	for r := inter; r != 0; r &= r - 1 {
		d := bit(bits.TrailingZeros32(r))
		at, n, in := -1, 0, uint(0)
		for j, c := range s.cs {
			if e.cand[c]&d != 0 {
				at, n, in = c, n+1, in|1<<uint(j)
			}
		}
		switch {
		case n == 0:
			return false
		case n == 1:
			if !e.restrict(at, d) {
				return false
			}
		default:
			if !s.exclude(e, d, in) {
				return false
			}
		}
	}
	return true
}

// maxSeenSet bounds the cells of a set prop whose subsets' seen cells
// are kept (see setProp.seen): 64 cell sets, 2 kB, for six cells.
const maxSeenSet = 6

// exclude removes digit d from the cells that must differ from every
// cell of s that can take it, the cells in (bit j for s.cs[j]).
func (s *setProp) exclude(e *engine, d uint32, in uint) bool {
	common := s.seenBy(e, in).and(e.digitArr[bits.TrailingZeros32(d)&31]) // those holding d
	for w, word := range common {
		for ; word != 0; word &= word - 1 {
			c := w*64 + bits.TrailingZeros64(word)
			if !e.narrow(c, e.cand[c], e.cand[c]&^d) {
				return false
			}
		}
	}
	return true
}

// seenBy returns the cells that must differ from every cell of s in
// (bit j for s.cs[j]): from the table seen for up to maxSeenSet cells,
// made at the first call (each subset's from the subset without its
// first cell), else by an intersection a cell.
func (s *setProp) seenBy(e *engine, in uint) cellSet {
	if len(s.cs) > maxSeenSet {
		common := cellSet{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
		for j, c := range s.cs {
			if in>>uint(j)&1 != 0 {
				common = common.and(e.sees[c])
			}
		}
		return common
	}
	if s.seen == nil {
		s.seen = make([]cellSet, 1<<uint(len(s.cs)))
		s.seen[0] = cellSet{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
		for m := 1; m < len(s.seen); m++ {
			s.seen[m] = s.seen[m&(m-1)].and(e.sees[s.cs[bits.TrailingZeros(uint(m))]])
		}
	}
	return s.seen[in&(1<<maxSeenSet-1)]
}

// meets reports whether every cell can take a digit of set.
func (s *setProp) meets(e *engine, set uint32) bool {
	cand := e.candArr
	for _, c := range s.cs {
		if cand[c&(maxCells-1)]&set == 0 {
			return false
		}
	}
	return true
}

// sandwichProp is a sandwich clue over a row or column: the digits between
// 1 and n add up to sum. It acts once both ends are placed.
type sandwichProp struct {
	cs  []int
	sum int
	n   int
}

func (s *sandwichProp) cells() []int { return s.cs }

func (s *sandwichProp) run(e *engine) bool {
	one, top := -1, -1
	for i, c := range s.cs {
		switch e.cand[c] {
		case bit(1):
			one = i
		case bit(s.n):
			top = i
		}
	}
	if one >= 0 && top >= 0 {
		if one > top {
			one, top = top, one
		}
		return sumBounds(e, s.cs[one+1:top], s.sum)
	}
	return s.ends(e)
}

// ends keeps 1 and n only in cells where some placement of the two ends
// leaves between them cells whose sum can be the clue.
func (s *sandwichProp) ends(e *engine) bool {
	var ones, tops uint32 // by position
	for i, a := range s.cs {
		lo, hi := 0, 0
		for j := i + 1; j < len(s.cs); j++ {
			b := s.cs[j]
			if s.sum >= lo && s.sum <= hi {
				if e.cand[a]&bit(1) != 0 && e.cand[b]&bit(s.n) != 0 {
					ones, tops = ones|1<<uint(i), tops|1<<uint(j)
				}
				if e.cand[a]&bit(s.n) != 0 && e.cand[b]&bit(1) != 0 {
					tops, ones = tops|1<<uint(i), ones|1<<uint(j)
				}
			}
			m := e.cand[b] &^ (bit(1) | bit(s.n))
			if m == 0 {
				break // b is 1 or n: no end beyond it encloses it
			}
			lo, hi = lo+low(m), hi+high(m)
		}
	}
	for i, c := range s.cs {
		m := e.all
		if ones&(1<<uint(i)) == 0 {
			m &^= bit(1)
		}
		if tops&(1<<uint(i)) == 0 {
			m &^= bit(s.n)
		}
		if !e.restrict(c, m) {
			return false
		}
	}
	return true
}
