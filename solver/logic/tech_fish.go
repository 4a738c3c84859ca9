package logic

import (
	"math/bits"

	"github.com/sudokubot/sudokubot/solver"
)

// fish finds, for one digit, k rows whose places for it lie in k columns
// (or k columns in k rows): the digit leaves those columns (rows) elsewhere.
// k is 2 (X-Wing), 3 (Swordfish) or 4 (Jellyfish).
func (b *cands) fish(k int) (Step, bool) {
	t := [...]Technique{2: XWing, 3: Swordfish, 4: Jellyfish}[k]
	for v := 1; v <= b.n; v++ {
		bit := uint16(1) << (v - 1)
		for _, base := range [2]int{0, b.n} { // rows, then columns
			if s, ok := b.fishFrom(t, k, v, bit, base); ok {
				return s, true
			}
		}
	}
	return Step{}, false
}

// fishFrom tries base units base..base+n-1 (rows or columns); the cover
// units are the other kind.
func (b *cands) fishFrom(t Technique, k, v int, bit uint16, base int) (Step, bool) {
	cover := b.n - base // rows (0) when the base is columns (n), and so on
	var pool []int
	var where []uint32
	for u := base; u < base+b.n; u++ {
		if pos := b.positions(u, bit); bits.OnesCount32(pos) >= 2 && bits.OnesCount32(pos) <= k {
			pool, where = append(pool, u), append(where, pos)
		}
	}
	var found Step
	ok := combinations(len(pool), k, func(pick []int) bool {
		var union uint32
		bases := make([]int, k)
		for x, p := range pick {
			union |= where[p]
			bases[x] = pool[p]
		}
		if bits.OnesCount32(union) != k {
			return false
		}
		var rm []Candidate
		var units []solver.Unit
		var cells []int
		for _, u := range bases {
			units = append(units, b.unit(u))
		}
		for c := union; c != 0; c &= c - 1 {
			cu := cover + bits.TrailingZeros32(c)
			units = append(units, b.unit(cu))
			for _, i := range b.geo.Units[cu] {
				if b.cand[i]&bit == 0 {
					continue
				}
				if b.inAny(int(i), bases) {
					cells = append(cells, int(i))
				} else {
					rm = append(rm, Candidate{b.cell(int(i)), v})
				}
			}
		}
		if len(rm) == 0 {
			return false
		}
		found = Step{Technique: t, Removed: rm, Cells: b.cells(cells), Units: units, Digits: []int{v}}
		return true
	})
	return found, ok
}

func (b *cands) inAny(i int, units []int) bool {
	for _, u := range units {
		if contains(b.geo.Units[u], uint8(i)) {
			return true
		}
	}
	return false
}
