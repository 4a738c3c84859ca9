package variant

import "math/bits"

// Per digit, the cells that can take it, a bit a cell, so that a placed
// digit's peers holding it are found by a mask of the cell's peers
// (peerSet) rather than by testing each of its twenty peers: the peers'
// loop took 8% of Hard renban 2's instructions, most of it on peers that
// had lost the digit already. uncount keeps the sets with the candidates
// (drop), recount sets them, save and restore keep them. They are held in
// an array of 32 digits of four words, so that no index needs a check.

// resetDigits sets the per-digit cell sets from the candidates
// (indexHouses makes them).
func (e *engine) resetDigits() {
	clear(e.digitCells)
	for c, m := range e.cand {
		for r := m; r != 0; r &= r - 1 {
			e.digitArr[bits.TrailingZeros32(r)&31].add(c)
		}
	}
}

// drop takes cell c out of digit d's set.
func (e *engine) drop(c, d int) {
	e.digitArr[d&31][(c>>6)&3] &^= 1 << uint(c&63)
}

// peerSet is a neqProp's run for a cell's peers (see peers): the peers
// still holding the cell's digit m are its peer set masked by m's cells,
// taken in the order of the cells, as the loop over others takes them.
// They leave m's set a word at a time, not a cell at a time (drop).
func (p *neqProp) peerSet(e *engine, m uint32) bool {
	d := bits.TrailingZeros32(m) & 31
	ds := &e.digitArr[d]
	for i := range ds {
		r := p.see[i] & ds[i]
		ds[i] &^= r
		for ; r != 0; r &= r - 1 {
			if o := i*64 + bits.TrailingZeros64(r); !e.losePeer(o, m, d) {
				p.blameHouse(e, o)
				return false
			}
		}
	}
	return true
}

// losePeer is narrow for cell o, which holds digit m (d) and loses it as
// a peer of a cell placed with it, its cell set already left (see
// peerSet): one lost digit, known, and no call through uncount.
func (e *engine) losePeer(o int, m uint32, d int) bool {
	old := e.cand[o]
	left := old &^ m
	e.cand[o] = left
	if left == 0 {
		return false
	}
	if e.wake(o, old, left) {
		e.place(o, left)
	}
	return e.uncountOne(o, d)
}
