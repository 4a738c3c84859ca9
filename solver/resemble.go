package solver

// Resembles reports whether some disguise of the complete 9×9 grid a
// agrees with the complete grid b in at least ResembleCells cells (so it
// is true of equivalent grids). It is false for other sides and for grids
// that are not complete. Two rows of a band that agree in full fix the
// column order and the relabelling; the search tries each pair of a's
// rows in a band on each pair of b's, placing columns one at a time, and
// counts the cells alike only where both rows fit: a fraction of a
// millisecond. It modifies neither grid.
func Resembles(a, b Grid) bool {
	if a.size != 9 || b.size != 9 || !a.Complete() || !b.Complete() {
		return false
	}
	var rs resembleSearch
	for i, v := range a.cells[:81] {
		rs.rows[0][i/9][i%9], rs.rows[1][i%9][i/9] = v, v
	}
	for i, v := range b.cells[:81] {
		rs.target[i/9][i%9] = v
	}
	for t := range 2 {
		rs.in = &rs.rows[t]
		for x1 := range uint8(9) {
			for x2 := x1 + 1; x2 < x1/3*3+3; x2++ {
				for y1 := range uint8(9) {
					for y2 := y1 / 3 * 3; y2 < y1/3*3+3; y2++ {
						if y2 != y1 && rs.try(x1, x2, y1, y2) {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// resembleSearch matches a's rows x1, x2 (in one orientation, in) with
// b's rows y1, y2, column by column. at[d] is the column of digit d in
// row x1, on[w] the column of w in row y1.
type resembleSearch struct {
	rows           [2][9][9]uint8
	in             *[9][9]uint8
	target         [9][9]uint8
	x1, x2, y1, y2 uint8
	at, on         [10]uint8
}

// columns is a partial column order: from[j] is the input column output
// column j shows, +1, with the relabelling that goes with it.
type columns struct {
	from [9]uint8
	cols lines
	lab  labels
}

// try reports whether x1, x2 on y1, y2 lead to a disguise alike enough.
func (rs *resembleSearch) try(x1, x2, y1, y2 uint8) bool {
	rs.x1, rs.x2, rs.y1, rs.y2 = x1, x2, y1, y2
	for k := range uint8(9) {
		rs.at[rs.in[x1][k]], rs.on[rs.target[y1][k]] = k, k
	}
	return rs.next(columns{})
}

// next tries each free input column in the first output column not
// placed; once all are placed it counts the cells alike.
func (rs *resembleSearch) next(s columns) bool {
	j := uint8(0)
	for j < 9 && s.from[j] != 0 {
		j++
	}
	if j == 9 {
		return rs.alike(&s) >= ResembleCells
	}
	for c := range uint8(9) {
		n := s
		if n.cols.of[c] == 0 && rs.show(&n, j, c) && rs.next(n) {
			return true
		}
	}
	return false
}

// show puts input column c in output column j, and with it every column
// this forces: row x2's digit there gets a label, and the column where
// row x1 has that digit must go where row y1 has the label.
func (rs *resembleSearch) show(s *columns, j, c uint8) bool {
	for {
		if !s.cols.put(c, j) || !s.lab.pair(rs.in[rs.x1][c], rs.target[rs.y1][j]) {
			return false
		}
		s.from[j] = c + 1
		d, w := rs.in[rs.x2][c], rs.target[rs.y2][j]
		if s.lab.to[d] == w && s.cols.of[rs.at[d]] != 0 {
			return true // the cycle is closed
		}
		if !s.lab.pair(d, w) {
			return false
		}
		j, c = rs.on[w], rs.at[d]
	}
}

// alike counts the cells alike under the column order and relabelling
// found, with the best order of the remaining rows and bands.
func (rs *resembleSearch) alike(s *columns) int {
	var same [9][9]uint8 // same[x][y]: cells alike when a's row x lies on b's row y
	for x := range 9 {
		for y := range 9 {
			for j, c := range s.from {
				if s.lab.to[rs.in[x][c-1]] == rs.target[y][j] {
					same[x][y]++
				}
			}
		}
	}
	xb, yb := int(rs.x1/3), int(rs.y1/3)
	x3, y3 := 3*xb+3-int(rs.x1%3)-int(rs.x2%3), 3*yb+3-int(rs.y1%3)-int(rs.y2%3)
	n := 18 + int(same[x3][y3])
	xo, yo := otherBands[xb], otherBands[yb]
	return n + max(bandAlike(&same, xo[0], yo[0])+bandAlike(&same, xo[1], yo[1]),
		bandAlike(&same, xo[0], yo[1])+bandAlike(&same, xo[1], yo[0]))
}

// otherBands[b] is the two bands (or stacks) other than b.
var otherBands = [3][2]int{{1, 2}, {0, 2}, {0, 1}}

// bandAlike is the most cells alike when a's band p lies on b's band q.
func bandAlike(same *[9][9]uint8, p, q int) int {
	best := 0
	for _, o := range permutations3 {
		n := 0
		for i, k := range o {
			n += int(same[3*p+i][3*q+k])
		}
		best = max(best, n)
	}
	return best
}
