package variant

import (
	"context"
	"math/bits"
	"math/rand"
	"slices"
	"testing"
)

// mustEngine returns the engine of an empty n×n puzzle with cs.
func mustEngine(t *testing.T, n int, cs ...Constraint) *engine {
	t.Helper()
	e, err := newEngine(context.Background(), Puzzle{Size: n, Givens: make([]int, n*n), Constraints: cs})
	if err != nil {
		t.Fatalf("newEngine = %v", err)
	}
	return e
}

// TestSumLoose checks when a sum's exact pass may be skipped: only when
// no cell's range exceeds the slack on either side.
func TestSumLoose(t *testing.T) {
	e := mustEngine(t, 9)
	tests := []struct {
		masks []uint32
		total int
		want  bool
	}{
		{[]uint32{e.all, e.all, e.all}, 15, true},                      // 3..27, span 8: slack 12 both sides
		{[]uint32{e.all, e.all, e.all}, 8, false},                      // slack 5 below
		{[]uint32{bit(1) | bit(9), bit(5), bit(5)}, 15, false},         // slack 4 < span 8
		{[]uint32{bit(2), bit(3), bit(4)}, 9, false},                   // placed: nothing to skip
		{[]uint32{rangeMask(1, 3), rangeMask(1, 3), e.all}, 12, false}, // slack 9 below, 3 above
	}
	for _, tt := range tests {
		cs := []int{0, 1, 2}
		s := newSumProp(cs, tt.total, 9)
		copy(e.cand, tt.masks)
		if got := s.loose(e); got != tt.want {
			t.Errorf("loose(%b, %d) = %v, want %v", tt.masks, tt.total, got, tt.want)
		}
	}
}

// TestCageRequiredExcludes checks that a digit every set of a cage holds
// leaves the houses that hold all the cage's cells for it: 17 in two
// cells of row 1 is 8 and 9, so the rest of row 1 has neither, while
// the boxes, which each hold one of the cells, keep them.
func TestCageRequiredExcludes(t *testing.T) {
	e := mustEngine(t, 9, Killer{[]Cell{{0, 2}, {0, 3}}, 17})
	if !e.start() {
		t.Fatal("start() = false, want true")
	}
	for col := 0; col < 9; col++ {
		want := e.all &^ (bit(8) | bit(9))
		if col == 2 || col == 3 {
			want = bit(8) | bit(9)
		}
		if got := e.cand[col]; got != want {
			t.Errorf("R1C%d = %b, want %b", col+1, got, want)
		}
	}
	if got := e.cand[9+2]; got != e.all {
		t.Errorf("R2C3 = %b, want %b", got, e.all)
	}
}

// TestCrossPointing checks the crossProp of box 1 and row 1: when box 1
// keeps 9 only in row 1, the rest of row 1 loses it, and when row 1
// keeps 8 only in box 1, the rest of box 1 loses it.
func TestCrossPointing(t *testing.T) {
	e := mustEngine(t, 9)
	box := []int{0, 1, 2, 9, 10, 11, 18, 19, 20}
	row := []int{0, 1, 2, 3, 4, 5, 6, 7, 8}
	x := newCross(box, row)
	if x == nil {
		t.Fatal("newCross(box 1, row 1) = nil")
	}
	for _, c := range []int{9, 10, 11, 18, 19, 20} {
		e.cand[c] &^= bit(9)
	}
	for c := 3; c < 9; c++ {
		e.cand[c] &^= bit(8)
	}
	if !x.run(e) {
		t.Fatal("run = false, want true")
	}
	for c := 3; c < 9; c++ {
		if e.cand[c]&bit(9) != 0 {
			t.Errorf("R1C%d keeps 9", c+1)
		}
	}
	for _, c := range []int{9, 10, 11, 18, 19, 20} {
		if e.cand[c]&bit(8) != 0 {
			t.Errorf("R%dC%d keeps 8", c/9+1, c%9+1)
		}
	}
	if newCross(row, []int{0, 9, 18, 27, 36, 45, 54, 63, 72}) != nil {
		t.Error("newCross(row 1, column 1) != nil, want nil: they share one cell")
	}
}

// TestSumNegative checks a sum with a subtracted cell: a - b = 7 on 1..9
// leaves a in {8, 9} and b in {1, 2}.
func TestSumNegative(t *testing.T) {
	e := mustEngine(t, 9)
	s := newSumProp([]int{0, 1}, 7+10, 9) // b counts as 10-b
	s.dp.neg = []bool{false, true}
	if !s.run(e) {
		t.Fatal("run = false, want true")
	}
	if e.cand[0] != bit(8)|bit(9) || e.cand[1] != bit(1)|bit(2) {
		t.Errorf("a, b = %b, %b, want %b, %b", e.cand[0], e.cand[1], bit(8)|bit(9), bit(1)|bit(2))
	}
}

// TestOverlapSum checks the overlap sums of a 4×4: cage P (R1C1 R1C2
// R2C1 R3C1, 10) is mostly in rows 1-2 and cage Q (R1C3 R1C4 R2C3 R2C4,
// 10) wholly, so R3C1 - R2C2 = 10 + 10 - 20; with R2C2 = 3, R3C1 = 3.
func TestOverlapSum(t *testing.T) {
	c := func(r, col int) Cell { return Cell{r, col} }
	e := mustEngine(t, 4,
		Killer{[]Cell{c(0, 0), c(0, 1), c(1, 0), c(2, 0)}, 10},
		Killer{[]Cell{c(0, 2), c(0, 3), c(1, 2), c(1, 3)}, 10})
	var found *sumProp
	for _, pr := range e.props {
		if s, ok := pr.(*sumProp); ok && s.dp.neg != nil && slices.Equal(s.cs, []int{5, 8}) {
			found = s
		}
	}
	if found == nil {
		t.Fatal("no overlap sum over R2C2 and R3C1")
	}
	if !e.restrict(5, bit(3)) || !found.run(e) || e.cand[8] != bit(3) {
		t.Errorf("R2C2 = 3: R3C1 = %b, want %b", e.cand[8], bit(3))
	}
}

// TestSumBound checks the distinct-group bounds: three cells of a row add
// up to 6..24, and held to 6 they keep 1, 2 and 3 only; with one cell 9
// and the sum 12, the other two add up to 3: 1 and 2.
func TestSumBound(t *testing.T) {
	e := mustEngine(t, 9)
	b := sumBound{groups: e.houseGroups([]int{0, 1, 2})}
	if len(b.groups) != 1 {
		t.Fatalf("houseGroups(R1C1 R1C2 R1C3) = %v, want one group", b.groups)
	}
	if lo, hi, ok := b.limits(e); lo != 6 || hi != 24 || !ok {
		t.Errorf("limits = %d, %d, %v, want 6, 24, true", lo, hi, ok)
	}
	if !b.narrow(e, 6, 6) {
		t.Fatal("narrow(6, 6) = false, want true")
	}
	for c := 0; c < 3; c++ {
		if e.cand[c] != bit(1)|bit(2)|bit(3) {
			t.Errorf("R1C%d = %b, want 1, 2, 3", c+1, e.cand[c])
		}
	}
	e = mustEngine(t, 9)
	e.cand[0] = bit(9)
	if !b.narrow(e, 12, 12) || e.cand[1] != bit(1)|bit(2) || e.cand[2] != bit(1)|bit(2) {
		t.Errorf("R1C1 = 9, sum 12: R1C2, R1C3 = %b, %b, want 1, 2", e.cand[1], e.cand[2])
	}
}

// TestSummedApart checks the sums innies and overlap sums use: cages
// first, then little killers, each kept only when it overlaps none kept
// before it.
func TestSummedApart(t *testing.T) {
	c := func(r, col int) Cell { return Cell{r, col} }
	cs := []Constraint{
		LittleKiller{c(-1, 0), "DR", []Cell{c(0, 1), c(1, 2), c(2, 3)}, 6},
		Killer{[]Cell{c(0, 0), c(0, 1)}, 3},
		LittleKiller{c(4, 0), "UR", []Cell{c(3, 1), c(2, 2)}, 5},
		Killer{[]Cell{c(3, 3)}, 0},
	}
	got := summed(cs)
	if len(got) != 3 || got[0].Sum != 3 || got[1].Sum != 6 || got[2].Sum != 5 {
		t.Fatalf("summed = %v, want the cage of 3, then the little killers of 6 and 5", got)
	}
	e := mustEngine(t, 4)
	b := &builder{e: e, p: &Puzzle{Size: 4}}
	owner := []int{-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1}
	kept := b.apart(got, owner)
	if len(kept) != 2 || kept[0].Sum != 3 || kept[1].Sum != 5 {
		t.Errorf("apart = %v, want the cage of 3 and the little killer of 5 (6 overlaps the cage)", kept)
	}
	if owner[1] != 0 || owner[13] != 1 || owner[6] != -1 {
		t.Errorf("owner = %v, want R1C2 in 0, R4C2 in 1, R2C3 in none", owner)
	}
}

// TestPairExclusion checks the value exclusion under anti-king: when row
// 1 keeps 5 only in R1C3 and R1C5, R2C4, a king's move from both, loses
// it; R2C2, beside R1C3 only, keeps it.
func TestPairExclusion(t *testing.T) {
	e := mustEngine(t, 9, Global{"antiking"})
	var p *pairExclProp
	for _, pr := range e.props {
		if x, ok := pr.(*pairExclProp); ok && slices.Equal(x.g.cs, []int{0, 1, 2, 3, 4, 5, 6, 7, 8}) {
			p = x
		}
	}
	if p == nil {
		t.Fatal("no pairExclProp on row 1")
	}
	for c := 0; c < 9; c++ {
		if c != 2 && c != 4 {
			e.cand[c] &^= bit(5)
		}
	}
	e.recount() // the counts match the candidates wherever props run
	if !p.run(e) {
		t.Fatal("run = false, want true")
	}
	if e.cand[9+3]&bit(5) != 0 {
		t.Errorf("R2C4 keeps 5")
	}
	if e.cand[9+1]&bit(5) == 0 {
		t.Errorf("R2C2 lost 5")
	}
}

// TestNeqProp checks anti-king's cheap form: placing 5 in R1C1 takes 5
// from R2C2, a king's move away, and from no cell further.
func TestNeqProp(t *testing.T) {
	e := mustEngine(t, 9, Global{"antiking"})
	if !e.start() || !e.restrict(0, bit(5)) || !e.propagate() {
		t.Fatal("R1C1 = 5: propagate() = false, want true")
	}
	if e.cand[10]&bit(5) != 0 {
		t.Error("R2C2 keeps 5")
	}
	if e.cand[9*3+3]&bit(5) == 0 {
		t.Error("R4C4 lost 5")
	}
}

// TestShiftWords checks shiftOr, shiftRightOr and meetsShifted on sets of
// one to three words (the short paths and the loop) against the sets
// taken bit by bit, and convolve against them.
func TestShiftWords(t *testing.T) {
	rng := rand.New(rand.NewSource(43))
	get := func(s []uint64, i int) bool { return i >= 0 && i < 64*len(s) && s[i/64]>>(uint(i%64))&1 != 0 }
	for run := 0; run < 3000; run++ {
		w := 1 + rng.Intn(3)
		a, b := make([]uint64, w), make([]uint64, w)
		for i := range a {
			a[i], b[i] = rng.Uint64()&rng.Uint64(), rng.Uint64()&rng.Uint64()&rng.Uint64()
		}
		d := rng.Intn(64*w + 1)
		left, right := slices.Clone(b), slices.Clone(b)
		shiftOr(left, a, d)
		shiftRightOr(right, a, d)
		meets := false
		for i := 0; i < 64*w; i++ {
			if get(left, i) != (get(b, i) || get(a, i-d)) || get(right, i) != (get(b, i) || get(a, i+d)) {
				t.Fatalf("shift of %x by %d into %x: left %x, right %x", a, d, b, left, right)
			}
			meets = meets || (get(a, i-d) && get(b, i))
		}
		if got := meetsShifted(a, b, d); got != meets {
			t.Fatalf("meetsShifted(%x, %x, %d) = %v, want %v", a, b, d, got, meets)
		}
		sums := make([]uint64, w)
		for i := range sums {
			sums[i] = rng.Uint64() & rng.Uint64() & rng.Uint64()
		}
		for _, down := range []bool{false, true} {
			got, want := slices.Clone(b), slices.Clone(b)
			convolve(got, a, sums, down)
			for v := 0; v < 64*w; v++ {
				if get(sums, v) && down {
					shiftRightOr(want, a, v)
				} else if get(sums, v) {
					shiftOr(want, a, v)
				}
			}
			if !slices.Equal(got, want) {
				t.Fatalf("convolve(%x, %x, down %v) = %x, want %x", a, sums, down, got, want)
			}
		}
	}
}

// TestLimitsCut checks sumBound.narrow's bounds for one digit placed,
// from smallestCut and largestCut, against groupInfo.limits.
func TestLimitsCut(t *testing.T) {
	rng := rand.New(rand.NewSource(43))
	for run := 0; run < 5000; run++ {
		union := uint32(rng.Intn(1<<16)) << 1
		n := bits.OnesCount32(union)
		if n == 0 {
			continue
		}
		gi := groupInfo{fixed: rng.Intn(20), open: 1 + rng.Intn(n), union: union}
		sLo, sLo1, cutLo := smallestCut(union, gi.open-1)
		sHi, sHi1, cutHi := largestCut(union, gi.open-1)
		for r := union; r != 0; r &= r - 1 {
			d := low(r)
			l, h := gi.fixed+d+sLo, gi.fixed+d+sHi
			if d <= cutLo {
				l = gi.fixed + sLo1
			}
			if d >= cutHi {
				h = gi.fixed + sHi1
			}
			if wl, wh := gi.limits(d); l != wl || h != wh {
				t.Fatalf("union %b, open %d, digit %d: %d..%d, want %d..%d", union, gi.open, d, l, h, wl, wh)
			}
		}
	}
}

// TestSumSets checks that a cage's sets, found by sumSets, are those
// setsOf finds by testing every mask, in the same order.
func TestSumSets(t *testing.T) {
	for _, n := range []int{4, 6, 9, 16} {
		for k := 1; k <= n; k++ {
			if n == 16 && k > 3 && k < 14 {
				continue // every mask of 16 digits for each sum: slow
			}
			for sum := 0; sum <= n*(n+1)/2+1; sum++ {
				want := setsOf(n, k, func(m uint32) bool { return maskSum(m) == sum })
				if got := sumSets(n, k, sum); !slices.Equal(got, want) {
					t.Errorf("sumSets(%d, %d, %d) = %x, want %x", n, k, sum, got, want)
				}
			}
		}
	}
}
