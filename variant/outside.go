package variant

import "fmt"

// outside adds an X-sum, skyscraper or numbered room clue over its row or column, the
// cells taken from the clue's side.
func (b *builder) outside(o Outside) error {
	n := b.e.n
	cs := make([]int, n)
	for i := range cs {
		switch {
		case o.Clue.Row >= 0 && o.Clue.Row < n && o.Clue.Col == -1:
			cs[i] = o.Clue.Row*n + i
		case o.Clue.Row >= 0 && o.Clue.Row < n && o.Clue.Col == n:
			cs[i] = o.Clue.Row*n + n - 1 - i
		case o.Clue.Col >= 0 && o.Clue.Col < n && o.Clue.Row == -1:
			cs[i] = i*n + o.Clue.Col
		case o.Clue.Col >= 0 && o.Clue.Col < n && o.Clue.Row == n:
			cs[i] = (n-1-i)*n + o.Clue.Col
		default:
			return fmt.Errorf("variant: solve: %s clue %s is beside no row or column", o.Rule, o.Clue)
		}
	}
	if o.Value < 1 || o.Rule != "xsum" && o.Value > n {
		return fmt.Errorf("variant: solve: %s clue %s of %d", o.Rule, o.Clue, o.Value)
	}
	switch o.Rule {
	case "xsum":
		b.e.props = append(b.e.props, &xsumProp{cs: cs, sum: o.Value})
	case "skyscraper":
		b.e.props = append(b.e.props, &skyscraperProp{cs: cs, seen: o.Value, n: n})
	case "numberedroom":
		b.e.props = append(b.e.props, &roomProp{cs: cs, digit: o.Value})
	default:
		return &UnsupportedError{Names: []string{o.Rule}}
	}
	return nil
}

// xsumProp is an X-sum: the first X cells, X the first cell's digit, add
// up to sum. A first digit is kept when the cells it counts can make the
// sum; a later cell is kept, for each such first digit that counts it, to
// the digits that leave the sum within reach, and is free when some first
// digit does not count it.
type xsumProp struct {
	cs  []int
	sum int
}

func (p *xsumProp) cells() []int { return p.cs }

func (p *xsumProp) run(e *engine) bool {
	var first uint32
	var allow [maxSize]uint32
	for r := e.cand[p.cs[0]]; r != 0; r &= r - 1 {
		x := low(r)
		if x > len(p.cs) {
			continue
		}
		lo, hi := x, x
		for _, c := range p.cs[1:x] {
			lo, hi = lo+low(e.cand[c]), hi+high(e.cand[c])
		}
		if p.sum < lo || p.sum > hi {
			continue
		}
		first |= bit(x)
		for i := 1; i < len(p.cs); i++ {
			if i >= x {
				allow[i] = e.all
				continue
			}
			m := e.cand[p.cs[i]]
			allow[i] |= rangeMask(p.sum-(hi-high(m)), p.sum-(lo-low(m)))
		}
	}
	if !e.restrict(p.cs[0], first) {
		return false
	}
	for i := 1; i < len(p.cs); i++ {
		if !e.restrict(p.cs[i], allow[i]) {
			return false
		}
	}
	return true
}

// skyscraperProp is a skyscraper clue: seen digits of the row, from the
// clue's side, are each greater than all before them. The row holds every
// digit once, so the i-th cell (from 0) is at most n-seen+1+i; once every
// cell is placed the digits seen are counted.
type skyscraperProp struct {
	cs      []int
	seen, n int
}

func (p *skyscraperProp) cells() []int { return p.cs }

func (p *skyscraperProp) run(e *engine) bool {
	for i, c := range p.cs {
		if !e.restrict(c, rangeMask(1, p.n-p.seen+1+i)) {
			return false
		}
	}
	if p.seen == 1 && !e.restrict(p.cs[0], bit(p.n)) {
		return false
	}
	seen, top := 0, 0
	for _, c := range p.cs {
		if !single(e.cand[c]) {
			return true
		}
		if d := low(e.cand[c]); d > top {
			seen, top = seen+1, d
		}
	}
	return seen == p.seen
}

// roomProp is a numbered room: the X-th cell holds digit, X the first
// cell's digit. A first digit X is kept when the X-th cell can hold digit
// (the first cell itself when X is 1); when one X is left, its cell holds
// digit.
type roomProp struct {
	cs    []int
	digit int
}

func (p *roomProp) cells() []int { return p.cs }

func (p *roomProp) run(e *engine) bool {
	var first uint32
	for r := e.cand[p.cs[0]]; r != 0; r &= r - 1 {
		x := low(r)
		if x > len(p.cs) {
			continue
		}
		if x == 1 && p.digit == 1 || x > 1 && e.cand[p.cs[x-1]]&bit(p.digit) != 0 {
			first |= bit(x)
		}
	}
	if !e.restrict(p.cs[0], first) {
		return false
	}
	if single(first) && low(first) > 1 {
		return e.restrict(p.cs[low(first)-1], bit(p.digit))
	}
	return true
}
