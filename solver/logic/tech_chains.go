package logic

import (
	"math/bits"

	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/internal/geom"
)

// Chains: a candidate is a node. A strong link joins two candidates of
// which at least one is true (the two digits of a two-digit cell, or the
// two places of a digit in a unit); a weak link joins two that cannot both
// be true (same cell, or same digit in cells that see each other). A chain
// from X to Y that starts and ends with a strong link and alternates proves
// that X or Y is true, so any candidate that conflicts with both goes.

// maxChain bounds the nodes in a chain: longer ones are hard to follow and
// slow to find.
const maxChain = 16

// chainSearch holds one search's tables; nodes are cell*16 + digit-1.
type chainSearch struct {
	b       *cands
	strong  [][]int32
	digits  [solver.MaxSize]geom.CellSet // cells where each digit is a candidate
	dist    []int8                       // per node and state (on, off): chain length, -1 unseen
	parent  []int32
	queue   []int32
	weakBuf []int
	onlyOne int // -1, or the one digit an X-chain may use
	bival   bool
	loop    bool // the last chain found closes into a loop
}

func (b *cands) newChainSearch() *chainSearch {
	cs := &chainSearch{b: b, strong: make([][]int32, b.geo.Cells*16), onlyOne: -1}
	cs.dist = make([]int8, 2*len(cs.strong))
	for k := range cs.dist {
		cs.dist[k] = -1
	}
	cs.parent = make([]int32, 2*len(cs.strong))
	for i := 0; i < b.geo.Cells; i++ {
		for _, v := range digitsOf(b.cand[i]) {
			cs.digits[v-1].Add(i)
		}
		if b.bivalue(i) {
			d := digitsOf(b.cand[i])
			cs.link(i*16+d[0]-1, i*16+d[1]-1)
		}
	}
	for u, unit := range b.geo.Units {
		for v := 1; v <= b.n; v++ {
			if pos := b.positions(u, 1<<(v-1)); bits.OnesCount32(pos) == 2 {
				p := int(unit[bits.TrailingZeros32(pos)])
				q := int(unit[31-bits.LeadingZeros32(pos)])
				if u < 2*b.n || !b.sameLine(p, q) { // a box pair on a line is found via the line
					cs.link(p*16+v-1, q*16+v-1)
				}
			}
		}
	}
	return cs
}

func (b *cands) sameLine(p, q int) bool { return p/b.n == q/b.n || p%b.n == q%b.n }

func (cs *chainSearch) link(x, y int) {
	cs.strong[x] = append(cs.strong[x], int32(y))
	cs.strong[y] = append(cs.strong[y], int32(x))
}

// chain finds the lowest-rated chain that eliminates something, of the
// kind asked: XChain (one digit), XYChain (two-digit cells only) or AIC. A
// chain whose two ends also exclude each other is a loop, which Sudoku
// Explainer rates as a cycle: from 6.5 when it keeps to one digit or to
// two-digit cells (7.0 otherwise), its n nodes counting n − 2.
func (b *cands) chain(kind Technique) (Step, bool) {
	cs := b.newChainSearch()
	cs.bival = kind == XYChain
	var best Step
	found, bestLen := false, maxChain+1
	for start := range cs.strong {
		if len(cs.strong[start]) == 0 {
			continue
		}
		if kind == XChain {
			cs.onlyOne = start % 16
		}
		s, n, ok := cs.from(start, min(bestLen+2, maxChain+1))
		if !ok {
			continue
		}
		s.Technique, s.Rating = kind, chainRating(kind, n, cs.loop)
		if !found || s.Rating < best.Rating || s.Rating == best.Rating && n < bestLen {
			best, bestLen, found = s, n, true
		}
	}
	return best, found
}

// chainRating rates a chain of n nodes, or a loop.
func chainRating(kind Technique, n int, loop bool) float64 {
	if !loop {
		return kind.Rating() + chainLengthExtra(n)
	}
	base := 6.5
	if kind == AIC {
		base = 7.0
	}
	return base + chainLengthExtra(n-2)
}

// chainLengthExtra adds to a chain's rating as it grows, as Sudoku
// Explainer does: 0.1 for each of the lengths 4, 6, 8, 12, 16, 24, 32…
// (alternately ×3/2 and ×4/3) that the chain's nodes exceed.
func chainLengthExtra(nodes int) float64 {
	extra, ceil := 0, 4
	for k := 0; nodes > ceil; k++ {
		extra++
		if k%2 == 0 {
			ceil = ceil * 3 / 2
		} else {
			ceil = ceil * 4 / 3
		}
	}
	return float64(extra) / 10
}

// chains finds the chain Sudoku Explainer would take: of the Y-cycle,
// X-Chain, W-Wing, XY-Chain and alternating inference chain found, the one
// rated lowest (a loop from 6.5, a single-digit chain from 6.6, a chain
// through cells from 7.0, each plus its length), the simpler kind first on
// a tie.
func (b *cands) chains() (Step, bool) {
	var best Step
	found := false
	for _, find := range []func() (Step, bool){
		b.yCycle,
		func() (Step, bool) { return b.chain(XChain) },
		b.wWing,
		func() (Step, bool) { return b.chain(XYChain) },
		func() (Step, bool) { return b.chain(AIC) },
	} {
		s, ok := find()
		if !ok {
			continue
		}
		s.Rating = s.rated() // a W-Wing leaves it to its technique
		if !found || s.Rating < best.Rating {
			best, found = s, true
		}
	}
	return best, found
}

// from searches breadth first from start assumed false; it returns the
// first elimination found with fewer than limit nodes.
func (cs *chainSearch) from(start, limit int) (Step, int, bool) {
	for _, st := range cs.queue { // the last search's marks
		cs.dist[st] = -1
	}
	off, on := func(x int) int { return 2 * x }, func(x int) int { return 2*x + 1 }
	cs.dist[off(start)] = 1
	cs.queue = append(cs.queue[:0], int32(off(start)))
	for q := 0; q < len(cs.queue); q++ {
		st := int(cs.queue[q])
		x, isOn, d := st/2, st%2 == 1, int(cs.dist[st])
		if d+1 >= limit {
			break
		}
		if !isOn {
			for _, y := range cs.strong[x] {
				if cs.visit(on(int(y)), st, d+1, int(y)) {
					if s, ok := cs.eliminate(start, int(y), on(int(y))); ok {
						return s, d + 1, true
					}
				}
			}
			continue
		}
		for _, y := range cs.weak(x) {
			cs.visit(off(y), st, d+1, y)
		}
	}
	return Step{}, 0, false
}

func (cs *chainSearch) visit(st, parent, d, node int) bool {
	if cs.dist[st] >= 0 || !cs.allowed(node) {
		return false
	}
	cs.dist[st], cs.parent[st] = int8(d), int32(parent)
	cs.queue = append(cs.queue, int32(st))
	return true
}

func (cs *chainSearch) allowed(node int) bool {
	if cs.onlyOne >= 0 && node%16 != cs.onlyOne {
		return false
	}
	return !cs.bival || cs.b.bivalue(node/16)
}

// weak returns the nodes that cannot be true with x: the other digits of
// its cell and its digit in the cells it sees.
func (cs *chainSearch) weak(x int) []int {
	b, i, v := cs.b, x/16, x%16
	out := cs.weakBuf[:0]
	for m := b.cand[i] &^ (1 << v); m != 0; m &= m - 1 {
		out = append(out, i*16+bits.TrailingZeros16(m))
	}
	cs.weakBuf = out
	if cs.bival && len(out) > 0 {
		return out // an XY-chain leaves a cell only through its other digit
	}
	for _, p := range b.geo.Peers[i] {
		if b.cand[p]&(1<<v) != 0 {
			out = append(out, int(p)*16+v)
		}
	}
	cs.weakBuf = out
	return out
}

// eliminate returns what a chain from X (false) to Y (true) removes.
func (cs *chainSearch) eliminate(x, y, yState int) (Step, bool) {
	b := cs.b
	ix, vx, iy, vy := x/16, x%16+1, y/16, y%16+1
	var rm []Candidate
	switch {
	case vx == vy:
		both := b.geo.PeerSet[ix]
		both = both.And(b.geo.PeerSet[iy]).And(cs.digits[vx-1])
		for k := 0; k < b.geo.Cells; k++ {
			if both[k>>6]>>(k&63)&1 != 0 {
				rm = append(rm, Candidate{b.cell(k), vx})
			}
		}
	case ix == iy:
		for _, w := range digitsOf(b.cand[ix] &^ (1<<(vx-1) | 1<<(vy-1))) {
			rm = append(rm, Candidate{b.cell(ix), w})
		}
	case b.sees(ix, iy):
		if b.cand[ix]&(1<<(vy-1)) != 0 {
			rm = append(rm, Candidate{b.cell(ix), vy})
		}
		if b.cand[iy]&(1<<(vx-1)) != 0 {
			rm = append(rm, Candidate{b.cell(iy), vx})
		}
	}
	if len(rm) == 0 {
		return Step{}, false
	}
	cs.loop = vx == vy && ix != iy && b.sees(ix, iy) || ix == iy && vx != vy
	return Step{Removed: rm, Cells: cs.path(yState), Digits: uniqueDigits(vx, vy)}, true
}

// path returns the chain's cells from its start to the node at state st.
func (cs *chainSearch) path(st int) []solver.Cell {
	var cells []solver.Cell
	for {
		c := cs.b.cell(st / 2 / 16)
		if len(cells) == 0 || cells[len(cells)-1] != c {
			cells = append(cells, c)
		}
		if cs.dist[st] == 1 {
			break
		}
		st = int(cs.parent[st])
	}
	return cells
}

func uniqueDigits(a, b int) []int {
	if a == b {
		return []int{a}
	}
	return []int{a, b}
}
