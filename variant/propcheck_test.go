package variant

import (
	"context"
	"math/bits"
	"math/rand"
	"slices"
	"testing"
)

// TestNewLinePropsExactly runs each prop of the line rules read since the
// shared set (between, lockout, double arrow, zipper, region sum lines,
// quadruples) alone on random candidates of its cells, on an empty 9×9,
// and holds it to the rule read plainly (meetsOne): it never removes a
// digit some assignment of the candidates that keeps the rule uses, it
// never fails while one exists, and on single digits it fails exactly
// when the rule is broken. A prop too weak at the end, or too strong
// anywhere, fails here even where a random puzzle's count would not show
// it.
func TestNewLinePropsExactly(t *testing.T) {
	rng := rand.New(rand.NewSource(71))
	line := func(s ...int) []Cell {
		var out []Cell
		for _, k := range s {
			out = append(out, Cell{k / 9, k % 9})
		}
		return out
	}
	for _, c := range []Constraint{
		Between{line(0, 1, 2, 11)}, Between{line(40, 41)},
		Line{"lockout", line(0, 10, 20, 30)}, Line{"lockout", line(3, 4)},
		Line{"doublearrow", line(0, 1, 2)}, Line{"doublearrow", line(9, 10, 11, 12)},
		Line{"zipperline", line(0, 1, 2)}, Line{"zipperline", line(0, 1, 2, 3)}, Line{"zipperline", line(30, 31, 32, 33, 34)},
		Line{"regionsumline", line(1, 2, 3, 4)}, Line{"regionsumline", line(2, 3, 13, 14)},
		Quadruple{line(0, 1, 9, 10), []int{1, 2}}, Quadruple{line(2, 3, 11, 12), []int{3, 3, 5}}, Quadruple{line(40, 41, 49, 50), []int{1, 2, 3, 4}},
	} {
		propExactly(t, c, rng)
	}
}

func propExactly(t *testing.T, c Constraint, rng *rand.Rand) {
	t.Helper()
	p := Puzzle{Size: 9, Givens: make([]int, 81), Constraints: []Constraint{c}}
	e, err := newEngine(context.Background(), p)
	if err != nil {
		t.Fatalf("%v: %v", c, err)
	}
	in, _ := CellsOf(c)
	cs := make([]int, len(in))
	for i, x := range in {
		cs[i] = x.Row*9 + x.Col
	}
	var pr prop
	for _, q := range e.props[:e.rules] {
		if _, group := q.(*groupProp); !group && slices.Equal(q.cells(), cs) {
			pr = q
		}
	}
	if pr == nil {
		t.Fatalf("%v: no prop over its cells", c)
	}
	base := slices.Clone(e.cand)
	at := func(g []int) func(Cell) int {
		return func(x Cell) int { return g[slices.Index(in, x)] }
	}
	for trial := range 3000 {
		masks := make([]uint32, len(cs))
		for i := range masks {
			for masks[i] == 0 {
				masks[i] = uint32(rng.Intn(1<<9)) << 1
				if trial%3 == 0 { // single digits often, to test the end
					masks[i] = bit(1 + rng.Intn(9))
				}
			}
		}
		copy(e.cand, base)
		for i, x := range cs {
			e.cand[x] = masks[i]
		}
		e.recount()
		ok := pr.run(e)
		after := make([]uint32, len(cs))
		for i, x := range cs {
			after[i] = e.cand[x]
		}
		e.clearQueue()
		some := false
		g := make([]int, len(cs))
		var each func(i int)
		each = func(i int) {
			if i == len(cs) {
				if !meetsOne(p, nil, at(g), c) {
					return
				}
				some = true
				for j, d := range g {
					if ok && after[j]&bit(d) == 0 {
						t.Fatalf("%v on %v: removed %d from cell %d, which %v uses", c, masks, d, j, g)
					}
				}
				return
			}
			for r := masks[i]; r != 0; r &= r - 1 {
				g[i] = bits.TrailingZeros32(r)
				each(i + 1)
			}
		}
		each(0)
		if some && !ok {
			t.Fatalf("%v on %v: failed, though an assignment keeps the rule", c, masks)
		}
		if !some && ok && allSingle(masks) {
			t.Fatalf("%v on %v: passed single digits that break the rule", c, masks)
		}
	}
}

func allSingle(ms []uint32) bool {
	for _, m := range ms {
		if !single(m) {
			return false
		}
	}
	return true
}
