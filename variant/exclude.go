package variant

import "math/bits"

// cellSet is a set of cells, bit i for cell i (grids up to 16×16).
type cellSet [4]uint64

func (s *cellSet) add(c int)      { s[c/64] |= 1 << uint(c%64) }
func (s *cellSet) has(c int) bool { return s[c/64]>>uint(c%64)&1 != 0 }
func (s cellSet) and(t cellSet) cellSet {
	return cellSet{s[0] & t[0], s[1] & t[1], s[2] & t[2], s[3] & t[3]}
}

func (s cellSet) or(t cellSet) cellSet {
	return cellSet{s[0] | t[0], s[1] | t[1], s[2] | t[2], s[3] | t[3]}
}

func (s cellSet) minus(t cellSet) cellSet {
	return cellSet{s[0] &^ t[0], s[1] &^ t[1], s[2] &^ t[2], s[3] &^ t[3]}
}

func (s cellSet) empty() bool { return s == cellSet{} }

func (s cellSet) count() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2]) + bits.OnesCount64(s[3])
}

// setOf returns the set of cells cs.
func setOf(cs []int) cellSet {
	var s cellSet
	for _, c := range cs {
		s.add(c)
	}
	return s
}

// outside returns the cells of cs not in s, in cs's order.
func outside(cs []int, s cellSet) []int {
	var out []int
	for _, c := range cs {
		if !s.has(c) {
			out = append(out, c)
		}
	}
	return out
}

// cells returns the set's cells in order.
func (s cellSet) cells() []int {
	var out []int
	for w, word := range s {
		for ; word != 0; word &= word - 1 {
			out = append(out, w*64+bits.TrailingZeros64(word))
		}
	}
	return out
}

// exclusions returns, per cell, the cells whose digits must differ from
// its own: those it shares a group with, and those a pair relation
// forbids to be equal (anti-king, anti-knight, …).
func (e *engine) exclusions() []cellSet {
	sees := make([]cellSet, len(e.cand))
	for _, pr := range e.props {
		switch p := pr.(type) {
		case *groupProp:
			g := setOf(p.cs)
			for _, c := range p.cs {
				peers := g
				peers[c/64] &^= 1 << uint(c%64)
				sees[c] = sees[c].or(peers)
			}
		case *neqProp:
			for _, o := range p.others {
				sees[p.c].add(o)
			}
		case *pairProp:
			if p.differ(e.n) {
				sees[p.cs[0]].add(p.cs[1])
				sees[p.cs[1]].add(p.cs[0])
			}
		}
	}
	return sees
}

// differ reports whether the relation forbids its two cells to be equal.
func (p *pairProp) differ(n int) bool {
	for d := 1; d <= n; d++ {
		if p.ab[d]&bit(d) != 0 {
			return false
		}
	}
	return true
}

// pairExclProp watches a full group: a digit it can place in only two
// cells goes in one of them, so every cell that must differ from both
// loses it (the Interactive Sudoku Solver's value exclusion).
type pairExclProp struct {
	g *groupProp
	// both holds, for the cells at positions i < j of the group, the
	// cells outside the group that must differ from both, in order, at
	// both[at[i*len(g.cs)+j]:at[i*len(g.cs)+j+1]]: the group's other
	// cells cannot hold the digit.
	both []int32
	at   []int32
	// counted is g's index among the counted houses (see counts.go), or
	// -1: then run scans g's cells for the digits left to two of them.
	// Counted, it takes only the digits left to two cells since its last
	// run (e.newPairs): those before left every cell that must differ
	// from both without the digit, which it cannot get back while the
	// search goes deeper; the search backtracks only from a failed
	// propagation, with the queue and newPairs emptied.
	counted int
}

// newPairExcl returns the pairExclProp of full group g, with sees the
// cells each cell must differ from.
func newPairExcl(g *groupProp, sees []cellSet) *pairExclProp {
	k := len(g.cs)
	in := setOf(g.cs)
	both := func(i, j int) cellSet { return sees[g.cs[i]].and(sees[g.cs[j]]).minus(in) }
	total := 0
	for i := range k {
		for j := i + 1; j < k; j++ {
			total += both(i, j).count()
		}
	}
	p := &pairExclProp{g: g, both: make([]int32, 0, total), at: make([]int32, k*k+1), counted: -1}
	for i := range k {
		for j := range k {
			p.at[i*k+j] = int32(len(p.both))
			if j > i {
				for w, word := range both(i, j) {
					for ; word != 0; word &= word - 1 {
						p.both = append(p.both, int32(w*64+bits.TrailingZeros64(word)))
					}
				}
			}
		}
	}
	p.at[k*k] = int32(len(p.both))
	return p
}

func (p *pairExclProp) cells() []int { return p.g.cs }

func (p *pairExclProp) run(e *engine) bool {
	var pairs uint32
	if p.counted >= 0 {
		pairs = e.newPairs[p.counted] & twos(&e.counts[p.counted]) // some may be down to one
		e.newPairs[p.counted] = 0
	} else {
		var once, twice, more uint32
		for _, c := range p.g.cs {
			m := e.cand[c]
			more |= twice & m
			twice |= once & m
			once |= m
		}
		pairs = twice &^ more
	}
	k := len(p.g.cs)
	for r := pairs; r != 0; r &= r - 1 {
		d := bit(bits.TrailingZeros32(r))
		i, j := p.pair(e, d)
		if single(e.cand[p.g.cs[i]]) || single(e.cand[p.g.cs[j]]) {
			continue // the group has placed it; its peers see to the rest
		}
		for _, c := range p.both[p.at[i*k+j]:p.at[i*k+j+1]] {
			if e.cand[c]&d != 0 && !e.restrict(int(c), e.cand[c]&^d) {
				return false
			}
		}
	}
	return true
}

// pair returns the positions in the group, in order, of its two cells
// that can take digit d: from d's cell set for a counted house (see
// countedHouse), else by a scan of its cells.
func (p *pairExclProp) pair(e *engine, d uint32) (i, j int) {
	if h := p.g.counted; h != nil {
		at := e.digitArr[bits.TrailingZeros32(d)&31].and(h.set)
		a, b := -1, -1
		for w, word := range at {
			for ; word != 0; word &= word - 1 {
				a, b = b, w*64+bits.TrailingZeros64(word)
			}
		}
		return int(h.pos[a]), int(h.pos[b])
	}
	i, j = -1, -1
	for at, c := range p.g.cs {
		if e.cand[c]&d != 0 {
			i, j = j, at
		}
	}
	return i, j
}

// pairExcls adds a pairExclProp for each full group.
func (e *engine) pairExcls() {
	e.sees = e.exclusions()
	sees := e.sees
	for _, pr := range e.props {
		if g, ok := pr.(*groupProp); ok && g.full {
			e.props = append(e.props, newPairExcl(g, sees))
		}
	}
}

// neqProp keeps one cell's digit out of the cells that must differ from
// it by a move (anti-king, anti-knight), or from all its peers (see
// peers): it acts once the cell is placed, cheaper than a pairProp per
// move. When it empties a cell that shares a counted house with its own,
// it blames the house, as the house's run blamed it when it found the
// digit placed twice.
type neqProp struct {
	c      int
	cs     []int // c alone: the prop wakes only when c changes
	others []int
	see    cellSet // for a cell's peers (peer), others as a set (see peerSet)
	peer   bool
}

func (p *neqProp) cells() []int { return p.cs }

func (p *neqProp) run(e *engine) bool {
	m := e.cand[p.c]
	if !single(m) {
		return true
	}
	if p.peer {
		return p.peerSet(e, m)
	}
	for _, o := range p.others {
		if e.cand[o]&m != 0 && !e.restrict(o, e.cand[o]&^m) {
			p.blameHouse(e, o)
			return false
		}
	}
	return true
}

// blameHouse makes a house holding both c and o, which the run emptied,
// the culprit, unless one is already.
func (p *neqProp) blameHouse(e *engine, o int) {
	if hs := e.inHouses[p.c] & e.inHouses[o]; hs != 0 && e.culprit < 0 {
		e.culprit = e.houseProp[bits.TrailingZeros64(hs)]
	}
}

// differ records that cells x and y must hold different digits.
func (b *builder) differ(x, y int) {
	if b.neq == nil {
		b.neq = make([][]int, b.e.n*b.e.n)
	}
	b.neq[x], b.neq[y] = append(b.neq[x], y), append(b.neq[y], x)
}

// neqs adds a neqProp for each cell that must differ from others.
func (b *builder) neqs() {
	for c, others := range b.neq {
		if len(others) > 0 {
			b.e.props = append(b.e.props, &neqProp{c: c, cs: []int{c}, others: others})
		}
	}
}

// peers adds, for each cell that must differ from others, a neqProp over
// all of them (its houses, groups and moves): a placed digit leaves every
// peer in one run, as the Interactive Sudoku Solver's singleton handler
// does, rather than in a run of each house, group and move exclusion that
// holds the cell. The props it supersedes wake no more (see superseded).
func (e *engine) peers() {
	e.peerFrom = len(e.props)
	for c, s := range e.sees {
		if !s.empty() {
			e.props = append(e.props, &neqProp{c: c, cs: []int{c}, others: s.cells(), see: s, peer: true})
		}
	}
}

// superseded reports whether prop p is a neqProp of the rules, whose
// moves are among its cell's peers: it runs at the start only. A group
// that is not full keeps waking when a cell is placed, for its test of
// fewer digits than cells: left to the cages' sums and sets, the five
// MATHEMAGIC killers took 7% more nodes.
func (e *engine) superseded(p int32) bool {
	_, ok := e.props[p].(*neqProp)
	return ok && int(p) < e.peerFrom
}
