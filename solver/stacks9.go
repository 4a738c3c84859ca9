package solver

import "math/bits"

// checkStacks is checkBand turned on its side, without choosing a digit: a
// minicolumn (the three cells of a column in one box) holds exactly three
// digits, so where only three digits may go each must, and leaves the rest
// of its column and box; where three must go (each one's only minicolumn in
// its column), no other may; four that must is a contradiction. A digit's
// minicolumns are the columns where it may go in each band, bit
// 9*band+column, so one word covers the three stacks. It returns
// settleAgain when it removed candidates, dead on a contradiction, else
// branch.
func (s *state9) checkStacks() (next int) {
	var cols [9]uint32
	var r1, r2, r3, r4, m1, m2, m3, m4 uint32 // minicolumns where 1+, 2+, 3+, 4+ digits may / must go
	for e := range s.poss {
		p := &s.poss[e]
		c := columnsOf(p[0]) | columnsOf(p[1])<<9 | columnsOf(p[2])<<18
		cols[e] = c
		r4 |= r3 & c
		r3 |= r2 & c
		r2 |= r1 & c
		r1 |= c
		y := loneInColumns(c)
		m4 |= m3 & y
		m3 |= m2 & y
		m2 |= m1 & y
		m1 |= y
	}
	if r3 != all27 || m4 != 0 {
		return dead
	}
	can, full := r3&^r4&^m3, m3&r4
	if can|full == 0 {
		return branch
	}
	changed := false
	for e, c := range cols {
		for k := c & (can | full&^loneInColumns(c)); k != 0; k &= k - 1 {
			i := bits.TrailingZeros32(k)
			changed = s.minicolumn(e, i/9, i%9, can>>i&1 != 0) || changed
		}
	}
	if changed {
		return settleAgain
	}
	return branch
}

// minicolumn applies to digit e what checkStacks found of its minicolumn in
// band b and column col: when in is set the digit goes there, so it leaves
// the column's other bands and the rest of its box; else three other digits
// take it, so e leaves it. It reports whether e lost a candidate.
func (s *state9) minicolumn(e, b, col int, in bool) bool {
	p := &s.poss[e]
	before := *p
	column := inEveryRow(1 << col)
	if in {
		p[0], p[1], p[2] = p[0]&^column, p[1]&^column, p[2]&^column
		p[b] = before[b] &^ (box27 << (3 * (col / 3)) &^ column)
	} else {
		p[b] &^= column
	}
	return *p != before
}

// loneInColumns returns the minicolumns of c (bit 9*band+column) alone in
// their column: the digit's only band in that column.
func loneInColumns(c uint32) uint32 {
	return c &^ (c>>9 | c<<18 | c>>18 | c<<9) & all27
}
