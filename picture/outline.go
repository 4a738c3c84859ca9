package picture

import "slices"

// A photo of a page holds more than the grid: the page's own edge on a
// dark table frames a square-ish web of ink bigger than the grid, and a
// puzzle calendar prints yesterday's solution, a smaller grid, beside
// today's puzzle. What makes the grid a Sudoku grid is looked for in each
// of the biggest webs' outlines: the four lines of each family round the
// 3 × 3 boxes, printed heavier, inked along most of their length at a
// third and two thirds of the way across, and no line through the middle
// of a row or column of cells, as there is when an outline frames two
// thirds of a blurred grid, whose thin lines look like the heavy ones. Of
// the outlines that have them, the biggest is the puzzle.

// candidates is how many of the biggest grid-like webs of ink each mask's
// outlines are taken from.
const candidates = 4

// outline is a candidate web's refined outline, in work's pixels, and how
// its lines were found.
type outline struct {
	q     [4]Point
	score float64 // gridScore
	// boxes is the share of its length the second faintest of the eight
	// lines round the boxes is inked along, as profile counts it (up to
	// lineCap): one may be faint where a fold, a shadow or the picture's
	// edge cuts it.
	boxes float64
	// mids is the share of its length the most inked line through the
	// middles of a row or column of cells is inked along.
	mids float64
	rank int // its web's place by size among its mask's, 0 the biggest
}

// outlines refines the outlines of the biggest grid-like webs of ink of
// mask m and measures their lines.
func outlines(work *Gray, m *mask) []outline {
	var out []outline
	for rank, q := range findGrids(m, candidates) {
		q = refineTwice(work, q)
		f := frame(work, q)
		out = append(out, outline{q: q, score: f.score, boxes: f.boxes, mids: f.mids, rank: rank})
	}
	return out
}

// sudoku reports whether o frames a Sudoku grid: seven of the eight
// lines round its boxes, or all, are inked along most of their length,
// and no line runs through the middles of its cells.
func (o outline) sudoku() bool { return o.boxes >= boxInk && o.mids < midInk }

// boxInk is the share of its length each line round the boxes must be
// inked along for an outline to frame a Sudoku grid: on the tuning photos
// every outline of the grid had each inked along at least 0.38 (76% of
// lineCap), while an outline of the page round it had at least two under
// 0.2, or none when it was the grid's a little askew.
const boxInk = 0.6 * lineCap

// midInk is the share of its length a line through the middles of the
// cells must be inked along to be one: on the tuning photos, an outline
// of the grid had at most 0.15 there (handwriting), one of two thirds of
// a blurred grid 0.5.
const midInk = 0.5 * lineCap

// pick returns the outline of the grid among pool: of the outlines that
// frame a Sudoku grid, those about as big as the biggest (sameSize), and
// of them the one whose lines are found best (gridScore); when none does,
// the best of the outlines of each mask's biggest web. The pool's order
// breaks ties. False for an empty pool.
func pick(pool []outline) (outline, bool) {
	biggest := 0.0
	for _, o := range pool {
		if o.sudoku() {
			biggest = max(biggest, quadArea(o.q))
		}
	}
	best, found := outline{}, false
	for _, o := range pool {
		ok := o.rank == 0
		if biggest > 0 {
			ok = o.sudoku() && quadArea(o.q) >= sameSize*biggest
		}
		if ok && (!found || o.score > best.score) {
			best, found = o, true
		}
	}
	return best, found
}

// sameSize is the share of the biggest Sudoku outline's area another must
// have to be taken for the same grid, traced from another mask or web:
// yesterday's solution beside a puzzle is a quarter of its area or less.
const sameSize = 0.8

// framing is how well an outline frames a grid (see frame).
type framing struct {
	score float64 // gridScore
	boxes float64 // outline.boxes
	mids  float64 // outline.mids
}

// gridScore is how well the outline q frames a grid (see frame).
func gridScore(work *Gray, q [4]Point) float64 { return frame(work, q).score }

// frame measures how well the outline q frames a grid. Its score: the
// lines round the boxes counting extra, the ten lines of each family
// should be inked at their places (within a fifth of a cell), and none a
// cell outside them, as there would be were the outline a row or column
// out. It is the worse family's, in lines all the way across; as profile
// counts a line up to lineCap of that, a perfect grid scores about lineCap
// (a drawn one, 0.34). Its boxes: how much of its length the second
// faintest of the eight lines round the boxes is inked along; its mids, how much the
// most inked line through the middles of the cells.
func frame(work *Gray, q [4]Point) framing {
	c := newCanvas(work, q, refineCell, refineMargin, false)
	f := framing{score: 1e9}
	var boxes []float64
	for _, across := range []bool{true, false} {
		lo, hi := c.line(0), c.line(9)
		p := c.profile(across, lo, hi)
		full := 4 * (hi - lo) // a line all the way across
		peak := func(k float64) float64 {
			best := 0.0
			for v := c.line(k) - 0.2*c.cell; v <= c.line(k)+0.2*c.cell; v++ {
				best = max(best, at(p, v))
			}
			return best
		}
		sum, weights := 0.0, 0.0
		for k := range 10 {
			pk := peak(float64(k))
			sum += boxWeight(k) * pk
			weights += boxWeight(k)
			if k%3 == 0 {
				boxes = append(boxes, pk/full)
			}
		}
		for k := range 9 {
			f.mids = max(f.mids, peak(float64(k)+0.5)/full)
		}
		sum -= peak(-1) + peak(10)
		f.score = min(f.score, sum/weights/full)
	}
	slices.Sort(boxes)
	f.boxes = boxes[1]
	return f
}
