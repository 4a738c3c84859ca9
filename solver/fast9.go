package solver

import (
	"encoding/binary"
	"math/bits"
)

// state9 is the 9×9 search state: for each digit d and band b,
// poss[d][b] holds the cells (see tables9.go) where d may still go.
// It is a plain value, copied on each branch; nothing in the search allocates.
type state9 struct {
	poss     [9][3]uint32
	prev     [9][3]uint32 // poss as last propagated; a difference means work to do
	unsolved [3]uint32    // cells of each band not yet fixed
	// restack has a bit for each digit changed since stacks last ran on it.
	restack uint32
	// stacked[d] is digit d's columns in each band (bit 9*band+column) as
	// propagateStacks last left them: settled, so the same columns again
	// need no lookups.
	stacked [9]uint32
	// ways[b][d] counts the ways to place digit d in band b as last
	// propagated (see matchCount9); bandWays sums them over the digits.
	ways [3][9]uint8
	// hash[b][d] is the minirowHash of digit d's minirows in band b as last
	// propagated, for the minirow counts of tally.
	hash [3][9]uint16
}

// solve9 runs the band engine on a 9×9 grid.
func solve9(sr *searcher, g *Grid) {
	var s state9
	if !s.setGivens(g) {
		sr.nodes++
		return // two givens share a row or a box; columns fail in propagate
	}
	sr.probing = true
	open := s.open()
	sr.fewGivens = open > cellsOnlyAbove
	sr.manyGivens = open <= fullAbove
	sr.givenOpen = open
	s.search(sr)
}

// countBelow returns what choose takes as countBelow at this node: at the
// root (the first checkUpTo nodes) the cells the givens left open, so the
// counts run there once the givens have placed a cell; elsewhere 0, never.
// search takes it on the line that sets light: a line more before its call
// of choose moves the call sites default.pgo knows, and choose is no longer
// inlined (msolve 0.25% more instructions).
func (sr *searcher) countBelow() int {
	if sr.nodes <= checkUpTo {
		return sr.givenOpen
	}
	return 0
}

// setGivens sets up s, a zero state9, for the givens of g, and reports
// false when two of them share a row or a box. Each given takes its row and
// box in its band and its column in the others: propagate would find the
// columns through the boxes' claims, but a pass later for every band it
// reaches after the given's (the root makes a quarter to a third fewer
// propagateOne calls). A digit's bands 0 and 1 are handled in one 64-bit
// word, band 2 written out beside them, and the clashes gathered for one
// test at the end: setGivens took a sixth of 17_clue's instructions, as
// much as a loop over the bands, its counters and a test a band (two givens
// in one minirow are found by shifts, the rest givenPeersHashed9 knows).
func (s *state9) setGivens(g *Grid) bool {
	var at [16][3]uint32 // the givens of each digit, at[0] the blanks
	for b := range 3 {
		cells := g.cells[27*b : 27*b+32]
		given := givenBits(cells[0:]) | givenBits(cells[8:])<<8 | givenBits(cells[16:])<<16 |
			givenBits(cells[24:])&7<<24
		for x := given; x != 0; x &= x - 1 {
			bit := bits.TrailingZeros32(x)
			at[cells[bit]&15][b] |= 1 << bit
		}
		at[0][b] = all27 &^ given
		s.unsolved[b] = at[0][b]
	}
	const (
		both  = 1<<32 | 1          // a band's bits in each half of a word
		next1 = 0o333333333 * both // the cells with a cell of their minirow one above
		next2 = 0o111111111 * both // two above
	)
	var clash uint32 // bit 31: two givens in one row or box, but one minirow
	var twice uint64 // two givens in one minirow
	for d := range s.poss {
		given := &at[d+1]
		// bands 0 and 1 in one word, as singles does
		g01, g2 := uint64(given[0])|uint64(given[1])<<32, uint64(given[2])
		c01, c2 := (g01|g01>>9|g01>>18)&(low9*both), columnsOf(given[2])
		r01 := (g01 | g01>>1 | g01>>2) & (minirowFirst27 * both)
		t0 := givenPeersHashed9[minirowHash(uint32(r01))]
		t1 := givenPeersHashed9[minirowHash(uint32(r01>>32))]
		t2 := givenPeersHashed9[minirowHash(minirowsOf(given[2]))]
		clash |= t0 | t1 | t2
		twice |= (g01&(g01>>1)|g2&(g2>>1))&next1 | (g01&(g01>>2)|g2&(g2>>2))&next2
		o := c01>>32 | c01<<32 | uint64(c2)*both // the columns of the other bands
		o |= o<<9 | o<<18
		p := &s.poss[d]
		p[0] = at[0][0]&^(t0|uint32(o)) | given[0]
		p[1] = at[0][1]&^(t1|uint32(o>>32)) | given[1]
		p[2] = at[0][2]&^(t2|inEveryRow(uint32(c01|c01>>32))) | given[2]
	}
	return clash>>31 == 0 && twice == 0
}

// givenBits returns a bit for each of the eight cells at the start of c
// that holds a digit (1 to 16, so every byte is below 0x80).
func givenBits(c []uint8) uint32 {
	high := (binary.LittleEndian.Uint64(c) + 0x7f7f7f7f7f7f7f7f) & 0x8080808080808080
	return uint32(high >> 7 * 0x0102040810204080 >> 56)
}

// assign fixes digit d at cell bit of band b: no other digit may go there,
// and d leaves the cell's row and box, and its column in every band (as in
// setGivens: propagate would take a pass more to find it).
func (s *state9) assign(d, b int, bit uint) {
	cell := uint32(1) << bit
	ps := &s.poss // written out, as in propagateOne
	ps[0][b] &^= cell
	ps[1][b] &^= cell
	ps[2][b] &^= cell
	ps[3][b] &^= cell
	ps[4][b] &^= cell
	ps[5][b] &^= cell
	ps[6][b] &^= cell
	ps[7][b] &^= cell
	ps[8][b] &^= cell
	col := inEveryRow(1 << (bit % 9))
	pd := &s.poss[d]
	pd[0], pd[1], pd[2] = pd[0]&^col, pd[1]&^col, pd[2]&^col
	pd[b] = pd[b]&^peers9[bit] | cell
	s.unsolved[b] &^= cell
}

// propagate applies, until nothing changes, locked candidates within each
// band, column claims across bands, and hidden singles in rows and boxes.
// It returns false on a contradiction. A changed digit is propagated until
// its three bands settle, while they are at hand: a band's claims change the
// digit's other bands, and those before it would otherwise wait for another
// pass over all nine digits. Only a placed cell changes other digits, so a
// pass that placed none (unsolved unchanged) leaves every digit settled and
// needs no pass after it. Together: a third fewer passes, 2-11% faster.
// changedFrom finds the changed digits, its nine comparisons written out
// (six instructions a digit it passes, where a loop over the digits took
// fourteen): msolve 5.8% fewer instructions, 1106 5.4%, 11plus 5.1%.
// propagate is not inlined: default.pgo would inline it into search, which
// then grows too big for propagateOne and changedFrom to be inlined in it
// (msolve 30% more instructions).
//
//go:noinline
func (s *state9) propagate() bool {
	for {
		unsolved := s.unsolved
		for d := s.changedFrom(0); d < 9; d = s.changedFrom(d + 1) {
			p, q := &s.poss[d], &s.prev[d]
			s.restack |= 1 << d
			for {
				if p[0] != q[0] && !s.propagateOne(int(d), 0, 1, 2) {
					return false
				}
				if p[1] != q[1] && !s.propagateOne(int(d), 1, 0, 2) {
					return false
				}
				if p[2] != q[2] && !s.propagateOne(int(d), 2, 0, 1) {
					return false
				}
				// band 2 is settled; its claims may have changed bands 0 and 1
				// (compared by 4-byte words, as propagateOne stored them)
				if (p[0]^q[0])|(p[1]^q[1]) == 0 {
					break
				}
			}
		}
		if s.unsolved == unsolved {
			return true
		}
	}
}

// changedFrom returns the first digit from d on whose candidates differ
// from prev, or 9 when none does: a jump to digit d, then one comparison
// after another. Unsigned, so propagate's test d < 9 also proves the
// index in range (an int took a second test a digit: the forum sets 0.3%
// more instructions).
func (s *state9) changedFrom(d uint) uint {
	ps, qs := &s.poss, &s.prev
	switch d {
	case 0:
		if ps[0] != qs[0] {
			return 0
		}
		fallthrough
	case 1:
		if ps[1] != qs[1] {
			return 1
		}
		fallthrough
	case 2:
		if ps[2] != qs[2] {
			return 2
		}
		fallthrough
	case 3:
		if ps[3] != qs[3] {
			return 3
		}
		fallthrough
	case 4:
		if ps[4] != qs[4] {
			return 4
		}
		fallthrough
	case 5:
		if ps[5] != qs[5] {
			return 5
		}
		fallthrough
	case 6:
		if ps[6] != qs[6] {
			return 6
		}
		fallthrough
	case 7:
		if ps[7] != qs[7] {
			return 7
		}
		fallthrough
	case 8:
		if ps[8] != qs[8] {
			return 8
		}
	}
	return 9
}

// stacks runs propagateStacks on every digit changed since it last ran on
// it, and reports whether it changed anything and whether the state is
// still consistent.
func (s *state9) stacks() (changed, ok bool) {
	for ds := s.restack; ds != 0; ds &= ds - 1 {
		d := bits.TrailingZeros32(ds)
		moved, ok := s.propagateStacks(d)
		if !ok {
			return false, false
		}
		changed = changed || moved
	}
	s.restack = 0
	return changed, true
}

// propagateStacks matches, for digit d, the bands with the columns of each
// stack: every column takes the digit in one band and every box in one
// column, so a column left with the digit in one band claims that band's box,
// and any (band, column) pair in no matching goes. It reports whether d lost
// a candidate and whether a matching was left. Columns as it last left them
// (s.stacked) are settled, and it returns at once: most changes to a digit
// leave its columns as they were (msolve 2.5% fewer instructions, nodes
// identical).
func (s *state9) propagateStacks(d int) (changed, ok bool) {
	p := &s.poss[d]
	c0, c1, c2 := columnsOf(p[0]), columnsOf(p[1]), columnsOf(p[2])
	c := c0 | c1<<9 | c2<<18 // band-major
	if c == s.stacked[d] {
		return false, true
	}
	st := stackSpread9[c0] | stackSpread9[c1]<<3 | stackSpread9[c2]<<6 // stack-major
	k := stackKeep9[0][st&low9] | stackKeep9[1][st>>9&low9] | stackKeep9[2][st>>18&low9]
	if k>>31 != 0 {
		return false, false
	}
	p[0] &= inEveryRow(k & low9)
	p[1] &= inEveryRow(k >> 9 & low9)
	p[2] &= inEveryRow(k >> 18 & low9)
	s.stacked[d] = c & k
	return c&k != c, true
}

// propagateOne propagates digit d in band b, whose other bands are o1, o2.
func (s *state9) propagateOne(d, b, o1, o2 int) bool {
	pd := &s.poss[d]
	p := pd[b]
	h := minirowHash(minirowsOf(p))
	match := matchHashed9[h]
	p &= match // p has no bit above 26, where the count is
	if p == 0 {
		return false
	}
	w := uint8(match >> 27)
	s.ways[b][d] = w
	s.hash[b][d] = uint16(h)
	s.prev[d][b] = p // pd[b] is set below
	keep := otherBands9[columnsOf(p)]
	pd[o1] &= keep
	pd[o2] &= keep
	// The cells fixed here (rows left with one cell) leave the other digits
	// with no branch on whether there are any: about half the calls fix one,
	// a branch no predictor gets right. Written out, without a loop: 2-9%
	// faster on every data set but serg (1-4% slower).
	fresh := loneInRows(p) & s.unsolved[b]
	s.unsolved[b] &^= fresh
	ps := &s.poss
	ps[0][b] &^= fresh
	ps[1][b] &^= fresh
	ps[2][b] &^= fresh
	ps[3][b] &^= fresh
	ps[4][b] &^= fresh
	ps[5][b] &^= fresh
	ps[6][b] &^= fresh
	ps[7][b] &^= fresh
	ps[8][b] &^= fresh
	pd[b] = p // d keeps its own
	return true
}

// singles fixes every unsolved cell left with one candidate and reports
// whether it fixed any; ok is false when a cell has no candidate left.
// Bands 0 and 1 are counted together in one 64-bit word, and the nine
// digits are written out, not looped over: five instructions a word and
// digit, where the loop's counter and index took as many again (msolve 2%
// fewer instructions).
func (s *state9) singles() (found, ok bool) {
	var one01, two01 uint64
	var one2, two2 uint32
	add := func(p *[3]uint32) {
		m := uint64(p[0]) | uint64(p[1])<<32
		two01 |= one01 & m
		one01 |= m
		two2 |= one2 & p[2]
		one2 |= p[2]
	}
	ps := &s.poss
	add(&ps[0])
	add(&ps[1])
	add(&ps[2])
	add(&ps[3])
	add(&ps[4])
	add(&ps[5])
	add(&ps[6])
	add(&ps[7])
	add(&ps[8])
	if one01 != all27|all27<<32 || one2 != all27 {
		return false, false
	}
	lone := [3]uint32{uint32(one01 &^ two01), uint32((one01 &^ two01) >> 32), one2 &^ two2}
	for b := range lone {
		for x := lone[b] & s.unsolved[b]; x != 0; x &= x - 1 {
			bit := uint(bits.TrailingZeros32(x))
			d := s.digitAt(b, bit)
			if d < 0 {
				return false, false
			}
			s.assign(d, b, bit)
			found = true
		}
	}
	return found, true
}

// digitAt returns the first digit still possible at cell bit of band b, or -1.
func (s *state9) digitAt(b int, bit uint) int {
	ps, cell := &s.poss, uint32(1)<<bit // written out, as in changedFrom
	switch {
	case ps[0][b]&cell != 0:
		return 0
	case ps[1][b]&cell != 0:
		return 1
	case ps[2][b]&cell != 0:
		return 2
	case ps[3][b]&cell != 0:
		return 3
	case ps[4][b]&cell != 0:
		return 4
	case ps[5][b]&cell != 0:
		return 5
	case ps[6][b]&cell != 0:
		return 6
	case ps[7][b]&cell != 0:
		return 7
	case ps[8][b]&cell != 0:
		return 8
	}
	return -1
}

func (s *state9) solved() bool { return s.unsolved[0]|s.unsolved[1]|s.unsolved[2] == 0 }

// open counts the cells not yet fixed.
func (s *state9) open() int {
	return bits.OnesCount32(s.unsolved[0]) + bits.OnesCount32(s.unsolved[1]) + bits.OnesCount32(s.unsolved[2])
}

// search settles the state, then records a solution or branches: on a digit
// in a minirow (see choose), else on a cell. It recurses on a copy for each
// way but the last, which goes on in place. Its first dead end ends the
// probe (see probeFrom); a puzzle given many digits is light throughout.
func (s *state9) search(sr *searcher) {
	if sr.visit() {
		return
	}
	light, countBelow := sr.manyGivens || sr.probing && (sr.nodes >= probeFrom || s.open() <= fullAbove), sr.countBelow()
	d, b, k := 0, -1, 0
	for {
		if !s.settle(sr.firstOrder || light) {
			sr.probing = false
			return
		}
		if s.solved() {
			s.fill(sr.next())
			return
		}
		if sr.firstOrder {
			break
		}
		var next int
		d, b, k, next = s.choose(light, light && sr.fewGivens, sr.fewGivens, countBelow)
		if next == dead {
			sr.probing = false
			return
		}
		if next != settleAgain {
			break
		}
	}
	if b >= 0 {
		sr.guesses++
		child := *s
		child.poss[d][b] &^= 7 << k
		child.search(sr)
		if sr.stopped() {
			return
		}
		sr.guesses++
		s.poss[d][b] &^= minirowPeers9[k]
		s.search(sr)
		return
	}
	// a cell guess: in the first engine's order, in a nearly empty grid, or
	// once every digit's minirows are settled
	b, bit := s.guessCell()
	cell := uint32(1) << bit
	var child state9 // declared outside the loop, so it stays on the stack
	for d := range s.poss {
		if s.poss[d][b]&cell == 0 {
			continue
		}
		sr.guesses++
		if s.lastCandidate(d, b, cell) {
			s.assign(d, b, bit)
			s.search(sr)
			return
		}
		child = *s
		child.assign(d, b, bit)
		child.search(sr)
		if sr.stopped() {
			return
		}
	}
}

// settle applies propagate, naked singles and, unless light is set (in the
// first engine's order, while probing, and in a puzzle with many givens),
// the stack matchings, until none changes anything, and reports whether the
// state is still consistent.
func (s *state9) settle(light bool) bool {
	for {
		if !s.propagate() {
			return false
		}
		if s.solved() {
			return true
		}
		found, ok := s.singles()
		if !ok {
			return false
		}
		if !found && !light {
			found, ok = s.stacks()
			if !ok {
				return false
			}
		}
		if !found {
			return true
		}
	}
}

// lastCandidate reports whether no digit above d may go in cell of band b.
func (s *state9) lastCandidate(d, b int, cell uint32) bool {
	for e := d + 1; e < 9; e++ {
		if s.poss[e][b]&cell != 0 {
			return false
		}
	}
	return true
}

// guessCell picks the cell to guess on: a cell with two candidates when
// there is one, else an unsolved cell with the fewest candidates. The last
// bi-value cell in reading order is taken, not the first: the msolve "hardest"
// lists, chosen as the slowest for a first-bi-value solver, ran 2.6 to 100
// times faster this way when cells were all the engine guessed on.
func (s *state9) guessCell() (int, uint) {
	ps := &s.poss
	for b := 2; b >= 0; b-- {
		var one, two, three uint32
		add := func(m uint32) { // the nine digits written out
			three |= two & m
			two |= one & m
			one |= m
		}
		add(ps[0][b])
		add(ps[1][b])
		add(ps[2][b])
		add(ps[3][b])
		add(ps[4][b])
		add(ps[5][b])
		add(ps[6][b])
		add(ps[7][b])
		add(ps[8][b])
		if pairs := two &^ three; pairs != 0 {
			return b, uint(31 - bits.LeadingZeros32(pairs))
		}
	}
	// Else the first unsolved cell with the fewest: each cell's candidates
	// counted in binary, four bit planes a band, then the cells of each count
	// from 0 up (a count cell by cell took 7% of synthetic_multi_16clue's
	// instructions, which guesses cells while it probes).
	var planes [3][4]uint32
	for b := range planes {
		var x0, x1, x2, x3 uint32
		add := func(m uint32) {
			k0 := x0 & m
			x0 ^= m
			k1 := x1 & k0
			x1 ^= k0
			x3 |= x2 & k1
			x2 ^= k1
		}
		add(ps[0][b])
		add(ps[1][b])
		add(ps[2][b])
		add(ps[3][b])
		add(ps[4][b])
		add(ps[5][b])
		add(ps[6][b])
		add(ps[7][b])
		add(ps[8][b])
		planes[b] = [4]uint32{x0, x1, x2, x3}
	}
	for n := range 10 {
		for b := range planes {
			x := &planes[b]
			cells := s.unsolved[b]
			for j, plane := range x {
				if n>>j&1 == 0 {
					plane = ^plane
				}
				cells &= plane
			}
			if cells != 0 {
				return b, uint(bits.TrailingZeros32(cells))
			}
		}
	}
	return 0, 0
}

// fill writes the solved grid into g; call it only when solved() is true.
// It builds each band's cells bit by bit of their digits: bit j of a cell's
// digit (1 to 9) is set where a digit with that bit goes, four masks a band
// instead of nine, spread to bytes by spread9, eight cells a word, written
// out (a loop over the four masks took a third more: serg, two solutions a
// puzzle, 1.4% more instructions).
func (s *state9) fill(g *Grid) {
	g.size = 9
	for b := range 3 {
		p := func(d int) uint32 { return s.poss[d][b] }
		v0 := p(0) | p(2) | p(4) | p(6) | p(8) // the cells whose digit has bit 0 set
		v1 := p(1) | p(2) | p(5) | p(6)
		v2 := p(3) | p(4) | p(5) | p(6)
		v3 := p(7) | p(8)
		word := func(at uint) uint64 { // cells at to at+7
			return spread9[v0>>at&255] | spread9[v1>>at&255]<<1 | spread9[v2>>at&255]<<2 |
				spread9[v3>>at&255]<<3
		}
		cells := g.cells[27*b : 27*b+28]
		binary.LittleEndian.PutUint64(cells[0:], word(0))
		binary.LittleEndian.PutUint64(cells[8:], word(8))
		binary.LittleEndian.PutUint64(cells[16:], word(16))
		// cells 24 to 26, and a blank in the next band's first cell (written
		// after) or cell 81, which a 9×9 grid leaves blank
		binary.LittleEndian.PutUint32(cells[24:], uint32(word(24)))
	}
}

// What choose found.
const (
	branch      = iota // branch on digit d in minirow k of band b (b < 0: on a cell)
	settleAgain        // it removed candidates: settle again
	dead               // the state has no solution
)

// Branching puts digits in minirows. In a sparse grid the search can pile
// four onto one minirow of a band it is not looking at and not learn of it
// for thousands of nodes, millions for the empty grid. So above
// cellsOnlyAbove open cells it guesses on cells (which also reach the many
// solutions of such grids at once), and above sparseCells it checks the
// minirow counts of every band, not only the one it branches in (every node
// of the data sets doing so would cost them 5 to 15%). TestSparseGridsStayCheap
// holds the worst case. Only a puzzle given 20 digits or fewer (fewGivens)
// does so, and only such a puzzle's sparse nodes count the minirows of the
// band they branch in: one given more starts with 60 cells open or fewer,
// where the other bands' counts found little (top1465 and kaggle take 2%
// more nodes without them, the forum sets 0.2-0.4%) and cost more
// (forum_hardest_1106 8% faster without them, 11plus 6%, unsat 6%, top1465
// 3%), and the branching band's saved 5-7% of the nodes of the forum sets
// but took more time than those nodes (without them forum_hardest_1106,
// 11plus, msolve and unsat run 5-6% faster, top1465 and hard_minus1 3-4%,
// the rest as before). Those figures were measured while the counts' second
// rule (three that must go leave no room for others) never fired; with it,
// see the root's counts below. The worst sparse grid of
// TestSparseGridsStayCheap takes 549 nodes (219 with the counts at every
// node of a sparse puzzle).
//
// A search also probes: from its probeFrom-th node until its first dead
// end its nodes are light, without the stack matchings and the minirow
// counts. Those pay for themselves in the trees of hard puzzles, which meet
// a dead end within a few nodes; but while no guess has failed the search
// is only walking down to a solution, which is all a puzzle with many
// solutions asks (synthetic_multi_16clue runs 14% faster, serg 11%, the
// others as before). The first two nodes are full all the same: the top of
// the tree shapes all of it. Unless fullAbove cells or fewer are open (33
// givens or more): such a grid's tree is small, and the full checks at its
// top found nothing: in serg (46 or 47 open) the stack matchings never
// removed a candidate, yet its full top nodes took a tenth of its time
// (light, it runs 12% faster; no data set's nodes grew by more than 1.4%,
// the others' speed as before). Nor do they pay after the probe in a puzzle
// that starts with fullAbove cells or fewer open (manyGivens), so its nodes
// stay light to the end: serg 5% faster for 0.7% more nodes, no other data
// file's nodes changed. (Guessing on cells while probing was cheaper still,
// synthetic_multi_16clue another 20% faster and serg 7%, but cell guesses
// near the top cost the hardest sets 5 to 6%: too near their target.)
// A puzzle given as few as 20 digits (cellsOnlyAbove open) is another
// matter: it has many solutions more often than not, and walking to two of
// them by cells pays while the grid is sparse. So while probing, such a
// puzzle guesses on cells above probeCellsAbove open: synthetic_multi_16clue
// 9% faster and its p99 13% lower (back below 80f01a7's), 17_clue and top1465
// the same or fewer nodes, every other set's nodes untouched.
//
// The root (the first checkUpTo nodes, unless light) applies the minirow
// counts of every band and the minicolumn counts of every stack (see
// checkCounts) until they find nothing more, as sparse nodes do: the whole
// tree grows from the root, and it is one node a puzzle. Unless the givens
// placed no cell as the root settled: such roots are those of the forum's
// hardest puzzles, made to resist this kind of step, and the counts find
// something at 0.4% of them in synthetic_multi_hard_minus1 (9569 roots),
// 0.5% in 11plus, 1.4% in msolve, none in forum_hardest_1106; so they skip
// it (hard_minus1 2.6% fewer instructions), though top1465 loses a little
// (34 of its 59 such roots found something: 0.9% more decisions, 0.4% more
// instructions). Decisions a
// puzzle: magictour_top1465 12.76 -> 11.29 (tdoku 8.89), 17_clue 0.79 ->
// 0.66, kaggle 3.82 -> 3.39, unsat 9.53 -> 9.41, the forum sets as before
// (their roots settle as far as tdoku's without them); the stacks' counts in
// sparse nodes alone give top1465 12.39 and 17_clue 0.69. At every full node
// the counts would cut the forum sets' decisions by 15%, for more time than
// that.
//
// The minirow counts of the branching band alone pay at full nodes with
// more than tallyAbove cells open, counted from the minirows propagateOne
// records (see tally: some 60 instructions, not checkCounts' 900). Nodes a
// puzzle: msolve 363.3 -> 329.1, forum_hardest_1106 261.5 -> 237.6, 11plus
// 160.0 -> 145.0, unsat 19.53 -> 18.18, hard_minus1 23.53 -> 22.16, top1465
// 23.58 -> 22.52, kaggle 7.75 -> 7.50; instructions msolve, 1106 and 11plus
// 3-4% fewer, unsat 2%, hard_minus1 1%. At every full node they took 1%
// more nodes off and cost more than that (msolve 1% more instructions than
// above 40, 0.5% above 30; above 45 or 50, 0.3-1.6% more); in every band, a
// little fewer nodes still, for more instructions. Light nodes pay for them
// above fullAbove open, in puzzles given 32 digits or fewer while they probe
// (hard_minus1 2.5% fewer nodes and 1.4% fewer instructions, 11plus 0.4% and
// 0.7%); in serg, light throughout, they cut 3.9% of the nodes for 0.2% more
// instructions.
const (
	cellsOnlyAbove  = 60
	sparseCells     = 45
	probeFrom       = 3
	fullAbove       = 48
	probeCellsAbove = 40
	waysUpTo        = 54
	checkUpTo       = 1
	tallyAbove      = 40
	allWaysUpTo     = 52
)

// choose picks what to branch on: in the band branchBand picks,
// the digit with the fewest ways above one to place it there (see
// fewestWays), and of its minirows the first in the most of the digit's
// placements short of all, returned as its first cell's bit k (the one in
// the fewest split the placements the other way: nodes msolve 2.3% more,
// forum_hardest_1106 3.0%, hard_minus1 2.8%, 11plus 2.4%, unsat 1.7%, top1465
// 0.7%, none fewer on the ten sets). It reads k from branchHashed9 by the
// minirow hash propagateOne recorded, where a loop over the minirows took
// some 110 instructions a node that branches (msolve 3.4% fewer
// instructions, hard_minus1, 11plus, serg and 1106 3.1-3.3%). The branches
// are "d is not in that minirow", tried first since it holds more of the
// solutions (which counts when there are several), and "d is in it". b is
// -1 for a cell guess: when every digit's minirows are settled, or the grid
// is nearly empty, or when cells is set (see probeCellsAbove). Unless light is set
// (see settle), with fewer than countBelow cells open (the root: see
// searcher.countBelow) or while the grid is sparse in a
// puzzle given few digits (sparse: see sparseCells), it applies the minirow
// and minicolumn counts (see checkCounts) before branching;
// elsewhere they cost more than the nodes they saved. At other full nodes
// with more than tallyAbove cells open, and light ones with more than
// fullAbove, it applies the minirow counts of the branching band alone (see
// tally), which cost a sixth as much.
func (s *state9) choose(light, cells, sparse bool, countBelow int) (d, b, k, next int) {
	open := s.open()
	if open > cellsOnlyAbove || cells && open > probeCellsAbove {
		return 0, -1, 0, branch
	}
	b = s.branchBand(open)
	if b < 0 {
		return 0, -1, 0, branch
	}
	tie := uint32(all27)
	switch {
	case light:
		tie = 0
		if open > fullAbove {
			next = s.tally(b)
		}
	case open < countBelow || sparse && open > sparseCells:
		next = s.checkCounts()
	case open > tallyAbove:
		next = s.tally(b)
	}
	if next != branch {
		return 0, 0, 0, next
	}
	d = s.fewestWays(b, tie, open)
	return d, b, int(branchHashed9[s.hash[b][d]&511]), branch
}

// branchBand returns the band to branch in, or -1 when every digit has one
// way left in every band: while more than waysUpTo cells are open, the band
// with the fewest open cells, then the one with the fewest ways to place its
// digits (tdoku's measure, see matchCount9) and open cells together, by
// which it also breaks the first's ties; among equals the first.
// Counting ways from the top takes 10% fewer nodes on magictour_top1465
// and 13% on 17_clue but 3% more on the forum sets, at a cost that made
// them 7 to 12% slower; from waysUpTo open cells down, every set takes as
// few nodes as before or fewer (top1465 6%, forum_hardest_1106 8%). Above
// waysUpTo, breaking ties in open cells by ways takes fewer nodes on 12 of
// the 17 data files (norvig_top95 11%, unsat 2.7%, top1465 1.4%) and 3%
// more on forum_hardest_1106 only. Below it, ways plus open cells rather
// than ways alone: nodes msolve 3.8% fewer, top1465 0.7%, 1106 0.5%, 17_clue
// 1.0% more, kaggle 0.3% (instructions msolve 5.5% fewer, the rest within
// 0.2% or fewer: the band with fewer open cells has cheaper nodes). Open
// cells alone at every depth took msolve 4.7% fewer nodes but 17_clue 4.6%,
// top1465 2.8%, 1106 2.8% more; twice or three times the ways and the cells,
// fewer nodes on msolve (3.1%, 2.6%), as many elsewhere; the ways and twice
// the cells, msolve 7.0% fewer instructions, but 17_clue and 1106 0.03-0.05%
// more, unsat 0.1%, kaggle 0.2%.
func (s *state9) branchBand(open int) int {
	byOpen := 0 // 255 when open cells come first
	if open > waysUpTo {
		byOpen = 255
	}
	key := func(band int) int { // written out for the three bands
		n := s.bandWays(band)
		if n <= 9 {
			return 1 << 30
		}
		// fewest open cells (at most 27), when byOpen, then fewest ways (at
		// most 54) and open cells
		c := bits.OnesCount32(s.unsolved[band])
		return (n+c|c&byOpen<<8)<<2 | band
	}
	best := min(key(0), key(1), key(2))
	if best == 1<<30 {
		return -1
	}
	return best & 3
}

// fewestWays returns the digit with the fewest ways above one to fill band
// b (see matchCount9; propagateOne keeps them in s.ways), and of those the
// one with the fewest cells when tie is all27, the first when tie is 0
// (serg, which walks to its solutions in light nodes, took 2.6% more nodes
// with the tie-break there). The key (ways, cells, digit) is kept without
// branches: which digit wins is a guess a branch would miss. The tie-break
// took fewer nodes on 12 of the 17 data files (top1465 4.5%, kaggle 4%,
// se_rated_mixed 14%, msolve_most_difficult_100 43%), up to 2% more on
// four. This once counted each digit's minirows (above three) where it now
// reads its ways, with the same choice but for ties (nodes within 0.3% on
// the ten sets, none more). The nine keys are written out, one min of nine,
// not a loop: the loop's index checks and counter took some 235
// instructions a call, the written-out keys about 130 (msolve, 11plus,
// forum_hardest_1106, hard_minus1 and serg 0.8-0.9% fewer instructions).
// Without the tie-break, firstFewestWays finds the digit a word at a time
// (serg 3.4% fewer instructions, synthetic_multi_16clue 1.7%). With it, a
// loop over the digits of the fewest ways alone, counting their cells, took
// msolve 1.8% fewer instructions, serg 3.2%, but in cachegrind's branch
// model 2.9% more mispredicted branches on msolve: it stays branch-free
// above allWaysUpTo open cells. From allWaysUpTo down, fewestWaysAll
// weighs the digit's ways in all three bands with its cells: nodes msolve
// 3.3% fewer, 1106 and 11plus 1.7%, unsat 1.2%, 17_clue 0.6% more (at
// every depth, msolve 3.5% fewer but 17_clue 2.5% more, top1465 0.4%; from
// 48, 54 or 56 down, msolve 2.7%, 3.4%, 3.4% fewer, 17_clue 0.3%, 0.7%,
// 1.2% more). Only the digits of the fewest ways are counted, in a loop
// whose branches, there, cachegrind's model finds as well predicted as
// the nine keys' (msolve 0.7% fewer mispredictions, unsat 1.3% more).
func (s *state9) fewestWays(b int, tie uint32, open int) int {
	p, w := &s.poss, &s.ways[b]
	if tie == 0 {
		return s.firstFewestWays(b)
	}
	if open <= allWaysUpTo {
		return s.fewestWaysAll(b)
	}
	key := func(e int) uint32 { // a digit with one way left wraps round, last
		return (uint32(w[e])-2)<<9 | uint32(bits.OnesCount32(p[e][b]&tie))<<4 | uint32(e)
	}
	return int(min(key(0), key(1), key(2), key(3), key(4), key(5), key(6), key(7), key(8)) & 15)
}

// fewestWaysAll returns, of the digits with the fewest ways above one to
// fill band b, the one with the fewest cells in it and the most ways in all
// three bands together (twice the cells less the ways, then the first),
// for nodes with allWaysUpTo open cells or fewer. The digits of the fewest
// ways are found a word at a time, as in firstFewestWays, and only theirs
// are counted.
func (s *state9) fewestWaysAll(b int) int {
	w := &s.ways[b]
	first8 := binary.LittleEndian.Uint64(w[:8])
	for k := uint64(2); ; k++ {
		m := uint32(withWays(first8, k) >> 7 * 0x0102040810204080 >> 56)
		if uint64(w[8]) == k {
			m |= 1 << 8
		}
		if m == 0 {
			continue
		}
		best := uint32(1 << 31)
		for ; m != 0; m &= m - 1 {
			e := bits.TrailingZeros32(m)
			all := uint32(s.ways[0][e]) + uint32(s.ways[1][e]) + uint32(s.ways[2][e]) // at most 18
			best = min(best, (2*uint32(bits.OnesCount32(s.poss[e][b]))+18-all)<<4|uint32(e))
		}
		return int(best & 15)
	}
}

// firstFewestWays returns the first digit with the fewest ways above one to
// fill band b: fewestWays without its tie-break, the digits of k ways found
// eight to a word for k from 2 up (nearly always 2), where the nine keys
// took some 130 instructions.
func (s *state9) firstFewestWays(b int) int {
	w := &s.ways[b]
	first8 := binary.LittleEndian.Uint64(w[:8])
	for k := uint64(2); ; k++ {
		if eq := withWays(first8, k); eq != 0 {
			return bits.TrailingZeros64(eq) / 8
		}
		if uint64(w[8]) == k {
			return 8
		}
	}
}

// withWays returns 0x80 in each byte of first8 (a band's ways for its
// first eight digits) that equals k, 0 in the others: the digits of k
// ways, eight to a word.
func withWays(first8, k uint64) uint64 {
	const (
		ones = 0x0101010101010101
		low7 = 0x7f * ones
	)
	x := first8 ^ k*ones
	return ^((x&low7 + low7) | x) & (0x80 * ones)
}

// bandWays returns the sum over the digits of their ways to place
// themselves in band b (at most 54): the first eight bytes summed by one
// multiplication, then the ninth. Summed when branchBand asks, once a
// node, rather than kept up to date in propagateOne, a dozen times a node.
func (s *state9) bandWays(b int) int {
	w := &s.ways[b]
	return int(binary.LittleEndian.Uint64(w[:8])*0x0101010101010101>>56) + int(w[8])
}

// minirowsOf returns the first cell of each minirow where x has a cell.
func minirowsOf(x uint32) uint32 { return (x | x>>1 | x>>2) & minirowFirst27 }

// minirowSet returns the minirows where x has a cell as 9 bits, bit
// 3*row+box: the index of the matching tables.
func minirowSet(x uint32) uint32 {
	return minirows9[x&low9] | minirows9[x>>9&low9]<<3 | minirows9[x>>18]<<6
}

// loneInRows returns the bits of x alone in their row of the band.
func loneInRows(x uint32) uint32 {
	return single9[x&low9] | single9[x>>9&low9]<<9 | single9[x>>18]<<18
}

// columnsOf returns the columns where x, cells of a band, has a cell.
func columnsOf(x uint32) uint32 { return (x | x>>9 | x>>18) & low9 }

// inEveryRow returns the cells of a band in the columns cols (9 bits).
func inEveryRow(cols uint32) uint32 { return cols | cols<<9 | cols<<18 }
