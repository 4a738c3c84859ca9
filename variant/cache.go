package variant

import "unsafe"

// cacheBudget bounds the bytes an engine's caches keep beyond one slot
// each: the exact set props' results (see exactSlot) and the sum groups'
// tables (see groupTable). Kept at their largest, they took the shared
// set up to 1.5 MB a puzzle, and a puzzle Bounded takes could make them
// take 28 MB on a 9×9 (486 cages of two cells) and more on a 16×16; a
// bot judges many puzzles at once.
const cacheBudget = 1 << 20

// exactSlotSize is the bytes of one of a set prop's slots.
const exactSlotSize = int(unsafe.Sizeof(exactSlot{}))

// sizeCaches sets how many slots each cache keeps, before any is made
// (each is made at its first run): as many as it takes at most when all
// of them fit in cacheBudget, else each a power of two no larger than
// its share of the budget, the same fraction of its largest for all, and
// at least one. A set prop of one cell keeps one slot: its result is
// cheap to make again (a group of one cell is not: LITTLE_KILLER_SNIPES#10
// took 1.8% more instructions with one slot for them).
func (e *engine) sizeCaches() {
	type user struct {
		bits       *int
		max, bytes int // the largest bits, and the bytes of a slot
	}
	var us []user
	want := 0
	add := func(bits *int, max, bytes int) {
		us = append(us, user{bits, max, bytes})
		want += bytes << max
	}
	for _, pr := range e.props {
		switch p := pr.(type) {
		case *setProp:
			if len(p.cs) >= 2 && len(p.cs) <= maxExactSet {
				add(&p.bits, exactSlotBits, exactSlotSize)
			}
		case *sumProp:
			p.dp.sizeTables(e.n, add)
		case *arrowProp:
			p.dp.sizeTables(e.n, add)
		}
	}
	for _, u := range us {
		b := u.max
		for b > 0 && want > cacheBudget && (1<<b)*want > (1<<u.max)*cacheBudget {
			b--
		}
		*u.bits = b
	}
}

// sizeTables makes s's group tables, not yet their slots, and asks add
// for the slots of each.
func (s *sumDP) sizeTables(n int, add func(bits *int, max, bytes int)) {
	if s.groups == nil {
		return
	}
	s.tables = make([]groupTable, len(s.groups))
	for i, g := range s.groups {
		add(&s.tables[i].bits, slotBits, slotBytes(len(g), n, s.words))
	}
}

// cacheBytes returns the bytes the engine's caches hold now, their
// current tables included.
func (e *engine) cacheBytes() int {
	n := 0
	for _, pr := range e.props {
		switch p := pr.(type) {
		case *setProp:
			n += cap(p.slots) * exactSlotSize
		case *sumProp:
			n += p.dp.tableBytes()
		case *arrowProp:
			n += p.dp.tableBytes()
		}
	}
	return n
}

// tableBytes returns the bytes s's group tables hold.
func (s *sumDP) tableBytes() int {
	n := 0
	for i := range s.tables {
		t := &s.tables[i]
		n += 4*(cap(t.masks)+cap(t.keys)+maxSumGroup*cap(t.slotDigits)) + 8*cap(t.slotSums)
	}
	return n
}
