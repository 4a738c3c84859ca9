package logic

import (
	"math/bits"

	"github.com/sudokubot/sudokubot/solver"
)

// Sudoku Explainer's direct techniques: a pointing, claiming or hidden
// pair (triple) that at once leaves a digit a single place in a unit, which
// the step fills (and only that: the removals come later, as in SE). SE rates these below the naked single (direct pointing
// 1.7, claiming 1.9, hidden pair 2.0, hidden triple 2.5), so the easy end
// of its scale depends on them.

// directLocking finds locked candidates whose removals leave a hidden
// single in another unit of the first one's kind. It looks where SE does:
// boxes against columns, boxes against rows, then columns and rows
// against boxes.
func (b *cands) directLocking() (Step, bool) {
	rows, cols, boxes := 0, b.n, 2*b.n
	for _, kinds := range [4][2]int{{boxes, cols}, {boxes, rows}, {cols, boxes}, {rows, boxes}} {
		for v := 1; v <= b.n; v++ {
			for u1 := kinds[0]; u1 < kinds[0]+b.n; u1++ {
				if s, ok := b.directLockingFrom(u1, kinds, v); ok {
					return s, true
				}
			}
		}
	}
	return Step{}, false
}

// directLockingFrom tries unit u1, of the first kind, for digit v.
func (b *cands) directLockingFrom(u1 int, kinds [2]int, v int) (Step, bool) {
	bit := uint16(1) << (v - 1)
	pos := b.positions(u1, bit)
	if bits.OnesCount32(pos) < 2 {
		return Step{}, false
	}
	// The only unit of the second kind that can hold them all is the first
	// place's.
	first := int(b.geo.Units[u1][bits.TrailingZeros32(pos)])
	u2 := b.unitOfKind(first, kinds[1])
	cells := b.holders(u1, bit)
	if !b.allIn(cells, u2) {
		return Step{}, false
	}
	for u3 := kinds[0]; u3 < kinds[0]+b.n; u3++ {
		p3 := b.positions(u3, bit)
		if u3 == u1 || bits.OnesCount32(p3) < 2 {
			continue
		}
		outside, single := 0, -1
		for m := p3; m != 0; m &= m - 1 {
			if i := int(b.geo.Units[u3][bits.TrailingZeros32(m)]); !b.inUnit(i, u2) {
				outside, single = outside+1, i
			}
		}
		if outside == 1 && bits.OnesCount32(p3) > 1 {
			return b.directLockingStep(u1, u2, u3, cells, single, v), true
		}
	}
	return Step{}, false
}

// unitOfKind returns cell i's unit of the kind that starts at unit first
// (0 rows, n columns, 2n boxes).
func (b *cands) unitOfKind(i, first int) int {
	switch first {
	case 0:
		return i / b.n
	case b.n:
		return b.n + i%b.n
	}
	return 2*b.n + b.geo.BoxOf[i]
}

// directLockingStep places the single; SE's direct steps place only,
// leaving the locked removals to later steps.
func (b *cands) directLockingStep(u1, u2, u3 int, cells []int, single, v int) Step {
	t := DirectClaiming
	if u1 >= 2*b.n {
		t = DirectPointing
	}
	return Step{Technique: t, Placed: []Candidate{{b.cell(single), v}}, Cells: b.cells(cells),
		Units: []solver.Unit{b.unit(u1), b.unit(u2), b.unit(u3)}, Digits: []int{v}}
}

// holders returns the cells of unit u that hold the digit bit.
func (b *cands) holders(u int, bit uint16) []int {
	var out []int
	for _, i := range b.geo.Units[u] {
		if b.cand[i]&bit != 0 {
			out = append(out, int(i))
		}
	}
	return out
}

func (b *cands) allIn(cells []int, u int) bool {
	for _, i := range cells {
		if !b.inUnit(i, u) {
			return false
		}
	}
	return true
}

// inUnit reports whether cell i is in unit u (rows, columns, then boxes).
func (b *cands) inUnit(i, u int) bool {
	switch {
	case u < b.n:
		return i/b.n == u
	case u < 2*b.n:
		return i%b.n == u-b.n
	}
	return b.geo.BoxOf[i] == u-2*b.n
}

// directHidden finds a hidden pair (k = 2) or triple (3) whose removals
// leave another digit of the same unit a single place; it looks in boxes,
// then columns, then rows, as SE does.
func (b *cands) directHidden(k int) (Step, bool) {
	for _, first := range [3]int{2 * b.n, b.n, 0} {
		for u := first; u < first+b.n; u++ {
			if s, ok := b.directHiddenIn(u, k); ok {
				return s, true
			}
		}
	}
	return Step{}, false
}

func (b *cands) directHiddenIn(u, k int) (Step, bool) {
	var pos [solver.MaxSize]uint32
	var pool [solver.MaxSize]int
	var empty uint32
	n := 0
	for v := 0; v < b.n; v++ {
		pos[v] = b.positions(u, 1<<v)
		empty |= pos[v]
		if c := bits.OnesCount32(pos[v]); c >= 1 && c <= k {
			pool[n] = v
			n++
		}
	}
	if bits.OnesCount32(empty) <= k {
		return Step{}, false
	}
	var found Step
	ok := combinations(n, k, func(pick []int) bool {
		var union uint32
		var digits uint16
		for _, p := range pick {
			union |= pos[pool[p]]
			digits |= 1 << pool[p]
		}
		if bits.OnesCount32(union) != k {
			return false
		}
		for w := 0; w < b.n; w++ {
			if digits&(1<<w) != 0 || bits.OnesCount32(pos[w]) < 2 || bits.OnesCount32(pos[w]&^union) != 1 {
				continue
			}
			found = b.directHiddenStep(u, k, union, digits, pos[w]&^union, w+1)
			return true
		}
		return false
	})
	return found, ok
}

// directHiddenStep places the single; the pair's (triple's) removals are
// left to later steps, as SE does.
func (b *cands) directHiddenStep(u, k int, union uint32, digits uint16, single uint32, w int) Step {
	unit := b.geo.Units[u]
	var cells []int
	for m := union; m != 0; m &= m - 1 {
		cells = append(cells, int(unit[bits.TrailingZeros32(m)]))
	}
	t := DirectHiddenPair
	if k == 3 {
		t = DirectHiddenTriple
	}
	target := int(unit[bits.TrailingZeros32(single)])
	return Step{Technique: t, Placed: []Candidate{{b.cell(target), w}}, Cells: b.cells(cells),
		Units: []solver.Unit{b.unit(u)}, Digits: append(digitsOf(digits), w)}
}
