package variant

import (
	"math/rand"
	"slices"
)

// meets reports whether the solved 4×4 grid g meets p's givens and
// constraints; rows, columns and boxes are the caller's. It is the tests'
// own reading of the rules, kept apart from the solver's.
func meets(p Puzzle, g []int) bool {
	at := func(c Cell) int { return g[c.Row*p.Size+c.Col] }
	for i, d := range p.Givens {
		if d != 0 && g[i] != d {
			return false
		}
	}
	for _, c := range p.Constraints {
		if !meetsOne(p, g, at, c) {
			return false
		}
	}
	return meetsNegatives(p, g)
}

// meetsOne checks one constraint.
func meetsOne(p Puzzle, g []int, at func(Cell) int, c Constraint) bool {
	digits := func(cs []Cell) []int {
		var ds []int
		for _, x := range cs {
			ds = append(ds, at(x))
		}
		return ds
	}
	sum := func(ds []int) int {
		s := 0
		for _, d := range ds {
			s += d
		}
		return s
	}
	distinct := func(ds []int) bool {
		s := slices.Clone(ds)
		slices.Sort(s)
		return len(slices.Compact(s)) == len(ds)
	}
	switch c := c.(type) {
	case Killer:
		ds := digits(c.Cells)
		return distinct(ds) && (c.Sum == 0 || sum(ds) == c.Sum)
	case Thermo:
		ds := digits(c.Cells)
		for i := 1; i < len(ds); i++ {
			if ds[i] <= ds[i-1] {
				return false
			}
		}
	case Arrow:
		v := 0
		for _, d := range digits(c.Bulb) {
			v = v*10 + d
		}
		for _, l := range c.Lines {
			if sum(digits(l)) != v {
				return false
			}
		}
	case LittleKiller:
		return sum(digits(c.Cells)) == c.Sum
	case Difference:
		a, b := at(c.Cells[0]), at(c.Cells[1])
		return a-b == c.Value || b-a == c.Value
	case Ratio:
		a, b := at(c.Cells[0]), at(c.Cells[1])
		return a == c.Value*b || b == c.Value*a
	case XV:
		return at(c.Cells[0])+at(c.Cells[1]) == c.Sum
	case Parity:
		return (at(c.Cell)%2 == 0) == c.Even
	case Palindrome:
		ds := digits(c.Cells)
		r := slices.Clone(ds)
		slices.Reverse(r)
		return slices.Equal(ds, r)
	case Renban:
		ds := digits(c.Cells)
		return distinct(ds) && slices.Max(ds)-slices.Min(ds) == len(ds)-1
	case Whispers:
		ds := digits(c.Cells)
		for i := 1; i < len(ds); i++ {
			if d := ds[i] - ds[i-1]; d < c.Diff && -d < c.Diff {
				return false
			}
		}
	case Between:
		ds := digits(c.Cells)
		lo, hi := min(ds[0], ds[len(ds)-1]), max(ds[0], ds[len(ds)-1])
		for _, d := range ds[1 : len(ds)-1] {
			if d <= lo || d >= hi {
				return false
			}
		}
	case Extreme:
		for _, s := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			o := Cell{c.Cell.Row + s[0], c.Cell.Col + s[1]}
			if o.Row < 0 || o.Col < 0 || o.Row >= p.Size || o.Col >= p.Size {
				continue
			}
			if c.Max && at(o) >= at(c.Cell) || !c.Max && at(o) <= at(c.Cell) {
				return false
			}
		}
	case Clone:
		return slices.Equal(digits(c.Cells), digits(c.Copy))
	case Quadruple:
		ds := digits(c.Cells)
		for _, d := range c.Digits {
			i := slices.Index(ds, d)
			if i < 0 {
				return false
			}
			ds[i] = 0 // a digit needed twice needs two cells
		}
	case Line:
		ds := digits(c.Cells)
		switch c.Rule {
		case "zipperline":
			return zipperOK(ds)
		case "regionsumline":
			return regionSumOK(p, c.Cells, ds)
		case "doublearrow":
			s := 0
			for _, d := range ds[1 : len(ds)-1] {
				s += d
			}
			return s == ds[0]+ds[len(ds)-1]
		case "lockout":
			lo, hi := min(ds[0], ds[len(ds)-1]), max(ds[0], ds[len(ds)-1])
			for _, d := range ds[1 : len(ds)-1] {
				if d >= lo && d <= hi {
					return false
				}
			}
			return hi-lo >= 4
		}
		if c.Rule != "parityline" && len(ds) < 3 {
			return true
		}
		for i := range ds {
			for j := i + 1; j < len(ds) && j <= i+2; j++ {
				switch {
				case c.Rule == "parityline" && j == i+1 && ds[i]%2 == ds[j]%2,
					c.Rule == "modularline" && ds[i]%3 == ds[j]%3,
					c.Rule == "entropicline" && (ds[i]-1)*3/p.Size == (ds[j]-1)*3/p.Size:
					return false
				}
			}
		}
	case Sandwich:
		return sandwichOK(p.Size, at, c)
	case Outside:
		return outsideOK(p.Size, at, c)
	case ExtraRegion:
		return distinct(digits(c.Cells))
	case Global:
		return globalOK(p.Size, at, c.Name, distinct, digits)
	}
	return true
}

// zipperOK checks a zipper line's digits: as far from the middle, the
// same sum, the middle's digit on a line of odd length.
func zipperOK(ds []int) bool {
	n := len(ds)
	for i := 0; i < n/2; i++ {
		if t := ds[i] + ds[n-1-i]; t != ds[0]+ds[n-1] || n%2 == 1 && t != ds[n/2] {
			return false
		}
	}
	return true
}

// regionSumOK checks a region sum line: the sums of its runs of cells in
// one region, region by region as it goes, are equal.
func regionSumOK(p Puzzle, cs []Cell, ds []int) bool {
	regions := p.Regions
	if regions == nil {
		regions = standardRegions(p.Size)
	}
	var sums []int
	for i, c := range cs {
		if i == 0 || regions[c.Row*p.Size+c.Col] != regions[cs[i-1].Row*p.Size+cs[i-1].Col] {
			sums = append(sums, 0)
		}
		sums[len(sums)-1] += ds[i]
	}
	for _, s := range sums {
		if s != sums[0] {
			return false
		}
	}
	return true
}

// outsideOK checks an X-sum or skyscraper clue, its row or column read
// from the clue's side.
func outsideOK(n int, at func(Cell) int, o Outside) bool {
	var ds []int
	for i := 0; i < n; i++ {
		switch {
		case o.Clue.Col == -1:
			ds = append(ds, at(Cell{o.Clue.Row, i}))
		case o.Clue.Col == n:
			ds = append(ds, at(Cell{o.Clue.Row, n - 1 - i}))
		case o.Clue.Row == -1:
			ds = append(ds, at(Cell{i, o.Clue.Col}))
		default:
			ds = append(ds, at(Cell{n - 1 - i, o.Clue.Col}))
		}
	}
	if o.Rule == "numberedroom" {
		return ds[ds[0]-1] == o.Value
	}
	if o.Rule == "xsum" {
		s := 0
		for _, d := range ds[:ds[0]] {
			s += d
		}
		return s == o.Value
	}
	seen, top := 0, 0
	for _, d := range ds {
		if d > top {
			seen, top = seen+1, d
		}
	}
	return seen == o.Value
}

// sandwichOK checks a sandwich clue.
func sandwichOK(n int, at func(Cell) int, s Sandwich) bool {
	var ds []int
	for i := 0; i < n; i++ {
		if s.Clue.Col == -1 || s.Clue.Col == n {
			ds = append(ds, at(Cell{s.Clue.Row, i}))
		} else {
			ds = append(ds, at(Cell{i, s.Clue.Col}))
		}
	}
	a, b := slices.Index(ds, 1), slices.Index(ds, n)
	if a > b {
		a, b = b, a
	}
	t := 0
	for _, d := range ds[a+1 : b] {
		t += d
	}
	return t == s.Sum
}

// globalOK checks a global rule other than the negative ones.
func globalOK(n int, at func(Cell) int, name string, distinct func([]int) bool, digits func([]Cell) []int) bool {
	var a, b []Cell
	for i := 0; i < n; i++ {
		a, b = append(a, Cell{i, i}), append(b, Cell{n - 1 - i, i})
	}
	in := func(c Cell) bool { return c.Row >= 0 && c.Col >= 0 && c.Row < n && c.Col < n }
	apart := func(steps [][2]int) bool {
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				for _, s := range steps {
					o := Cell{r + s[0], c + s[1]}
					if in(o) && at(o) == at(Cell{r, c}) {
						return false
					}
				}
			}
		}
		return true
	}
	switch name {
	case "diagonal-":
		return distinct(digits(a))
	case "diagonal+":
		return distinct(digits(b))
	case "antiknight":
		return apart([][2]int{{1, 2}, {2, 1}, {1, -2}, {2, -1}})
	case "antiking":
		return apart([][2]int{{1, 1}, {1, -1}, {0, 1}, {1, 0}})
	case "disjointgroups":
		for k := 0; k < 4; k++ {
			var cs []Cell
			for box := 0; box < 4; box++ {
				cs = append(cs, Cell{box/2*2 + k/2, box%2*2 + k%2})
			}
			if !distinct(digits(cs)) {
				return false
			}
		}
	}
	return true
}

// meetsNegatives checks nonconsecutive and the negative dot rules.
func meetsNegatives(p Puzzle, g []int) bool {
	n := p.Size
	dot := map[[2]Cell]string{}
	rules := map[string]bool{}
	for _, c := range p.Constraints {
		switch c := c.(type) {
		case Difference:
			dot[c.Cells] += "k"
			dot[[2]Cell{c.Cells[1], c.Cells[0]}] += "k"
		case Ratio:
			dot[c.Cells] += "k"
			dot[[2]Cell{c.Cells[1], c.Cells[0]}] += "k"
		case XV:
			dot[c.Cells] += "x"
			dot[[2]Cell{c.Cells[1], c.Cells[0]}] += "x"
		case Global:
			rules[c.Name] = true
		}
	}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			for _, o := range []Cell{{r, c + 1}, {r + 1, c}} {
				if o.Row >= n || o.Col >= n {
					continue
				}
				a, b := g[r*n+c], g[o.Row*n+o.Col]
				d := dot[[2]Cell{{r, c}, o}]
				k, x := slices.Contains([]byte(d), 'k'), slices.Contains([]byte(d), 'x')
				if rules["nonconsecutive"] && !k && (a-b == 1 || b-a == 1) ||
					rules["negative ratio"] && !k && (a == 2*b || b == 2*a) ||
					rules["negative xv"] && !x && (a+b == 5 || a+b == 10) {
					return false
				}
			}
		}
	}
	return true
}

// randomPuzzle returns a 4×4 puzzle with a few random constraints and
// givens taken from a random grid, so that it often has solutions.
func randomPuzzle(rng *rand.Rand, grids [][]int) Puzzle {
	g := grids[rng.Intn(len(grids))]
	p := Puzzle{Size: 4, Givens: make([]int, 16)}
	for i := 0; i < rng.Intn(3); i++ {
		j := rng.Intn(16)
		p.Givens[j] = g[j]
	}
	for i := 0; i < 1+rng.Intn(3); i++ {
		p.Constraints = append(p.Constraints, randomConstraint(rng, g))
	}
	return p
}

// randomConstraint returns a constraint of a random type, its clue read
// from g when it has one, so that g meets it.
func randomConstraint(rng *rand.Rand, g []int) Constraint {
	at := func(c Cell) int { return g[c.Row*4+c.Col] }
	line := randomLine(rng, 2+rng.Intn(3))
	pair := [2]Cell{line[0], line[1]}
	sum := 0
	for _, c := range line {
		sum += at(c)
	}
	globals := []string{"diagonal+", "diagonal-", "antiknight", "antiking", "disjointgroups", "nonconsecutive", "negative ratio", "negative xv"}
	switch rng.Intn(14) {
	case 0:
		return Killer{line, sum * rng.Intn(2)}
	case 1:
		return Thermo{line}
	case 2:
		return Arrow{line[:1], [][]Cell{line[1:]}}
	case 3:
		return LittleKiller{Cell{-1, 0}, "DR", line, sum}
	case 4:
		return Difference{pair, 1 + rng.Intn(3)}
	case 5:
		return Ratio{pair, 2}
	case 6:
		return XV{pair, at(pair[0]) + at(pair[1])}
	case 7:
		return Parity{line[0], rng.Intn(2) == 0}
	case 8:
		return Palindrome{line}
	case 9:
		return Renban{line}
	case 10:
		return Whispers{line, 1 + rng.Intn(2)}
	case 11:
		return Sandwich{Cell{rng.Intn(4), -1}, rng.Intn(6)}
	case 12:
		return ExtraRegion{line}
	}
	return Global{globals[rng.Intn(len(globals))]}
}

// randomLine returns k distinct cells, each a king's move from the last.
func randomLine(rng *rand.Rand, k int) []Cell {
	for {
		cs := []Cell{{rng.Intn(4), rng.Intn(4)}}
		for len(cs) < k {
			last := cs[len(cs)-1]
			c := Cell{last.Row + rng.Intn(3) - 1, last.Col + rng.Intn(3) - 1}
			if c.Row < 0 || c.Col < 0 || c.Row > 3 || c.Col > 3 || slices.Contains(cs, c) {
				if rng.Intn(10) == 0 {
					break
				}
				continue
			}
			cs = append(cs, c)
		}
		if len(cs) == k {
			return cs
		}
	}
}
