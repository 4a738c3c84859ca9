package logic

import (
	"math/bits"

	"github.com/sudokubot/sudokubot/solver"
)

// ALS wings (Sukaku Explainer's WXYZ- and VWXYZ-Wing): an almost locked
// set of 3 (or 4) cells that all see each other and hold 4 (or 5) digits
// between them, and a two-digit cell {x, z} whose digits are both in the
// set. When every cell of the set holding x sees the two-digit cell, x
// cannot be in both, so z is in the two-digit cell or in the set: a cell
// seeing the two-digit cell and every cell of the set holding z loses z.
// When z is linked that way too, both are, and the set's other digits are
// locked in it as well.

// alsWing finds the best wing whose set has size cells: the lowest
// rating, then the most eliminations.
func (b *cands) alsWing(size int) (Step, bool) {
	w := alsWingSearch{b: b, size: size}
	for i := 0; i < b.geo.Cells; i++ {
		if n := bits.OnesCount16(b.cand[i]); b.val[i] == 0 && n >= 2 && n <= size+1 {
			w.grow([]int{i}, b.cand[i])
		}
	}
	return w.best, w.found
}

type alsWingSearch struct {
	b     *cands
	size  int
	found bool
	best  Step
	elims int
}

// grow adds cells after the last one that see every cell so far, keeping
// at most size+1 digits.
func (w *alsWingSearch) grow(set []int, digits uint16) {
	b := w.b
	if len(set) == w.size {
		if bits.OnesCount16(digits) == w.size+1 {
			w.wings(set, digits)
		}
		return
	}
	for j := set[len(set)-1] + 1; j < b.geo.Cells; j++ {
		u := digits | b.cand[j]
		if b.val[j] != 0 || bits.OnesCount16(b.cand[j]) < 2 || bits.OnesCount16(u) > w.size+1 || !w.seesAll(j, set) {
			continue
		}
		w.grow(append(set, j), u)
	}
}

func (w *alsWingSearch) seesAll(j int, set []int) bool {
	for _, i := range set {
		if !w.b.sees(i, j) {
			return false
		}
	}
	return true
}

// wings tries every two-digit cell with both digits in the set.
func (w *alsWingSearch) wings(set []int, digits uint16) {
	b := w.b
	for yz := 0; yz < b.geo.Cells; yz++ {
		c := b.cand[yz]
		if !b.bivalue(yz) || c&^digits != 0 || inSet(yz, set) || !w.seesAny(yz, set) {
			continue
		}
		d := digitsOf(c)
		xLinked, zLinked := w.linked(yz, set, d[0]), w.linked(yz, set, d[1])
		switch {
		case xLinked && zLinked:
			w.consider(set, digits, yz, d[0], d[1], true)
		case xLinked:
			w.consider(set, digits, yz, d[0], d[1], false)
		case zLinked:
			w.consider(set, digits, yz, d[1], d[0], false)
		}
	}
}

func inSet(i int, set []int) bool {
	for _, j := range set {
		if i == j {
			return true
		}
	}
	return false
}

func (w *alsWingSearch) seesAny(i int, set []int) bool {
	for _, j := range set {
		if w.b.sees(i, j) {
			return true
		}
	}
	return false
}

// linked reports whether every cell of the set holding v sees cell yz.
func (w *alsWingSearch) linked(yz int, set []int, v int) bool {
	for _, i := range set {
		if w.b.cand[i]&(1<<(v-1)) != 0 && !w.b.sees(i, yz) {
			return false
		}
	}
	return true
}

// consider collects what a wing removes (x linked; z removed; when both
// are linked, every digit of the set and both of the cell) and keeps the
// best wing.
func (w *alsWingSearch) consider(set []int, digits uint16, yz, x, z int, double bool) {
	b := w.b
	var rm []Candidate
	remove := func(v int, withCell bool) {
		for i := 0; i < b.geo.Cells; i++ {
			if b.cand[i]&(1<<(v-1)) == 0 || i == yz || inSet(i, set) || withCell && !b.sees(i, yz) {
				continue
			}
			if w.seesHolders(i, set, v) {
				rm = append(rm, Candidate{b.cell(i), v})
			}
		}
	}
	remove(z, true)
	if double {
		remove(x, true)
		for _, v := range digitsOf(digits &^ (1<<(x-1) | 1<<(z-1))) {
			remove(v, false)
		}
	}
	if len(rm) == 0 {
		return
	}
	rating := w.rating(set)
	if w.found && (rating > w.best.Rating || rating == w.best.Rating && len(rm) <= w.elims) {
		return
	}
	t := WXYZWing
	if w.size == 4 {
		t = VWXYZWing
	}
	cells := b.cells(set)
	w.found, w.elims = true, len(rm)
	w.best = Step{Technique: t, Rating: rating, Removed: rm, Cells: append(append([]solver.Cell(nil), cells...), b.cell(yz)),
		Digits: append([]int{x, z}, digitsOf(digits&^(1<<(x-1)|1<<(z-1)))...), Ends: [2][]solver.Cell{cells, {b.cell(yz)}},
		Locked: double}
	if double {
		w.best.Digits = digitsOf(digits)
	}
}

// seesHolders reports whether cell i sees every cell of the set holding v.
func (w *alsWingSearch) seesHolders(i int, set []int, v int) bool {
	for _, j := range set {
		if w.b.cand[j]&(1<<(v-1)) != 0 && !w.b.sees(i, j) {
			return false
		}
	}
	return true
}

// rating is Sukaku Explainer's: 5.5 for WXYZ, 6.2 for VWXYZ, plus 0.1 for
// each step the largest cell of the set (c candidates) is closer to 3
// than the farthest it could be: 5.5 + 0.1 × (1 − |3 − c|), 6.2 + 0.1 ×
// (2 − |3 − c|).
func (w *alsWingSearch) rating(set []int) float64 {
	c := 0
	for _, i := range set {
		c = max(c, bits.OnesCount16(w.b.cand[i]))
	}
	far := c - 3
	if far < 0 {
		far = -far
	}
	if w.size == 3 {
		return 5.5 + 0.1*float64(1-far)
	}
	return 6.2 + 0.1*float64(2-far)
}
