package logic

import (
	"math/bits"

	"github.com/sudokubot/sudokubot/solver"
)

// seenByAll returns the empty cells, other than the pattern's own, that
// hold digit v and see every cell of the pattern.
func (b *cands) seenByAll(v int, pattern ...int) []Candidate {
	bit := uint16(1) << (v - 1)
	var out []Candidate
	for i := 0; i < b.geo.Cells; i++ {
		if b.cand[i]&bit == 0 || containsInt(pattern, i) {
			continue
		}
		all := true
		for _, p := range pattern {
			all = all && b.sees(i, p)
		}
		if all {
			out = append(out, Candidate{b.cell(i), v})
		}
	}
	return out
}

func (b *cands) bivalue(i int) bool {
	c := b.cand[i]
	return b.val[i] == 0 && bits.OnesCount16(c) == 2
}

// xyWing finds a pivot {x,y} seeing pincers {x,z} and {y,z}: z leaves every
// cell that sees both pincers.
func (b *cands) xyWing() (Step, bool) {
	for p := 0; p < b.geo.Cells; p++ {
		if !b.bivalue(p) {
			continue
		}
		for _, a := range b.geo.Peers[p] {
			ca := b.cand[a]
			if !b.bivalue(int(a)) || ca == b.cand[p] || bits.OnesCount16(ca&b.cand[p]) != 1 {
				continue
			}
			z := ca &^ b.cand[p]
			want := (b.cand[p] &^ ca) | z // the other pincer: pivot's other digit and z
			for _, c := range b.geo.Peers[p] {
				if c <= a || b.cand[c] != want || !b.bivalue(int(c)) {
					continue
				}
				zv := bits.TrailingZeros16(z) + 1
				if rm := b.seenByAll(zv, int(a), int(c)); len(rm) > 0 {
					return Step{Technique: XYWing, Removed: rm, Cells: b.cells([]int{p, int(a), int(c)}),
						Digits: digitsOf(b.cand[p] | z)}, true
				}
			}
		}
	}
	return Step{}, false
}

// xyzWing finds a pivot {x,y,z} seeing pincers {x,z} and {y,z}: z leaves
// every cell that sees all three.
func (b *cands) xyzWing() (Step, bool) {
	for p := 0; p < b.geo.Cells; p++ {
		cp := b.cand[p]
		if b.val[p] != 0 || bits.OnesCount16(cp) != 3 {
			continue
		}
		for _, a := range b.geo.Peers[p] {
			if !b.bivalue(int(a)) || b.cand[a]&^cp != 0 {
				continue
			}
			for _, c := range b.geo.Peers[p] {
				cc := b.cand[c]
				if c <= a || !b.bivalue(int(c)) || cc&^cp != 0 || cc == b.cand[a] {
					continue
				}
				z := cc & b.cand[a]
				zv := bits.TrailingZeros16(z) + 1
				if rm := b.seenByAll(zv, p, int(a), int(c)); len(rm) > 0 {
					return Step{Technique: XYZWing, Removed: rm, Cells: b.cells([]int{p, int(a), int(c)}), Digits: digitsOf(cp)}, true
				}
			}
		}
	}
	return Step{}, false
}

// wWing finds two cells {a,b} that do not see each other, joined by a unit
// where b has only two places, one seen by each: one of the cells is a, so a
// leaves every cell that sees both.
func (b *cands) wWing() (Step, bool) {
	for p := 0; p < b.geo.Cells; p++ {
		if !b.bivalue(p) {
			continue
		}
		for q := p + 1; q < b.geo.Cells; q++ {
			if b.cand[q] != b.cand[p] || !b.bivalue(q) || b.sees(p, q) {
				continue
			}
			for _, link := range digitsOf(b.cand[p]) {
				other := digitsOf(b.cand[p] &^ (1 << (link - 1)))[0]
				if s, ok := b.wWingVia(p, q, link, other); ok {
					return s, true
				}
			}
		}
	}
	return Step{}, false
}

func (b *cands) wWingVia(p, q, link, other int) (Step, bool) {
	bit := uint16(1) << (link - 1)
	for u, unit := range b.geo.Units {
		pos := b.positions(u, bit)
		if bits.OnesCount32(pos) != 2 {
			continue
		}
		e1 := int(unit[bits.TrailingZeros32(pos)])
		e2 := int(unit[31-bits.LeadingZeros32(pos)])
		if e1 == p || e1 == q || e2 == p || e2 == q {
			continue
		}
		if (b.sees(e1, p) && b.sees(e2, q)) || (b.sees(e1, q) && b.sees(e2, p)) {
			if rm := b.seenByAll(other, p, q); len(rm) > 0 {
				return Step{Technique: WWing, Removed: rm, Cells: b.cells([]int{p, q, e1, e2}),
					Units: []solver.Unit{b.unit(u)}, Digits: []int{other, link}}, true
			}
		}
	}
	return Step{}, false
}
