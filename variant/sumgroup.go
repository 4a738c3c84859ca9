package variant

// maxSumGroup bounds the cells in one distinct group of a sum, so that
// enumerating a group's fillings stays cheap.
const maxSumGroup = 4

// sumGroups splits cs into groups of cells that pairwise share a house
// (a groupProp), greedily; nil when every group is a single cell.
func (e *engine) sumGroups(cs []int, differ func(a, b int) bool) [][]int {
	var gs [][]int
	multi := false
	for _, c := range cs {
		placed := false
		for i, g := range gs {
			if len(g) >= maxSumGroup {
				continue
			}
			ok := true
			for _, o := range g {
				if o == c || !differ(o, c) {
					ok = false
					break
				}
			}
			if ok {
				gs[i] = append(g, c)
				placed, multi = true, true
				break
			}
		}
		if !placed {
			gs = append(gs, []int{c})
		}
	}
	if !multi {
		return nil
	}
	return gs
}

// groupSums sets each little killer's and arrow line's distinct groups
// (not the innie sums': there enumerating costs more than it prunes).
func (e *engine) groupSums() {
	houses := make([][]int, len(e.cand))
	for i, pr := range e.props {
		if g, ok := pr.(*groupProp); ok {
			for _, c := range g.cs {
				houses[c] = append(houses[c], i)
			}
		}
	}
	differ := func(a, b int) bool {
		for _, x := range houses[a] {
			for _, y := range houses[b] {
				if x == y {
					return true
				}
			}
		}
		return false
	}
	for _, pr := range e.props {
		switch p := pr.(type) {
		case *sumProp:
			if !p.diag {
				continue
			}
			p.dp.groups = e.sumGroups(p.cs, differ)
		case *arrowProp:
			p.dp.groups = e.sumGroups(p.line, differ)
		}
	}
}

// narrowGroups is narrow over groups of cells whose digits differ: each
// group's fillings are enumerated, and sums combine across groups.
func (s *sumDP) narrowGroups(e *engine, target []uint64) []uint64 {
	w, k := s.words, len(s.groups)
	if len(s.fwd) < (k+1)*w {
		s.fwd, s.back = make([]uint64, (k+1)*w), make([]uint64, (k+1)*w)
	}
	clear(s.fwd[:(k+1)*w])
	clear(s.back[:(k+1)*w])
	if len(s.gsums) < k*w {
		s.gsums = make([]uint64, k*w)
	}
	clear(s.gsums[:k*w])
	for i, g := range s.groups {
		gs := s.gsums[i*w : (i+1)*w]
		s.fill(e, g, 0, 0, 0, func(sum int) {
			if sum < w*64 {
				gs[sum/64] |= 1 << uint(sum%64)
			}
		})
	}
	s.fwd[0] = 1
	for i := range s.groups {
		src, dst, gs := s.fwd[i*w:(i+1)*w], s.fwd[(i+1)*w:(i+2)*w], s.gsums[i*w:(i+1)*w]
		for v := 0; v < w*64; v++ {
			if gs[v/64]>>(uint(v%64))&1 != 0 {
				shiftOr(dst, src, v)
			}
		}
	}
	reach := s.fwd[k*w : (k+1)*w]
	if !meetsShifted(reach, target, 0) {
		return nil
	}
	copy(s.back[k*w:], target)
	for i := k - 1; i >= 0; i-- {
		src, dst, gs := s.back[(i+1)*w:(i+2)*w], s.back[i*w:(i+1)*w], s.gsums[i*w:(i+1)*w]
		for v := 0; v < w*64; v++ {
			if gs[v/64]>>(uint(v%64))&1 != 0 {
				shiftRightOr(dst, src, v)
			}
		}
	}
	for i, g := range s.groups {
		f, b := s.fwd[i*w:(i+1)*w], s.back[(i+1)*w:(i+2)*w]
		if cap(s.keep) < len(g) {
			s.keep = make([]uint32, len(g))
		}
		keep := s.keep[:len(g)]
		clear(keep)
		s.fillDigits(e, g, 0, 0, 0, func(sum int, ds []int) {
			if meetsShifted(f, b, sum) {
				for j, d := range ds {
					keep[j] |= bit(d)
				}
			}
		})
		for j, c := range g {
			if !e.restrict(c, keep[j]) {
				return nil
			}
		}
	}
	return reach
}

// fill calls f with the sum of each filling of g's cells from j on with
// distinct digits (used digits in used, sum so far in sum).
func (s *sumDP) fill(e *engine, g []int, j int, used uint32, sum int, f func(int)) {
	if j == len(g) {
		f(sum)
		return
	}
	for r := e.cand[g[j]] &^ used; r != 0; r &= r - 1 {
		d := low(r)
		s.fill(e, g, j+1, used|bit(d), sum+d, f)
	}
}

// fillDigits is fill, also giving the digits.
func (s *sumDP) fillDigits(e *engine, g []int, j int, used uint32, sum int, f func(int, []int)) {
	if j == 0 && cap(s.ds) < len(g) {
		s.ds = make([]int, len(g))
	}
	ds := s.ds[:len(g)]
	if j == len(g) {
		f(sum, ds)
		return
	}
	for r := e.cand[g[j]] &^ used; r != 0; r &= r - 1 {
		d := low(r)
		ds[j] = d
		s.fillDigits(e, g, j+1, used|bit(d), sum+d, f)
	}
}
