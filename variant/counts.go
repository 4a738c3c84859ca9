package variant

import (
	"encoding/binary"
	"math/bits"
)

// Each of the first 64 full groups (houses) keeps, per digit, how many of
// its cells can take it, so that a change wakes the house only when it can
// have something to do: when one of its cells is placed (its digit leaves
// the others), or when a digit the change took is left to one cell (a
// hidden single). A digit left to no cell is a dead end at once. Woken at
// every change, as the other groups are, a house ran about five times for
// each time it changed something (Hard renban 1: 233 runs a node, 45 of
// them useful). The counts must match the candidates wherever restrict
// runs: start and recount set them, save and restore keep them with the
// candidates, and a state restrict failed in is left.

// houseCounts holds a house's count per digit, at the digit (32 places,
// a power of two above maxSize, so that indexing needs no check), and in
// its last four bytes the digits placed in the house (see placed): a
// count of one for a placed digit is no hidden single.
type houseCounts [32]uint8

// placedAt is where houseCounts keeps its placed digits.
const placedAt = 28

// placed returns the digits placed in the house.
func (cnt *houseCounts) placed() uint32 { return binary.LittleEndian.Uint32(cnt[placedAt:]) }

// place adds the digits m to the house's placed digits.
func (cnt *houseCounts) place(m uint32) {
	binary.LittleEndian.PutUint32(cnt[placedAt:], cnt.placed()|m)
}

// counted reports whether prop p is a house whose counts wake it, or
// the value exclusion of one; it is then left out of its cells' watch
// lists.
func (e *engine) counted(p int32) bool {
	for h, q := range e.houseProp {
		if q == p || e.housePair[h] == p {
			return true
		}
	}
	return false
}

// recount sets the houses' counts and the per-digit cell sets from the
// candidates, and lets their value exclusions' next runs take every
// digit left to two cells.
func (e *engine) recount() {
	e.resetDigits()
	clear(e.counts)
	for h, p := range e.houseProp {
		cnt := &e.counts[h]
		for _, c := range e.props[p].cells() {
			for r := e.cand[c]; r != 0; r &= r - 1 {
				cnt[bits.TrailingZeros32(r)&31]++
			}
			if single(e.cand[c]) {
				cnt.place(e.cand[c])
			}
		}
		e.newPairs[h] = twos(cnt)
	}
}

// uncount takes the digits lost by cell c off the counts of its houses
// and queues each house that c's change gives something to do: a digit
// not placed in it left to one cell (a hidden single). A placed digit's
// peers lose it through c's neqProp (see peers), not the house's run. It
// queues a house's value exclusion when a digit is left to two of its
// cells, the only change that gives it work. It returns false, with the
// house in e.culprit, when a house is left with no cell for a digit. The
// digits left to two cells wait in e.newPairs for the value exclusion's
// run. It takes c out of the lost digits' cell sets too (see drop); a
// placed cell's digit is added to its houses' placed ones before (see
// place).
func (e *engine) uncount(c int, lost uint32) bool {
	if lost&(lost-1) == 0 {
		d := bits.TrailingZeros32(lost) & 31
		e.drop(c, d)
		return e.uncountOne(c, d)
	}
	for r := lost; r != 0; r &= r - 1 {
		e.drop(c, bits.TrailingZeros32(r))
	}
	for hs := e.inHouses[c]; hs != 0; hs &= hs - 1 {
		h := bits.TrailingZeros64(hs) & 63
		cnt := &e.countArr[h]
		var ones, pairs uint32
		for r := lost; r != 0; r &= r - 1 {
			d := bits.TrailingZeros32(r) & 31
			n := cnt[d] - 1
			cnt[d] = n
			switch {
			case n > 2: // the common case, one test
			case n == 0:
				e.culprit = e.houseProp[h]
				return false
			case n == 1:
				ones |= 1 << uint(d)
			default:
				pairs |= 1 << uint(d)
			}
		}
		if ones&^cnt.placed() != 0 {
			e.queue.add(e.houseProp[h], e.queued)
		}
		if pairs != 0 && e.housePair[h] >= 0 {
			e.newPairs[h] |= pairs
			e.slow.add(e.housePair[h], e.queued)
		}
	}
	return true
}

// place adds digit m, placed in cell c, to the placed digits of c's
// houses.
func (e *engine) place(c int, m uint32) {
	for hs := e.inHouses[c]; hs != 0; hs &= hs - 1 {
		e.countArr[bits.TrailingZeros64(hs)&63].place(m)
	}
}

// uncountOne is uncount for a single lost digit d, the common case (a
// placed digit leaving a peer): nine house updates in ten on Hard renban
// 2. Its count is tested once, with no loop over the lost digits and no
// masks of ones and pairs to test after. uncount is called only when a
// cell loses a digit or more (narrow), so lost is never empty.
func (e *engine) uncountOne(c, d int) bool {
	arr, d := e.countArr, d&31 // held and masked here, not reloaded and checked each house
	_ = arr[0]                 // its nil check, once
	for hs := e.inHouses[c]; hs != 0; hs &= hs - 1 {
		h := bits.TrailingZeros64(hs) & 63
		cnt := &arr[h]
		n := cnt[d] - 1
		cnt[d] = n
		if n > 2 {
			continue // three cells or more: nothing to wake, one test
		}
		switch n {
		case 0:
			e.culprit = e.houseProp[h]
			return false
		case 1:
			if cnt.placed()&(1<<uint(d)) == 0 {
				e.queue.add(e.houseProp[h], e.queued)
			}
		case 2:
			if e.housePair[h] >= 0 {
				e.newPairs[h] |= 1 << uint(d)
				e.slow.add(e.housePair[h], e.queued)
			}
		}
	}
	return true
}

// countedHouse is what a counted house's run reads instead of its cells
// (see fromCounts): its index among the counted houses, and its cells as
// a set, in the order of its cells.
type countedHouse struct {
	h   int
	set cellSet
	pos []uint8 // per cell of the grid, its position in the house's cells
}

// newCountedHouse returns the countedHouse of house h, whose cells are
// cs, in a grid of n cells.
func newCountedHouse(h int, cs []int, n int) *countedHouse {
	x := &countedHouse{h: h, set: setOf(cs), pos: make([]uint8, n)}
	for i, c := range cs {
		x.pos[c] = uint8(i)
	}
	return x
}

// fromCounts is a counted house's run when its counts show no open cell
// holding a digit placed in it (nor a digit placed twice): its hidden
// singles (a count of one, not placed) are found from the counts, and
// their cells from the per-digit cell sets, rather than by a scan of its
// cells; in the order of its cells, they keep only their hidden digits,
// as the scan has them. It reports, in done, false when the scan is
// needed: in Hard renban 2, one run in six. A house runs when a
// count falls to one; its scan took 8% of Hard renban 2's instructions.
// Reading the cells of the placed digits still in others, and testing
// them for a digit placed twice, cost more than the scan.
func (g *groupProp) fromCounts(e *engine) (ok, done bool) {
	cnt := &e.countArr[g.counted.h&63]
	ones, placed := countIs(cnt, 1), cnt.placed()
	if countIs(cnt, 0)&e.all != 0 {
		return false, true
	}
	if placed&^ones != 0 {
		return false, false
	}
	hidden := ones &^ placed
	var at cellSet // the cells holding them
	for r := hidden; r != 0; r &= r - 1 {
		at = at.or(e.digitArr[bits.TrailingZeros32(r)&31].and(g.counted.set))
	}
	for w, word := range at {
		for ; word != 0; word &= word - 1 {
			c := w*64 + bits.TrailingZeros64(word)
			if !e.restrict(c, e.cand[c]&hidden) {
				return false, true
			}
		}
	}
	return true, true
}

// countIs returns the digits whose count in cnt is v, eight counts at a
// time (see twos), each word's matches gathered by one multiplication.
func countIs(cnt *houseCounts, v uint8) uint32 {
	const low7, ones, gather = 0x7f7f7f7f7f7f7f7f, 0x0101010101010101, 0x0102040810204080
	var out uint32
	for i := 0; i < 3; i++ {
		x := binary.LittleEndian.Uint64(cnt[8*i:]) ^ uint64(v)*ones // a zero byte where the count is v
		zero := ^((x&low7 + low7) | x | low7) >> 7                  // its low bit set, exactly
		out |= uint32(zero*gather>>56) << uint(8*i)
	}
	return out
}
