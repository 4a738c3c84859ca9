package picture

import "context"

// A player's written digits are mostly right, and a hand's digit is
// easily taken for another (a 4 for a 9, a 5 for a 6). Once the printed
// digits make a puzzle with one solution, a written digit read otherwise
// than the solution, of which the classifier gave the solution's digit a
// fair chance, is read as the solution's (agreeEntries). A player's own
// mistake is written as clearly as the rest: the classifier gives the
// solution's digit next to nothing there (in the apps' screenshots'
// deliberately wrong entries, at most 0.023), so it is kept, and shown
// as the mistake it is.

// entryDoubt is the chance the classifier must give the solution's digit
// for a written digit read otherwise to be read as the solution's: twice
// the most it gave one of the apps' 71 wrong entries read right.
const entryDoubt = 0.05

// agreeEntries reads as the solution's digit each written digit read
// otherwise whose cell gave the solution's digit entryDoubt or more, when
// the printed digits have exactly one solution, and lists those cells in
// r.Agreed. The cells keep the classifier's confidence in the digit now
// read, so they show as doubtful.
func agreeEntries(ctx context.Context, r *Reading) {
	if r.Unresolved {
		return
	}
	g := printedGrid(r.Cells)
	if g.Givens() < minGivens {
		return
	}
	res, ok := solveGivens(ctx, g)
	if !ok || res.Count != 1 {
		return
	}
	sol := res.Solutions[0]
	for i := range r.Cells {
		c := &r.Cells[i]
		d := sol.AtIndex(i)
		if !c.Written || c.Digit == 0 || c.Digit == d {
			continue
		}
		if c.probs[Class(d, true)]+c.probs[Class(d, false)] >= entryDoubt {
			*c = cellOf(c.probs, Class(d, true))
			r.Agreed = append(r.Agreed, i)
		}
	}
}
