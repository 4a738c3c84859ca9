package solver

import "math/bits"

// Uniqueness techniques: a proper puzzle has one solution, so a pattern
// that would allow two can be ruled out. Grade and Hint use them only on
// puzzles known to be unique.

// uniqueRectangle (type 1) finds four cells at the corners of a rectangle
// in two boxes, three of them holding only {a,b} and the fourth a and b
// among others: if the fourth were a or b too, the two digits could swap, so
// it is neither.
func (b *board) uniqueRectangle() (Step, bool) {
	if b.noUniqueness {
		return Step{}, false
	}
	n := b.n
	for r1 := 0; r1 < n; r1++ {
		for r2 := r1 + 1; r2 < n; r2++ {
			for c1 := 0; c1 < n; c1++ {
				for c2 := c1 + 1; c2 < n; c2++ {
					if s, ok := b.rectangle([4]int{r1*n + c1, r1*n + c2, r2*n + c1, r2*n + c2}); ok {
						return s, true
					}
				}
			}
		}
	}
	return Step{}, false
}

func (b *board) rectangle(c [4]int) (Step, bool) {
	boxes := map[int]bool{}
	var pair uint16 = b.geo.full
	for _, i := range c {
		if b.val[i] != 0 {
			return Step{}, false
		}
		boxes[b.geo.boxOf[i]] = true
		pair &= b.cand[i]
	}
	if len(boxes) != 2 || bits.OnesCount16(pair) != 2 {
		return Step{}, false
	}
	var extras []int
	for _, i := range c {
		if b.cand[i] != pair {
			extras = append(extras, i)
		}
	}
	switch len(extras) {
	case 1: // type 1: the odd corner is neither digit
		var rm []Candidate
		for _, v := range digitsOf(pair) {
			rm = append(rm, Candidate{b.cell(extras[0]), v})
		}
		return Step{Technique: UniqueRectangle, Removed: rm, Cells: b.cells(c[:]), Digits: digitsOf(pair)}, true
	case 2:
		return b.rectangleRoof(c, pair, extras[0], extras[1])
	}
	return Step{}, false
}

// rectangleRoof handles two corners holding more than the pair: type 2
// (both add the same one digit x, so x is in one of them and leaves the
// cells that see both) and type 4 (they share a unit where one digit of
// the pair has no other place, so the other digit leaves both).
func (b *board) rectangleRoof(c [4]int, pair uint16, e1, e2 int) (Step, bool) {
	x := (b.cand[e1] | b.cand[e2]) &^ pair
	if b.cand[e1] == b.cand[e2] && bits.OnesCount16(x) == 1 {
		v := bits.TrailingZeros16(x) + 1
		if rm := b.seenByAll(v, e1, e2); len(rm) > 0 {
			return Step{Technique: UniqueRectangle, Removed: rm, Cells: b.cells(c[:]), Digits: digitsOf(pair | x)}, true
		}
	}
	for u, unit := range b.geo.units {
		if !contains(unit, uint8(e1)) || !contains(unit, uint8(e2)) {
			continue
		}
		for _, v := range digitsOf(pair) {
			if bits.OnesCount32(b.positions(u, 1<<(v-1))) != 2 {
				continue
			}
			w := digitsOf(pair &^ (1 << (v - 1)))[0]
			if rm := b.removals([]int{e1, e2}, w); len(rm) > 0 {
				return Step{Technique: UniqueRectangle, Removed: rm, Cells: b.cells(c[:]), Units: []Unit{b.unit(u)},
					Digits: digitsOf(pair)}, true
			}
		}
	}
	return Step{}, false
}

// bug finds a grid where every empty cell has two candidates but one, which
// has three: were that cell any digit but the one seen three times in its
// row, every digit would have two places in every unit and the puzzle two
// solutions (bivalue universal grave + 1).
func (b *board) bug() (Step, bool) {
	if b.noUniqueness {
		return Step{}, false
	}
	odd := -1
	for i := 0; i < b.geo.cells; i++ {
		if b.val[i] != 0 {
			continue
		}
		switch bits.OnesCount16(b.cand[i]) {
		case 2:
		case 3:
			if odd >= 0 {
				return Step{}, false
			}
			odd = i
		default:
			return Step{}, false
		}
	}
	if odd < 0 {
		return Step{}, false
	}
	row := odd / b.n
	for _, v := range digitsOf(b.cand[odd]) {
		if bits.OnesCount32(b.positions(row, 1<<(v-1))) == 3 {
			return Step{Technique: BUG, Placed: []Candidate{{b.cell(odd), v}}, Cells: []Cell{b.cell(odd)},
				Units: []Unit{b.unit(row)}, Digits: []int{v}}, true
		}
	}
	return Step{}, false
}
