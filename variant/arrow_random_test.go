package variant

import (
	"context"
	"math/rand"
	"slices"
	"testing"
)

// TestSolveLongArrowRandom compares Solve's count with brute force on
// random 6×6 puzzles with a long arrow (five to eight cells, a pill bulb
// of two), whose line fills enough of a house for the distinct-group
// bounds to act, and some givens.
func TestSolveLongArrowRandom(t *testing.T) {
	const limit = 20
	rng := rand.New(rand.NewSource(43))
	runs := 150
	if testing.Short() {
		runs = 30
	}
	for i := 0; i < runs; i++ {
		p := randomLongArrow(rng, 6)
		want := bruteLatin(p, limit)
		res, err := Solve(context.Background(), p, limit)
		if err != nil || !res.Complete || res.Count != want {
			t.Fatalf("Solve(%v, givens %v) = %d, %v, %v, want %d", p.Constraints, p.Givens, res.Count, res.Complete, err, want)
		}
	}
}

// randomLongArrow returns an n×n puzzle with 14 givens of a random grid
// and an arrow along a random walk, its bulb two other cells; its line
// is read from the grid half of the time, so that both solvable and
// unsolvable puzzles come up.
func randomLongArrow(rng *rand.Rand, n int) Puzzle {
	g := randomGrid(rng, n)
	p := Puzzle{Size: n, Givens: make([]int, n*n)}
	for _, c := range rng.Perm(n * n)[:14] {
		p.Givens[c] = g[c]
	}
	cs := walk(rng, n, 7+rng.Intn(4))
	bulb, line := cs[len(cs)-2:], cs[:len(cs)-2]
	if rng.Intn(2) == 0 {
		bulb = pillOf(g, n, line, bulb)
	}
	p.Constraints = []Constraint{Arrow{Bulb: bulb, Lines: [][]Cell{line}}}
	return p
}

// pillOf returns two cells off the line whose digits in g read as the
// line's sum, or else bulb.
func pillOf(g []int, n int, line, bulb []Cell) []Cell {
	sum := 0
	for _, c := range line {
		sum += g[c.Row*n+c.Col]
	}
	for x := range g {
		for y := range g {
			a, b := Cell{x / n, x % n}, Cell{y / n, y % n}
			if x != y && g[x]*10+g[y] == sum && !slices.Contains(line, a) && !slices.Contains(line, b) {
				return []Cell{a, b}
			}
		}
	}
	return bulb
}

// walk returns k distinct cells of an n×n grid, each a king's move from
// the one before; half the time the first n-1 run along a row, so that
// a house holds more than maxSumGroup of them.
func walk(rng *rand.Rand, n, k int) []Cell {
	for {
		cs := []Cell{{rng.Intn(n), rng.Intn(n)}}
		if rng.Intn(2) == 0 {
			cs = []Cell{{rng.Intn(n), 0}}
			for len(cs) < n-1 {
				cs = append(cs, Cell{cs[0].Row, len(cs)})
			}
		}
		for tries := 0; len(cs) < k && tries < 100; tries++ {
			last := cs[len(cs)-1]
			c := Cell{last.Row + rng.Intn(3) - 1, last.Col + rng.Intn(3) - 1}
			if c.Row >= 0 && c.Col >= 0 && c.Row < n && c.Col < n && !slices.Contains(cs, c) {
				cs = append(cs, c)
			}
		}
		if len(cs) == k {
			return cs
		}
	}
}

// bruteLatin counts p's solutions up to limit: every filling of the
// open cells that keeps rows, columns and standard boxes distinct, each
// checked against p's rules with meets.
func bruteLatin(p Puzzle, limit int) int {
	g := slices.Clone(p.Givens)
	count := 0
	var fill func(i int)
	fill = func(i int) {
		if i == len(g) {
			if latin(p.Size, g) && meets(p, g) {
				count++
			}
			return
		}
		if p.Givens[i] != 0 {
			if latinAt(p.Size, g, i) {
				fill(i + 1)
			}
			return
		}
		for d := 1; d <= p.Size && count < limit; d++ {
			if g[i] = d; latinAt(p.Size, g, i) {
				fill(i + 1)
			}
		}
		g[i] = 0
	}
	fill(0)
	return count
}
