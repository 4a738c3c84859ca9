package variant

// minRelated is how many cells of the smaller of two sums must share a
// group with the other's cells for them to be merged (the Interactive
// Sudoku Solver's bound).
const minRelated = 6

// combined is a sum of cells being merged: its cells, total, and score.
type combined struct {
	cs    []int
	total int
	score int
}

// combine merges little killers that lie side by side into larger sums,
// greedily, as the Interactive Sudoku Solver's combined sums do, and adds
// each merged sum bounded by its distinct groups: four parallel
// diagonals of 49 need nearly the largest digits of every box they
// cross, which no single diagonal shows. A merge is kept when it scores
// better than both parts, or than their sum (see score).
func (e *engine) combine(differ func(a, b int) bool) {
	var pool []combined
	for _, pr := range e.props {
		if s, ok := pr.(*sumProp); ok && s.diag {
			pool = append(pool, e.record(s.cs, s.total))
		}
	}
	for {
		bi, bj, best := -1, -1, combined{}
		for i := range pool {
			for j := range pool[:i] {
				if m, ok := e.merge(pool[i], pool[j], differ); ok && (bi < 0 || m.score > best.score) {
					bi, bj, best = i, j, m
				}
			}
		}
		if bi < 0 {
			return
		}
		s := newSumProp(best.cs, best.total, e.n)
		s.bound.groups = e.houseGroups(best.cs)
		e.props = append(e.props, s)
		pool = append(append(pool[:bj:bj], pool[bj+1:bi]...), append(pool[bi+1:], best)...)
	}
}

// merge returns a and b merged, and whether the merge is worth keeping.
func (e *engine) merge(a, b combined, differ func(x, y int) bool) (combined, bool) {
	if !related(a.cs, b.cs, differ) {
		return combined{}, false
	}
	m := e.record(append(append([]int(nil), a.cs...), b.cs...), a.total+b.total)
	return m, (m.score > a.score && m.score > b.score) || m.score > a.score+b.score
}

// record returns the sum of cs at total with its score: per distinct
// group of k cells, k*(n-k) less the sum's slack (the least distance
// from total to the groups' bounds on the sum), so that large groups
// and a tight total score high.
func (e *engine) record(cs []int, total int) combined {
	gs := e.houseGroups(cs)
	lo, hi := 0, 0
	for _, g := range gs {
		k := len(g)
		lo, hi = lo+k*(k+1)/2, hi+k*(2*e.n-k+1)/2
	}
	slack := min(total-lo, hi-total)
	score := 0
	for _, g := range gs {
		score += len(g)*(e.n-len(g)) - slack
	}
	return combined{cs: cs, total: total, score: score}
}

// related reports whether a and b share no cell and at least minRelated
// cells of the smaller share a group with a cell of the other.
func related(a, b []int, differ func(x, y int) bool) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	n := 0
	for _, x := range a {
		seen := false
		for _, y := range b {
			if x == y {
				return false
			}
			seen = seen || differ(x, y)
		}
		if seen {
			n++
		}
	}
	return n >= minRelated
}
