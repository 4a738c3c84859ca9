package solver

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/solver/internal/puzzletest"
)

// disguise returns g moved by a random symmetry: digits relabelled, rows
// within bands, bands, columns within stacks and stacks shuffled, and
// maybe transposed.
func disguise(g Grid, rng *rand.Rand) Grid {
	rows, cols := bandOrder(rng), bandOrder(rng)
	labels := rng.Perm(9)
	transpose := rng.IntN(2) == 1
	out := Grid{size: 9}
	for r := range 9 {
		for c := range 9 {
			sr, sc := rows[r], cols[c]
			if transpose {
				sr, sc = sc, sr
			}
			if v := g.cells[sr*9+sc]; v != 0 {
				out.cells[r*9+c] = uint8(labels[v-1] + 1)
			}
		}
	}
	return out
}

// bandOrder is a random order of 9 lines that keeps bands together.
func bandOrder(rng *rand.Rand) [9]int {
	var o [9]int
	bands := rng.Perm(3)
	for b := range 3 {
		within := rng.Perm(3)
		for k := range 3 {
			o[3*b+k] = 3*bands[b] + within[k]
		}
	}
	return o
}

// turn returns g turned a quarter clockwise, and mirror g mirrored left to
// right: both are disguises too.
func turn(g Grid) Grid { return moved(g, func(r, c int) int { return c*9 + 8 - r }) }

func mirror(g Grid) Grid { return moved(g, func(r, c int) int { return r*9 + 8 - c }) }

// moved returns g with the digit of each cell (r, c) moved to cell to(r, c).
func moved(g Grid, to func(r, c int) int) Grid {
	out := Grid{size: 9}
	for r := range 9 {
		for c := range 9 {
			out.cells[to(r, c)] = g.cells[r*9+c]
		}
	}
	return out
}

func mustCanonical(t testing.TB, g Grid) Grid {
	t.Helper()
	c, ok := Canonical(g)
	if !ok {
		t.Fatalf("Canonical(%s) refused", g)
	}
	return c
}

// samplePuzzles takes every k-th puzzle of a few data sets.
func samplePuzzles(t testing.TB, per int) []Grid {
	puzzletest.Files(t)
	var out []Grid
	for _, name := range []string{"17_clue.txt", "magictour_top1465.txt", "kaggle_3m_radcliffe_sample.txt", "se_rated_mixed.txt"} {
		lines := puzzletest.Read(t, puzzletest.Path(name))
		for k := 0; k < len(lines); k += 1 + len(lines)/per {
			out = append(out, mustParse(t, lines[k].Puzzle))
		}
	}
	return out
}

func TestCanonicalSeesThroughDisguises(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 29))
	for _, g := range samplePuzzles(t, 40) {
		want := mustCanonical(t, g)
		if again := mustCanonical(t, want); again != want || want.Givens() != g.Givens() {
			t.Fatalf("Canonical(%s) = %s, whose own canonical form is %s", g, want, again)
		}
		for _, d := range []Grid{disguise(g, rng), disguise(g, rng), turn(g), mirror(g), turn(turn(g))} {
			if got := mustCanonical(t, d); got != want {
				t.Fatalf("Canonical(%s) = %s, but of its disguise %s = %s", g, want, d, got)
			}
			if SignatureOf(d) != SignatureOf(g) {
				t.Fatalf("signatures of %s and its disguise %s differ", g, d)
			}
		}
	}
}

func TestCanonicalTellsOneGivenChanged(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 31))
	for _, g := range samplePuzzles(t, 25) {
		h := changeOneGiven(g, rng)
		if mustCanonical(t, h) == mustCanonical(t, g) {
			t.Errorf("%s and %s, one given apart, have the same canonical form", g, h)
		}
	}
	g := mustParse(t, "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9")
	if _, ok := Canonical(mustParse(t, "1"+strings.Repeat(".", 80))); ok {
		t.Error("Canonical took a grid of one given")
	}
	if c, ok := Canonical(g); !ok || c.String() >= g.String() {
		t.Errorf("Canonical(%s) = %s, %v: want a smaller grid", g, c, ok)
	}
}

// changeOneGiven gives one given of g another digit.
func changeOneGiven(g Grid, rng *rand.Rand) Grid {
	var givens []int
	for i, v := range g.cells[:81] {
		if v != 0 {
			givens = append(givens, i)
		}
	}
	i := givens[rng.IntN(len(givens))]
	g.cells[i] = uint8(1 + (int(g.cells[i])+rng.IntN(8))%9)
	return g
}

// TestCanonicalIsTheLeast compares Canonical with the definition, taken
// literally: every orientation, row order and column order, relabelled,
// and the least kept.
func TestCanonicalIsTheLeast(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping in -short mode: the literal search tries 3.4 million arrangements a puzzle")
	}
	for _, g := range samplePuzzles(t, 1) {
		if got, want := mustCanonical(t, g), leastByDefinition(g); got != want {
			t.Errorf("Canonical(%s) = %s, the least by definition is %s", g, got, want)
		}
	}
}

func leastByDefinition(g Grid) Grid {
	best := Grid{size: 9}
	for i := range best.cells[:81] {
		best.cells[i] = 10
	}
	for tr := range 2 {
		for _, rows := range colOrders9 {
			for _, cols := range colOrders9 {
				var cand Grid
				cand.size = 9
				var labels [10]uint8
				next := uint8(0)
				for i := range 81 {
					r, c := int(rows[i/9]), int(cols[i%9])
					if tr == 1 {
						r, c = c, r
					}
					v := g.cells[r*9+c]
					if v != 0 {
						if labels[v] == 0 {
							next++
							labels[v] = next
						}
						v = labels[v]
					}
					cand.cells[i] = v
				}
				if slices.Compare(cand.cells[:81], best.cells[:81]) < 0 {
					best = cand
				}
			}
		}
	}
	return best
}

// FuzzCanonical: any symmetry of a puzzle has its canonical form, and
// giving one of its givens another digit changes the form.
func FuzzCanonical(f *testing.F) {
	for _, p := range []string{
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
		".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
	} {
		f.Add(p, uint64(1))
	}
	f.Fuzz(func(t *testing.T, p string, seed uint64) {
		g, err := Parse(p)
		if err != nil || g.Size() != 9 || Validate(g) != nil {
			return
		}
		c, ok := Canonical(g)
		if !ok {
			return
		}
		rng := rand.New(rand.NewPCG(seed, seed>>1))
		if got, _ := Canonical(disguise(g, rng)); got != c {
			t.Fatalf("Canonical(%s) = %s, of a disguise %s", g, c, got)
		}
		if res, err := Solve(t.Context(), g, 2); err == nil && res.Count == 1 {
			if h := changeOneGiven(g, rng); mustCanonical(t, h) == c && Validate(h) == nil {
				t.Fatalf("%s and %s, one given apart, have the same canonical form", g, h)
			}
		}
	})
}

// BenchmarkCanonical reports what the full check costs on puzzles: the
// median and 99th percentile of Canonical, one puzzle at a time.
func BenchmarkCanonical(b *testing.B) {
	grids := samplePuzzles(b, 500)
	var took []time.Duration
	i := 0
	for b.Loop() {
		start := time.Now()
		mustCanonical(b, grids[i%len(grids)])
		took = append(took, time.Since(start))
		i++
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Nanoseconds()), "p50-ns")
	b.ReportMetric(float64(took[len(took)*99/100].Nanoseconds()), "p99-ns")
}

// BenchmarkSignature is the common case's cost: a puzzle's signature,
// compared with three others.
func BenchmarkSignature(b *testing.B) {
	grids := samplePuzzles(b, 500)
	dailies := [3]Signature{SignatureOf(grids[0]), SignatureOf(grids[1]), SignatureOf(grids[2])}
	i, hits := 0, 0
	for b.Loop() {
		s := SignatureOf(grids[i%len(grids)])
		for _, d := range dailies {
			if s == d {
				hits++
			}
		}
		i++
	}
	if hits == 0 {
		b.Fatal("no signature matched even its own puzzle")
	}
}

func TestEquivalentSolutions(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 33))
	grids := samplePuzzles(t, 10)
	var sols []Grid
	for _, g := range grids {
		res, err := Solve(t.Context(), g, 1)
		if err != nil || res.Count != 1 {
			t.Fatalf("%s: %v", g, err)
		}
		sols = append(sols, res.Solutions[0])
	}
	for k, s := range sols {
		if !Equivalent(s, disguise(s, rng)) || !Equivalent(turn(s), s) || !Equivalent(s, mirror(s)) {
			t.Errorf("%s is not equivalent to its disguises", s)
		}
		if other := sols[(k+1)%len(sols)]; other != s && Equivalent(s, other) != (mustCanonical(t, s) == mustCanonical(t, other)) {
			t.Errorf("Equivalent(%s, %s) disagrees with their canonical forms", s, other)
		}
	}
	if Equivalent(grids[0], grids[0]) {
		t.Error("Equivalent took a puzzle with blanks")
	}
}

// BenchmarkEquivalent is the cost of telling whether a solution found is
// an open daily's in disguise, when it is not.
func BenchmarkEquivalent(b *testing.B) {
	var sols []Grid
	for _, g := range samplePuzzles(b, 20) {
		res, _ := Solve(b.Context(), g, 1)
		sols = append(sols, res.Solutions[0])
	}
	i := 0
	for b.Loop() {
		if Equivalent(sols[i%len(sols)], sols[(i+1)%len(sols)]) {
			b.Fatal("two data puzzles share a solution")
		}
		i++
	}
}
