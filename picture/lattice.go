package picture

import "slices"

// A lattice is where the grid's 10 × 10 line crossings are, row by row.
// Paper is often curved, so the lines are traced one by one, cell by cell,
// and each fitted with a gentle curve, rather than taken as straight lines
// between the corners.
type lattice [10][10]Point

// The canvas the lines are traced on: cells of traceCell pixels and one
// cell of margin.
const (
	traceCell   = 24
	traceMargin = 1
)

// traceLattice traces the grid's lines in a canvas around quad q of work
// and returns their crossings, in work's pixels.
func traceLattice(work *Gray, q [4]Point) lattice {
	c := newCanvas(work, q, traceCell, traceMargin, atEdge(work, q))
	var rows, cols [10]curve
	for k := range 10 {
		rows[k] = c.traceLine(true, k)
		cols[k] = c.traceLine(false, k)
	}
	var out lattice
	for i := range 10 {
		for j := range 10 {
			out[i][j] = c.toWork(meet(rows[i], cols[j], Point{c.line(float64(j)), c.line(float64(i))}))
		}
	}
	return out
}

// scaled returns l with every point multiplied by f: from the working
// copy's pixels to the picture's.
func (l lattice) scaled(f float64) lattice {
	for i := range l {
		for j := range l[i] {
			l[i][j] = Point{l[i][j].X * f, l[i][j].Y * f}
		}
	}
	return l
}

// curve is a line of the grid on a canvas: v = a + b·s + d·s², s = t − t0,
// t along it and v across it, both in canvas pixels. Measuring from t0,
// the board's middle, keeps the fit well conditioned.
type curve struct{ a, b, d, t0 float64 }

func (k curve) at(t float64) float64 {
	s := t - k.t0
	return k.a + k.b*s + k.d*s*s
}

// meet returns where horizontal curve h (y of x) and vertical curve v (x of
// y) cross, starting from guess p.
func meet(h, v curve, p Point) Point {
	for range 4 {
		p.X = v.at(p.Y)
		p.Y = h.at(p.X)
	}
	return p
}

// traceLine follows line k of one family (across true for horizontal)
// along the board, half a cell at a time: in each stretch, where across
// the line's expected place the most line ink is. It fits a curve through
// what it found, or keeps the expected straight line when too little was
// found.
func (c *canvas) traceLine(across bool, k int) curve {
	want := c.line(float64(k))
	reach := 0.3 * c.cell
	var ts, vs []float64
	for s := range 18 {
		from := c.line(float64(s) / 2)
		to := from + c.cell/2
		p := c.profile(across, from, to)
		v, ok := nearPeak(p, want, reach, 4*0.4*(to-from))
		if !ok { // a weak trace, not the line
			continue
		}
		ts, vs = append(ts, (from+to)/2), append(vs, v)
	}
	t0, lim := c.line(4.5), 0.35*c.cell
	for _, bent := range []bool{true, false} {
		if k, ok := robustCurve(ts, vs, t0, bent); ok && k.near(want, lim, c.line(0), c.line(9)) {
			return k
		}
	}
	return curve{a: want, t0: t0}
}

// near reports whether curve k stays within lim of the straight line
// v = want for t from lo to hi: a line traced astray (onto a digit, or
// bent wildly between too few points) does not.
func (k curve) near(want, lim, lo, hi float64) bool {
	for t := lo; t <= hi; t += (hi - lo) / 8 {
		if abs(k.at(t)-want) > lim {
			return false
		}
	}
	return true
}

// nearPeak returns the local peak of p within want ± reach, weighing the
// peaks' heights against how far they are from want, so that of a thick
// line's flat top or of two lines the nearer is taken; false if it does
// not reach floor.
func nearPeak(p []float64, want, reach, floor float64) (float64, bool) {
	best, at := 0.0, -1
	for v := max(1, int(want-reach)); v <= min(len(p)-2, int(want+reach+1)); v++ {
		if p[v] < p[v-1] || p[v] < p[v+1] || p[v] < floor {
			continue
		}
		if w := p[v] * (1 - 0.5*abs(float64(v)-want)/reach); w > best {
			best, at = w, v
		}
	}
	if at < 0 {
		return 0, false
	}
	return peakAt(p, float64(at)), true
}

// peakAt refines the place of the peak of p at v to between pixels: the
// centre of mass of the samples around it.
func peakAt(p []float64, v float64) float64 {
	i := int(v)
	sum, w := 0.0, 0.0
	for j := max(0, i-2); j <= min(len(p)-1, i+2); j++ {
		sum, w = sum+float64(j)*p[j], w+p[j]
	}
	if w == 0 {
		return v
	}
	return sum / w
}

// robustCurve fits a curve (bent, or else straight) through points
// (t, v), measured from t0, dropping the worst point while it is more than
// a pixel and a half off; false when fewer than six points are left.
func robustCurve(t, v []float64, t0 float64, bent bool) (curve, bool) {
	t, v = slices.Clone(t), slices.Clone(v)
	for len(t) >= 6 {
		k := fitCurve(t, v, t0)
		if !bent {
			l := fitLine(t, v)
			k = curve{a: l.a + l.b*t0, b: l.b, t0: t0}
		}
		worst, off := -1, 1.5
		for i := range t {
			if d := abs(v[i] - k.at(t[i])); d > off {
				worst, off = i, d
			}
		}
		if worst < 0 {
			return k, true
		}
		t = slices.Delete(t, worst, worst+1)
		v = slices.Delete(v, worst, worst+1)
	}
	return curve{}, false
}

// fitCurve is the least-squares curve through points (t, v), measured
// from t0, solved by Cramer's rule on the normal equations.
func fitCurve(t, v []float64, t0 float64) curve {
	var s [5]float64 // sums of t⁰ … t⁴
	var r [3]float64 // sums of v·t⁰ … v·t²
	for i := range t {
		p, u := 1.0, t[i]-t0
		for k := range 5 {
			s[k] += p
			if k < 3 {
				r[k] += v[i] * p
			}
			p *= u
		}
	}
	m := [3][3]float64{{s[0], s[1], s[2]}, {s[1], s[2], s[3]}, {s[2], s[3], s[4]}}
	d := det3(m)
	if d == 0 {
		return curve{a: r[0] / s[0], t0: t0}
	}
	var out [3]float64
	for k := range 3 {
		mk := m
		for row := range 3 {
			mk[row][k] = r[row]
		}
		out[k] = det3(mk) / d
	}
	return curve{out[0], out[1], out[2], t0}
}

func det3(m [3][3]float64) float64 {
	return m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1]) -
		m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0]) +
		m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0])
}
