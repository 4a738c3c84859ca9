package picture

// Fitting the grid's ten lines of one family at once, as a comb, to the
// profile of a canvas's line ink finds where they are even when the rough
// quad was a cell or so out or the grid's outer border is broken, since
// the inner lines vote too.

// profile sums a canvas's line ink along one family: for horizontal lines
// (across true) how many horizontal-run pixels each row has between
// columns from and to, else how many vertical-run pixels each column has
// between rows from and to. It is smoothed over three pixels so a line's
// thickness counts, and capped at lineCap of a line all the way across, so
// one long straight rule cannot outvote several gently curved lines. A
// top-hat first takes away what is as wide as a quarter of a cell, such as
// a shadow's edge or the page's, so it cannot outvote the thin lines.
func (c *canvas) profile(across bool, from, to float64) []float64 {
	n := c.g.W
	lo, hi := max(0, int(from)), min(n, int(to))
	raw := make([]float64, n)
	for a := range n {
		for b := lo; b < hi; b++ {
			if across && c.horiz[a*n+b] || !across && c.vert[b*n+a] {
				raw[a]++
			}
		}
	}
	d := int(c.cell / 4)
	thin := make([]float64, n)
	for a := range n {
		side := 0.0
		if a >= d {
			side = raw[a-d]
		}
		if a+d < n {
			side = max(side, raw[a+d])
		}
		thin[a] = max(0, raw[a]-side)
	}
	raw = thin
	out := make([]float64, n)
	full := float64(hi - lo)
	for a := range n {
		out[a] = 2 * raw[a]
		if a > 0 {
			out[a] += raw[a-1]
		}
		if a+1 < n {
			out[a] += raw[a+1]
		}
		out[a] = min(out[a], 4*lineCap*full)
	}
	return out
}

// at returns p between its samples, 0 outside.
func at(p []float64, x float64) float64 {
	i := int(x)
	if x < 0 || i+1 >= len(p) {
		return 0
	}
	f := x - float64(i)
	return p[i]*(1-f) + p[i+1]*f
}

// fitLines finds ten lines in profile p, the first within first ± reach
// and the gaps between them about a cell, growing or shrinking evenly
// from one to the next (as perspective makes them), that cross the most
// ink. The lines round the boxes (0, 3, 6 and 9) count extra, as they are
// printed heavier: that keeps a rule above the grid, a cell away, from
// passing for its top line. So does the other family's ink between the
// lines (band, summed up to each place): a row of cells has the ten lines
// across it running through, a strip of heading above the grid has not.
// Moving away from where the rough quad put the lines costs a little, as
// it is usually nearly right. It returns where the lines are and the ink
// they cross.
func fitLines(p, band []float64, first, reach, cell float64) ([10]float64, float64) {
	full := 0.0 // what a line all the way across scores
	for _, v := range p {
		full = max(full, v)
	}
	best, bestScore := [10]float64{}, -1e18
	var at10 [10]float64
	for s := 0.8 * cell; s <= 1.25*cell; s += 0.25 {
		for step := -4; step <= 4; step++ {
			e := float64(step) / 4 * gapGrowth * s
			for o := first - reach; o <= first+reach; o += 0.5 {
				score := -movePenalty * full * (abs(o-first) + abs(o+9*s+36*e-first-9*cell)) / cell
				for k := range 10 {
					at10[k] = o + float64(k)*s + float64(k*(k-1)/2)*e
					score += boxWeight(k) * at(p, at10[k])
					if k > 0 {
						score += bandWeight * full * bandShare(band, at10[k-1], at10[k])
					}
				}
				if score > bestScore {
					best, bestScore = at10, score
				}
			}
		}
	}
	sum := 0.0
	for k, y := range best {
		best[k] = peakAt(p, y+0.5)
		sum += at(p, y)
	}
	return best, sum
}

// bandShare is how many of the ten crossing lines, each taken as a pixel
// wide, band finds on average between places a and b, as a share of ten.
func bandShare(band []float64, a, b float64) float64 {
	i, j := max(0, int(a)+1), min(len(band)-1, int(b))
	if j <= i {
		return 0
	}
	return min(1, (band[j]-band[i])/float64(j-i)/10)
}

// boxWeight is how much line k's ink counts in fitLines.
func boxWeight(k int) float64 {
	if k%3 == 0 {
		return 1 + boxBonus
	}
	return 1
}

// How fitLines and profile weigh the evidence; measured on the tuning
// half of the photos, which hardly cares about their exact values.
const (
	boxBonus    = 0.5  // extra weight of the lines round the boxes
	gapGrowth   = 0.03 // greatest change of gap from one line to the next, per gap
	bandWeight  = 0.1  // a row of cells crossed by all ten lines, in lines all the way across
	movePenalty = 0.3  // moving the first or last line a cell, in lines all the way across
	lineCap     = 0.5  // share of a line all the way across a profile counts up to
)

// crossing sums, from the start up to each row (across true) or column,
// the other family's line ink between from and to: the ink of lines that
// cross the ones being fitted.
func (c *canvas) crossing(across bool, from, to float64) []float64 {
	n := c.g.W
	lo, hi := max(0, int(from)), min(n, int(to))
	out := make([]float64, n)
	sum := 0.0
	for a := range n {
		for b := lo; b < hi; b++ {
			if across && c.vert[a*n+b] || !across && c.horiz[b*n+a] {
				sum++
			}
		}
		out[a] = sum
	}
	return out
}

// edgeLine is a line across the canvas, a + b·t, t the other coordinate.
type edgeLine struct{ a, b float64 }

// outerLines fits the first and last lines of one family (across true for
// horizontal lines) as straight lines: the ten lines across the whole
// board, then the first and last of them again in each third of the board,
// so a tilt still fits. It returns them and the share of the board's width
// the ten lines are inked along, on average.
func (c *canvas) outerLines(across bool) (first, last edgeLine, cover float64) {
	lo, hi := c.line(0), c.line(9)
	whole, score := fitLines(c.profile(across, lo, hi), c.crossing(across, lo, hi), c.line(0), 1.5*c.cell, c.cell)
	// Each profile sample counts a run pixel four times over (the
	// smoothing's weights).
	cover = score / (10 * 4 * (hi - lo))
	var ts, firsts, lasts []float64
	for s := range 3 {
		from, to := c.line(3*float64(s)), c.line(3*float64(s)+3)
		f, l := shiftLines(c.profile(across, from, to), whole, 0.3*c.cell)
		ts, firsts, lasts = append(ts, (from+to)/2), append(firsts, f), append(lasts, l)
	}
	return fitLine(ts, firsts), fitLine(ts, lasts), cover
}

// shiftLines finds how far, in part of the board, the ten lines found
// across the whole of it are moved, by up to reach at the first and at the
// last line and evenly in between, to cross the most ink in that part's
// profile p, and returns where the first and last lines are there. All ten
// lines vote, so a heading's rule next to the border cannot pull it away.
func shiftLines(p []float64, whole [10]float64, reach float64) (first, last float64) {
	best, bestA, bestB := -1.0, 0.0, 0.0
	for a := -reach; a <= reach; a += 0.5 {
		for b := -reach; b <= reach; b += 0.5 {
			sum := 0.0
			for k, y := range whole {
				sum += boxWeight(k) * at(p, y+a+(b-a)*float64(k)/9)
			}
			// Prefer the smaller move when the ink does not choose.
			sum -= 1e-6 * (abs(a) + abs(b))
			if sum > best {
				best, bestA, bestB = sum, a, b
			}
		}
	}
	return whole[0] + bestA, whole[9] + bestB
}

// fitLine is the least-squares line through points (t, v).
func fitLine(t, v []float64) edgeLine {
	n := float64(len(t))
	var st, sv, stt, stv float64
	for i := range t {
		st, sv, stt, stv = st+t[i], sv+v[i], stt+t[i]*t[i], stv+t[i]*v[i]
	}
	d := n*stt - st*st
	if d == 0 {
		return edgeLine{sv / n, 0}
	}
	b := (n*stv - st*sv) / d
	return edgeLine{(sv - b*st) / n, b}
}

// cross returns where a horizontal line (y = h.a + h.b·x) meets a vertical
// one (x = v.a + v.b·y).
func cross(h, v edgeLine) Point {
	// x = v.a + v.b(h.a + h.b x)
	x := (v.a + v.b*h.a) / (1 - v.b*h.b)
	return Point{x, h.a + h.b*x}
}

// refine fits the grid's outer lines in a canvas around the rough quad q
// of work and returns the quad they meet in, and how well a grid's lines
// were found there: the share of their length that is inked, 0 to 1.
func refine(work *Gray, q [4]Point) ([4]Point, float64) {
	c := newCanvas(work, q, refineCell, refineMargin, atEdge(work, q))
	top, bottom, hcover := c.outerLines(true)
	left, right, vcover := c.outerLines(false)
	corners := [4]Point{cross(top, left), cross(top, right), cross(bottom, right), cross(bottom, left)}
	for k, p := range corners {
		corners[k] = c.toWork(p)
	}
	return corners, min(hcover, vcover)
}

// The canvas refine fits a comb on: cells of refineCell pixels, and
// refineMargin cells of the picture around the rough quad.
const (
	refineCell   = 16
	refineMargin = 2
)
