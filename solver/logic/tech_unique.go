package logic

import (
	"math/bits"

	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/internal/geom"
)

// Uniqueness techniques: a proper puzzle has one solution, so a pattern
// that would allow two can be ruled out. Grade and Hint use them only on
// puzzles known to be unique.

// uniqueRectangle (type 1) finds four cells at the corners of a rectangle
// in two boxes, three of them holding only {a,b} and the fourth a and b
// among others: if the fourth were a or b too, the two digits could swap, so
// it is neither.
func (b *cands) uniqueRectangle() (Step, bool) {
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
	// Type 3 rates higher (4.6 to 4.8): only when no other type applies,
	// the smallest set first.
	var best Step
	bestK := 4
	for r1 := 0; r1 < n; r1++ {
		for r2 := r1 + 1; r2 < n; r2++ {
			for c1 := 0; c1 < n; c1++ {
				for c2 := c1 + 1; c2 < n; c2++ {
					if s, k, ok := b.rectangle3([4]int{r1*n + c1, r1*n + c2, r2*n + c1, r2*n + c2}, bestK-1); ok {
						best, bestK = s, k
						if k == 1 {
							return best, true
						}
					}
				}
			}
		}
	}
	return best, bestK < 4
}

func (b *cands) rectangle(c [4]int) (Step, bool) {
	pair, extras, ok := b.corners(c)
	if !ok {
		return Step{}, false
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

// rectangle3 finds type 3: the two corners with more than the pair share
// a unit, and what they add, with k other cells of that unit, makes k + 1
// digits in k + 1 places (one of the two holds an added digit, so they act
// as one cell of a naked set): those digits leave the unit's other cells.
func (b *cands) rectangle3(c [4]int, most int) (Step, int, bool) {
	pair, extras, ok := b.corners(c)
	if !ok || len(extras) != 2 {
		return Step{}, 0, false
	}
	for k := 1; k <= most; k++ {
		if s, ok := b.rectangle3Of(c, pair, extras, k); ok {
			return s, k, true
		}
	}
	return Step{}, 0, false
}

// rectangle3Of looks for a type 3 with k other cells.
func (b *cands) rectangle3Of(c [4]int, pair uint16, extras []int, k int) (Step, bool) {
	e1, e2 := extras[0], extras[1]
	x := (b.cand[e1] | b.cand[e2]) &^ pair
	for _, u := range b.sharedUnits(extras, -1) {
		var pool []int
		for _, i := range b.geo.Units[u] {
			if ii := int(i); b.val[ii] == 0 && ii != e1 && ii != e2 && bits.OnesCount16(b.cand[ii]|x) <= k+1 {
				pool = append(pool, ii)
			}
		}
		var found Step
		combinations(len(pool), k, func(idx []int) bool {
			set, cells := x, make([]int, k)
			for j, p := range idx {
				cells[j] = pool[p]
				set |= b.cand[pool[p]]
			}
			if bits.OnesCount16(set) != k+1 {
				return false
			}
			var rm []Candidate
			for _, i := range b.geo.Units[u] {
				if ii := int(i); ii != e1 && ii != e2 && !containsInt(cells, ii) {
					for m := b.cand[ii] & set; m != 0; m &= m - 1 {
						rm = append(rm, Candidate{b.cell(ii), bits.TrailingZeros16(m) + 1})
					}
				}
			}
			if len(rm) == 0 {
				return false
			}
			found = Step{Technique: UniqueRectangle, Rating: 4.5 + 0.1*float64(k), Removed: rm,
				Cells: append(b.cells(c[:]), b.cells(cells)...), Units: []solver.Unit{b.unit(u)}, Digits: append(digitsOf(pair), digitsOf(set)...)}
			return true
		})
		if found.Removed != nil {
			return found, true
		}
	}
	return Step{}, false
}

// corners returns the rectangle's pair and the corners holding more, when
// the four cells are empty, lie in two boxes and share exactly two digits.
func (b *cands) corners(c [4]int) (pair uint16, extras []int, ok bool) {
	pair = b.geo.Full
	box0, box1, boxes := b.geo.BoxOf[c[0]], -1, 1
	for _, i := range c {
		if b.val[i] != 0 {
			return 0, nil, false
		}
		if bx := b.geo.BoxOf[i]; bx != box0 && bx != box1 {
			box1, boxes = bx, boxes+1
		}
		pair &= b.cand[i]
	}
	if boxes != 2 || bits.OnesCount16(pair) != 2 {
		return 0, nil, false
	}
	for _, i := range c {
		if b.cand[i] != pair {
			extras = append(extras, i)
		}
	}
	return pair, extras, true
}

// rectangleRoof handles two corners holding more than the pair: type 2
// (both add the same one digit x, so x is in one of them and leaves the
// cells that see both) and type 4 (they share a unit where one digit of
// the pair has no other place, so the other digit leaves both).
func (b *cands) rectangleRoof(c [4]int, pair uint16, e1, e2 int) (Step, bool) {
	x := (b.cand[e1] | b.cand[e2]) &^ pair
	if b.cand[e1] == b.cand[e2] && bits.OnesCount16(x) == 1 {
		v := bits.TrailingZeros16(x) + 1
		if rm := b.seenByAll(v, e1, e2); len(rm) > 0 {
			return Step{Technique: UniqueRectangle, Removed: rm, Cells: b.cells(c[:]), Digits: digitsOf(pair | x)}, true
		}
	}
	for u, unit := range b.geo.Units {
		if !contains(unit, uint8(e1)) || !contains(unit, uint8(e2)) {
			continue
		}
		for _, v := range digitsOf(pair) {
			if bits.OnesCount32(b.positions(u, 1<<(v-1))) != 2 {
				continue
			}
			w := digitsOf(pair &^ (1 << (v - 1)))[0]
			if rm := b.removals([]int{e1, e2}, w); len(rm) > 0 {
				return Step{Technique: UniqueRectangle, Removed: rm, Cells: b.cells(c[:]), Units: []solver.Unit{b.unit(u)},
					Digits: digitsOf(pair)}, true
			}
		}
	}
	return Step{}, false
}

// bug finds a bivalue universal grave, as Sudoku Explainer does: take
// out of the cells with three or more candidates the digits that have a
// third place in some unit (the grave's extras); if that leaves every empty
// cell two candidates and every digit two places or none in every unit, the
// puzzle would have two solutions, so some extra is true. With one such
// cell its extras are all it can hold (type 1, 5.6); with one extra digit
// in several cells, that digit leaves every cell seeing them all (type 2,
// 5.7); with two such cells in one unit sharing one other digit, each holds
// its extra or that digit (type 4, 5.7).
func (b *cands) bug() (Step, bool) {
	if b.noUniqueness {
		return Step{}, false
	}
	g, ok := b.grave()
	if !ok {
		return Step{}, false
	}
	if len(g.cells) == 1 {
		return b.bug1(g)
	}
	if bits.OnesCount16(g.all) == 1 {
		if s, ok := b.bug2(g); ok {
			return s, true
		}
	}
	if len(g.cells) == 2 && !g.common.Empty() || bits.OnesCount16(g.all) == 1 && len(g.cells) == 2 {
		return b.bug4(g)
	}
	return Step{}, false
}

// graveCells are a bivalue universal grave's cells with extras.
type graveCells struct {
	cells  []int
	extra  map[int]uint16
	all    uint16
	common geom.CellSet // the cells that see every grave cell
}

// grave finds the cells whose extras stand between the board and a
// bivalue universal grave.
func (b *cands) grave() (graveCells, bool) {
	g := graveCells{extra: map[int]uint16{}}
	temp := b.cand
	first := true
	n := b.n
	for _, u := range b.geo.BoxesFirst {
		for d := 0; d < n; d++ {
			pos := b.positions(u, 1<<d)
			if c := bits.OnesCount32(pos); c == 0 || c == 2 {
				continue
			}
			odd := -1
			count := 0
			for p := pos; p != 0; p &= p - 1 {
				if i := int(b.geo.Units[u][bits.TrailingZeros32(p)]); bits.OnesCount16(b.cand[i]) >= 3 {
					odd, count = i, count+1
				}
			}
			if count == 0 {
				return g, false
			}
			if count > 1 {
				continue
			}
			if _, seen := g.extra[odd]; !seen {
				g.cells = append(g.cells, odd)
			}
			g.extra[odd] |= 1 << d
			g.all |= 1 << d
			temp[odd] &^= 1 << d
			if first {
				g.common, first = b.geo.PeerSet[odd], false
			} else {
				g.common = g.common.And(b.geo.PeerSet[odd])
			}
			for _, c := range g.cells {
				g.common[c>>6] &^= 1 << (c & 63)
			}
			if len(g.cells) > 1 && bits.OnesCount16(g.all) > 1 && g.common.Empty() {
				return g, false
			}
		}
	}
	return g, len(g.cells) > 0 && b.bivalueEverywhere(&temp)
}

// bivalueEverywhere reports whether candidates cand give every empty cell
// two digits and every digit two places or none in every unit.
func (b *cands) bivalueEverywhere(cand *[solver.MaxSize * solver.MaxSize]uint16) bool {
	for i := 0; i < b.geo.Cells; i++ {
		if b.val[i] == 0 && bits.OnesCount16(cand[i]) != 2 {
			return false
		}
	}
	for _, unit := range b.geo.Units {
		var once, twice, more uint16
		for _, i := range unit {
			c := cand[i]
			more |= twice & c
			twice |= once & c
			once |= c
		}
		if more != 0 || once&^twice != 0 {
			return false
		}
	}
	return true
}

func (b *cands) bug1(g graveCells) (Step, bool) {
	i := g.cells[0]
	s := Step{Technique: BUG, Cells: []solver.Cell{b.cell(i)}, Digits: digitsOf(g.all)}
	if bits.OnesCount16(g.all) == 1 {
		s.Placed = []Candidate{{b.cell(i), bits.TrailingZeros16(g.all) + 1}}
		return s, true
	}
	for m := b.cand[i] &^ g.all; m != 0; m &= m - 1 {
		s.Removed = append(s.Removed, Candidate{b.cell(i), bits.TrailingZeros16(m) + 1})
	}
	return s, len(s.Removed) > 0
}

func (b *cands) bug2(g graveCells) (Step, bool) {
	v := bits.TrailingZeros16(g.all) + 1
	var rm []int
	for i := 0; i < b.geo.Cells; i++ {
		if g.common[i>>6]>>(i&63)&1 != 0 {
			rm = append(rm, i)
		}
	}
	s := Step{Technique: BUG, Rating: 5.7, Removed: b.removals(rm, v), Cells: b.cells(g.cells), Digits: []int{v}}
	return s, len(s.Removed) > 0
}

func (b *cands) bug4(g graveCells) (Step, bool) {
	c1, c2 := g.cells[0], g.cells[1]
	shared := b.cand[c1] & b.cand[c2] &^ g.all
	if bits.OnesCount16(shared) != 1 || len(b.sharedUnits([]int{c1, c2}, -1)) == 0 {
		return Step{}, false
	}
	s := Step{Technique: BUG, Rating: 5.7, Cells: b.cells(g.cells), Digits: []int{bits.TrailingZeros16(shared) + 1},
		Units: []solver.Unit{b.unit(b.sharedUnits([]int{c1, c2}, -1)[0])}}
	for _, i := range g.cells {
		for m := b.cand[i] &^ g.extra[i] &^ shared; m != 0; m &= m - 1 {
			s.Removed = append(s.Removed, Candidate{b.cell(i), bits.TrailingZeros16(m) + 1})
		}
	}
	return s, len(s.Removed) > 0
}
