package logic

import "math/bits"

// Dynamic forcing chains (+): when an assumption's consequences run out,
// the engine looks at the board they leave for locked candidates, then
// hidden pairs, naked pairs and X-Wings (the first of those that applies,
// every instance of it), and turns off what they remove. Their parents are
// the "off" nodes that made the pattern: the candidates the assumption
// took out of the pattern's units or cells.

// advanced appends to off, and adds to m, what the first productive rule
// removes on the board the assumption leaves.
func (e *forcing) advanced(m *implication, off []node) []node {
	for _, rule := range []func(func(removed []node, par []node)){
		e.plusLocking, e.plusHiddenPairs, e.plusNakedPairs, e.plusXWings,
	} {
		found := false
		rule(func(removed, par []node) {
			if len(par) == 0 {
				return
			}
			found = true
			for _, x := range removed {
				if !m.has(x) {
					m.add(x, par)
					off = append(off, x)
				}
			}
		})
		if found {
			break
		}
	}
	return off
}

// lost lists, as "off" nodes, the places of digit d in unit u that the
// assumption took away.
func (e *forcing) lost(par []node, u, d int) []node {
	bit := uint16(1) << d
	for _, i := range e.b.geo.Units[u] {
		if e.b.cand[i]&bit != 0 && e.work[i]&bit == 0 {
			par = append(par, e.nodeOf(int(i), d, false))
		}
	}
	return par
}

// plusLocking: a digit whose places in one unit all lie in another leaves
// the rest of that other unit.
func (e *forcing) plusLocking(emit func(removed, par []node)) {
	for _, u := range e.b.geo.BoxesFirst {
		for d := 0; d < e.n; d++ {
			pos := e.places[u][d]
			if bits.OnesCount32(pos) < 2 {
				continue
			}
			if v, ok := e.lockedIn(u, pos); ok {
				var removed []node
				for _, i := range e.b.geo.Units[v] {
					if e.work[i]&(1<<d) != 0 && !e.b.inUnit(int(i), u) {
						removed = append(removed, e.nodeOf(int(i), d, false))
					}
				}
				if len(removed) > 0 {
					emit(removed, e.lost(nil, u, d))
				}
			}
		}
	}
}

// lockedIn returns the other kind of unit that holds every place pos of
// unit u: the row or column of a box's places, the box of a line's.
func (e *forcing) lockedIn(u int, pos uint32) (int, bool) {
	n, unit := e.n, e.b.geo.Units[u]
	first := int(unit[bits.TrailingZeros32(pos)])
	row, col, box := true, true, true
	for p := pos; p != 0; p &= p - 1 {
		i := int(unit[bits.TrailingZeros32(p)])
		row = row && i/n == first/n
		col = col && i%n == first%n
		box = box && e.b.geo.BoxOf[i] == e.b.geo.BoxOf[first]
	}
	switch {
	case u >= 2*n && row:
		return first / n, true
	case u >= 2*n && col:
		return n + first%n, true
	case u < 2*n && box:
		return 2*n + e.b.geo.BoxOf[first], true
	}
	return 0, false
}

func (e *forcing) cellsAt(u int, pos uint32) []int {
	var cells []int
	for ; pos != 0; pos &= pos - 1 {
		cells = append(cells, int(e.b.geo.Units[u][bits.TrailingZeros32(pos)]))
	}
	return cells
}

// plusHiddenPairs: two digits with the same two places in a unit leave
// those cells no other digit.
func (e *forcing) plusHiddenPairs(emit func(removed, par []node)) {
	for _, u := range e.b.geo.BoxesFirst {
		for a := 0; a < e.n; a++ {
			pa := e.places[u][a]
			if bits.OnesCount32(pa) != 2 {
				continue
			}
			for b := a + 1; b < e.n; b++ {
				if e.places[u][b] != pa {
					continue
				}
				var removed []node
				pair := uint16(1)<<a | uint16(1)<<b
				for _, i := range e.cellsAt(u, pa) {
					for m := e.work[i] &^ pair; m != 0; m &= m - 1 {
						removed = append(removed, e.nodeOf(i, bits.TrailingZeros16(m), false))
					}
				}
				if len(removed) > 0 {
					emit(removed, e.lost(e.lost(nil, u, a), u, b))
				}
			}
		}
	}
}

// plusNakedPairs: two cells of a unit holding the same two digits leave
// those digits nowhere else in the unit.
func (e *forcing) plusNakedPairs(emit func(removed, par []node)) {
	for _, u := range e.b.geo.BoxesFirst {
		unit := e.b.geo.Units[u]
		for x, i := range unit {
			if e.b.val[i] != 0 || bits.OnesCount16(e.work[i]) != 2 {
				continue
			}
			for _, j := range unit[x+1:] {
				if e.b.val[j] != 0 || e.work[j] != e.work[i] {
					continue
				}
				var removed []node
				for _, k := range unit {
					if k == i || k == j {
						continue
					}
					for m := e.work[k] & e.work[i]; m != 0; m &= m - 1 {
						removed = append(removed, e.nodeOf(int(k), bits.TrailingZeros16(m), false))
					}
				}
				if len(removed) > 0 {
					var par []node
					for _, c := range []uint8{i, j} {
						for m := e.b.cand[c] &^ e.work[c]; m != 0; m &= m - 1 {
							par = append(par, e.nodeOf(int(c), bits.TrailingZeros16(m), false))
						}
					}
					emit(removed, par)
				}
			}
		}
	}
}

// plusXWings: a digit with the same two places in two rows (columns)
// leaves the rest of those columns (rows).
func (e *forcing) plusXWings(emit func(removed, par []node)) {
	n := e.n
	for _, base := range []int{0, n} {
		for d := 0; d < n; d++ {
			for r1 := base; r1 < base+n; r1++ {
				p1 := e.places[r1][d]
				if bits.OnesCount32(p1) != 2 {
					continue
				}
				for r2 := r1 + 1; r2 < base+n; r2++ {
					if e.places[r2][d] != p1 {
						continue
					}
					e.xWing(emit, base, d, r1, r2, p1)
				}
			}
		}
	}
}

func (e *forcing) xWing(emit func(removed, par []node), base, d, r1, r2 int, pos uint32) {
	n := e.n
	var removed []node
	for ; pos != 0; pos &= pos - 1 {
		cover := n - base + bits.TrailingZeros32(pos) // the crossing line
		for k, i := range e.b.geo.Units[cover] {
			if k != r1-base && k != r2-base && e.work[i]&(1<<d) != 0 {
				removed = append(removed, e.nodeOf(int(i), d, false))
			}
		}
	}
	if len(removed) > 0 {
		emit(removed, e.lost(e.lost(nil, r1, d), r2, d))
	}
}
