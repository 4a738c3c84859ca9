package logic

import "github.com/sudokubot/sudokubot/solver"

// A hint can be given a little at a time, as the big board does: first
// where to look, then the technique, then the cells, then the step itself.
// These say what each stage shows; the front ends word them.

// Done reports whether the advice is that the grid is complete and
// correct.
func (a Advice) Done() bool { return a.done }

// Region returns where to look first for the advice's step: the unit it
// works in, or else the box of the first cell it changes. ok is false for
// advice without a step (mistakes, or a grid that is done).
func (a Advice) Region(g solver.Grid) (u solver.Unit, cells []solver.Cell, ok bool) {
	switch {
	case len(a.Mistakes) > 0 || a.done:
		return solver.Unit{}, nil, false
	case len(a.Step.Units) > 0:
		u = a.Step.Units[0]
	case len(a.Targets) > 0:
		u = solver.Unit{Kind: solver.Box, Index: g.Box(a.Targets[0].Row, a.Targets[0].Col)}
	case len(a.Focus) > 0:
		u = solver.Unit{Kind: solver.Box, Index: g.Box(a.Focus[0].Row, a.Focus[0].Col)}
	default:
		return solver.Unit{}, nil, false
	}
	return u, solver.UnitCells(g, u.Kind, u.Index), true
}

// Placement returns the digit the step writes and where, when it writes
// one (it may remove candidates instead).
func (a Advice) Placement() (Candidate, bool) {
	if len(a.Mistakes) > 0 || len(a.Step.Placed) == 0 {
		return Candidate{}, false
	}
	return a.Step.Placed[0], true
}
