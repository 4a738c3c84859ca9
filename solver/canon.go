package solver

import "slices"

// Two 9×9 puzzles are the same puzzle in disguise when one turns into the
// other by the moves that keep every Sudoku a Sudoku: relabelling the
// digits, swapping rows within a band, swapping bands, the same for
// columns and stacks, and transposing (turns and mirrors are made of
// these). Canonical picks one grid of each such family, as the Sudoku
// community's minlex tools do: the least of the family read as an
// 81-digit string, blanks as 0, digits relabelled in order of first
// appearance. Signature is a cheap summary that equivalent puzzles share,
// to rule most puzzles out before the search.

// colOrders9 lists the 1,296 column orders that keep stacks together: an
// output column j shows input column colOrders9[k][j]. orderStacks9 says
// the same by stack: output stack s is input stack orderStacks9[k][s][0],
// its columns in the order permutations3[orderStacks9[k][s][1]].
var colOrders9, orderStacks9 = makeColOrders9()

// patterns3 turns the givens of a stack, as 3 bits (its first column the
// highest), into the bits they make in each order permutations3 lists.
var patterns3 = makePatterns3()

func makeColOrders9() ([][9]uint8, [][3][2]uint8) {
	var out [][9]uint8
	var stacksOut [][3][2]uint8
	for _, stacks := range permutations3 {
		for a := range permutations3 {
			for b := range permutations3 {
				for c := range permutations3 {
					var o [9]uint8
					var st [3][2]uint8
					for j, w := range [3]int{a, b, c} {
						st[j] = [2]uint8{uint8(stacks[j]), uint8(w)}
						for k := range 3 {
							o[3*j+k] = uint8(3*stacks[j] + permutations3[w][k])
						}
					}
					out, stacksOut = append(out, o), append(stacksOut, st)
				}
			}
		}
	}
	return out, stacksOut
}

func makePatterns3() (t [6][8]uint8) {
	for w, order := range permutations3 {
		for in := range 8 {
			for k, col := range order {
				if in>>(2-col)&1 != 0 {
					t[w][in] |= 1 << (2 - k)
				}
			}
		}
	}
	return t
}

// patternUnder is the pattern of givens that a row with the givens mask
// (column 0 the highest of 9 bits) shows in column order k.
func patternUnder(mask uint16, k uint16) uint16 {
	st := &orderStacks9[k]
	var p uint16
	for s := range 3 {
		p = p<<3 | uint16(patterns3[st[s][1]][mask>>(6-3*st[s][0])&7])
	}
	return p
}

// MinCanonicalGivens is the fewest givens Canonical takes: fewer never
// make a puzzle with one solution, and an emptier grid is so symmetric
// that the search would take long.
const MinCanonicalGivens = 17

// Canonical returns the minlex form of a 9×9 grid: the least grid, read
// row by row with blanks as 0, among every grid its digits, rows, bands,
// columns, stacks and transposition can turn it into, with the digits
// relabelled 1, 2, 3… in order of first appearance. Two grids are the
// same puzzle in disguise exactly when their canonical forms are equal.
// ok is false, and the grid is returned as it is, for other sides and for
// grids with fewer than MinCanonicalGivens givens. It does not modify g.
// On puzzles it takes 68 µs at the median and 0.3 ms at the 99th
// percentile; a grid with several empty rows in its bands keeps many ties
// alive and can take tens of milliseconds.
func Canonical(g Grid) (Grid, bool) {
	if g.size != 9 || g.Givens() < MinCanonicalGivens {
		return g, false
	}
	var cs canonSearch
	for i, v := range g.cells[:81] {
		cs.rows[0][i/9][i%9], cs.rows[1][i%9][i/9] = v, v
		if v != 0 {
			cs.masks[0][i/9] |= 1 << (8 - i%9)
			cs.masks[1][i%9] |= 1 << (8 - i/9)
		}
	}
	out := Grid{size: 9}
	cur, best := cs.firstRow()
	copy(out.cells[:9], best[:])
	var next []canonCand
	for i := 1; i < 9; i++ {
		next, best = cs.bestRows(cur, next[:0], i)
		copy(out.cells[9*i:], best[:])
		cur, next = next, cur
	}
	return out, true
}

// canonSearch is the grid as Canonical searches it: its rows as given and
// transposed, and each row's givens as a mask, column 0 the highest bit.
type canonSearch struct {
	rows  [2][9][9]uint8
	masks [2][9]uint16
}

// canonCand is one way of reaching the least rows so far: the grid's
// orientation, a column order, the input rows taken, the band the current
// output band comes from, and the digits relabelled so far.
type canonCand struct {
	t, band, next uint8
	order         uint16
	used          uint16
	label         [10]uint8
}

// bestRows extends every candidate by each input row it may take as output
// row i, and returns the extensions that make the least row, with it. A
// row with a given where the least row so far still has blanks, before its
// first digit, is greater: its pattern of givens rules it out at once.
func (cs *canonSearch) bestRows(cur, next []canonCand, i int) ([]canonCand, [9]uint8) {
	var best [9]uint8
	have, lead := false, uint16(0) // lead: the best row's blanks before its first digit, as pattern bits
	for k := range cur {
		c := &cur[k]
		for r := range 9 {
			if !c.mayTake(r, i) || have && patternUnder(cs.masks[c.t][r], c.order)&lead != 0 {
				continue
			}
			e := *c
			switch d := e.against(&cs.rows, r, &best, have); {
			case d < 0:
				have, lead, next = true, leadingBlanks(&best), append(next[:0], e.took(r))
			case d == 0:
				next = append(next, e.took(r))
			}
		}
	}
	return next, best
}

// against makes input row r the next output row under c, labelling its
// new digits, and compares it with best as it goes: it stops at the first
// cell that makes it greater (d > 0). When it is less, or when there is no
// best yet (have false), it is written to best and d is -1.
func (c *canonCand) against(rows *[2][9][9]uint8, r int, best *[9]uint8, have bool) (d int) {
	in, order := &rows[c.t][r], &colOrders9[c.order]
	less := !have
	for j, col := range order {
		v := in[col]
		if v != 0 {
			if c.label[v] == 0 {
				c.next++
				c.label[v] = c.next
			}
			v = c.label[v]
		}
		switch {
		case less:
			best[j] = v
		case v < best[j]:
			less, best[j] = true, v
		case v > best[j]:
			return 1
		}
	}
	if less {
		return -1
	}
	return 0
}

// leadingBlanks is the pattern bits of a row's blanks before its first
// digit (all nine for a blank row).
func leadingBlanks(row *[9]uint8) uint16 {
	var bits uint16
	for j, v := range row {
		if v != 0 {
			break
		}
		bits |= 1 << (8 - j)
	}
	return bits
}

// mayTake reports whether input row r may be output row i: a row of a
// band not used yet when i starts a band, else a row of the current band
// not taken yet.
func (c *canonCand) mayTake(r, i int) bool {
	if c.used&(1<<r) != 0 {
		return false
	}
	if i%3 == 0 {
		return c.used>>(3*(r/3))&7 == 0
	}
	return r/3 == int(c.band)
}

// took returns c with input row r taken.
func (c canonCand) took(r int) canonCand {
	c.used |= 1 << r
	c.band = uint8(r / 3)
	return c
}

// firstRow returns the candidates for the rest once output row 0 is
// taken, with that row. Row 0's least form depends only on its pattern of
// blanks and givens (its digits are labelled 1, 2, 3… whatever they are),
// so the candidates are the rows and column orders that reach the least
// pattern any row can have: its stacks in order of fewest givens, each
// stack's blanks first.
func (cs *canonSearch) firstRow() ([]canonCand, [9]uint8) {
	bestPat := uint16(1 << 9)
	var wanted [2]uint16 // input rows, by orientation, that reach bestPat
	for t := range 2 {
		for r := range 9 {
			switch p := leastPattern(&cs.rows[t][r]); {
			case p < bestPat:
				bestPat, wanted = p, [2]uint16{}
				wanted[t] = 1 << r
			case p == bestPat:
				wanted[t] |= 1 << r
			}
		}
	}
	var out []canonCand
	var best [9]uint8
	for t := range 2 {
		for r := range 9 {
			if wanted[t]&(1<<r) == 0 {
				continue
			}
			for k := range colOrders9 {
				if patternUnder(cs.masks[t][r], uint16(k)) == bestPat {
					e := canonCand{t: uint8(t), order: uint16(k)}
					e.against(&cs.rows, r, &best, false)
					out = append(out, e.took(r))
				}
			}
		}
	}
	return out, best
}

// leastPattern is the least pattern of givens the row shows in any column
// order (see patternUnder).
func leastPattern(row *[9]uint8) uint16 {
	var counts [3]int
	for c, v := range row {
		if v != 0 {
			counts[c/3]++
		}
	}
	slices.Sort(counts[:])
	var p uint16
	for _, k := range counts {
		p = p<<3 | (1<<k - 1)
	}
	return p
}

// Signature sums up a 9×9 grid by what no disguise changes: its number of
// givens, how often each digit is given (sorted), and the givens in each
// row and band, and each column and stack (sorted; a transposition swaps
// the two, so the pair is put in order). Equivalent grids have equal
// signatures; most grids that are not equivalent have different ones, so
// comparing signatures first spares Canonical's search.
type Signature struct {
	Givens uint8
	Digits [9]uint8
	Lines  [2][12]uint8 // each side: 9 lines then 3 bands, each part sorted
}

// SignatureOf returns g's Signature; the zero Signature for other sides
// than 9. It does not modify g.
func SignatureOf(g Grid) Signature {
	var s Signature
	if g.size != 9 {
		return s
	}
	var digits [10]uint8
	for r := range 9 {
		for c, v := range g.cells[9*r : 9*r+9] {
			if v != 0 {
				digits[v]++
				s.Lines[0][r]++
				s.Lines[1][c]++
			}
		}
	}
	for k := range s.Lines {
		l := &s.Lines[k]
		for b := range 3 {
			l[9+b] = l[3*b] + l[3*b+1] + l[3*b+2]
		}
		s.Givens = l[9] + l[10] + l[11]
	}
	copy(s.Digits[:], digits[1:])
	sortSmall(s.Digits[:])
	for k := range s.Lines {
		sortSmall(s.Lines[k][:9])
		sortSmall(s.Lines[k][9:])
	}
	if slices.Compare(s.Lines[0][:], s.Lines[1][:]) > 0 {
		s.Lines[0], s.Lines[1] = s.Lines[1], s.Lines[0]
	}
	return s
}

// sortSmall sorts a few counts in place: an insertion sort, quicker than
// the general sort at these sizes.
func sortSmall(a []uint8) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// Equivalent reports whether two complete 9×9 grids are the same solution
// in disguise: digits relabelled, rows, bands, columns or stacks swapped,
// transposed. It is false for other grids. It tries each row of a (as
// given and transposed) in each column order as b's first row, which fixes
// the relabelling, and most tries fail at the next row's first cell: it
// costs a fraction of a millisecond, less than Canonical on a full grid.
func Equivalent(a, b Grid) bool {
	if a.size != 9 || b.size != 9 || !a.Complete() || !b.Complete() {
		return false
	}
	var rows [2][9][9]uint8
	for i, v := range a.cells[:81] {
		rows[0][i/9][i%9], rows[1][i%9][i/9] = v, v
	}
	var target [9][9]uint8
	for i, v := range b.cells[:81] {
		target[i/9][i%9] = v
	}
	for t := range 2 {
		for r := range 9 {
			for k := range colOrders9 {
				if mapsOnto(&rows[t], r, &colOrders9[k], &target) {
					return true
				}
			}
		}
	}
	return false
}

// mapsOnto reports whether rows, with row r first, the column order and
// the relabelling that turns row r into target's first row, become target
// under some order of bands and of rows within them.
func mapsOnto(rows *[9][9]uint8, r int, order *[9]uint8, target *[9][9]uint8) bool {
	var label [10]uint8
	for j, col := range order {
		label[rows[r][col]] = target[0][j]
	}
	for x := 3 * (r / 3); x < 3*(r/3)+3; x++ { // row r's band goes to target's first: a cheap first test
		if x != r && !sameRow(rows, x, order, &label, &target[1]) && !sameRow(rows, x, order, &label, &target[2]) {
			return false
		}
	}
	var bandOf [3]int8 // the target band each band of rows goes to, +1
	bandOf[r/3] = 1
	for x := range 9 {
		y := matchRow(rows, x, order, &label, target)
		if y < 0 {
			return false
		}
		if bandOf[x/3] == 0 {
			bandOf[x/3] = int8(y/3) + 1
		}
		if int(bandOf[x/3]) != y/3+1 {
			return false
		}
	}
	return true
}

// matchRow returns the target row that row x becomes, or -1.
func matchRow(rows *[9][9]uint8, x int, order *[9]uint8, label *[10]uint8, target *[9][9]uint8) int {
	for y := range 9 {
		if sameRow(rows, x, order, label, &target[y]) {
			return y
		}
	}
	return -1
}

// sameRow reports whether row x becomes want.
func sameRow(rows *[9][9]uint8, x int, order *[9]uint8, label *[10]uint8, want *[9]uint8) bool {
	for j, col := range order {
		if label[rows[x][col]] != want[j] {
			return false
		}
	}
	return true
}
