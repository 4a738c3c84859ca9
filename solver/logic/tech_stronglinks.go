package logic

import (
	"math/bits"

	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/internal/geom"
)

// Strong-link fish (Sukaku Explainer's "strong links"): for one digit, a
// chain of 2 to 4 strong links (a unit where the digit has two places, or
// two groups of places) joined end to start by weak links (the two ends
// share another unit). One of the chain's two far ends holds the digit, so
// a cell that sees both loses it. Two links are the skyscraper, the
// two-string kite, the turbot fish and the empty rectangle; a chain whose
// far ends also see each other is a loop, and each of its weak links
// becomes strong.

// slNode is one end of a strong link: a cell, or a group of cells in one
// box and one line.
type slNode struct {
	cells []int
	set   geom.CellSet
	sees  geom.CellSet // the cells that see every cell of the node
	in    [3]int       // the row, column and box units holding every cell, or -1
}

// strongLink is a unit whose places for the digit are exactly a and b.
type strongLink struct {
	unit    int
	a, b    slNode
	grouped bool
}

// slRatings are the ratings of 2, 3 and 4 links, before the bonuses for
// mixed unit kinds and groups.
var slRatings = [5]float64{2: 4.0, 3: 5.4, 4: 5.8}

// strongLinks finds the best chain of exactly k strong links: the lowest
// rating, then the most eliminations, as Sukaku Explainer orders them.
func (b *cands) strongLinks(k int) (Step, bool) {
	var best Step
	bestElims := 0
	for v := 1; v <= b.n; v++ {
		g := b.strongLinkGraph(v)
		if len(g.links) < k {
			continue
		}
		r := g.search(b, v, k)
		if r.found && (bestElims == 0 || r.rating < best.Rating || r.rating == best.Rating && r.elims > bestElims) {
			best, bestElims = r.step, r.elims
		}
	}
	return best, bestElims > 0
}

// search returns the best chain of k links of the graph's digit, found
// once per graph: it depends on nothing but where the digit may go.
func (g *slGraph) search(b *cands, v, k int) slResult {
	if !g.searched[k] {
		s := &slSearch{b: b, v: v, k: k, slGraph: g}
		s.extend()
		g.searched[k], g.results[k] = true, s.slResult
	}
	return g.results[k]
}

// strongLinksOf lists the digit's strong links: units with two places,
// lines whose places lie in two boxes, and boxes whose places lie in one
// row and one column of the box (an empty rectangle).
func (b *cands) strongLinksOf(v int) []strongLink {
	bit := uint16(1) << (v - 1)
	var out []strongLink
	for u, unit := range b.geo.Units {
		pos := b.positions(u, bit)
		var cells []int
		for p := pos; p != 0; p &= p - 1 {
			cells = append(cells, int(unit[bits.TrailingZeros32(p)]))
		}
		switch {
		case len(cells) == 2:
			out = append(out, strongLink{unit: u, a: b.node(cells[:1]), b: b.node(cells[1:])})
		case len(cells) > 2 && len(cells) <= 6:
			if a, c, ok := b.splitGroups(u, cells); ok {
				out = append(out, strongLink{unit: u, a: b.node(a), b: b.node(c), grouped: true})
			}
		}
	}
	return out
}

// splitGroups splits a unit's places into two groups, each in one box and
// one line: for a line, the places of two boxes; for a box, the places in
// one row and one column (the empty rectangle's cross).
func (b *cands) splitGroups(u int, cells []int) (a, c []int, ok bool) {
	if u < 2*b.n { // a line: group by box
		first := b.geo.BoxOf[cells[0]]
		for _, i := range cells {
			if b.geo.BoxOf[i] == first {
				a = append(a, i)
			} else {
				c = append(c, i)
			}
		}
		return a, c, len(c) > 0 && b.oneBox(c)
	}
	for _, heart := range b.geo.Units[u] {
		if a, c, ok := b.cross(int(heart), cells); ok {
			return a, c, true
		}
	}
	return nil, nil, false
}

// cross splits a box's cells into those in the heart cell's row (the
// heart included) and those in its column; ok is false when a cell is in
// neither or a side is empty.
func (b *cands) cross(heart int, cells []int) (row, col []int, ok bool) {
	for _, i := range cells {
		switch {
		case i/b.n == heart/b.n:
			row = append(row, i)
		case i%b.n == heart%b.n:
			col = append(col, i)
		default:
			return nil, nil, false
		}
	}
	return row, col, len(row) > 0 && len(col) > 0
}

func (b *cands) oneBox(cells []int) bool {
	for _, i := range cells {
		if b.geo.BoxOf[i] != b.geo.BoxOf[cells[0]] {
			return false
		}
	}
	return true
}

func (b *cands) node(cells []int) slNode {
	n := slNode{cells: append([]int(nil), cells...)}
	first := cells[0]
	n.in = [3]int{first / b.n, b.n + first%b.n, 2*b.n + b.geo.BoxOf[first]}
	n.sees = b.geo.PeerSet[first]
	for _, i := range cells {
		n.set.Add(i)
		n.sees = n.sees.And(b.geo.PeerSet[i])
		for k, u := range [3]int{i / b.n, b.n + i%b.n, 2*b.n + b.geo.BoxOf[i]} {
			if n.in[k] != u {
				n.in[k] = -1
			}
		}
	}
	return n
}

// slSearch extends chains of strong links depth first.
type slSearch struct {
	*slGraph
	b     *cands
	v, k  int
	chain []slHop
	slResult
	covered geom.CellSet
	units   uint64 // the units the chain uses, strong and weak
}

// slResult is the best chain a search found.
type slResult struct {
	found  bool
	step   Step
	rating float64
	elims  int
}

// unitBit is unit u's bit in a set of units (none for -1).
func unitBit(u int) uint64 {
	if u < 0 {
		return 0
	}
	return 1 << u
}

// slHop is one strong link of a chain, in the direction it is walked.
type slHop struct {
	link     *strongLink
	from, to *slNode
	fromID   int // node id of from; to is fromID^1
	weak     int // the unit joining from to the previous hop's to (-1 first)
}

// joinNodes lists, once per digit, the nodes each node shares a unit
// with (a weak link may join them).
func (g *slGraph) joinNodes() {
	n := 2 * len(g.links)
	g.nodes = make([]slNode, 0, n)
	for _, l := range g.links {
		g.nodes = append(g.nodes, l.a, l.b)
	}
	g.next = make([][]int, n)
	for x := range n {
		a := &g.nodes[x]
		for y := range n {
			if c := &g.nodes[y]; x/2 != y/2 && shareUnit(a, c) && a.set.And(c.set).Empty() {
				g.next[x] = append(g.next[x], y)
			}
		}
	}
}

// strongLinkGraph returns digit v's strong links and how their ends join,
// made once for each set of cells the digit may be in (steps that leave
// the digit alone keep its graph and its searches' results).
func (b *cands) strongLinkGraph(v int) *slGraph {
	var holders geom.CellSet
	for i := 0; i < b.geo.Cells; i++ {
		if b.cand[i]&(1<<(v-1)) != 0 {
			holders.Add(i)
		}
	}
	if g := b.slGraphs[v-1]; g != nil && g.holders == holders {
		return g
	}
	g := &slGraph{links: b.strongLinksOf(v), holders: holders}
	g.joinNodes()
	b.slGraphs[v-1] = g
	return g
}

// slGraph is one digit's strong links, their ends and how they join.
type slGraph struct {
	links   []strongLink
	nodes   []slNode     // 2 × link + side: the links' ends
	next    [][]int      // by node: the nodes sharing a unit with it
	holders geom.CellSet // the cells holding the digit
	// searched and results keep each search by its number of links.
	searched [5]bool
	results  [5]slResult
}

func shareUnit(a, c *slNode) bool {
	for k := range a.in {
		if a.in[k] >= 0 && a.in[k] == c.in[k] {
			return true
		}
	}
	return false
}

func (s *slSearch) nodeAt(id int) *slNode { return &s.nodes[id] }

func (s *slSearch) extend() {
	if len(s.chain) == s.k {
		s.conclude()
		return
	}
	if len(s.chain) == 0 {
		for id := range 2 * len(s.links) {
			s.try(id)
		}
		return
	}
	for _, id := range s.next[s.chain[len(s.chain)-1].fromID^1] {
		s.try(id)
	}
}

// try walks the link of node id from it, when it fits the chain so far.
func (s *slSearch) try(id int) {
	l := &s.links[id/2]
	from, to := s.nodeAt(id), s.nodeAt(id^1)
	if s.usesUnit(l.unit) || !s.free(from) || !s.free(to) {
		return
	}
	weak := -1
	if n := len(s.chain); n > 0 {
		if weak = s.weakUnit(s.chain[n-1], l, from); weak < 0 {
			return
		}
	}
	s.push(slHop{link: l, from: from, to: to, fromID: id, weak: weak})
	s.extend()
	s.pop()
}

// weakUnit returns a unit joining the previous hop's end to from, other
// than either strong link's unit, or -1.
func (s *slSearch) weakUnit(prev slHop, l *strongLink, from *slNode) int {
	for k, u := range prev.to.in {
		if u >= 0 && u == from.in[k] && u != prev.link.unit && u != l.unit && !s.usesUnit(u) {
			return u
		}
	}
	return -1
}

func (s *slSearch) usesUnit(u int) bool { return s.units>>u&1 != 0 }

func (s *slSearch) free(n *slNode) bool { return s.covered.And(n.set).Empty() }

func (s *slSearch) push(h slHop) {
	s.chain = append(s.chain, h)
	s.units |= unitBit(h.link.unit) | unitBit(h.weak)
	for k := range s.covered {
		s.covered[k] |= h.from.set[k] | h.to.set[k]
	}
}

func (s *slSearch) pop() {
	h := &s.chain[len(s.chain)-1]
	s.chain = s.chain[:len(s.chain)-1]
	s.units &^= unitBit(h.link.unit) | unitBit(h.weak)
	for k := range s.covered {
		s.covered[k] &^= h.from.set[k] | h.to.set[k]
	}
}

// conclude rates a whole chain and keeps it when it beats the best so far.
func (s *slSearch) conclude() {
	if s.chain[0].fromID/2 > s.chain[s.k-1].fromID/2 {
		return // the same chain is concluded walked the other way
	}
	b := s.b
	start, end := s.chain[0].from, s.chain[s.k-1].to
	var rm []int
	ring := s.ringUnit()
	if ring >= 0 {
		rm = s.loopEliminations(ring)
	} else {
		victims := start.sees.And(end.sees).And(s.holders)
		for k := range victims {
			for m := victims[k] &^ s.covered[k]; m != 0; m &= m - 1 {
				rm = append(rm, k*64+bits.TrailingZeros64(m))
			}
		}
	}
	if len(rm) == 0 {
		return
	}
	rating := s.chainRating()
	if s.found && (rating > s.rating || rating == s.rating && len(rm) <= s.elims) {
		return
	}
	s.found, s.rating, s.elims = true, rating, len(rm)
	s.step = Step{Technique: StrongLinks, Rating: rating, Removed: b.removals(rm, s.v), Digits: []int{s.v}}
	for _, h := range s.chain {
		s.step.Cells = append(append(s.step.Cells, b.cells(h.from.cells)...), b.cells(h.to.cells)...)
		s.step.Units = append(s.step.Units, b.unit(h.link.unit))
	}
	if ring < 0 {
		s.step.Ends = [2][]solver.Cell{b.cells(start.cells), b.cells(end.cells)}
	}
}

// ringUnit returns the unit closing the chain into a loop, or -1.
func (s *slSearch) ringUnit() int {
	first, last := s.chain[0], s.chain[s.k-1]
	for k, u := range last.to.in {
		if u >= 0 && u == first.from.in[k] && u != first.link.unit && u != last.link.unit && !s.usesUnit(u) {
			return u
		}
	}
	return -1
}

// loopEliminations: in a loop every weak link is strong, so the digit
// leaves the rest of each weak link's unit.
func (s *slSearch) loopEliminations(ring int) []int {
	b, bit := s.b, uint16(1)<<(s.v-1)
	var rm []int
	seen := geom.CellSet{}
	for _, h := range s.chain {
		units := []int{h.weak}
		if h.weak < 0 {
			units = []int{ring}
		}
		for _, u := range units {
			for _, i := range b.geo.Units[u] {
				ii := int(i)
				if b.cand[ii]&bit != 0 && s.covered[ii>>6]>>(ii&63)&1 == 0 && seen[ii>>6]>>(ii&63)&1 == 0 {
					seen.Add(ii)
					rm = append(rm, ii)
				}
			}
		}
	}
	return rm
}

// chainRating is Sukaku Explainer's: the base for the number of links,
// +0.3 with a grouped link, else +0.2 with a box link and both kinds of
// line, +0.1 with a box link or both kinds of line.
func (s *slSearch) chainRating() float64 {
	grouped, box := false, false
	var lines [2]bool
	for _, h := range s.chain {
		grouped = grouped || h.link.grouped
		switch u := h.link.unit; {
		case u < s.b.n:
			lines[0] = true
		case u < 2*s.b.n:
			lines[1] = true
		default:
			box = true
		}
	}
	base := slRatings[s.k]
	switch {
	case grouped:
		return base + 0.3
	case box && lines[0] && lines[1]:
		return base + 0.2
	case box || lines[0] && lines[1]:
		return base + 0.1
	}
	return base
}
