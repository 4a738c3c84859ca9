package variant

import (
	"math/rand"
	"slices"
	"testing"
)

// TestSetExactRandom gives a set prop of two to six cells random
// candidates on digits 1..9, with a renban's runs or a killer's sums as
// its sets, and checks that it keeps exactly the digits that some filling
// of the cells with distinct digits making one of the sets gives each
// cell (brute force over all fillings), and fails when there is none.
func TestSetExactRandom(t *testing.T) {
	const n = 9
	rng := rand.New(rand.NewSource(43))
	for run := 0; run < 3000; run++ {
		e, s := exactCase(rng, n)
		for i := range s.cs {
			e.cand[i] = uint32(rng.Intn(1<<n)) << 1
		}
		e.props = []prop{s}
		e.index()
		checkExact(t, e, s)
	}
}

// exactCase returns an engine of k cells (two to six, at random) on
// digits 1..n, their candidates to be set, and a set prop on them whose
// sets are a renban's runs or a killer's sums (randomSets).
func exactCase(rng *rand.Rand, n int) (*engine, *setProp) {
	k := 2 + rng.Intn(maxExactSet-1)
	e := (&engine{n: n, all: 0x3fe}).makeCand(k)
	s := &setProp{cs: make([]int, k), sets: randomSets(rng, n, k)}
	for i := range s.cs {
		s.cs[i] = i
	}
	return e, s
}

// TestSetExactDense is TestSetExactRandom with candidates that hold
// one of the sets whole but for a digit or two, or a single digit of it,
// so that the tests for a set every cell takes whole, and for one whose
// fitting adds nothing, are met often.
func TestSetExactDense(t *testing.T) {
	const n = 9
	rng := rand.New(rand.NewSource(44))
	for run := 0; run < 5000; run++ {
		e, s := exactCase(rng, n)
		if len(s.sets) == 0 {
			continue
		}
		k, set := len(s.cs), s.sets[rng.Intn(len(s.sets))]
		for i := range s.cs {
			m := set | uint32(rng.Intn(1<<n))<<1&uint32(rng.Intn(1<<n))<<1
			switch rng.Intn(4) {
			case 0:
				m = bit(nthDigit(set, rng.Intn(k)))
			case 1:
				m &^= bit(nthDigit(set, rng.Intn(k)))
			}
			e.cand[i] = m
		}
		e.props = []prop{s}
		e.index()
		checkExact(t, e, s)
	}
}

// nthDigit returns the digit of m at position i (from 0, lowest first).
func nthDigit(m uint32, i int) int {
	for ; i > 0; i-- {
		m &= m - 1
	}
	return low(m)
}

// checkExact runs s.exact on e's candidates and checks that it keeps what
// brute force over the fillings keeps (bruteSets), and fails when there
// is no filling.
func checkExact(t *testing.T, e *engine, s *setProp) {
	t.Helper()
	before := append([]uint32(nil), e.cand...)
	want, any := bruteSets(e.cand, s.sets)
	ok := s.exact(e)
	if ok != any || (ok && !slices.Equal(e.cand, want)) {
		t.Fatalf("exact(%b, sets %b) = %v %b, want %v %b", before, s.sets, ok, e.cand, any, want)
	}
}

// bruteSets returns, per cell, the digits of cand that some filling of
// the cells with distinct digits forming one of sets gives it, and
// whether there is such a filling.
func bruteSets(cand []uint32, sets []uint32) ([]uint32, bool) {
	keep := make([]uint32, len(cand))
	ds := make([]int, len(cand))
	any := false
	var fill func(i int, used uint32)
	fill = func(i int, used uint32) {
		if i == len(cand) {
			for _, set := range sets {
				if set == used {
					any = true
					for j, d := range ds {
						keep[j] |= bit(d)
					}
				}
			}
			return
		}
		for d := 1; d <= 9; d++ {
			if cand[i]&bit(d) != 0 && used&bit(d) == 0 {
				ds[i] = d
				fill(i+1, used|bit(d))
			}
		}
	}
	fill(0, 0)
	return keep, any
}

// TestSetExactSlots checks that one set prop, run again and again on
// candidates drawn from a few per cell (so that its kept results, in 1
// to 1,024 slots, are found again, overwritten and share slots), narrows
// them as brute force does.
func TestSetExactSlots(t *testing.T) {
	const n = 9
	rng := rand.New(rand.NewSource(43))
	for run := 0; run < 40; run++ {
		k := 2 + rng.Intn(maxExactSet-1)
		e := (&engine{n: n, all: 0x3fe}).makeCand(k)
		s := &setProp{cs: make([]int, k), bits: rng.Intn(exactSlotBits + 1)}
		choices := make([][]uint32, k)
		for i := range s.cs {
			s.cs[i] = i
			for range 2 + rng.Intn(5) {
				choices[i] = append(choices[i], uint32(1+rng.Intn(1<<n-1))<<1)
			}
		}
		s.sets = randomSets(rng, n, k)
		e.props = []prop{s}
		e.index()
		for step := 0; step < 300; step++ {
			for i := range e.cand {
				e.cand[i] = choices[i][rng.Intn(len(choices[i]))]
			}
			checkExact(t, e, s)
			e.clearQueue()
		}
	}
}

// randomSets returns, for k cells on digits 1..n, a renban's runs or a
// killer's sums of a random total, either at random.
func randomSets(rng *rand.Rand, n, k int) []uint32 {
	if rng.Intn(2) == 0 {
		return setsOf(n, k, func(m uint32) bool { return high(m)-low(m) == k-1 })
	}
	sum := maskSum(1<<uint(k+1)-2) + rng.Intn(k*(n-k)+1)
	return setsOf(n, k, func(m uint32) bool { return maskSum(m) == sum })
}

// TestPlainFew checks that plainFew, the plain pass for up to six cells
// tested at once, keeps what plain keeps, on random candidates.
func TestPlainFew(t *testing.T) {
	const n = 9
	rng := rand.New(rand.NewSource(45))
	for run := 0; run < 20000; run++ {
		k := 1 + rng.Intn(maxExactSet)
		e := (&engine{n: n, all: 0x3fe}).makeCand(k)
		s := &setProp{cs: make([]int, k), sets: randomSets(rng, n, k)}
		for i := range s.cs {
			s.cs[i] = i
			e.cand[i] = uint32(rng.Intn(1<<n))<<1 | uint32(rng.Intn(1<<n))<<1
		}
		keep, inter := s.plain(e)
		if k2, i2 := s.plainFew(e); k2 != keep || i2 != inter {
			t.Fatalf("plainFew(%b, sets %b) = %b %b, plain %b %b", e.cand, s.sets, k2, i2, keep, inter)
		}
	}
}
