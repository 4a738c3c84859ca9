package variant

import (
	"context"
	"math/rand"
	"slices"
	"testing"
)

// TestSingleMask checks the branch-free test against single on every
// mask of digits 0..16.
func TestSingleMask(t *testing.T) {
	for m := uint32(1); m < 1<<(maxSize+1); m++ {
		want := uint32(0)
		if single(m) {
			want = ^uint32(0)
		}
		if got := singleMask(m); got != want {
			t.Fatalf("singleMask(%#x) = %#x, want %#x", m, got, want)
		}
	}
}

// TestRequiredExclusions: a cage of 3 on R2C3 and R1C4, in no house
// together, holds 1 and 2, so each cell that must differ from both loses
// them: R1C3 and R2C4 (a house with each), and with anti-king R1C2, R2C5
// and R3C4 (a house with one, a king's move from the other).
func TestRequiredExclusions(t *testing.T) {
	p := Puzzle{Size: 9, Givens: make([]int, 81), Constraints: []Constraint{
		Global{"antiking"},
		Killer{Cells: []Cell{{1, 2}, {0, 3}}, Sum: 3},
	}}
	e, err := newEngine(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if !e.start() {
		t.Fatal("start() = false, want true")
	}
	for _, c := range []Cell{{0, 2}, {1, 3}, {0, 1}, {1, 4}, {2, 3}} {
		if m := e.cand[c.Row*9+c.Col]; m&(bit(1)|bit(2)) != 0 {
			t.Errorf("%s keeps %b, want neither 1 nor 2", c, m)
		}
	}
}

// TestRequiredRandom checks that required, which reads a set prop's
// cells once, narrows the grid as requiredMany, which reads them again a
// digit, does: random cages of two to six cells (anti-king or not), the
// grid's candidates thinned at random, each cage given random digits as
// those every set holds.
func TestRequiredRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(46))
	for run := 0; run < 300; run++ {
		p := Puzzle{Size: 9, Givens: make([]int, 81)}
		if rng.Intn(2) == 0 {
			p.Constraints = append(p.Constraints, Global{"antiking"})
		}
		used := map[int]bool{}
		for range 4 {
			k := 2 + rng.Intn(maxExactSet-1)
			var cs []Cell
			for len(cs) < k {
				c := rng.Intn(81)
				if !used[c] {
					used[c] = true
					cs = append(cs, Cell{c / 9, c % 9})
				}
			}
			p.Constraints = append(p.Constraints, Killer{Cells: cs, Sum: k*(k+1)/2 + rng.Intn(k*(9-k)+1)})
		}
		thin := make([]uint32, 81)
		for c := range thin {
			thin[c] = uint32(rng.Intn(1<<9)) << 1
		}
		var es [2]*engine
		for i := range es {
			e, err := newEngine(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			for c := range e.cand {
				if m := e.cand[c] &^ thin[c]; m != 0 {
					e.cand[c] = m
				}
			}
			e.recount()
			es[i] = e
		}
		for j, pr := range es[0].props {
			s, ok := pr.(*setProp)
			if !ok {
				continue
			}
			inter := uint32(rng.Intn(1<<9)) << 1
			before := append([]uint32(nil), es[0].cand...)
			ok0 := s.required(es[0], inter)
			ok1 := es[1].props[j].(*setProp).requiredMany(es[1], inter)
			if ok0 != ok1 || !slices.Equal(es[0].cand, es[1].cand) {
				t.Fatalf("cage %v, digits %b, from %v: required %v %v, requiredMany %v %v",
					s.cs, inter, before, ok0, es[0].cand, ok1, es[1].cand)
			}
			if !ok0 {
				break
			}
		}
	}
}
