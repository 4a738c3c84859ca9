package variant

// maxOverlapCells bounds an overlap sum whose cells all lie in cages,
// which have sums of their own already (the Interactive Sudoku Solver's
// bound).
const maxOverlapCells = 6

// overlaps adds, as the Interactive Sudoku Solver does, sums over
// growing unions of houses: rows from the top and from the bottom,
// columns from the left and from the right, regions in order. The cages
// more than half inside a union stand in for it: the union's cells they
// miss (A) and their cells outside it (B) make sum(B) - sum(A) = the
// cages' sums - the union's total. Such a sum is kept when it is short:
// at most Size cells, one side of at most two. cages must not overlap;
// owner gives each cell's cage, or -1.
func (b *builder) overlaps(cages []Killer, owner []int) {
	n := b.e.n
	rows, cols := make([][]int, n), make([][]int, n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			rows[i], cols[i] = append(rows[i], i*n+j), append(cols[i], j*n+i)
		}
	}
	regions := b.p.Regions
	if regions == nil {
		regions = standardRegions(n)
	}
	byRegion := make([][]int, n)
	for c, r := range regions {
		if r < 0 || r >= n {
			return // no full regions: rows and columns would do, but stay simple
		}
		byRegion[r] = append(byRegion[r], c)
	}
	for _, seq := range [][][]int{rows, reversed(rows), cols, reversed(cols), byRegion} {
		b.overlapSeq(seq, cages, owner)
	}
}

// reversed returns the houses in the other order.
func reversed(hs [][]int) [][]int {
	out := make([][]int, len(hs))
	for i, h := range hs {
		out[len(hs)-1-i] = h
	}
	return out
}

// overlapSeq adds the overlap sums of the unions of seq's first 2, 3, …
// houses, short of the whole grid.
func (b *builder) overlapSeq(seq [][]int, cages []Killer, owner []int) {
	n := b.e.n
	in, inCage := make([]bool, n*n), make([]bool, n*n)
	used := make([]bool, len(cages))
	cells := make([][]int, len(cages))
	for k, cage := range cages {
		cells[k], _ = b.idxs(cage.Cells)
	}
	delta := 0
	for i, house := range seq[:len(seq)-1] {
		for _, c := range house {
			in[c] = true
		}
		delta -= n * (n + 1) / 2
		for k, cage := range cages {
			cs := cells[k]
			inside := 0
			for _, c := range cs {
				if in[c] {
					inside++
				}
			}
			if !used[k] && 2*inside > len(cs) {
				used[k], delta = true, delta+cage.Sum
				for _, c := range cs {
					inCage[c] = true
				}
			}
		}
		if i > 0 {
			b.overlapSum(in, inCage, owner, delta)
		}
	}
}

// overlapSum adds sum(B) - sum(A) = delta, where A holds the cells in
// the union and in no chosen cage and B the reverse, when it is short.
func (b *builder) overlapSum(in, inCage []bool, owner []int, delta int) {
	n := b.e.n
	var cs []int
	var neg []bool
	caged, sizeA := true, 0
	for c := range in {
		if in[c] != inCage[c] {
			cs, neg = append(cs, c), append(neg, in[c])
			caged = caged && owner[c] >= 0
			if in[c] {
				sizeA++
			}
		}
	}
	k := len(cs)
	if k == 0 || k > n || (sizeA > 2 && k-sizeA > 2) || (caged && k > maxOverlapCells) {
		return
	}
	total := delta + sizeA*(n+1) // a subtracted digit d counts as n+1-d
	if total < k || total > n*k {
		total = n*k + 1 // no digits make it: the puzzle has no solution
	}
	s := newSumProp(cs, total, n)
	s.dp.neg = neg
	b.e.props = append(b.e.props, s)
}
