package picture

import (
	"context"
	"math"
	"slices"
	"time"

	"github.com/sudokubot/sudokubot/solver"
)

// Limits on the solver's arbitration: the misreadings it weighs, and the
// time the sets of them may take (promote has promoteTime more;
// decideKinds has arbitrationTime of its own).
const (
	arbitrationAlternatives = 24 // single changes, the likeliest first
	arbitrationPairs        = 12 // of those, the ones taken two at a time
	arbitrationTriples      = 8  // and three at a time
	arbitrationTime         = 60 * time.Millisecond
)

// change is reading one cell as another class.
type change struct {
	cell, class int
	cost        float64 // how much less likely than the cell's reading, as a log ratio
}

// arbitrate makes the printed digits a puzzle with exactly one solution
// when they are not, by the likeliest set of up to three misreadings of
// the printed digits that does, else by reading cells as digits the
// reading lacks or reads twice in a house (recoverMissing), else by
// promoting print-like written digits (promote), and records the cells
// it changed; when none does,
// it marks the reading Unresolved.
func arbitrate(ctx context.Context, r *Reading, in *[81][]float32) {
	if unique(ctx, r.Cells) {
		return
	}
	sets, cancel := context.WithTimeout(ctx, arbitrationTime)
	defer cancel()
	if cells, set, ok := uniqueSet(sets, r.Cells, alternatives(r.Cells)); ok {
		r.Cells = cells
		for _, ch := range set {
			r.Corrected = append(r.Corrected, ch.cell)
		}
		slices.Sort(r.Corrected)
		return
	}
	if recoverMissing(ctx, r, in) {
		return
	}
	more, cancel := context.WithTimeout(ctx, promoteTime)
	defer cancel()
	if promote(more, r) {
		return
	}
	r.Unresolved = true
}

// uniqueSet returns cells read as the first of the sets of changes alts
// make (changeSets, likeliest first) whose printed digits have exactly
// one solution, and that set; false when none does before ctx is done.
func uniqueSet(ctx context.Context, cells [81]Cell, alts []change) ([81]Cell, []change, bool) {
	for _, set := range changeSets(alts) {
		if ctx.Err() != nil {
			break
		}
		try := cells
		for _, ch := range set {
			try[ch.cell] = cellOf(try[ch.cell].probs, ch.class)
		}
		if unique(ctx, try) {
			return try, set, true
		}
	}
	return cells, nil, false
}

// promote reads as printed, one by one, the written digits that look most
// printed, while the printed digits have many solutions, and keeps the
// reading once they have one: a blurred page's faint givens are often
// taken for a pen's, more of them than arbitrate's sets of three reach.
// It records the cells it changed; false when that did not give one
// solution.
func promote(ctx context.Context, r *Reading) bool {
	type cand struct {
		cell  int
		share float64 // how printed the cell looks, of its digit
	}
	var cands []cand
	for i, c := range r.Cells {
		if c.Written && c.Digit != 0 {
			if share := 1 - writtenShare(c.probs); share >= promoteFloor {
				cands = append(cands, cand{i, share})
			}
		}
	}
	if solutions(ctx, r.Cells) != 2 {
		return false
	}
	slices.SortFunc(cands, func(a, b cand) int { return cmpFloat(b.share, a.share) })
	cells := r.Cells
	var changed []int
	for _, c := range cands[:min(len(cands), promoteMost)] {
		was := cells[c.cell]
		cells[c.cell] = cellOf(was.probs, Class(was.Digit, false))
		switch solutions(ctx, cells) {
		case 0: // a clash or no solution: not a given
			cells[c.cell] = was
			continue
		case 1:
			r.Cells, r.Corrected = cells, append(r.Corrected, append(changed, c.cell)...)
			slices.Sort(r.Corrected)
			return true
		}
		changed = append(changed, c.cell)
	}
	return false
}

// How far promote goes: written digits at least promoteFloor printed,
// promoteMost of them at most, within promoteTime.
const (
	promoteFloor = 0.05
	promoteMost  = 12
	promoteTime  = 30 * time.Millisecond
)

// solutions returns how many solutions the printed digits of cells have:
// 0, 1, or 2 for two or more (or for a search cut short).
func solutions(ctx context.Context, cells [81]Cell) int {
	return solutionsOf(ctx, printedGrid(cells))
}

// solutionsOf is solutions for a grid of the printed digits.
func solutionsOf(ctx context.Context, g solver.Grid) int {
	res, ok := solveGivens(ctx, g)
	if !ok {
		return 2
	}
	return min(res.Count, 2)
}

// solveGivens searches for up to two solutions of a grid of printed
// digits: none when they clash. False when the search was cut short.
func solveGivens(ctx context.Context, g solver.Grid) (solver.Result, bool) {
	if solver.Validate(g) != nil {
		return solver.Result{}, true
	}
	res, err := solver.Solve(ctx, g, 2)
	return res, err == nil
}

// alternatives returns the likeliest other readings that change the
// printed digits: a printed digit read another way, or another cell read
// as printed.
func alternatives(cells [81]Cell) []change {
	var out []change
	for i, c := range cells {
		if c.probs == nil {
			continue
		}
		now := Class(c.Digit, c.Written)
		for k, p := range c.probs {
			printedNow, printedThen := now >= 1 && now <= 9, k >= 1 && k <= 9
			if k == now || p < 1e-4 || !printedNow && !printedThen {
				continue
			}
			out = append(out, change{i, k, math.Log(float64(c.probs[now])) - math.Log(float64(p))})
		}
	}
	slices.SortFunc(out, func(a, b change) int { return cmpFloat(a.cost, b.cost) })
	return out[:min(len(out), arbitrationAlternatives)]
}

// changeSets returns single changes, pairs and triples of changes to
// distinct cells, the likeliest sets first.
func changeSets(alts []change) [][]change {
	var sets [][]change
	for a := range alts {
		sets = append(sets, []change{alts[a]})
		if a >= arbitrationPairs {
			continue
		}
		for b := a + 1; b < min(len(alts), arbitrationPairs); b++ {
			if alts[a].cell == alts[b].cell {
				continue
			}
			sets = append(sets, []change{alts[a], alts[b]})
			for c := b + 1; a < arbitrationTriples && b < arbitrationTriples && c < min(len(alts), arbitrationTriples); c++ {
				if alts[c].cell != alts[a].cell && alts[c].cell != alts[b].cell {
					sets = append(sets, []change{alts[a], alts[b], alts[c]})
				}
			}
		}
	}
	cost := func(s []change) float64 {
		t := 0.0
		for _, ch := range s {
			t += ch.cost
		}
		return t
	}
	slices.SortStableFunc(sets, func(a, b []change) int { return cmpFloat(cost(a), cost(b)) })
	return sets
}

// unique reports whether the printed digits of cells make a puzzle with
// exactly one solution.
func unique(ctx context.Context, cells [81]Cell) bool {
	return uniqueGrid(ctx, printedGrid(cells))
}

// uniqueGrid reports whether a grid of printed digits, as many as a
// puzzle prints at least, has exactly one solution.
func uniqueGrid(ctx context.Context, g solver.Grid) bool {
	return g.Givens() >= minGivens && solutionsOf(ctx, g) == 1
}

// printedGrid returns the printed digits of cells as a grid.
func printedGrid(cells [81]Cell) solver.Grid { return gridOf(printedKey(cells)) }

// gridOf returns printed digits (0 for none) as a grid.
func gridOf(digits [81]int8) solver.Grid {
	g, _ := solver.NewGrid(9)
	for i, d := range digits {
		if d != 0 {
			g.SetIndex(i, int(d))
		}
	}
	return g
}
