package variant

import "fmt"

// add adds the props of one constraint.
func (b *builder) add(c Constraint) error {
	switch c := c.(type) {
	case Killer:
		return b.killer(c)
	case Thermo:
		return b.line(c.Cells, func(x, y int) bool { return x < y })
	case Arrow:
		return b.arrow(c)
	case LittleKiller:
		return b.littleKiller(c)
	case Difference:
		b.mark(c.Cells, "difference")
		return b.dot(c.Cells, func(x, y int) bool { return abs(x-y) == c.Value })
	case Ratio:
		b.mark(c.Cells, "ratio")
		return b.dot(c.Cells, func(x, y int) bool { return x == c.Value*y || y == c.Value*x })
	case XV:
		b.mark(c.Cells, "xv")
		return b.dot(c.Cells, func(x, y int) bool { return x+y == c.Sum })
	case Parity:
		return b.parity(c)
	case Palindrome:
		return b.palindrome(c)
	case Renban:
		return b.renban(c)
	case Whispers:
		return b.line(c.Cells, func(x, y int) bool { return abs(x-y) >= c.Diff })
	case Between:
		return b.between(c)
	case Line:
		return b.ruleLine(c)
	case Extreme:
		return b.extreme(c)
	case Clone:
		return b.clone(c)
	case Quadruple:
		return b.quadruple(c)
	case Sandwich:
		return b.sandwich(c)
	case Outside:
		return b.outside(c)
	case ExtraRegion:
		cs, err := b.idxs(c.Cells)
		b.group(cs)
		return err
	case Global:
		return b.global(c.Name)
	}
	return &UnsupportedError{Names: []string{c.Kind()}}
}

// killer adds a cage: no repeats and, with a sum, the digit sets that
// make it.
func (b *builder) killer(k Killer) error {
	cs, err := b.idxs(k.Cells)
	if err != nil {
		return err
	}
	b.group(cs)
	if k.Sum > 0 {
		s := &setProp{cs: cs, sets: sumSets(b.e.n, len(cs), k.Sum)}
		b.e.props, b.cages = append(b.e.props, s), append(b.cages, s)
	}
	return nil
}

// line adds the relation ok between each cell of a line and the next.
func (b *builder) line(cells []Cell, ok func(x, y int) bool) error {
	cs, err := b.idxs(cells)
	if err != nil {
		return err
	}
	for i := 1; i < len(cs); i++ {
		b.pair(cs[i-1], cs[i], ok)
	}
	return nil
}

// arrow adds, per line, sum(line) = the bulb's number; a pill bulb reads
// its digits as one number, in the order given.
func (b *builder) arrow(a Arrow) error {
	bulb, err := b.idxs(a.Bulb)
	if err != nil {
		return err
	}
	for _, l := range a.Lines {
		cs, err := b.idxs(l)
		if err != nil {
			return err
		}
		b.e.props = append(b.e.props, newArrowProp(cs, bulb, b.e.n))
	}
	return nil
}

// littleKiller adds a diagonal sum; digits may repeat.
func (b *builder) littleKiller(l LittleKiller) error {
	cs, err := b.idxs(l.Cells)
	if err != nil || l.Sum == 0 {
		return err
	}
	s := newSumProp(cs, l.Sum, b.e.n)
	s.diag = true
	b.e.props = append(b.e.props, s)
	return nil
}

// dot adds the relation ok between the two cells of a dot.
func (b *builder) dot(cells [2]Cell, ok func(x, y int) bool) error {
	cs, err := b.idxs(cells[:])
	if err != nil {
		return err
	}
	b.pair(cs[0], cs[1], ok)
	return nil
}

// mark records that a dot of kind joins the two cells.
func (b *builder) mark(cells [2]Cell, kind string) {
	x, y := b.idx(cells[0]), b.idx(cells[1])
	if x > y {
		x, y = y, x
	}
	if b.dots == nil {
		b.dots = map[[2]int]map[string]bool{}
	}
	if b.dots[[2]int{x, y}] == nil {
		b.dots[[2]int{x, y}] = map[string]bool{}
	}
	b.dots[[2]int{x, y}][kind] = true
}

// parity narrows a cell to odd or even digits.
func (b *builder) parity(p Parity) error {
	c := b.idx(p.Cell)
	if c < 0 {
		return fmt.Errorf("variant: solve: %s is outside the grid", p.Cell)
	}
	var m uint32
	for d := 1; d <= b.e.n; d++ {
		if (d%2 == 0) == p.Even {
			m |= bit(d)
		}
	}
	b.e.cand[c] &= m
	return nil
}

// palindrome adds equality between cells at the same distance from the
// line's two ends.
func (b *builder) palindrome(p Palindrome) error {
	cs, err := b.idxs(p.Cells)
	if err != nil {
		return err
	}
	for i, j := 0, len(cs)-1; i < j; i, j = i+1, j-1 {
		b.pair(cs[i], cs[j], func(x, y int) bool { return x == y })
	}
	return nil
}

// renban adds no repeats and a run of consecutive digits.
func (b *builder) renban(r Renban) error {
	cs, err := b.idxs(r.Cells)
	if err != nil {
		return err
	}
	b.group(cs)
	k := len(cs)
	sets := setsOf(b.e.n, k, func(m uint32) bool { return high(m)-low(m) == k-1 })
	b.e.props = append(b.e.props, &setProp{cs: cs, sets: sets})
	return nil
}

// sandwich adds a sandwich clue over its row or column.
func (b *builder) sandwich(s Sandwich) error {
	n := b.e.n
	cs := make([]int, n)
	for i := range cs {
		switch {
		case s.Clue.Row >= 0 && s.Clue.Row < n && (s.Clue.Col == -1 || s.Clue.Col == n):
			cs[i] = s.Clue.Row*n + i
		case s.Clue.Col >= 0 && s.Clue.Col < n && (s.Clue.Row == -1 || s.Clue.Row == n):
			cs[i] = i*n + s.Clue.Col
		default:
			return fmt.Errorf("variant: solve: sandwich clue %s is beside no row or column", s.Clue)
		}
	}
	b.e.props = append(b.e.props, &sandwichProp{cs: cs, sum: s.Sum, n: n})
	return nil
}
