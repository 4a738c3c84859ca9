package variant

import "fmt"

// global adds a rule over the whole grid; the negative rules wait for
// negatives, once every dot is known.
func (b *builder) global(name string) error {
	n := b.e.n
	switch name {
	case "diagonal+", "diagonal-":
		cs := make([]int, n)
		for i := range cs {
			cs[i] = i*n + i
			if name == "diagonal+" {
				cs[i] = (n-1-i)*n + i
			}
		}
		b.group(cs)
	case "antiknight":
		b.moves([][2]int{{1, 2}, {2, 1}, {1, -2}, {2, -1}})
	case "antiking":
		b.moves([][2]int{{1, 1}, {1, -1}})
	case "disjointgroups":
		return b.disjoint()
	case "nonconsecutive", "negative ratio", "negative xv":
		if b.globals == nil {
			b.globals = map[string]bool{}
		}
		b.globals[name] = true
	default:
		return &UnsupportedError{Names: []string{name}}
	}
	return nil
}

// moves adds "differ" between each cell and the cells a move away.
func (b *builder) moves(steps [][2]int) {
	n := b.e.n
	for c := 0; c < n*n; c++ {
		for _, s := range steps {
			d := b.idx(Cell{c/n + s[0], c%n + s[1]})
			if d >= 0 {
				b.differ(c, d)
			}
		}
	}
}

// disjoint adds a group per position in the standard boxes.
func (b *builder) disjoint() error {
	n := b.e.n
	h, w := BoxSize(n)
	if h == 1 {
		return fmt.Errorf("variant: solve: disjoint groups on a %d×%d grid without boxes", n, n)
	}
	groups := make([][]int, n)
	for c := 0; c < n*n; c++ {
		g := c/n%h*w + c%n%w
		groups[g] = append(groups[g], c)
	}
	for _, g := range groups {
		b.group(g)
	}
	return nil
}

// negatives adds, between orthogonal neighbours joined by no dot of the
// rule's kind, what the negative rules forbid.
func (b *builder) negatives() {
	rules := []struct {
		name, kind string
		ok         func(x, y int) bool
	}{
		{"nonconsecutive", "difference", func(x, y int) bool { return abs(x-y) != 1 }},
		{"negative ratio", "ratio", func(x, y int) bool { return x != 2*y && y != 2*x }},
		{"negative xv", "xv", func(x, y int) bool { return x+y != 5 && x+y != 10 }},
	}
	n := b.e.n
	kropki := func(pair [2]int, kind string) bool {
		ks := b.dots[pair]
		if kind == "xv" {
			return ks["xv"]
		}
		return ks["difference"] || ks["ratio"] // a pair with either dot could show the other
	}
	for _, r := range rules {
		if !b.globals[r.name] {
			continue
		}
		for c := 0; c < n*n; c++ {
			for _, d := range []int{b.idx(Cell{c / n, c%n + 1}), b.idx(Cell{c/n + 1, c % n})} {
				if d >= 0 && !kropki([2]int{c, d}, r.kind) {
					b.pair(c, d, r.ok)
				}
			}
		}
	}
}
