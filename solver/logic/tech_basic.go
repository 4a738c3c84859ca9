package logic

import (
	"math/bits"

	"github.com/sudokubot/sudokubot/solver"
)

// The simplest techniques: singles, locked candidates and subsets.

// fullHouse finds a unit with one empty cell.
func (b *cands) fullHouse() (Step, bool) {
	for u, unit := range b.geo.Units {
		empty, seen := -1, uint16(0)
		count := 0
		for _, i := range unit {
			if b.val[i] == 0 {
				empty, count = int(i), count+1
			} else {
				seen |= 1 << (b.val[i] - 1)
			}
		}
		if count == 1 {
			missing := b.geo.Full &^ seen
			if missing&b.cand[empty] == 0 || missing&(missing-1) != 0 {
				continue // broken grid: leave it to the other checks
			}
			v := bits.TrailingZeros16(missing) + 1
			return Step{Technique: FullHouse, Placed: []Candidate{{b.cell(empty), v}},
				Cells: []solver.Cell{b.cell(empty)}, Units: []solver.Unit{b.unit(u)}, Digits: []int{v}}, true
		}
	}
	return Step{}, false
}

// hiddenSingle finds a digit with one place left in a unit: boxes first
// (they are easier to see), then rows and columns.
func (b *cands) hiddenSingle(boxes bool) (Step, bool) {
	for u, unit := range b.geo.Units {
		if (u >= 2*b.n) != boxes {
			continue
		}
		for v := 1; v <= b.n; v++ {
			pos := b.positions(u, 1<<(v-1))
			if pos != 0 && pos&(pos-1) == 0 {
				i := int(unit[bits.TrailingZeros32(pos)])
				t := HiddenSingleLine
				if boxes {
					t = HiddenSingleBox
				}
				return Step{Technique: t, Placed: []Candidate{{b.cell(i), v}},
					Cells: []solver.Cell{b.cell(i)}, Units: []solver.Unit{b.unit(u)}, Digits: []int{v}}, true
			}
		}
	}
	return Step{}, false
}

// nakedSingle finds a cell with one candidate left.
func (b *cands) nakedSingle() (Step, bool) {
	for i := 0; i < b.geo.Cells; i++ {
		if c := b.cand[i]; b.val[i] == 0 && c != 0 && c&(c-1) == 0 {
			v := bits.TrailingZeros16(c) + 1
			return Step{Technique: NakedSingle, Placed: []Candidate{{b.cell(i), v}},
				Cells: []solver.Cell{b.cell(i)}, Digits: []int{v}}, true
		}
	}
	return Step{}, false
}

// lockedCandidates finds a digit whose places in one unit all lie in
// another unit: pointing (from a box into a line) or claiming (from a line
// into a box).
func (b *cands) lockedCandidates(pointing bool) (Step, bool) {
	for u, unit := range b.geo.Units {
		if (u >= 2*b.n) != pointing {
			continue
		}
		for v := 1; v <= b.n; v++ {
			bit := uint16(1) << (v - 1)
			var cells []int
			for _, i := range unit {
				if b.cand[i]&bit != 0 {
					cells = append(cells, int(i))
				}
			}
			if len(cells) < 2 {
				continue
			}
			for _, other := range b.sharedUnits(cells, u) {
				var targets []int
				for _, i := range b.geo.Units[other] {
					if !contains(unit, i) {
						targets = append(targets, int(i))
					}
				}
				if rm := b.removals(targets, v); len(rm) > 0 {
					t := Claiming
					if pointing {
						t = Pointing
					}
					return Step{Technique: t, Removed: rm, Cells: b.cells(cells),
						Units: []solver.Unit{b.unit(u), b.unit(other)}, Digits: []int{v}}, true
				}
			}
		}
	}
	return Step{}, false
}

// sharedUnits returns the units other than skip that hold every one of
// cells (rows, then columns, then boxes): only the first cell's three can.
func (b *cands) sharedUnits(cells []int, skip int) []int {
	if len(cells) == 0 {
		return nil
	}
	var out []int
	f := cells[0]
	for _, u := range [3]int{f / b.n, b.n + f%b.n, 2*b.n + b.geo.BoxOf[f]} {
		if u != skip && b.allIn(cells, u) {
			out = append(out, u)
		}
	}
	return out
}

func contains(unit []uint8, i uint8) bool {
	for _, j := range unit {
		if j == i {
			return true
		}
	}
	return false
}

// nakedSubset finds k cells in a unit holding only k digits between them;
// those digits leave the unit's other cells.
func (b *cands) nakedSubset(k int) (Step, bool) {
	t := [...]Technique{2: NakedPair, 3: NakedTriple, 4: NakedQuad}[k]
	for u, unit := range b.geo.Units {
		var pool []int
		for _, i := range unit {
			if n := bits.OnesCount16(b.cand[i]); b.val[i] == 0 && n >= 2 && n <= k {
				pool = append(pool, int(i))
			}
		}
		var found Step
		ok := combinations(len(pool), k, func(pick []int) bool {
			var union uint16
			cells := make([]int, k)
			for x, p := range pick {
				cells[x] = pool[p]
				union |= b.cand[pool[p]]
			}
			if bits.OnesCount16(union) != k {
				return false
			}
			var rm []Candidate
			for _, i := range unit {
				if !containsInt(cells, int(i)) {
					for _, v := range digitsOf(b.cand[i] & union) {
						rm = append(rm, Candidate{b.cell(int(i)), v})
					}
				}
			}
			if len(rm) == 0 {
				return false
			}
			found = Step{Technique: t, Removed: rm, Cells: b.cells(cells), Units: []solver.Unit{b.unit(u)}, Digits: digitsOf(union)}
			return true
		})
		if ok {
			return found, true
		}
	}
	return Step{}, false
}

// hiddenSubset finds k digits that have only k places in a unit between
// them; the other digits leave those cells.
func (b *cands) hiddenSubset(k int) (Step, bool) {
	t := [...]Technique{2: HiddenPair, 3: HiddenTriple, 4: HiddenQuad}[k]
	for u, unit := range b.geo.Units {
		var pool []int
		var where []uint32
		for v := 1; v <= b.n; v++ {
			if pos := b.positions(u, 1<<(v-1)); bits.OnesCount32(pos) >= 2 && bits.OnesCount32(pos) <= k {
				pool, where = append(pool, v), append(where, pos)
			}
		}
		var found Step
		ok := combinations(len(pool), k, func(pick []int) bool {
			var union uint32
			var digits uint16
			for _, p := range pick {
				union |= where[p]
				digits |= 1 << (pool[p] - 1)
			}
			if bits.OnesCount32(union) != k {
				return false
			}
			var rm []Candidate
			var cells []int
			for ; union != 0; union &= union - 1 {
				i := int(unit[bits.TrailingZeros32(union)])
				cells = append(cells, i)
				for _, v := range digitsOf(b.cand[i] &^ digits) {
					rm = append(rm, Candidate{b.cell(i), v})
				}
			}
			if len(rm) == 0 {
				return false
			}
			found = Step{Technique: t, Removed: rm, Cells: b.cells(cells), Units: []solver.Unit{b.unit(u)}, Digits: digitsOf(digits)}
			return true
		})
		if ok {
			return found, true
		}
	}
	return Step{}, false
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// combinations calls f with every k-subset of 0..n-1 in order until f
// returns true, and reports whether it did.
func combinations(n, k int, f func([]int) bool) bool {
	if k > n {
		return false
	}
	pick := make([]int, k)
	var rec func(start, depth int) bool
	rec = func(start, depth int) bool {
		if depth == k {
			return f(pick)
		}
		for i := start; i <= n-(k-depth); i++ {
			pick[depth] = i
			if rec(i+1, depth+1) {
				return true
			}
		}
		return false
	}
	return rec(0, 0)
}
