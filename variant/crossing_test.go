package variant

import (
	"context"
	"math/bits"
	"math/rand"
	"testing"
)

// TestCrossingsKeepSolution builds random 9×9 puzzles over a random
// grid with both diagonals: small cages and little killers read from the
// grid, the kind of puzzle where sums cross the diagonals. Every sum the
// solver derives (crossings, innies, combined sums) must hold in the
// grid, and propagating must keep the grid's digits; some crossing sums
// must come up, or the test proves nothing.
func TestCrossingsKeepSolution(t *testing.T) {
	rng := rand.New(rand.NewSource(43))
	runs, made := 200, 0
	if testing.Short() {
		runs = 40
	}
	for i := 0; i < runs; i++ {
		g := randomXGrid(rng)
		if !xValid(g) {
			t.Fatalf("randomXGrid = %v, not a solved grid with diagonals", g)
		}
		p := randomCrossings(rng, g)
		e, err := newEngine(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range mustCrossings(t, p) {
			if gridSum(g, s, p.Size) != s.total {
				t.Fatalf("crossing sum over %v = %d, the grid adds up to %d (%v)", s.cs, s.total, gridSum(g, s, p.Size), p.Constraints)
			}
			made++
		}
		for _, pr := range e.props[e.rules:] {
			if s, ok := pr.(*sumProp); ok && gridSum(g, s, p.Size) != s.total {
				t.Fatalf("derived sum over %v = %d, the grid adds up to %d (%v)", s.cs, s.total, gridSum(g, s, p.Size), p.Constraints)
			}
		}
		if !e.start() {
			t.Fatalf("propagating %v finds no solution, want grid %v", p.Constraints, g)
		}
		for c, d := range g {
			if e.cand[c]&bit(d) == 0 {
				t.Fatalf("propagating %v removes %d from R%dC%d, the grid's digit", p.Constraints, d, c/9+1, c%9+1)
			}
		}
	}
	if made == 0 {
		t.Errorf("no crossing sums made in %d puzzles", runs)
	}
}

// mustCrossings returns the crossing sums of p's rules alone.
func mustCrossings(t *testing.T, p Puzzle) []*sumProp {
	t.Helper()
	e := (&engine{n: p.Size, all: (1<<uint(p.Size+1) - 1) &^ 1}).makeCand(p.Size * p.Size)
	b := &builder{e: e, p: &p}
	b.units()
	for _, c := range p.Constraints {
		if err := b.add(c); err != nil {
			t.Fatalf("add(%v) = %v", c, err)
		}
	}
	before := len(e.props)
	b.crossings(summed(p.Constraints))
	var out []*sumProp
	for _, pr := range e.props[before:] {
		out = append(out, pr.(*sumProp))
	}
	return out
}

// gridSum returns what the cells of s add up to in g, a subtracted cell
// counting as n+1 less its digit.
func gridSum(g []int, s *sumProp, n int) int {
	sum := 0
	for i, c := range s.cs {
		if s.dp.neg != nil && s.dp.neg[i] {
			sum += n + 1 - g[c]
		} else {
			sum += g[c]
		}
	}
	return sum
}

// xGrid is a solved 9×9 Sudoku whose diagonals repeat no digit either.
const xGrid = "815432976763918245942567318278351694154896732396274581437685129681729453529143867"

// randomXGrid returns xGrid with its digits relabelled at random, turned
// or mirrored at random: the diagonals stay diagonals.
func randomXGrid(rng *rand.Rand) []int {
	const n = 9
	perm, turns := rng.Perm(n), rng.Intn(4)
	g := make([]int, n*n)
	for i := range g {
		r, c := i/n, i%n
		for k := turns; k > 0; k-- {
			r, c = c, n-1-r
		}
		g[i] = perm[xGrid[r*n+c]-'1'] + 1
	}
	if rng.Intn(2) == 0 {
		for r := 0; r < n; r++ {
			for c := 0; c < r; c++ {
				g[r*n+c], g[c*n+r] = g[c*n+r], g[r*n+c]
			}
		}
	}
	return g
}

// xValid reports whether g repeats no digit in a row, column, box or
// diagonal.
func xValid(g []int) bool {
	var main, anti uint32
	for i := 0; i < 9; i++ {
		main, anti = main|bit(g[i*9+i]), anti|bit(g[i*9+8-i])
	}
	return latin(9, g) && main == anti && bits.OnesCount32(main) == 9
}

// randomCrossings returns a puzzle over g: both diagonals, cages of one
// to four cells that tile the grid less a third of them, dropped at
// random, and four to eight little killers down random diagonals, all
// read from g, with ten givens.
func randomCrossings(rng *rand.Rand, g []int) Puzzle {
	const n = 9
	p := Puzzle{Size: n, Givens: make([]int, n*n),
		Constraints: []Constraint{Global{"diagonal+"}, Global{"diagonal-"}}}
	for _, c := range rng.Perm(n * n)[:10] {
		p.Givens[c] = g[c]
	}
	taken := make([]bool, n*n)
	for _, c := range rng.Perm(n * n) {
		if k := growCage(rng, g, taken, c, 1+rng.Intn(4)); k.Cells != nil && rng.Intn(3) > 0 {
			p.Constraints = append(p.Constraints, k)
		}
	}
	for k := 4 + rng.Intn(5); k > 0; k-- {
		p.Constraints = append(p.Constraints, randomLittleKiller(rng, g))
	}
	return p
}

// growCage returns a cage of up to size cells of g from cell c, a random
// walk of orthogonal steps over cells not taken whose digits differ,
// with g's sum, and marks its cells taken; no cells when c is taken.
func growCage(rng *rand.Rand, g []int, taken []bool, c, size int) Killer {
	const n = 9
	if taken[c] {
		return Killer{}
	}
	taken[c] = true
	k := Killer{Cells: []Cell{{c / n, c % n}}, Sum: g[c]}
	used := bit(g[c])
	for tries := 0; len(k.Cells) < size && tries < 20; tries++ {
		last := k.Cells[rng.Intn(len(k.Cells))]
		s := [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}[rng.Intn(4)]
		r, col := last.Row+s[0], last.Col+s[1]
		if r < 0 || col < 0 || r >= n || col >= n || taken[r*n+col] || used&bit(g[r*n+col]) != 0 {
			continue
		}
		taken[r*n+col] = true
		k.Cells = append(k.Cells, Cell{r, col})
		k.Sum, used = k.Sum+g[r*n+col], used|bit(g[r*n+col])
	}
	return k
}

// randomLittleKiller returns a little killer down a random diagonal of
// three or more cells, with g's sum.
func randomLittleKiller(rng *rand.Rand, g []int) LittleKiller {
	const n = 9
	s := 2 + rng.Intn(2*n-5) // row+col, or row-col+n-1
	l := LittleKiller{Clue: Cell{-1, 0}, Direction: "DL"}
	anti := rng.Intn(2) == 0
	for r := 0; r < n; r++ {
		c := s - r
		if !anti {
			c = r - (s - (n - 1))
		}
		if c >= 0 && c < n {
			l.Cells = append(l.Cells, Cell{r, c})
			l.Sum += g[r*n+c]
		}
	}
	return l
}
