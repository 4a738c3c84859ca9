package variant

import (
	"context"
	"math/rand"
	"testing"
)

// TestSolveKillerRandom compares Solve's count with a brute-force count
// on random 4×4 and 6×6 killers whose cages tile the grid, so that house
// sums, innies and outies all come into play: some cages have no sum,
// some puzzles a few givens, some a wrong given (no solution).
func TestSolveKillerRandom(t *testing.T) {
	const limit = 20
	rng := rand.New(rand.NewSource(43))
	runs := 300
	if testing.Short() {
		runs = 60
	}
	for i := 0; i < runs; i++ {
		p := randomKiller(rng, []int{4, 6}[i%2])
		want := bruteKiller(p, limit)
		res, err := Solve(context.Background(), p, limit)
		if err != nil || !res.Complete || res.Count != want {
			t.Fatalf("Solve(%v, givens %v) = %d, %v, %v, want %d", p.Constraints, p.Givens, res.Count, res.Complete, err, want)
		}
		for _, g := range res.Solutions {
			if !meets(p, g) || !latin(p.Size, g) {
				t.Fatalf("Solve(%v) found %v, which breaks the rules", p.Constraints, g)
			}
		}
	}
}

// randomKiller returns a killer on an n×n grid: cages of one to five
// cells, grown at random over a random solution so that their digits
// differ, tile the grid.
func randomKiller(rng *rand.Rand, n int) Puzzle {
	g := randomGrid(rng, n)
	p := Puzzle{Size: n, Givens: make([]int, n*n)}
	owner := make([]bool, n*n)
	for _, start := range rng.Perm(n * n) {
		if owner[start] {
			continue
		}
		cage, used := []int{start}, bit(g[start])
		owner[start] = true
		for size := 1 + rng.Intn(5); len(cage) < size; {
			c := cage[rng.Intn(len(cage))]
			steps := [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}
			s := steps[rng.Intn(4)]
			r, col := c/n+s[0], c%n+s[1]
			if r < 0 || col < 0 || r >= n || col >= n || owner[r*n+col] || used&bit(g[r*n+col]) != 0 {
				if rng.Intn(8) == 0 {
					break
				}
				continue
			}
			cage, used = append(cage, r*n+col), used|bit(g[r*n+col])
			owner[r*n+col] = true
		}
		k := Killer{}
		for _, c := range cage {
			k.Cells = append(k.Cells, Cell{c / n, c % n})
			k.Sum += g[c]
		}
		if rng.Intn(6) == 0 {
			k.Sum = 0
		}
		p.Constraints = append(p.Constraints, k)
	}
	for i := rng.Intn(3); i > 0; i-- {
		c := rng.Intn(n * n)
		p.Givens[c] = g[c]
		if rng.Intn(4) == 0 {
			p.Givens[c] = 1 + rng.Intn(n) // maybe wrong
		}
	}
	return p
}

// randomGrid returns a random solved n×n Sudoku with standard boxes.
func randomGrid(rng *rand.Rand, n int) []int {
	g := make([]int, n*n)
	var fill func(i int) bool
	fill = func(i int) bool {
		if i == len(g) {
			return true
		}
		for _, d := range rng.Perm(n) {
			if g[i] = d + 1; latinAt(n, g, i) && fill(i+1) {
				return true
			}
		}
		g[i] = 0
		return false
	}
	fill(0)
	return g
}

// latinAt reports whether g[i] differs from the filled cells before i
// in its row, column and standard box.
func latinAt(n int, g []int, i int) bool {
	h, w := BoxSize(n)
	r, c := i/n, i%n
	for j := 0; j < i; j++ {
		rj, cj := j/n, j%n
		if g[j] == g[i] && (rj == r || cj == c || (rj/h == r/h && cj/w == c/w)) {
			return false
		}
	}
	return true
}

// latin reports whether the solved grid g repeats no digit in a row,
// column or standard box.
func latin(n int, g []int) bool {
	for i := range g {
		if !latinAt(n, g, i) {
			return false
		}
	}
	return true
}

// bruteKiller counts p's solutions up to limit by filling cells in order,
// checking houses, givens and each cage once it is full: the rules read
// plainly, apart from the solver.
func bruteKiller(p Puzzle, limit int) int {
	n := p.Size
	cageOf := make([]int, n*n)
	for k, c := range p.Constraints {
		for _, x := range c.(Killer).Cells {
			cageOf[x.Row*n+x.Col] = k
		}
	}
	g := make([]int, n*n)
	count := 0
	var fill func(i int)
	fill = func(i int) {
		if i == len(g) {
			count++
			return
		}
		for d := 1; d <= n && count < limit; d++ {
			if g[i] = d; (p.Givens[i] == 0 || p.Givens[i] == d) && latinAt(n, g, i) && cageOK(p.Constraints[cageOf[i]].(Killer), n, g, i) {
				fill(i + 1)
			}
		}
		g[i] = 0
	}
	fill(0)
	return count
}

// cageOK reports whether cage k, filled up to cell i, repeats no digit
// and, once full, adds up to its sum.
func cageOK(k Killer, n int, g []int, i int) bool {
	sum, full := 0, true
	var seen uint32
	for _, x := range k.Cells {
		j := x.Row*n + x.Col
		if j > i {
			full = false
			continue
		}
		if seen&bit(g[j]) != 0 {
			return false
		}
		seen |= bit(g[j])
		sum += g[j]
	}
	return k.Sum == 0 || sum == k.Sum || (!full && sum < k.Sum)
}
