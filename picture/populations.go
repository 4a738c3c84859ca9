package picture

import (
	"math"
	"slices"
)

// looks are a board's digits as decideKinds compares them: for each cell
// that holds a digit (idx), what tells its kind (lookDims numbers).
type looks struct {
	idx []int
	f   [][lookDims]float64
	one float64 // the digits' fit as one population (robustFit)
	odd []bool  // the digits robustFit leaves out of that population
	// oddWritten is the one population with those of its outliers the
	// classifier reads as written written: its kind is the classifier's
	// alone, for the picture's other digits do not tell it.
	oddWritten [81]bool
}

// The measures of a digit's looks: the classifier's log odds that it was
// written, its ink's contrast, its strokes' width (log, over the cell's
// side), its ink's colourfulness and its height against the board's tall
// marks.
const (
	lookOdds = iota
	lookContrast
	lookWidth
	lookChroma
	lookHeight
	lookDims
)

// lookFloor is the least spread within a population each measure is
// reckoned to have: the noise of one kind's digits on a clean picture (a
// face's digits differ in width by a few percent from digit to digit).
var lookFloor = [lookDims]float64{1.0, 0.03, 0.06, 0.012, 0.04}

// oddsLimit bounds the classifier's log odds: beyond it, a glyph's kind
// is no surer.
const oddsLimit = 5.0

// kindLooks returns the looks of the digits of cells, from the
// classifier's inputs in and the cells' traits.
func kindLooks(cells *[81]Cell, in *[81][]float32, tr *traits) looks {
	var l looks
	for i, c := range cells {
		if c.Digit == 0 {
			continue
		}
		w := min(max(writtenShare(c.probs), 1e-6), 1-1e-6)
		odds := min(max(math.Log(w/(1-w)), -oddsLimit), oddsLimit)
		s := in[i][GlyphSide*GlyphSide:]
		l.idx = append(l.idx, i)
		l.f = append(l.f, [lookDims]float64{odds, float64(s[fContrast]), math.Log(max(tr.Width[i], 1e-3)), float64(s[fChroma]), float64(s[fHeightRel])})
	}
	l.one, l.odd = l.robustFit(func(int) bool { return true })
	return l
}

// fit returns the log-likelihood of the looks of the digits in a group
// (in[k] for looks k) as one population: each measure a bell of its own
// mean and spread (at least lookFloor); 0 for an empty group.
func (l *looks) fit(in func(k int) bool) float64 {
	ll := 0.0
	for d := range lookDims {
		var n, sum, sq float64
		for k, f := range l.f {
			if in(k) {
				n++
				sum += f[d]
				sq += f[d] * f[d]
			}
		}
		if n == 0 {
			return 0
		}
		v := max(sq/n-(sum/n)*(sum/n), lookFloor[d]*lookFloor[d])
		ss := sq - sum*sum/n
		ll += -n/2*math.Log(2*math.Pi*v) - ss/(2*v)
	}
	return ll
}

// robustFit is fit for a group that may hold up to maxOutliers digits
// of neither kind (a speck or a stroke of the grid read as a digit, a
// given misread), each, taken out of the group, counting outlierLL:
// a digit or two that look like no other must not, by how much they
// widen one population, make two; a second population must be a
// population, its digits alike. The outliers are taken greedily, the one
// whose leaving helps the fit most first; it returns the fit and which
// digits it took out.
func (l *looks) robustFit(in func(k int) bool) (float64, []bool) {
	out := make([]bool, len(l.f))
	member := func(k int) bool { return !out[k] && in(k) }
	best := l.fit(member)
	for n := 1; n <= maxOutliers; n++ {
		at, ll := -1, best
		for k := range l.f {
			if !member(k) {
				continue
			}
			out[k] = true
			if v := l.fit(member) + outlierLL; v > ll {
				at, ll = k, v
			}
			out[k] = false
		}
		if at < 0 {
			break
		}
		out[at], best = true, ll
	}
	return best, out
}

// How robustFit takes outliers: at most maxOutliers of a group, each
// counting outlierLL, in splitScore's log-likelihood.
const (
	maxOutliers = 3
	outlierLL   = -8.0
)

// splitScore is how much better the board's digits fit as two
// populations, the written ones (written) and the printed, than as one
// with a few outliers (robustFit), less splitCost; 0 when none is
// written, or only the one population's outliers the classifier reads as
// written (oddWritten). A split that reads the print as the fainter
// population (inkApart) costs reversedCost more; so, where neither is
// clearly fainter, does a split whose written digits the classifier does
// not find, on average, more written-looking than the printed ones by
// oddsMargin in log odds: the classifier's outputs are probabilities, and
// a group of digits it is as sure are printed as the rest are is a face
// of the print, not a hand.
func (l *looks) splitScore(written [81]bool) float64 {
	nw := 0
	var mw, mp float64
	for k, i := range l.idx {
		if written[i] {
			nw++
			mw += l.f[k][lookOdds]
		} else {
			mp += l.f[k][lookOdds]
		}
	}
	if nw == 0 || written == l.oddWritten {
		return 0
	}
	if nw == len(l.idx) {
		return math.Inf(-1)
	}
	score := l.twoScore(written)
	switch l.inkApart(written) {
	case 1: // the written digits are the fainter: as a split should read them
	case -1:
		score -= reversedCost
	default:
		if mw/float64(nw) < mp/float64(len(l.idx)-nw)+oddsMargin {
			score -= reversedCost
		}
	}
	return score
}

// inkApart is 1 when the written digits of a split are clearly fainter
// than the printed ones, -1 when they are clearly darker, else 0:
// clearly, when their mean contrasts differ by inkMargin and by
// inkSpreads times the two groups' spreads summed. A page prints its
// givens darkest; an app draws a player's digits in a lighter colour, a
// pen or a pencil leaves less ink than print. A photo's uneven light
// spreads one population's contrast too wide to tell.
func (l *looks) inkApart(written [81]bool) int {
	var n, sum, sq [2]float64
	for k, i := range l.idx {
		g, c := b2i(written[i]), l.f[k][lookContrast]
		n[g]++
		sum[g] += c
		sq[g] += c * c
	}
	var mean, sd [2]float64
	for g := range 2 {
		mean[g] = sum[g] / n[g]
		sd[g] = math.Sqrt(max(0, sq[g]/n[g]-mean[g]*mean[g]))
	}
	d := mean[0] - mean[1]
	if math.Abs(d) < inkMargin || math.Abs(d) < inkSpreads*(sd[0]+sd[1]) {
		return 0
	}
	if d > 0 {
		return 1
	}
	return -1
}

// twoScore is how much better the digits fit as two populations, the
// written ones and the printed, than as one (with its outliers), less
// splitCost; 0 for a split with none written or none printed.
func (l *looks) twoScore(written [81]bool) float64 {
	nw := 0
	for _, i := range l.idx {
		nw += b2i(written[i])
	}
	if nw == 0 || nw == len(l.idx) {
		return 0
	}
	two := l.fit(func(k int) bool { return written[l.idx[k]] }) + l.fit(func(k int) bool { return !written[l.idx[k]] })
	return two - l.one - splitCost*math.Log(float64(len(l.idx)))
}

// What a split costs: splitCost times the log of the digits' count (the
// Bayesian information criterion charges half of it for each of a second
// population's lookDims means and spreads; measured on the tuning parts,
// one and a half times that keeps a page of givens one population), and
// reversedCost for taking a population the classifier finds no more
// written-looking, by oddsMargin, for the written one, or the darker
// population (inkApart: by inkMargin of contrast, and inkSpreads times
// the populations' spreads).
const (
	splitCost    = 1.5 * lookDims
	reversedCost = 20.0
	oddsMargin   = 2.0
	inkMargin    = 0.1
	inkSpreads   = 3.0
)

// kindSplits returns the splits of a board's digits into written and
// printed that decideKinds weighs: all printed; the classifier's own
// reading; for each measure of their looks, its widest gaps; each split
// refined as two populations (refine); and each made 180° symmetric.
func kindSplits(cells *[81]Cell, l *looks) [][81]bool {
	var out [][81]bool
	seen := map[[81]bool]bool{}
	add := func(w [81]bool) {
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	var none, net [81]bool
	for k, i := range l.idx {
		net[i] = cells[i].Written
		l.oddWritten[i] = l.odd[k] && cells[i].Written
	}
	add(l.oddWritten)
	add(none)
	starts := [][81]bool{net}
	for d := range lookDims {
		starts = append(starts, l.gaps(d)...)
	}
	for _, s := range starts {
		for _, w := range [][81]bool{s, l.refine(s)} {
			for _, v := range [][81]bool{w, l.flip(w)} {
				add(v)
				add(closeMirrors(cells, v))
				add(openMirrors(cells, v))
			}
		}
	}
	return out
}

// gapsTried is how many of each measure's widest gaps kindSplits tries.
const gapsTried = 3

// gaps returns the splits of the digits at the widest gaps of measure d:
// the digits above each gap written.
func (l *looks) gaps(d int) [][81]bool {
	order := make([]int, len(l.f))
	for k := range order {
		order[k] = k
	}
	slices.SortFunc(order, func(a, b int) int { return cmpFloat(l.f[a][d], l.f[b][d]) })
	type gap struct {
		at    int
		width float64
	}
	var gs []gap
	for r := 1; r < len(order); r++ {
		gs = append(gs, gap{r, l.f[order[r]][d] - l.f[order[r-1]][d]})
	}
	slices.SortFunc(gs, func(a, b gap) int { return cmpFloat(b.width, a.width) })
	var out [][81]bool
	for _, g := range gs[:min(gapsTried, len(gs))] {
		var w [81]bool
		for _, k := range order[g.at:] {
			w[l.idx[k]] = true
		}
		out = append(out, w)
	}
	return out
}

// flip returns the split with its digits' kinds swapped.
func (l *looks) flip(written [81]bool) [81]bool {
	var out [81]bool
	for _, i := range l.idx {
		out[i] = !written[i]
	}
	return out
}

// refine returns the split of the digits into two populations that
// starting from written, each digit moved to the population its looks fit
// best, settles on (classification EM); written as it was when a
// population empties.
func (l *looks) refine(written [81]bool) [81]bool {
	w := written
	for range refineRounds {
		var mean, sd [2][lookDims]float64
		var n [2]float64
		for k, i := range l.idx {
			g := b2i(w[i])
			n[g]++
			for d, v := range l.f[k] {
				mean[g][d] += v
				sd[g][d] += v * v
			}
		}
		if n[0] == 0 || n[1] == 0 {
			return written
		}
		for g := range 2 {
			for d := range lookDims {
				mean[g][d] /= n[g]
				sd[g][d] = math.Sqrt(max(sd[g][d]/n[g]-mean[g][d]*mean[g][d], lookFloor[d]*lookFloor[d]))
			}
		}
		moved := false
		for k, i := range l.idx {
			var ll [2]float64
			for g := range 2 {
				ll[g] = math.Log(n[g])
				for d, v := range l.f[k] {
					z := (v - mean[g][d]) / sd[g][d]
					ll[g] -= math.Log(sd[g][d]) + z*z/2
				}
			}
			if now := ll[1] > ll[0]; now != w[i] {
				w[i], moved = now, true
			}
		}
		if !moved {
			break
		}
	}
	return w
}

// refineRounds bounds refine's rounds.
const refineRounds = 10

// closeMirrors returns the split with every digit whose 180° mirror holds
// a printed digit printed too.
func closeMirrors(cells *[81]Cell, written [81]bool) [81]bool {
	out := written
	for i, c := range cells {
		if m := 80 - i; c.Digit != 0 && cells[m].Digit != 0 && !written[m] {
			out[i] = false
		}
	}
	return out
}

// openMirrors returns the split with every printed digit whose 180°
// mirror holds no printed digit written.
func openMirrors(cells *[81]Cell, written [81]bool) [81]bool {
	out := written
	for i, c := range cells {
		if m := 80 - i; c.Digit != 0 && !written[i] && (cells[m].Digit == 0 || written[m]) {
			out[i] = true
		}
	}
	return out
}
