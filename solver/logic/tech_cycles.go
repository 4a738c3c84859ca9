package logic

// Y-cycles: a loop of two-digit cells, each seeing the next and sharing a
// digit with it, the shared digit changing at every cell. Whichever digit
// the first cell holds, the loop turns the same way, so each pair of
// neighbours holds their shared digit once between them: a cell seeing
// both loses it. Sudoku Explainer rates a loop of m cells 6.5 plus the
// length bonus of its 2m − 2 nodes.

// maxCycle bounds the cells of a loop.
const maxCycle = 10

// yCycle finds the shortest Y-cycle that removes something.
func (b *cands) yCycle() (Step, bool) {
	c := cycleSearch{b: b, best: maxCycle + 1}
	for i := 0; i < b.geo.Cells; i++ {
		if b.bivalue(i) {
			d := digitsOf(b.cand[i])
			c.start = i
			c.loop = append(c.loop[:0], i)
			c.links = c.links[:0]
			c.extend(i, d[1]) // enter the first cell through d[0]: leave it through d[1]
		}
	}
	return c.step, c.found
}

type cycleSearch struct {
	b           *cands
	start       int
	loop, links []int // the cells, and the digit each shares with the next
	found       bool
	best        int
	step        Step
}

// extend leaves cell i through digit v, to a two-digit cell that sees it.
func (c *cycleSearch) extend(i, v int) {
	b := c.b
	first := digitsOf(b.cand[c.start])[0]
	if len(c.loop) >= 3 && v == first && b.sees(i, c.start) {
		c.close(v)
	}
	if len(c.loop) >= c.best-1 || len(c.loop) >= maxCycle {
		return
	}
	for _, p := range b.geo.Peers[i] {
		j := int(p)
		if j <= c.start || !b.bivalue(j) || b.cand[j]&(1<<(v-1)) == 0 || inSet(j, c.loop) {
			continue
		}
		c.loop, c.links = append(c.loop, j), append(c.links, v)
		c.extend(j, digitsOf(b.cand[j] &^ (1 << (v - 1)))[0])
		c.loop, c.links = c.loop[:len(c.loop)-1], c.links[:len(c.links)-1]
	}
}

// close rates the loop closed by digit v back to the first cell.
func (c *cycleSearch) close(v int) {
	b := c.b
	links := append(append([]int(nil), c.links...), v)
	var rm []Candidate
	seen := map[Candidate]bool{}
	for k, d := range links {
		x, y := c.loop[k], c.loop[(k+1)%len(c.loop)]
		for i := 0; i < b.geo.Cells; i++ {
			cand := Candidate{b.cell(i), d}
			if b.cand[i]&(1<<(d-1)) != 0 && !inSet(i, c.loop) && b.sees(i, x) && b.sees(i, y) && !seen[cand] {
				seen[cand] = true
				rm = append(rm, cand)
			}
		}
	}
	if len(rm) == 0 || len(c.loop) >= c.best {
		return
	}
	c.found, c.best = true, len(c.loop)
	c.step = Step{Technique: YCycle, Rating: YCycle.Rating() + chainLengthExtra(2*len(c.loop)-2), Removed: rm,
		Cells: b.cells(c.loop), Digits: links}
}
