package variant

import (
	"context"
	"math/bits"
	"runtime"
)

// Result is what Solve learned about a puzzle.
type Result struct {
	// Count is the number of solutions found, at most the limit asked.
	Count int
	// Solutions holds the solutions found, each Size*Size digits row by
	// row, in the order found.
	Solutions [][]int
	// Complete is false when the search stopped at the context's
	// deadline: then Count is only a lower bound.
	Complete bool
	// Nodes counts the search's branches, for benchmarks.
	Nodes int64
	// Fixed counts the cells blank in the givens whose digit the rules
	// alone decide, before any guess: what a search that gave up still
	// learnt for certain.
	Fixed int
}

// checkEvery is how many search nodes pass between looks at the context.
const checkEvery = 64

// Solve counts p's solutions up to limit (2 answers "is it unique?") and
// returns the first ones found. It stops at ctx's deadline with Complete
// false. It returns an *UnsupportedError for a constraint it does not
// know, and an error for a malformed puzzle; it does not change p.
//
// A search that runs long is shared by runtime.GOMAXPROCS(0) workers (see
// pool): then which solutions come first, and Nodes, vary from run to
// run.
func Solve(ctx context.Context, p Puzzle, limit int) (Result, error) {
	return solve(ctx, p, limit, runtime.GOMAXPROCS(0))
}

// solve is Solve with at most workers searching at once; with 1 the
// search is serial and the same node for node on every run.
func solve(ctx context.Context, p Puzzle, limit, workers int) (Result, error) {
	e, err := newEngine(ctx, p)
	if err != nil {
		return Result{}, err
	}
	res := Result{Complete: true}
	if limit < 1 {
		return res, nil
	}
	if !e.start() {
		return res, nil
	}
	res.Fixed = fixed(e.cand, p.Givens)
	t := &tally{limit: limit, res: &res}
	if workers > 1 {
		e.pool, e.helpers = newPool(ctx, p, t.found), workers-1
	}
	more := e.search(t.found)
	res.Complete, res.Nodes = !e.stopped, e.nodes
	if e.started() {
		var timedOut bool
		res.Nodes, timedOut = e.pool.join(e, more)
		res.Complete = !timedOut || res.Count >= limit
	}
	return res, nil
}

// fixed counts the cells blank in givens left one candidate in cand.
func fixed(cand []uint32, givens []int) int {
	n := 0
	for c, m := range cand {
		if givens[c] == 0 && bits.OnesCount32(m) == 1 {
			n++
		}
	}
	return n
}

// Candidates returns, per cell row by row, the mask of digits (bit d for
// digit d) that appear in some solution of p: its true candidates. When
// complete is false, ctx's deadline came first and the masks are only
// the digits seen so far. Errors are Solve's.
func Candidates(ctx context.Context, p Puzzle) (masks []uint32, complete bool, err error) {
	e, err := newEngine(ctx, p)
	if err != nil {
		return nil, false, err
	}
	seen := make([]uint32, len(e.cand))
	if !e.start() {
		return seen, true, nil
	}
	root := append([]uint32(nil), e.cand...)
	switch found := e.seedCandidates(seen); {
	case e.stopped:
		return seen, false, nil
	case found == 1: // the only solution: its digits are the candidates
		return seen, true, nil
	}
	for c := range root {
		for {
			rest := root[c] &^ seen[c]
			if rest == 0 || !e.solutionWith(root, c, rest, seen) {
				break
			}
		}
		if e.stopped {
			return seen, false, nil
		}
	}
	return seen, true, nil
}

// solutionWith looks, from the propagated state root, for a solution
// that puts one of the digits rest in cell c, and marks its digits seen:
// one search a cell proves that none of its unseen digits is a candidate,
// rather than one a digit. It reports whether it found one.
func (e *engine) solutionWith(root []uint32, c int, rest uint32, seen []uint32) bool {
	copy(e.cand, root)
	e.recount()
	got := false
	if e.try(c, rest) {
		e.search(func(g []int) bool {
			for i, v := range g {
				seen[i] |= bit(v)
			}
			got = true
			return false
		})
	}
	e.clearQueue()
	return got
}

// seedCandidates marks as seen the digits of the first two solutions of
// the propagated state and returns how many it found: most candidates are
// seen at once, and a puzzle with one solution needs no more search.
func (e *engine) seedCandidates(seen []uint32) int {
	found := 0
	e.search(func(g []int) bool {
		for i, v := range g {
			seen[i] |= bit(v)
		}
		found++
		return found < 2
	})
	e.clearQueue()
	return found
}

// engine holds one puzzle's model and the search's state.
type engine struct {
	ctx           context.Context
	n             int
	all           uint32 // digits 1..n
	cand          []uint32
	candArr       *[maxCells]uint32 // cand's array (see maxCells)
	props         []prop
	rules         int              // props[:rules] are the puzzle's own rules; the rest are derived from them
	peerFrom      int              // props[peerFrom:] are the cells' peer exclusions (see peers)
	watches       []cellWatch      // per cell, the props its changes wake
	queue         queue            // cheap props to run
	slow          queue            // props to run once queue is empty
	queued        []uint8          // per prop, 1 while it waits
	houses        []*groupProp     // the full groups, for branching on a digit
	inHouses      []uint64         // per cell, bit i when houses[i] holds it
	sees          []cellSet        // per cell, the cells that must differ from it
	houseProp     []int32          // the first 64 houses' props, which counts wake (see counts.go)
	housePair     []int32          // their value exclusions' props, or -1
	culprit       int32            // a house a change left without a digit, or -1
	counts        []houseCounts    // per house and digit, the cells that can take it
	countArr      *[64]houseCounts // counts' array: indexed by a house's bit masked to 6 bits, with no bounds check
	newPairs      []uint32         // per house, the digits left to two cells since its value exclusion ran
	countStack    [][]houseCounts  // saved counts, one per depth
	digitArr      *[32]cellSet     // per digit, the cells that can take it (see digitcells.go)
	digitCells    []cellSet        // digitArr's digits 0..n, to save and restore
	digitStack    [][]cellSet      // saved digitCells, one per depth
	stack         [][]uint32       // saved candidates, one per depth
	branches      []branch         // per depth, the first branch walked from it
	pool          *pool            // the parallel search this engine works in, or nil
	helpers       int              // the workers to start once the search has run shareAfter nodes; -1 once started
	weight        []int            // per cell, 1 + failures of the props over it and of its branches
	nodes         int64
	stopped       bool
	groupSetsMemo []cellSet // the group props' cells, for building (see groupSets)
	groupsSeen    int       // the props groupSetsMemo has read
}

// cellWatch holds the props a cell's changes wake, by when they wake:
// together, narrow reads them with one bounds check, not one a list.
type cellWatch struct {
	cheap       []int32 // the cheap props over it
	slow        []int32 // the sums and sets over it
	placed      []int32 // the crosses over it: they wait for it to be placed
	bounds      []int32 // the plain sums over it: they wait for its bounds to change
	placedCheap []int32 // the cheap props that act on it only placed
}

// start queues every prop and propagates; false means no solution.
func (e *engine) start() bool {
	e.recount()
	for i := range e.props {
		e.push(int32(i))
	}
	return e.propagate()
}

// restrict narrows cell c to m; false when nothing is left. It is
// small enough to be inlined where props call it: most calls change
// nothing.
func (e *engine) restrict(c int, m uint32) bool {
	old := e.cand[c]
	return old&^m == 0 || e.narrow(c, old, m&old)
}

// narrow sets cell c, which held old, to m, a part of it, and queues
// what the change wakes; false when m is empty or a house is left
// without a digit.
func (e *engine) narrow(c int, old, m uint32) bool {
	e.cand[c] = m
	if m == 0 {
		return false
	}
	placed := e.wake(c, old, m)
	if placed {
		e.place(c, m)
	}
	return e.uncount(c, old&^m)
}

// wake queues the props that cell c's change from old to m wakes, and
// reports whether it placed c.
func (e *engine) wake(c int, old, m uint32) bool {
	w := &e.watches[c]
	for _, p := range w.cheap {
		e.queue.add(p, e.queued)
	}
	for _, p := range w.slow {
		e.slow.add(p, e.queued)
	}
	if wb := w.bounds; len(wb) > 0 && (old&^m)&(old&-old|bit(high(old))) != 0 {
		for _, p := range wb {
			e.slow.add(p, e.queued)
		}
	}
	placed := m&(m-1) == 0
	if placed {
		for _, p := range w.placedCheap {
			e.queue.add(p, e.queued)
		}
		for _, p := range w.placed {
			e.slow.add(p, e.queued)
		}
	}
	return placed
}

// push queues prop p unless it is queued: sums, sets and crosses wait
// in slow until the cheap props have nothing left to do.
func (e *engine) push(p int32) {
	if e.costly(p) {
		e.slow.add(p, e.queued)
	} else {
		e.queue.add(p, e.queued)
	}
}

// propagate runs queued props, cheap ones first (in the order queued),
// until none is left; false on a contradiction, with the queue emptied.
// It takes the next prop itself: a function for it was too big to be
// inlined, a call a prop run.
func (e *engine) propagate() bool {
	for {
		p := e.queue.next(e.queued)
		if p < 0 {
			if p = e.slow.next(e.queued); p < 0 {
				return true
			}
		}
		if !e.props[p].run(e) {
			if e.culprit >= 0 {
				p = e.culprit // a house it left without a digit
			}
			e.blame(p)
			e.clearQueue()
			return false
		}
	}
}

// blame weighs the cells of prop p, which just failed, for branching:
// the search goes first where the rules keep failing (dom/wdeg). walk
// also weighs the cell whose branch failed, as the Interactive Sudoku
// Solver's conflict scores do (they weigh only that cell).
func (e *engine) blame(p int32) {
	for _, c := range e.props[p].cells() {
		e.weight[c]++
	}
}

// clearQueue empties the queue.
func (e *engine) clearQueue() {
	e.queue.clear(e.queued)
	e.slow.clear(e.queued)
	clear(e.newPairs)
	e.culprit = -1
}

// try narrows cell c to m and propagates; false on a contradiction, with
// the queue emptied.
func (e *engine) try(c int, m uint32) bool {
	if !e.restrict(c, m) {
		if e.culprit >= 0 {
			e.blame(e.culprit)
		}
		e.clearQueue()
		return false
	}
	return e.propagate()
}

// search walks the propagated state depth first, calling found with each
// solution until found returns false or the deadline passes. It returns
// false when the walk must stop.
func (e *engine) search(found func([]int) bool) bool {
	return e.walk(0, found)
}

// walk searches from depth. In a parallel search, while another worker
// waits for work, it gives away the untried branches of the depths above
// (see donate): a depth whose branch was given returns once its first
// branch is done.
func (e *engine) walk(depth int, found func([]int) bool) bool {
	for {
		e.nodes++
		if e.nodes%checkEvery == 0 && e.poll() {
			e.stopped = true
		}
		if e.stopped {
			return false
		}
		if e.pool != nil && e.pool.hungry.Load() > 0 {
			e.donate(depth)
		}
		c, m := e.choose()
		if c < 0 {
			return found(e.grid())
		}
		// Two branches: c takes m, or it does not.
		saved := e.save(depth)
		if !e.try(c, m) {
			e.weight[c]++
		} else {
			e.branches[depth] = branch{c: int32(c), m: m}
			if !e.walk(depth+1, found) {
				return false
			}
			if e.branches[depth].given {
				e.branches[depth].given = false
				return true
			}
		}
		e.restore(depth)
		if !e.try(c, saved[c]&^m) {
			e.weight[c]++
			return true
		}
	}
}

// save copies the candidates and the houses' counts into the stack at
// depth and returns the candidates' copy.
func (e *engine) save(depth int) []uint32 {
	for len(e.stack) <= depth {
		e.stack = append(e.stack, make([]uint32, len(e.cand)))
		e.countStack = append(e.countStack, make([]houseCounts, len(e.counts)))
		e.digitStack = append(e.digitStack, make([]cellSet, len(e.digitCells)))
		e.branches = append(e.branches, branch{})
	}
	copy(e.stack[depth], e.cand)
	copy(e.countStack[depth], e.counts)
	copy(e.digitStack[depth], e.digitCells)
	return e.stack[depth]
}

// restore brings back what save put at depth.
func (e *engine) restore(depth int) {
	copy(e.cand, e.stack[depth])
	copy(e.counts, e.countStack[depth])
	copy(e.digitCells, e.digitStack[depth])
}

// branchCell returns the open cell with the fewest candidates for its
// weight, or -1.
func (e *engine) branchCell() int {
	best, bestK, bestW := -1, 1, 0 // the first open cell wins: weights are 1 or more
	weight := e.weight[:len(e.cand)]
	for c, m := range e.cand {
		k := bits.OnesCount32(m)
		if k < 2 {
			continue
		}
		if w := weight[c]; k*bestW < bestK*w {
			best, bestK, bestW = c, k, w
		}
	}
	return best
}

// grid returns the placed digits, row by row.
func (e *engine) grid() []int {
	g := make([]int, len(e.cand))
	for c, m := range e.cand {
		g[c] = low(m)
	}
	return g
}
