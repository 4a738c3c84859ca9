package solver

// Embeds and Resembles find a solution grid in disguise when it is only
// part of what is asked about: a puzzle whose givens all fit it (a daily
// with givens taken away), or a solution that is it in all but a few
// cells. Both search the moves Canonical knows (digits relabelled, rows
// within bands, bands, columns within stacks, stacks, transposed).

// ResembleCells is how many of 81 cells two solutions must share, in some
// disguise, for Resembles: at most 11 differ. At that bound some band
// holds two rows that agree in full, which is what makes the search quick
// (a row of two solutions cannot differ in exactly one cell).
const ResembleCells = 70

// labels is a relabelling being built: digit to digit and back.
type labels struct {
	to, from [10]uint8
}

// pair makes v stand for w; false when either is taken by another.
func (l *labels) pair(v, w uint8) bool {
	if l.to[v] == 0 && l.from[w] == 0 {
		l.to[v], l.from[w] = w, v
		return true
	}
	return l.to[v] == w
}

// Embeds reports whether some disguise of the complete 9×9 grid sol agrees
// with every given of g: sol, disguised, is one of g's solutions (or g
// itself when g is complete). It is false for other sides and when sol is
// not complete. It places g's rows and columns on sol's one given at a
// time, each next to those placed: once a line and a digit's new label are
// known the other line is forced, since each digit is once in a line of
// sol, and a clash cuts the search short. It modifies neither grid.
func Embeds(g, sol Grid) bool {
	if g.size != 9 || sol.size != 9 || !sol.Complete() {
		return false
	}
	var e embedSearch
	for i, v := range sol.cells[:81] {
		r, c := i/9, i%9
		e.target[r][c] = v
		e.inRow[r][v], e.inCol[c][v] = uint8(c), uint8(r)
	}
	for _, transposed := range []bool{false, true} {
		e.givens = givenOrder(g, transposed)
		if e.place(0, embedState{}) {
			return true
		}
	}
	return false
}

// given is a cell of a puzzle with its digit.
type given struct{ r, c, v uint8 }

// givenOrder returns g's givens (transposed or not), each next one sharing
// as much as it can with those before: its row, its column, its digit.
func givenOrder(g Grid, transposed bool) []given {
	rest := make([]given, 0, 81)
	for i, v := range g.cells[:81] {
		if v != 0 {
			r, c := uint8(i/9), uint8(i%9)
			if transposed {
				r, c = c, r
			}
			rest = append(rest, given{r, c, v})
		}
	}
	out := make([]given, 0, len(rest))
	var rows, cols, digits uint16
	for len(rest) > 0 {
		best, score := 0, -1
		for k, x := range rest {
			line, both, digit := bit(rows, x.r)|bit(cols, x.c), bit(rows, x.r)&bit(cols, x.c), bit(digits, x.v)
			n := 3*both + 2*line + digit + line*digit // a check, then a forced line, then the fewest tries
			if n > score {
				best, score = k, n
			}
		}
		x := rest[best]
		out, rest = append(out, x), append(rest[:best], rest[best+1:]...)
		rows, cols, digits = rows|1<<x.r, cols|1<<x.c, digits|1<<x.v
	}
	return out
}

func bit(set uint16, i uint8) int { return int(set>>i) & 1 }

// embedSearch places a puzzle's givens on a solution, which it keeps with
// where each digit is in each row and column.
type embedSearch struct {
	target       [9][9]uint8
	inRow, inCol [9][10]uint8
	givens       []given
}

// embedState is a partial disguise: the lines and digits placed so far.
type embedState struct {
	lab        labels
	rows, cols lines
}

// lines places a puzzle's rows (or columns) on a solution's: of[a] is the
// line a is on, +1, group the band (or stack), +1, used the lines taken.
type lines struct {
	of    [9]uint8
	group [3]uint8
	used  uint16
}

// put places line a on line b, and reports whether it may go there.
func (l *lines) put(a, b uint8) bool {
	if l.of[a] != 0 {
		return l.of[a] == b+1
	}
	if l.used&(1<<b) != 0 {
		return false
	}
	if g := l.group[a/3]; g != 0 && g != b/3+1 || g == 0 && l.groupTaken(b/3) {
		return false
	}
	l.of[a], l.group[a/3], l.used = b+1, b/3+1, l.used|1<<b
	return true
}

// groupTaken reports whether another band (or stack) is on group s.
func (l *lines) groupTaken(s uint8) bool {
	for _, o := range l.group {
		if o == s+1 {
			return true
		}
	}
	return false
}

// place places givens[i:], and reports whether all fit. A given's row is
// forced when its column and label are known, else each free row is tried.
func (e *embedSearch) place(i int, s embedState) bool {
	if i == len(e.givens) {
		return true
	}
	x := e.givens[i]
	if s.rows.of[x.r] != 0 {
		return e.placeInRow(i, s)
	}
	if j, w := s.cols.of[x.c], s.lab.to[x.v]; j != 0 && w != 0 {
		return s.rows.put(x.r, e.inCol[j-1][w]) && e.placeInRow(i, s)
	}
	for y := range uint8(9) {
		n := s
		if n.rows.put(x.r, y) && e.placeInRow(i, n) {
			return true
		}
	}
	return false
}

// placeInRow places givens[i], whose row is placed, and goes on. Its
// column is forced when its label is known, else each free one is tried.
func (e *embedSearch) placeInRow(i int, s embedState) bool {
	x := e.givens[i]
	y := s.rows.of[x.r] - 1
	if j := s.cols.of[x.c]; j != 0 {
		return s.lab.pair(x.v, e.target[y][j-1]) && e.place(i+1, s)
	}
	if w := s.lab.to[x.v]; w != 0 {
		return s.cols.put(x.c, e.inRow[y][w]) && e.place(i+1, s)
	}
	for j := range uint8(9) {
		n := s
		if n.lab.pair(x.v, e.target[y][j]) && n.cols.put(x.c, j) && e.place(i+1, n) {
			return true
		}
	}
	return false
}
