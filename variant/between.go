package variant

import "fmt"

// between adds a between line: the cells inside it differ from its ends
// and lie strictly between them (betweenProp).
func (b *builder) between(l Between) error {
	cs, err := b.idxs(l.Cells)
	if err != nil {
		return err
	}
	if len(cs) < 2 {
		return fmt.Errorf("variant: solve: a between line of %d cell", len(cs))
	}
	b.e.props = append(b.e.props, &endsProp{cs: cs})
	return nil
}

// extreme adds a minimum or maximum cell: less (greater) than each
// orthogonal neighbour in the grid.
func (b *builder) extreme(x Extreme) error {
	at, err := b.idxs([]Cell{x.Cell})
	if err != nil {
		return err
	}
	ok := func(a, c int) bool { return a < c }
	if x.Max {
		ok = func(a, c int) bool { return a > c }
	}
	for _, s := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		if nb := b.idx(Cell{x.Cell.Row + s[0], x.Cell.Col + s[1]}); nb >= 0 {
			b.pair(at[0], nb, ok)
		}
	}
	return nil
}

// ruleLine adds a Line's rule as pairs: each cell against the next
// (parity lines), or the next two (entropic and modular lines: on a line
// of three cells or more, every three in a row hold one digit of each
// group exactly when any two cells a step or two apart differ in group;
// a line of two has no three in a row, and no rule).
func (b *builder) ruleLine(l Line) error {
	cs, err := b.idxs(l.Cells)
	if err != nil {
		return err
	}
	n := b.e.n
	reach, group := 2, func(d int) int { return d % 3 }
	switch l.Rule {
	case "parityline":
		reach, group = 1, func(d int) int { return d % 2 }
	case "entropicline":
		if n%3 != 0 {
			return &UnsupportedError{Names: []string{fmt.Sprintf("Entropic lines on a %dx%d grid", n, n)}}
		}
		group = func(d int) int { return (d - 1) / (n / 3) }
	case "modularline":
	case "zipperline":
		b.e.props = append(b.e.props, &zipperProp{cs: cs})
		return nil
	case "regionsumline":
		b.regionSums(cs)
		return nil
	case "doublearrow": // its ends add up to the cells between them
		if len(cs) < 3 {
			return fmt.Errorf("variant: solve: a double arrow of %d cells", len(cs))
		}
		ends := []int{cs[0], cs[len(cs)-1]}
		b.e.props = append(b.e.props, &equalSumsProp{cs: cs, parts: [][]int{ends, cs[1 : len(cs)-1]}})
		return nil
	case "lockout":
		if len(cs) < 2 || n != 9 {
			return fmt.Errorf("variant: solve: a lockout line of %d cells on %dx%d", len(cs), n, n)
		}
		b.e.props = append(b.e.props, &endsProp{cs: cs, lockout: true})
		return nil
	default:
		return &UnsupportedError{Names: []string{l.Rule}}
	}
	if reach == 2 && len(cs) < 3 {
		return nil // no three cells in a row: the rule says nothing
	}
	for i := range cs {
		for j := i + 1; j < len(cs) && j <= i+reach; j++ {
			b.pair(cs[i], cs[j], func(x, y int) bool { return group(x) != group(y) })
		}
	}
	return nil
}

// quadruple adds a quadruple's prop (quadProp).
func (b *builder) quadruple(q Quadruple) error {
	cs, err := b.idxs(q.Cells)
	if err != nil {
		return err
	}
	p := &quadProp{cs: cs}
	for _, d := range q.Digits {
		if d < 1 || d > b.e.n {
			return fmt.Errorf("variant: solve: a quadruple's digit %d", d)
		}
		p.need[d]++
		p.any |= bit(d)
	}
	if len(q.Digits) > len(cs) {
		return fmt.Errorf("variant: solve: a quadruple of %d digits in %d cells", len(q.Digits), len(cs))
	}
	p.full = len(q.Digits) == len(cs)
	b.e.props = append(b.e.props, p)
	return nil
}

// clone adds the equality of each cell of a clone with its copy.
func (b *builder) clone(c Clone) error {
	xs, err := b.idxs(c.Cells)
	if err != nil {
		return err
	}
	ys, err := b.idxs(c.Copy)
	if err != nil {
		return err
	}
	if len(xs) != len(ys) {
		return fmt.Errorf("variant: solve: a clone of %d cells for %d", len(ys), len(xs))
	}
	for i := range xs {
		if xs[i] != ys[i] {
			b.pair(xs[i], ys[i], func(x, y int) bool { return x == y })
		}
	}
	return nil
}

// quadProp is a quadruple: each digit d among its cells need[d] times at
// least. A digit with no more cells that can hold it than it needs is
// placed in them; when the digits fill every cell (full), each cell holds
// one of them.
type quadProp struct {
	cs   []int
	need [17]int
	any  uint32 // the digits needed
	full bool
}

func (p *quadProp) cells() []int { return p.cs }

func (p *quadProp) run(e *engine) bool {
	if p.full {
		for _, c := range p.cs {
			if !e.restrict(c, p.any) {
				return false
			}
		}
	}
	for r := p.any; r != 0; r &= r - 1 {
		d := low(r)
		holders := 0
		for _, c := range p.cs {
			if e.cand[c]&bit(d) != 0 {
				holders++
			}
		}
		if holders < p.need[d] {
			return false
		}
		if holders == p.need[d] {
			for _, c := range p.cs {
				if e.cand[c]&bit(d) != 0 && !e.restrict(c, bit(d)) {
					return false
				}
			}
		}
	}
	return true
}

// endsProp is a line judged by its two ends, cs[0] and cs[len-1]: a
// between line, whose cells inside lie strictly between the ends' digits,
// or a lockout line, whose ends differ by lockoutGap or more and whose
// cells inside lie outside them, not on them. A digit is kept at an end
// when some digit of the other end leaves every inside cell a digit it
// allows, and inside when some such pair of ends allows it.
type endsProp struct {
	cs      []int
	lockout bool
}

// lockoutGap is how far apart a lockout line's ends are at least (9×9).
const lockoutGap = 4

func (p *endsProp) cells() []int { return p.cs }

func (p *endsProp) run(e *engine) bool {
	a, z := p.cs[0], p.cs[len(p.cs)-1]
	inside := p.cs[1 : len(p.cs)-1]
	var keepA, keepZ, keepIn uint32
	for ra := e.cand[a]; ra != 0; ra &= ra - 1 {
		x := low(ra)
		for rz := e.cand[z]; rz != 0; rz &= rz - 1 {
			y := low(rz)
			span := rangeMask(min(x, y)+1, max(x, y)-1)
			if p.lockout {
				span = e.all &^ rangeMask(min(x, y), max(x, y))
			}
			if a == z && x != y || p.lockout && abs(x-y) < lockoutGap || !fits(e, inside, span) {
				continue
			}
			keepA, keepZ, keepIn = keepA|bit(x), keepZ|bit(y), keepIn|span
		}
	}
	if !e.restrict(a, keepA) || !e.restrict(z, keepZ) {
		return false
	}
	for _, c := range inside {
		if !e.restrict(c, keepIn) {
			return false
		}
	}
	return true
}

// fits reports whether every cell of cs has a digit in span.
func fits(e *engine, cs []int, span uint32) bool {
	for _, c := range cs {
		if e.cand[c]&span == 0 {
			return false
		}
	}
	return true
}
