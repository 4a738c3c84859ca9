package solver

// naiveCount counts solutions of g up to limit by plain backtracking: first
// empty cell in reading order, digits in order, checking every peer. It is
// slow and obviously right, the yardstick for small grids.
func naiveCount(g Grid, limit int) int {
	n := g.Size()
	for i := 0; i < g.Cells(); i++ {
		if g.cells[i] != 0 {
			continue
		}
		count := 0
		for v := 1; v <= n && count < limit; v++ {
			if fits(g, i/n, i%n, v) {
				g.cells[i] = uint8(v)
				count += naiveCount(g, limit-count)
			}
		}
		return count
	}
	if Validate(g) != nil {
		return 0
	}
	return 1
}

// fits reports whether v may go at r, c without repeating a digit.
func fits(g Grid, r, c, v int) bool {
	for _, kind := range []UnitKind{Row, Column, Box} {
		idx := r
		switch kind {
		case Column:
			idx = c
		case Box:
			idx = g.Box(r, c)
		}
		for _, cell := range UnitCells(g, kind, idx) {
			if g.At(cell.Row, cell.Col) == v {
				return false
			}
		}
	}
	return true
}
