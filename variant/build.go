package variant

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
)

// maxSize is the largest grid the solver takes: digits fit in 17 bits.
const maxSize = 16

// maxCells is the cells of the largest grid: a cell index masked to 8
// bits indexes candArr with no bounds check.
const maxCells = maxSize * maxSize

// makeCand gives e the candidates of k cells, none yet, in an array of
// maxCells, and returns e.
func (e *engine) makeCand(k int) *engine {
	e.candArr = new([maxCells]uint32)
	e.cand = e.candArr[:k]
	return e
}

// newEngine builds the solver's model of p: candidates from givens and
// parity marks, and props for units and constraints.
func newEngine(ctx context.Context, p Puzzle) (*engine, error) {
	n := p.Size
	if n < 1 || n > maxSize || len(p.Givens) != n*n || (p.Regions != nil && len(p.Regions) != n*n) {
		return nil, fmt.Errorf("variant: solve: a %d×%d puzzle with %d givens", n, n, len(p.Givens))
	}
	e := (&engine{ctx: ctx, n: n, all: (1<<uint(n+1) - 1) &^ 1}).makeCand(n * n)
	for i, g := range p.Givens {
		e.cand[i] = e.all
		if g < 0 || g > n {
			return nil, fmt.Errorf("variant: solve: given %d at %s", g, Cell{i / n, i % n})
		}
		if g > 0 {
			e.cand[i] = bit(g)
		}
	}
	b := &builder{e: e, p: &p}
	b.units()
	for _, c := range p.Constraints {
		if err := b.add(c); err != nil {
			return nil, err
		}
	}
	b.negatives()
	b.neqs()
	b.crossCages()
	e.rules = len(e.props)
	b.innies(summed(p.Constraints))
	b.crossings(summed(p.Constraints))
	e.groupSums()
	e.crosses()
	e.pairExcls()
	e.peers()
	e.sizeCaches()
	e.index()
	return e, nil
}

// index lists each cell's props, cheap, slow, waiting for its bounds to
// change and waiting for it to be placed, and sets up the queues and the
// cells' weights.
func (e *engine) index() {
	e.indexHouses()
	if e.sees == nil { // pairExcls made them: no group, neq or pair prop is added after it
		e.sees = e.exclusions()
	}
	e.watches = make([]cellWatch, len(e.cand))
	for i := range e.props {
		list := func(w *cellWatch) *[]int32 { return &w.cheap }
		switch {
		case e.counted(int32(i)), e.superseded(int32(i)):
			continue
		case e.placedOnly(int32(i)):
			list = func(w *cellWatch) *[]int32 { return &w.placed }
		case e.placedCheap(int32(i)):
			list = func(w *cellWatch) *[]int32 { return &w.placedCheap }
		case e.boundsOnly(int32(i)):
			list = func(w *cellWatch) *[]int32 { return &w.bounds }
		case e.costly(int32(i)):
			list = func(w *cellWatch) *[]int32 { return &w.slow }
		}
		for _, c := range e.props[i].cells() {
			l := list(&e.watches[c])
			*l = append(*l, int32(i))
		}
	}
	e.queued = make([]uint8, len(e.props))
	e.queue, e.slow = newQueue(len(e.props)), newQueue(len(e.props))
	e.weight = make([]int, len(e.cand))
	for i := range e.weight {
		e.weight[i] = firstWeight(i)
	}
}

// weightSeed, when not 0, gives each cell a first weight of 1 or 2 by a
// hash of it and the cell, for tests only: a change of what fails first
// moves a puzzle's nodes by up to two times either way, so a change is
// judged over several seeds' searches (-variant.seed), not one.
var weightSeed uint32

// firstWeight returns cell c's weight before any failure.
func firstWeight(c int) int {
	if weightSeed == 0 {
		return 1
	}
	h := (uint32(c)+1)*2654435761 ^ weightSeed*0x9e3779b9
	h ^= h >> 15
	h *= 0x85ebca6b
	h ^= h >> 13
	return 1 + int(h>>31)
}

// placedOnly reports whether prop p wakes only when one of its cells is
// placed, not at each digit its cells lose: the crosses (pointing and
// claiming), as the Interactive Sudoku Solver runs its house
// intersections. Woken at every change they ran about a hundred times a
// node and changed something in one run of seventy.
func (e *engine) placedOnly(p int32) bool {
	_, ok := e.props[p].(*crossProp)
	return ok
}

// placedCheap reports whether prop p is cheap and acts only on a placed
// cell, so that it wakes only when one of its cells is placed: a group
// that is not full (a cage's or renban's distinct digits; its other test,
// fewer digits than cells, the cage's sum or set prop makes too), and a
// neighbour exclusion (anti-king, anti-knight), which does nothing until
// its cell is placed.
func (e *engine) placedCheap(p int32) bool {
	switch pr := e.props[p].(type) {
	case *groupProp:
		return !pr.full
	case *neqProp:
		return true
	}
	return false
}

// boundsOnly reports whether prop p wakes only when one of its cells
// loses its least or greatest digit: a plain sum (no distinct groups),
// which is loose (see sumProp.loose) far more often than not, and whose
// looseness only the cells' bounds decide.
func (e *engine) boundsOnly(p int32) bool {
	s, ok := e.props[p].(*sumProp)
	return ok && s.dp.groups == nil && s.bound.groups == nil
}

// costly reports whether prop p waits in the slow queue: all but the
// groups, pairs and neighbour exclusions.
func (e *engine) costly(p int32) bool {
	switch e.props[p].(type) {
	case *groupProp, *pairProp, *neqProp:
		return false
	}
	return true
}

// builder turns a Puzzle's constraints into props.
type builder struct {
	e *engine
	p *Puzzle
	// dots marks the neighbour pairs joined by a dot or an XV, by kind,
	// for the negative rules.
	dots    map[[2]int]map[string]bool
	globals map[string]bool
	neq     [][]int    // per cell, the cells a move away that must differ
	cages   []*setProp // the killer cages' set props, for crossCages
}

// idx returns c's index, or -1 outside the grid.
func (b *builder) idx(c Cell) int {
	n := b.e.n
	if c.Row < 0 || c.Col < 0 || c.Row >= n || c.Col >= n {
		return -1
	}
	return c.Row*n + c.Col
}

// idxs returns the cells' indexes; an error for a cell outside the grid.
func (b *builder) idxs(cs []Cell) ([]int, error) {
	out := make([]int, len(cs))
	for i, c := range cs {
		if out[i] = b.idx(c); out[i] < 0 {
			return nil, fmt.Errorf("variant: solve: %s is outside the grid", c)
		}
	}
	return out, nil
}

// group adds a no-repeat group; full when it holds every digit.
func (b *builder) group(cs []int) {
	if len(cs) > 1 {
		b.e.props = append(b.e.props, &groupProp{cs: cs, full: len(cs) == b.e.n})
	}
}

// pair adds the relation ok between cells a and b.
func (b *builder) pair(x, y int, ok func(a, b int) bool) {
	b.e.props = append(b.e.props, newPair(x, y, b.e.n, ok))
}

// units adds rows, columns and regions.
func (b *builder) units() {
	n := b.e.n
	regions := b.p.Regions
	if regions == nil {
		regions = standardRegions(n)
	}
	byRegion := make([][]int, n)
	for i := 0; i < n; i++ {
		row, col := make([]int, n), make([]int, n)
		for j := 0; j < n; j++ {
			row[j], col[j] = i*n+j, j*n+i
		}
		b.group(row)
		b.group(col)
	}
	for i, r := range regions {
		if r >= 0 && r < n {
			byRegion[r] = append(byRegion[r], i)
		}
	}
	for _, cs := range byRegion {
		b.group(cs)
	}
}

// setsOf returns the masks over digits 1..n with k digits that ok
// accepts.
func setsOf(n, k int, ok func(m uint32) bool) []uint32 {
	var out []uint32
	for m := uint32(2); m < 1<<uint(n+1); m += 2 {
		if bits.OnesCount32(m) == k && ok(m) {
			out = append(out, m)
		}
	}
	return out
}

// sumSets returns the masks over digits 1..n with k digits adding up to
// sum, in increasing order: setsOf's answer for that test, without
// looking at every mask.
func sumSets(n, k, sum int) []uint32 {
	var out []uint32
	var walk func(from, k, sum int, m uint32)
	walk = func(from, k, sum int, m uint32) {
		if k == 0 {
			if sum == 0 {
				out = append(out, m)
			}
			return
		}
		// d and k-1 larger digits: at least k*d+k(k-1)/2; the k-1 make
		// at most (k-1)*n-(k-1)(k-2)/2
		for d := from; d <= n-k+1 && k*d+k*(k-1)/2 <= sum; d++ {
			if sum-d <= (k-1)*n-(k-1)*(k-2)/2 {
				walk(d+1, k-1, sum-d, m|bit(d))
			}
		}
	}
	walk(1, k, sum, 0)
	slices.Sort(out)
	return out
}

// maskSum returns the sum of m's digits.
func maskSum(m uint32) int {
	s := 0
	for ; m != 0; m &= m - 1 {
		s += bits.TrailingZeros32(m)
	}
	return s
}

// summed returns the killer cages with a sum, then the little killers
// with one, as cages: sums of cells, for innies and overlap sums (a
// little killer's digits may repeat, which these sums do not mind).
func summed(cs []Constraint) []Killer {
	var out, diag []Killer
	for _, c := range cs {
		switch c := c.(type) {
		case Killer:
			if c.Sum > 0 {
				out = append(out, c)
			}
		case LittleKiller:
			if c.Sum > 0 {
				diag = append(diag, Killer{Cells: c.Cells, Sum: c.Sum})
			}
		}
	}
	return append(out, diag...)
}

// indexHouses lists the full groups and, per cell, the first 64 of them
// that hold it.
func (e *engine) indexHouses() {
	e.inHouses = make([]uint64, len(e.cand))
	e.houses, e.houseProp, e.housePair = nil, nil, nil
	at := map[*groupProp]int{}
	for p, pr := range e.props {
		if g, ok := pr.(*groupProp); ok && g.full {
			g.counted = nil
			if i := len(e.houses); i < 64 {
				for _, c := range g.cs {
					e.inHouses[c] |= 1 << uint(i)
				}
				if slices.IsSorted(g.cs) {
					g.counted = newCountedHouse(i, g.cs, len(e.cand))
				}
				e.houseProp, e.housePair = append(e.houseProp, int32(p)), append(e.housePair, -1)
				at[g] = i
			}
			e.houses = append(e.houses, g)
		}
	}
	for p, pr := range e.props {
		if x, ok := pr.(*pairExclProp); ok {
			x.counted = -1
			if h, ok := at[x.g]; ok {
				e.housePair[h], x.counted = int32(p), h
			}
		}
	}
	e.countArr = new([64]houseCounts)
	e.digitArr = new([32]cellSet)
	e.digitCells = e.digitArr[:e.n+1]
	e.counts, e.culprit = e.countArr[:len(e.houseProp)], -1
	e.newPairs = make([]uint32, len(e.houseProp))
}
