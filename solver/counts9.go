package solver

import "math/bits"

// checkCounts applies the minirow counts to the three bands and the
// minicolumn counts to the three stacks, in one pass over the digits. A
// minirow (the three cells of a row in one box) holds exactly three digits,
// and so does a minicolumn (the three cells of a column in one box): where
// only three digits may go, each must, and leaves the rest of its row (or
// column) and of its box; where three must go (each one's only minirow in
// its row, or minicolumn in its column), no other may; four that must is a
// contradiction. Bands 0 and 1 are counted in one 64-bit word, band 2 and
// the stacks in the other: band 2's minirows in its low half, and in its
// high half each digit's minicolumns, the columns where it may go in each
// band (bit 9*band+column, so one word covers the three stacks). It
// returns settleAgain when it removed candidates, dead on a contradiction,
// else branch.
func (s *state9) checkCounts() (next int) {
	const (
		want01 = minirowFirst27 | minirowFirst27<<32 // every minirow of bands 0 and 1
		want2c = minirowFirst27 | all27<<32          // of band 2, and every minicolumn
		low32  = 1<<32 - 1
	)
	// minirows (minicolumns) where 1+, 2+, 3+, 4+ digits may / must go, in
	// two passes: one would keep more words than there are registers. The
	// first pass's nine digits written out (top1465 1.9% fewer
	// instructions); the second's, as a closure, is too big to be inlined
	// nine times (its calls cost the forum sets 0.3%)
	var a1, a2, a3, a4, am1, am2, am3, am4 uint64 // bands 0 and 1
	countA := func(p *[3]uint32) {
		x := uint64(p[0]) | uint64(p[1])<<32
		r := (x | x>>1 | x>>2) & want01
		a4 |= a3 & r
		a3 |= a2 & r
		a2 |= a1 & r
		a1 |= r
		y := loneMinirows(r) // the digit's only minirow in its row: it must go there
		am4 |= am3 & y
		am3 |= am2 & y
		am2 |= am1 & y
		am1 |= y
	}
	ps := &s.poss
	countA(&ps[0])
	countA(&ps[1])
	countA(&ps[2])
	countA(&ps[3])
	countA(&ps[4])
	countA(&ps[5])
	countA(&ps[6])
	countA(&ps[7])
	countA(&ps[8])
	var cols [9]uint32
	var b1, b2, b3, b4, bm1, bm2, bm3, bm4 uint64 // band 2 and the stacks
	for e := range s.poss {
		p := &s.poss[e]
		c := columnsOf(p[0]) | columnsOf(p[1])<<9 | columnsOf(p[2])<<18
		cols[e] = c
		r := uint64(minirowsOf(p[2])) | uint64(c)<<32
		b4 |= b3 & r
		b3 |= b2 & r
		b2 |= b1 & r
		b1 |= r
		y := loneMinirows(r)&low32 | uint64(loneInColumns(c))<<32
		bm4 |= bm3 & y
		bm3 |= bm2 & y
		bm2 |= bm1 & y
		bm1 |= y
	}
	if a3 != want01 || b3 != want2c || am4|bm4 != 0 {
		return dead
	}
	canA, fullA := a3&^a4&^am3, am3&a4
	canB, fullB := b3&^b4&^bm3, bm3&b4
	if canA|fullA|canB|fullB == 0 {
		return branch
	}
	changed := s.triads(0, uint32(canA), uint32(fullA))
	changed = s.triads(1, uint32(canA>>32), uint32(fullA>>32)) || changed
	changed = s.triads(2, uint32(canB), uint32(fullB)) || changed
	changed = s.minicolumns(&cols, uint32(canB>>32), uint32(fullB>>32)) || changed
	if changed {
		return settleAgain
	}
	return branch
}

// triads applies the minirows of band b where only three digits may go
// (can) and those where three must (full), and reports whether anything
// changed.
func (s *state9) triads(b int, can, full uint32) bool {
	if can|full == 0 {
		return false
	}
	changed := false
	for d := range s.poss {
		p := s.poss[d][b]
		q, r := p, minirowsOf(p)
		for k := r & can; k != 0; k &= k - 1 {
			q &^= minirowPeers9[bits.TrailingZeros32(k)]
		}
		for k := r & full &^ loneInRows(r); k != 0; k &= k - 1 {
			q &^= 7 << bits.TrailingZeros32(k)
		}
		if q != p {
			s.poss[d][b] = q
			changed = true
		}
	}
	return changed
}

// minicolumns applies the minicolumns where only three digits may go (can)
// and those where three must (full) to the digits whose minicolumns are
// cols, and reports whether anything changed.
func (s *state9) minicolumns(cols *[9]uint32, can, full uint32) bool {
	if can|full == 0 {
		return false
	}
	changed := false
	for e, c := range cols {
		for k := c & (can | full&^loneInColumns(c)); k != 0; k &= k - 1 {
			i := bits.TrailingZeros32(k)
			changed = s.minicolumn(e, i/9, i%9, can>>i&1 != 0) || changed
		}
	}
	return changed
}

// minicolumn applies to digit e what checkCounts found of its minicolumn in
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

// loneMinirows returns the minirows of r (their first cells, as minirowsOf
// gives, in each half of the word) alone in their row: those with no other
// minirow of the row shifted onto them, 3 or 6 bits either way.
func loneMinirows(r uint64) uint64 {
	const (
		down3 = 0o011011011 | 0o011011011<<32 // where r>>3 lands in the same row
		down6 = 0o001001001 | 0o001001001<<32 // r>>6
		up3   = 0o110110110 | 0o110110110<<32 // r<<3
		up6   = 0o100100100 | 0o100100100<<32 // r<<6
	)
	return r &^ (r>>3&down3 | r>>6&down6 | r<<3&up3 | r<<6&up6)
}

// loneInColumns returns the minicolumns of c (bit 9*band+column) alone in
// their column: the digit's only band in that column.
func loneInColumns(c uint32) uint32 {
	return c &^ (c>>9 | c<<18 | c>>18 | c<<9) & all27
}

// tally applies to band b the minirow counts of checkCounts (its
// branching band: the others' counts found few more, see choose): where
// exactly three digits may go in a minirow each must, and where exactly
// three must no other may (both at once is a settled minirow). Its counts
// come from the digits' minirows as propagateOne recorded them, without a
// pass over the candidates. It returns settleAgain when it removed
// candidates, else branch.
func (s *state9) tally(b int) (next int) {
	const (
		ones   = 0x102040810204081 // 1 at bit 7i, i = 0..8
		threes = 3*ones | 3*ones<<4
	)
	x := s.minirowCounts(b) ^ threes // a count is 0 where it was 3
	a := x | x>>1 | x>>2
	notThree := (a | x>>3) & ones // of the digits that may
	fire := notThree ^ a>>4&ones  // differs from that of those that must
	if fire == 0 || !s.triads(b, fieldsToMinirows(fire&^notThree), fieldsToMinirows(fire&notThree)) {
		return branch
	}
	return settleAgain
}

// minirowCounts returns, for each minirow i (3*row+box) of band b, the
// digits that may go there in bits 7i to 7i+3 and those for which it is
// their only minirow in its row in bits 7i+4 to 7i+6, as last propagated
// (see tallyHashed9). Eight or nine of the latter would spill into the next
// count, but four are already a dead end, which the search meets in its own
// time, and the counts only remove candidates.
func (s *state9) minirowCounts(b int) uint64 {
	h := &s.hash[b] // written out, as in changedFrom
	return tallyHashed9[h[0]&511] + tallyHashed9[h[1]&511] + tallyHashed9[h[2]&511] +
		tallyHashed9[h[3]&511] + tallyHashed9[h[4]&511] + tallyHashed9[h[5]&511] +
		tallyHashed9[h[6]&511] + tallyHashed9[h[7]&511] + tallyHashed9[h[8]&511]
}

// fieldsToMinirows returns the first cells of the minirows i whose count
// (bit 7i, see minirowCounts) is set in x.
func fieldsToMinirows(x uint64) uint32 {
	var r uint32
	for ; x != 0; x &= x - 1 {
		r |= 1 << (bits.TrailingZeros64(x) / 7 * 3)
	}
	return r
}
