package variant

import (
	"context"
	"math/rand"
	"testing"
)

// versusBrute compares Solve's count with brute force on runs random
// puzzles from gen (fewer with -short), and wants some of them with no
// solution and some with one or more, so that both answers are tested.
func versusBrute(t *testing.T, seed int64, runs int, gen func(rng *rand.Rand) Puzzle) {
	t.Helper()
	const limit = 20
	rng := rand.New(rand.NewSource(seed))
	if testing.Short() {
		runs /= 5
	}
	counts := map[int]int{}
	for i := 0; i < runs; i++ {
		p := gen(rng)
		want := bruteLatin(p, limit)
		counts[min(want, 2)]++
		res, err := Solve(context.Background(), p, limit)
		if err != nil || !res.Complete || res.Count != want {
			t.Fatalf("Solve(%v, givens %v) = %d, %v, %v, want %d", p.Constraints, p.Givens, res.Count, res.Complete, err, want)
		}
	}
	if counts[0] == 0 || counts[1]+counts[2] == 0 {
		t.Errorf("solution counts %v: want puzzles with none and with some", counts)
	}
}

// givensOf returns an n×n puzzle with k givens of a random grid, and the grid.
func givensOf(rng *rand.Rand, n, k int) (Puzzle, []int) {
	g := randomGrid(rng, n)
	p := Puzzle{Size: n, Givens: make([]int, n*n)}
	for _, c := range rng.Perm(n * n)[:k] {
		p.Givens[c] = g[c]
	}
	return p, g
}

// holdingLine returns a line of rule along a random walk of a few cells,
// three times in four one that holds in g (if 500 walks find one).
func holdingLine(rng *rand.Rand, g []int, n int, rule string, fewest int) Line {
	l, hold := Line{rule, walk(rng, n, fewest+rng.Intn(3))}, rng.Intn(4) != 0
	for tries := 0; hold && tries < 500 && !meets(Puzzle{Size: n, Givens: make([]int, n*n), Constraints: []Constraint{l}}, g); tries++ {
		l.Cells = walk(rng, n, fewest+rng.Intn(3))
	}
	return l
}

// TestSolveBetweenExtremeCloneRandom: random 6×6 puzzles with a between
// line, minimum and maximum cells and a clone (randomBetween).
func TestSolveBetweenExtremeCloneRandom(t *testing.T) {
	versusBrute(t, 47, 150, func(rng *rand.Rand) Puzzle { return randomBetween(rng, 6) })
}

// randomBetween returns an n×n puzzle with 10 givens of a random grid, a
// between line along a random walk, a minimum and a maximum cell and a
// clone of two dominoes; each holds in the grid three times in four (the
// line's ends its least and greatest digits, the cells local extremes,
// the dominoes alike), so that puzzles with no, one and many solutions
// all come up.
func randomBetween(rng *rand.Rand, n int) Puzzle {
	g := randomGrid(rng, n)
	at := func(c Cell) int { return g[c.Row*n+c.Col] }
	p := Puzzle{Size: n, Givens: make([]int, n*n)}
	for _, c := range rng.Perm(n * n)[:10] {
		p.Givens[c] = g[c]
	}
	holds := func() bool { return rng.Intn(4) != 0 }
	line := walk(rng, n, 3+rng.Intn(3))
	if holds() {
		lo, hi := 0, 0
		for i, c := range line {
			if at(c) < at(line[lo]) {
				lo = i
			}
			if at(c) > at(line[hi]) {
				hi = i
			}
		}
		line[0], line[lo] = line[lo], line[0]
		if hi == 0 {
			hi = lo
		}
		line[len(line)-1], line[hi] = line[hi], line[len(line)-1]
	}
	p.Constraints = append(p.Constraints, Between{line})
	for _, max := range []bool{false, true} {
		c := Cell{rng.Intn(n), rng.Intn(n)}
		if holds() {
			c = extremeOf(g, n, max, rng)
		}
		p.Constraints = append(p.Constraints, Extreme{c, max})
	}
	domino := func(c Cell) []Cell { return []Cell{c, {c.Row, (c.Col + 1) % n}} }
	a, b := Cell{rng.Intn(n), rng.Intn(n)}, Cell{rng.Intn(n), rng.Intn(n)}
	if holds() {
		for _, i := range rng.Perm(n * n) {
			if o := (Cell{i / n, i % n}); o != a && at(o) == at(a) && at(domino(o)[1]) == at(domino(a)[1]) {
				b = o
				break
			}
		}
	}
	p.Constraints = append(p.Constraints, Clone{domino(a), domino(b)})
	return p
}

// extremeOf returns a cell of g less (greater, with max) than each of its
// orthogonal neighbours, or a random cell when the draw finds none.
func extremeOf(g []int, n int, max bool, rng *rand.Rand) Cell {
	for _, i := range rng.Perm(n * n) {
		c, ok := Cell{i / n, i % n}, true
		for _, s := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			o := Cell{c.Row + s[0], c.Col + s[1]}
			if o.Row < 0 || o.Col < 0 || o.Row >= n || o.Col >= n {
				continue
			}
			if d := g[o.Row*n+o.Col] - g[i]; max && d >= 0 || !max && d <= 0 {
				ok = false
			}
		}
		if ok {
			return c
		}
	}
	return Cell{rng.Intn(n), rng.Intn(n)}
}

// TestSolveRuleLinesRandom: random 6×6 puzzles with a parity, an
// entropic and a modular line; TestSolveSumLinesRandom with a zipper and a
// region sum line; TestSolveArrowLinesRandom random 9×9 ones (a 6×6 has no
// lockout lines, and many givens so that brute force ends) with a double
// arrow and a lockout line.
func TestSolveRuleLinesRandom(t *testing.T) {
	versusBrute(t, 53, 150, linesPuzzle(6, 10, 2, "parityline", "entropicline", "modularline"))
}

func TestSolveSumLinesRandom(t *testing.T) {
	versusBrute(t, 61, 150, linesPuzzle(6, 10, 2, "zipperline", "regionsumline"))
}

func TestSolveArrowLinesRandom(t *testing.T) {
	versusBrute(t, 67, 60, linesPuzzle(9, 48, 3, "doublearrow", "lockout"))
}

// linesPuzzle makes n×n puzzles with k givens and a line of each rule,
// of fewest cells or a few more (holdingLine).
func linesPuzzle(n, k, fewest int, rules ...string) func(*rand.Rand) Puzzle {
	return func(rng *rand.Rand) Puzzle {
		p, g := givensOf(rng, n, k)
		for _, rule := range rules {
			p.Constraints = append(p.Constraints, holdingLine(rng, g, n, rule, fewest))
		}
		return p
	}
}

// TestSolveQuadruplesRandom: random 6×6 puzzles with two quadruples,
// their digits one to four of the grid's own there three times in four (a
// digit twice when the grid has it twice), else random.
func TestSolveQuadruplesRandom(t *testing.T) {
	versusBrute(t, 59, 150, func(rng *rand.Rand) Puzzle {
		n := 6
		p, g := givensOf(rng, n, 10)
		for range 2 {
			r, c := rng.Intn(n-1), rng.Intn(n-1)
			cells := []Cell{{r, c}, {r, c + 1}, {r + 1, c}, {r + 1, c + 1}}
			var ds []int
			for _, k := range rng.Perm(4)[:1+rng.Intn(4)] {
				d := g[cells[k].Row*n+cells[k].Col]
				if rng.Intn(4) == 0 {
					d = 1 + rng.Intn(n)
				}
				ds = append(ds, d)
			}
			p.Constraints = append(p.Constraints, Quadruple{cells, ds})
		}
		return p
	})
}

// TestSolveOutsideCluesRandom: random 6×6 puzzles with two X-sum, two
// skyscraper and two numbered room clues on random sides, their values the grid's own three
// times in four.
func TestSolveOutsideCluesRandom(t *testing.T) {
	versusBrute(t, 73, 150, func(rng *rand.Rand) Puzzle {
		n := 6
		p, g := givensOf(rng, n, 8)
		at := func(c Cell) int { return g[c.Row*n+c.Col] }
		for _, rule := range []string{"xsum", "xsum", "skyscraper", "skyscraper", "numberedroom", "numberedroom"} {
			k := rng.Intn(n)
			clue := [4]Cell{{k, -1}, {k, n}, {-1, k}, {n, k}}[rng.Intn(4)]
			o := Outside{rule, clue, 1 + rng.Intn(n)}
			if rng.Intn(4) != 0 {
				for v := 1; v <= n*(n+1)/2; v++ {
					if o.Value = v; outsideOK(n, at, o) {
						break
					}
				}
			}
			p.Constraints = append(p.Constraints, o)
		}
		return p
	})
}
