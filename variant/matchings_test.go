package variant

import (
	"math/bits"
	"math/rand"
	"testing"
)

// TestMatchingsRandom compares matchings (one filling, then the cycles
// through it) with the walk over the subsets of set's digits it replaced,
// on random cells of one to six digits' sets, with random digits got
// already: whether there is a filling, and got after.
func TestMatchingsRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(15))
	for n := 0; n < 200000; n++ {
		k := 1 + rng.Intn(maxExactSet)
		set := uint32(0)
		for bits.OnesCount32(set) < k {
			set |= 1 << uint(1+rng.Intn(9))
		}
		var m, got [maxExactSet]uint32
		for i := range k {
			m[i] = rng.Uint32() & 0x3fe
			if rng.Intn(3) > 0 {
				m[i] |= set // dense cells have fillings more often
				m[i] &^= 1 << uint(1+rng.Intn(9))
				m[i] &^= 1 << uint(1+rng.Intn(9))
			}
			if rng.Intn(2) == 0 {
				got[i] = m[i] & set & rng.Uint32()
			}
		}
		want := got
		ok := matchingsBySubsets(&m, k, set, &want)
		g := got
		if found := matchings(&m, k, set, &g); found != ok || (ok && g != want) {
			t.Fatalf("k %d set %b m %b got %b: matchings %v %b, subsets %v %b", k, set, m, got, found, g, ok, want)
		}
	}
}

// without is, per position p of a set's digits, the subsets of positions
// (bit S of a word for subset S, up to six digits) that do not hold p.
var without = [maxExactSet]uint64{
	0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f,
	0x00ff00ff00ff00ff, 0x0000ffff0000ffff, 0x00000000ffffffff,
}

// matchingsBySubsets is matchings as it was before the fifteenth round,
// the reference for TestMatchingsRandom. It works on the subsets of
// set's digits as the bits of a word: from[i] holds the digits cells
// 0..i-1 can take together, to[i] those that cells i… leave to the cells
// before them (a filling's digits all used, at the end). Cell i can take
// digit p when some subset in from[i] without p, with p, is in to[i+1].
// About 3·k² word operations, where trying the orders of the digits
// (TAREK_ALL#37 spent 40% of its instructions there) takes up to k! of
// them; only the forward pass when got already holds every digit of set
// the cells can take (another set gave them), and the backward pass
// stops at the first cell that still wants one.
func matchingsBySubsets(m *[maxExactSet]uint32, k int, set uint32, got *[maxExactSet]uint32) bool {
	var from, to [maxExactSet + 1]uint64
	from[0], to[k] = 1, 1<<(1<<k-1)
	for i := range k {
		f := uint64(0)
		for r := m[i] & set; r != 0; r &= r - 1 {
			p := bits.OnesCount32(set & (r&-r - 1)) // its position in set
			f |= (from[i] & without[p]) << (1 << p)
		}
		if f == 0 {
			return false // cells 0..i take no i+1 digits of set
		}
		from[i+1] = f
	}
	if from[k] == 0 {
		return false
	}
	var want [maxExactSet]uint32 // the digits of set not yet in got
	first := k                   // the first cell that wants one
	for i := k - 1; i >= 0; i-- {
		if want[i] = m[i] & set &^ got[i]; want[i] != 0 {
			first = i
		}
	}
	if first == k {
		return true // the cells have all they can take: a filling is all to know
	}
	for i := k - 1; i > first; i-- { // to[first+1:] is all the last pass reads
		t := uint64(0)
		for r := m[i] & set; r != 0; r &= r - 1 {
			p := bits.OnesCount32(set & (r&-r - 1))
			t |= (to[i+1] &^ without[p]) >> (1 << p)
		}
		to[i] = t
	}
	for i := first; i < k; i++ {
		for r := want[i]; r != 0; r &= r - 1 {
			p := bits.OnesCount32(set & (r&-r - 1))
			if (from[i]&without[p])<<(1<<p)&to[i+1] != 0 {
				got[i] |= r & -r
			}
		}
	}
	return true
}
