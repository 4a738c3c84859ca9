package logic

import (
	"math/bits"
	"strings"

	"github.com/sudokubot/sudokubot/solver"
)

// Forcing chains, as Sudoku Explainer finds and rates them. A node is a
// candidate assumed true ("on") or false ("off"). From an assumption the
// engine draws every consequence, breadth first: an "on" candidate turns
// off the cell's other digits and its digit in the box, row and column; an
// "off" candidate turns on the other digit of a two-digit cell and the
// other place of a digit left with two places in a unit. Then:
//   - a contradiction (a node both on and off) refutes the assumption;
//   - a node that follows from both a candidate and its negation (double
//     chains), from every digit of a cell (cell chains) or from every place
//     of a digit in a unit (region chains) is true.
//
// Static chains (multiple forcing chains, 8.0) read the board as it is.
// Dynamic ones (Nishio 7.5, dynamic 8.5) take the "off" nodes out of the
// board as they go, so a cell or unit can come down to one place because
// of several earlier nodes, which all count as its parents. Dynamic chains
// (+) (9.0) also apply locked candidates, pairs and X-Wings to the board
// an assumption leaves. Each producer keeps the chain whose nodes are
// fewest (its complexity), and rates it base + chainLengthExtra(complexity
// − 2).

// fcMode is one of Sudoku Explainer's forcing-chain producers.
type fcMode struct {
	tech                      Technique
	multiple, dynamic, nishio bool
	level                     int // 1 for dynamic chains (+)
}

var (
	nishioMode   = fcMode{tech: NishioChains, dynamic: true, nishio: true}
	multipleMode = fcMode{tech: ForcingChains, multiple: true}
	dynamicMode  = fcMode{tech: DynamicChains, multiple: true, dynamic: true}
	dynamicPlus  = fcMode{tech: DynamicChainsPlus, multiple: true, dynamic: true, level: 1}
)

// maxForcingSize is the largest grid the forcing chains search: beyond
// 9×9 they would take seconds a step, and trial and error stands in.
const maxForcingSize = 9

// node is a candidate and a state: candidate*2, plus 1 when on.
type node int32

func (e *forcing) nodeOf(cell, d int, on bool) node {
	x := node((cell*e.n + d) * 2)
	if on {
		x++
	}
	return x
}

func (e *forcing) split(x node) (cell, d int, on bool) {
	c := int(x) / 2
	return c / e.n, c % e.n, x&1 == 1
}

// implication is what one assumption implies: every node reached, in the
// order reached, each with its parents (the nodes that forced it).
type implication struct {
	seen     []uint64
	order    []node
	parStart []int32
	parN     []int16
	arena    []node
	// A contradiction stops the search: bad is the node reached whose
	// opposite was already reached; badPar its parents.
	absurd bool
	bad    node
	badPar []node
}

func (m *implication) has(x node) bool { return m.seen[x>>6]>>(x&63)&1 != 0 }

func (m *implication) add(x node, parents []node) {
	m.seen[x>>6] |= 1 << (x & 63)
	m.order = append(m.order, x)
	m.parStart[x] = int32(len(m.arena))
	m.parN[x] = int16(len(parents))
	m.arena = append(m.arena, parents...)
}

func (m *implication) parents(x node) []node {
	s := m.parStart[x]
	return m.arena[s : s+int32(m.parN[x])]
}

func (m *implication) reset() {
	for _, x := range m.order {
		m.seen[x>>6] = 0
	}
	m.order, m.arena, m.badPar, m.absurd = m.order[:0], m.arena[:0], m.badPar[:0], false
}

// forcing is one producer's search over one board state.
type forcing struct {
	b    *cands
	mode fcMode
	n    int
	work []uint16 // the board as the current assumption leaves it
	pool []*implication
	used int
	// memo keeps each candidate's "on" implication for region chains.
	memo    map[node]*implication
	visited []uint64 // scratch for ancestor counts
	stack   []node
	pend    [2][]node // pending off, on
	out     []node    // scratch: the nodes one node implies
	outPar  [][]node
	best    fcHint
	// places and srcPlaces are where each digit may go in each unit, on
	// the working board and on the board; at is each cell's position in
	// its rows (0), columns (1) and boxes (2).
	places, srcPlaces [3 * solver.MaxSize][solver.MaxSize]uint32
	at                [][3]int
	scratch           []node
}

// fcHint is a forcing chain found: what it proves and how it got there.
type fcHint struct {
	found      bool
	complexity int
	sortKey    int
	kind       forcingKind
	target     node // the node proven: on places a digit, off removes one
	source     node // the assumption (cell and region chains: the first)
	unit       int  // region chains: the unit
	branches   []fcBranch
}

// fcBranch is one line of reasoning: the implication and the node it ends
// on (for a contradiction, both of the clashing nodes).
type fcBranch struct {
	m      *implication
	end    node
	endPar []node // when the end is the new half of a contradiction
	own    bool
}

// endParents returns the parents of the branch's end.
func (br fcBranch) endParents() []node {
	if br.own {
		return br.endPar
	}
	return br.m.parents(br.end)
}

type forcingKind int

const (
	fcContradiction forcingKind = iota + 1
	fcDouble
	fcCell
	fcRegion
)

func (b *cands) newForcing(mode fcMode) *forcing {
	n := b.n
	nodes := 2 * b.geo.Cells * n
	e := &forcing{b: b, mode: mode, n: n, work: make([]uint16, b.geo.Cells),
		memo: map[node]*implication{}, visited: make([]uint64, (nodes+63)/64), at: make([][3]int, b.geo.Cells)}
	for u, unit := range b.geo.Units {
		for k, i := range unit {
			e.at[i][u/n] = k
		}
	}
	return e
}

func (e *forcing) newImplication() *implication {
	if e.used < len(e.pool) {
		m := e.pool[e.used]
		e.used++
		m.reset()
		return m
	}
	nodes := 2 * e.b.geo.Cells * e.n
	m := &implication{seen: make([]uint64, (nodes+63)/64), parStart: make([]int32, nodes), parN: make([]int16, nodes)}
	e.pool = append(e.pool, m)
	e.used++
	return m
}

// chase draws every consequence of one assumption.
func (e *forcing) chase(start node) *implication {
	m := e.newImplication()
	copy(e.work, e.b.cand[:e.b.geo.Cells])
	e.places = e.srcPlaces
	m.add(start, nil)
	off, on := e.pend[0][:0], e.pend[1][:0]
	if start&1 == 1 {
		on = append(on, start)
	} else {
		off = append(off, start)
	}
	for len(on) > 0 || len(off) > 0 {
		if len(on) > 0 {
			p := on[0]
			on = on[1:]
			for _, q := range e.onToOff(p) {
				if m.has(q | 1) {
					m.absurd, m.bad, m.badPar = true, q, append(m.badPar, p)
					return m
				}
				if !m.has(q) {
					one := [1]node{p}
					m.add(q, one[:])
					off = append(off, q)
				}
			}
		} else {
			p := off[0]
			off = off[1:]
			e.offToOn(p)
			if e.mode.dynamic {
				c, d, _ := e.split(p)
				e.takeOut(c, d)
			}
			for k, q := range e.out {
				if m.has(q &^ 1) {
					m.absurd, m.bad, m.badPar = true, q, append(m.badPar, e.outPar[k]...)
					return m
				}
				if !m.has(q) {
					m.add(q, e.outPar[k])
					on = append(on, q)
				}
			}
		}
		if len(on) == 0 && len(off) == 0 && e.mode.level > 0 {
			off = e.advanced(m, off)
		}
	}
	e.pend[0], e.pend[1] = off, on
	return m
}

// onToOff lists what an "on" node turns off: the cell's other digits
// (not in Nishio chains), then the digit elsewhere in the box, the row
// and the column.
func (e *forcing) onToOff(p node) []node {
	c, d, _ := e.split(p)
	out := e.out[:0]
	if !e.mode.nishio {
		for m := e.work[c] &^ (1 << d); m != 0; m &= m - 1 {
			out = append(out, e.nodeOf(c, bits.TrailingZeros16(m), false))
		}
	}
	box := e.b.geo.BoxOf[c]
	for _, u := range e.unitsOf(c) {
		unit := e.b.geo.Units[u]
		for pos := e.places[u][d] &^ (1 << e.at[c][u/e.n]); pos != 0; pos &= pos - 1 {
			i := int(unit[bits.TrailingZeros32(pos)])
			if u == 2*e.n+box || e.b.geo.BoxOf[i] != box {
				out = append(out, e.nodeOf(i, d, false))
			}
		}
	}
	e.out = out
	return out
}

// unitsOf lists a cell's box, row and column, in Sudoku Explainer's order.
func (e *forcing) unitsOf(c int) [3]int {
	return [3]int{2*e.n + e.b.geo.BoxOf[c], c / e.n, e.n + c%e.n}
}

// offToOn fills e.out with what an "off" node turns on, and e.outPar with
// each one's parents: the node, and in dynamic chains the earlier "off"
// nodes that also emptied the cell or unit.
func (e *forcing) offToOn(p node) {
	c, d, _ := e.split(p)
	e.out, e.outPar, e.scratch = e.out[:0], e.outPar[:0], e.scratch[:0]
	if !e.mode.nishio && bits.OnesCount16(e.work[c]) == 2 {
		other := bits.TrailingZeros16(e.work[c] &^ (1 << d))
		k := len(e.scratch)
		e.scratch = append(e.scratch, p)
		for gone := e.b.cand[c] &^ e.work[c]; gone != 0; gone &= gone - 1 {
			e.scratch = append(e.scratch, e.nodeOf(c, bits.TrailingZeros16(gone), false))
		}
		e.push(e.nodeOf(c, other, true), e.scratch[k:])
	}
	for _, u := range e.unitsOf(c) {
		now := e.places[u][d]
		if bits.OnesCount32(now) != 2 {
			continue
		}
		unit := e.b.geo.Units[u]
		other := unit[bits.TrailingZeros32(now&^(1<<e.at[c][u/e.n]))]
		k := len(e.scratch)
		e.scratch = append(e.scratch, p)
		for gone := e.srcPlaces[u][d] &^ now; gone != 0; gone &= gone - 1 {
			e.scratch = append(e.scratch, e.nodeOf(int(unit[bits.TrailingZeros32(gone)]), d, false))
		}
		e.push(e.nodeOf(int(other), d, true), e.scratch[k:])
	}
}

// takeOut removes a candidate from the working board.
func (e *forcing) takeOut(c, d int) {
	e.work[c] &^= 1 << d
	for _, u := range e.unitsOf(c) {
		e.places[u][d] &^= 1 << e.at[c][u/e.n]
	}
}

// push adds a node to e.out unless it is there already.
func (e *forcing) push(x node, par []node) {
	for _, y := range e.out {
		if y == x {
			return
		}
	}
	e.out = append(e.out, x)
	e.outPar = append(e.outPar, par)
}

// ancestors counts the distinct nodes a branch's end rests on, itself
// included.
func (e *forcing) ancestors(br fcBranch) int {
	for k := range e.visited {
		e.visited[k] = 0
	}
	mark := func(x node) bool {
		if e.visited[x>>6]>>(x&63)&1 != 0 {
			return false
		}
		e.visited[x>>6] |= 1 << (x & 63)
		return true
	}
	count := 1
	mark(br.end)
	stack := append(e.stack[:0], br.endParents()...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if mark(x) {
			count++
			stack = append(stack, br.m.parents(x)...)
		}
	}
	e.stack = stack
	return count
}

// forcingChains finds the forcing chain of one producer that Sudoku
// Explainer would take: the one of least complexity, then of its kind's
// sort key (double, cell, region, contradiction), then found first.
func (b *cands) forcingChains(mode fcMode) (Step, bool) {
	if b.n > maxForcingSize {
		return Step{}, false
	}
	e := b.forcer(mode)
	for c := 0; c < b.geo.Cells; c++ {
		k := bits.OnesCount16(b.cand[c])
		if b.val[c] == 0 && (k > 2 || k > 1 && mode.dynamic) {
			e.fromCell(c, k)
		}
	}
	if !e.best.found {
		return Step{}, false
	}
	return e.step(), true
}

// forcer returns the board's engine for a producer, reset for this state.
func (b *cands) forcer(mode fcMode) *forcing {
	if b.fc == nil || b.fc.n != b.n {
		b.fc = b.newForcing(mode)
	}
	e := b.fc
	e.mode, e.used, e.best = mode, 0, fcHint{}
	clear(e.memo)
	for u := range b.geo.Units {
		for d := 0; d < b.n; d++ {
			e.srcPlaces[u][d] = b.positions(u, 1<<d)
		}
	}
	return e
}

// on returns the implication of a candidate assumed true, made once.
func (e *forcing) on(x node) *implication {
	if m, ok := e.memo[x]; ok {
		return m
	}
	m := e.chase(x)
	e.memo[x] = m
	return m
}

// fromCell tries every assumption about one cell's digits.
func (e *forcing) fromCell(c, k int) {
	var ons []*implication
	for m := e.b.cand[c]; m != 0; m &= m - 1 {
		d := bits.TrailingZeros16(m)
		pOn, pOff := e.nodeOf(c, d, true), e.nodeOf(c, d, false)
		onM := e.on(pOn)
		contradiction := e.mode.dynamic
		double := k >= 3 && e.mode.dynamic && !e.mode.nishio
		if contradiction && onM.absurd {
			e.offer(fcHint{complexity: e.clash(onM), sortKey: 7, kind: fcContradiction,
				target: pOff, source: pOn, branches: clashBranches(onM)})
		}
		if contradiction || double {
			offM := e.chase(pOff)
			if contradiction && offM.absurd {
				e.offer(fcHint{complexity: e.clash(offM), sortKey: 7, kind: fcContradiction,
					target: pOn, source: pOff, branches: clashBranches(offM)})
			}
			if double {
				e.doubles(pOn, onM, offM)
			}
		}
		if !e.mode.nishio {
			e.regions(c, d, onM)
		}
		ons = append(ons, onM)
	}
	if !e.mode.nishio {
		e.reduce(fcCell, e.nodeOf(c, bits.TrailingZeros16(e.b.cand[c]), true), -1, ons)
	}
}

// clash counts the nodes of both halves of a contradiction.
func (e *forcing) clash(m *implication) int {
	br := clashBranches(m)
	return e.ancestors(br[0]) + e.ancestors(br[1])
}

func clashBranches(m *implication) []fcBranch {
	return []fcBranch{{m: m, end: m.bad, endPar: m.badPar, own: true}, {m: m, end: m.bad ^ 1}}
}

// doubles offers each node that follows both from a candidate and from its
// negation.
func (e *forcing) doubles(pOn node, onM, offM *implication) {
	for _, want := range []node{1, 0} {
		for _, x := range onM.order {
			if x&1 != want || !offM.has(x) {
				continue
			}
			br := []fcBranch{{m: onM, end: x}, {m: offM, end: x}}
			e.offer(fcHint{complexity: e.ancestors(br[0]) + e.ancestors(br[1]), sortKey: 1, kind: fcDouble,
				target: x, source: pOn, branches: br})
		}
	}
}

// regions tries, in each unit where cell c is the first place of digit d,
// every place of d.
func (e *forcing) regions(c, d int, onM *implication) {
	bit := uint16(1) << d
	for _, u := range e.unitsOf(c) {
		var ms []*implication
		first := true
		for _, i := range e.b.geo.Units[u] {
			if e.b.cand[i]&bit == 0 {
				continue
			}
			if first && int(i) != c {
				break
			}
			first = false
			if int(i) == c {
				ms = append(ms, onM)
			} else {
				ms = append(ms, e.on(e.nodeOf(int(i), d, true)))
			}
		}
		if len(ms) > 1 {
			e.reduce(fcRegion, e.nodeOf(c, d, true), u, ms)
		}
	}
}

// reduce offers each node every branch leads to: on nodes first, then off
// ones, in the order the first branch reached them.
func (e *forcing) reduce(kind forcingKind, source node, unit int, ms []*implication) {
	key := 5
	if kind == fcRegion {
		key = 6
	}
	for _, want := range []node{1, 0} {
	next:
		for _, x := range ms[0].order {
			if x&1 != want {
				continue
			}
			for _, m := range ms[1:] {
				if !m.has(x) {
					continue next
				}
			}
			brs := make([]fcBranch, len(ms))
			total := 0
			for k, m := range ms {
				brs[k] = fcBranch{m: m, end: x}
				total += e.ancestors(brs[k])
			}
			e.offer(fcHint{complexity: total, sortKey: key, kind: kind, target: x,
				source: source, unit: unit, branches: brs})
		}
	}
}

// removes reports whether proving x removes a candidate: an "on" node
// whose cell has another digit, or any "off" node.
func (e *forcing) removes(x node) bool {
	c, d, on := e.split(x)
	return !on || e.b.cand[c]&^(1<<d) != 0
}

// offer keeps h if it comes before the best so far.
func (e *forcing) offer(h fcHint) {
	if !e.removes(h.target) {
		return
	}
	b := &e.best
	if b.found && (h.complexity > b.complexity || h.complexity == b.complexity && h.sortKey >= b.sortKey) {
		return
	}
	h.found = true
	*b = h
}

// step turns the best chain found into a step.
func (e *forcing) step() Step {
	h := e.best
	b := e.b
	tc, td, ton := e.split(h.target)
	sc, sd, son := e.split(h.source)
	s := Step{Technique: e.mode.tech, Rating: e.mode.tech.Rating() + chainLengthExtra(h.complexity-2),
		Cells: []solver.Cell{b.cell(sc), b.cell(tc)}, Digits: []int{sd + 1, td + 1},
		forcing: h.kind, assumedOn: son, provenOn: ton}
	if ton {
		for m := b.cand[tc] &^ (1 << td); m != 0; m &= m - 1 {
			s.Removed = append(s.Removed, Candidate{b.cell(tc), bits.TrailingZeros16(m) + 1})
		}
	} else {
		s.Removed = []Candidate{{b.cell(tc), td + 1}}
	}
	if h.kind == fcRegion {
		s.Units = []solver.Unit{b.unit(h.unit)}
	}
	seen := map[int]bool{sc: true, tc: true}
	for _, br := range h.branches {
		path := e.path(br)
		s.Branches = append(s.Branches, e.shortForm(path))
		for _, x := range path {
			if c, _, _ := e.split(x); !seen[c] {
				seen[c] = true
				s.Cells = append(s.Cells, b.cell(c))
			}
		}
	}
	return s
}

// path follows a branch from its assumption to its end through each
// node's first parent.
func (e *forcing) path(br fcBranch) []node {
	out := []node{br.end}
	par := br.endParents()
	for len(par) > 0 && len(out) <= 4*e.b.geo.Cells {
		out = append(out, par[0])
		par = br.m.parents(par[0])
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// maxShown bounds the nodes a branch's short form shows.
const maxShown = 9

// shortForm writes a branch as players write chains: r1c2=3 → r1c5≠3 →
// r4c5=3, with the middle left out when it is long.
func (e *forcing) shortForm(path []node) string {
	names := make([]string, 0, maxShown+1)
	for k, x := range path {
		if len(path) > maxShown && k == maxShown/2 {
			names = append(names, "…")
		}
		if len(path) > maxShown && k >= maxShown/2 && k < len(path)-(maxShown-maxShown/2-1) {
			continue
		}
		c, d, on := e.split(x)
		sign := "≠"
		if on {
			sign = "="
		}
		names = append(names, e.b.cell(c).String()+sign+string(solver.DigitChar(d+1)))
	}
	return strings.Join(names, " → ")
}
