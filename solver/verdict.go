package solver

import (
	"context"
	"errors"
	"time"
)

// Outcome is what a solve concluded about a puzzle.
type Outcome int

// The verdicts, in the order a solve can reach them.
const (
	// Invalid: the text is not a puzzle (Verdict.Err is the *ParseError).
	Invalid Outcome = iota
	// Unique: exactly one solution.
	Unique
	// Unchecked: one solution found, but time ran out before the search
	// could show it is the only one.
	Unchecked
	// NotUnique: two or more solutions.
	NotUnique
	// NoSolution: no grid completes the givens.
	NoSolution
	// GaveUp: time ran out before any solution was found.
	GaveUp
)

// Verdict is the decision on one puzzle with what a wording of it needs;
// the command line and the bot word the same Verdict their own way.
type Verdict struct {
	Outcome Outcome
	Puzzle  Grid
	// Result holds the solutions found (the first is the one to show) and
	// how hard the search was.
	Result Result
	// Took is how long the search ran.
	Took time.Duration
	// Exact reports, for NotUnique, that Result.Count is the number of
	// solutions rather than a lower bound.
	Exact bool
	// Differ lists, for NotUnique, the cells where the first two
	// solutions differ.
	Differ []Cell
	// Conflict names, for NoSolution, the givens that clash; nil when no
	// two givens clash and the puzzle is simply unfinishable. Clashes are
	// its cells, each once.
	Conflict *ConflictError
	Clashes  []Cell
	// TooFewGivens reports, for NotUnique and GaveUp, that the puzzle has
	// too few givens to have one solution: a front end words why with
	// FewGivens in its language.
	TooFewGivens bool
	// Err is the *ParseError of an Invalid verdict.
	Err error
}

// Judge reads input as a puzzle and solves it within ctx, counting up to
// limit solutions (at least 2, so uniqueness is known), and returns the
// verdict. Judge decides; it words nothing.
func Judge(ctx context.Context, input string, limit int) Verdict {
	g, err := Parse(input)
	if err != nil {
		return Verdict{Outcome: Invalid, Err: err}
	}
	return JudgeGrid(ctx, g, limit)
}

// JudgeGrid is Judge for a grid already read. It does not modify g.
func JudgeGrid(ctx context.Context, g Grid, limit int) Verdict {
	limit = max(limit, 2)
	start := time.Now()
	res, err := Solve(ctx, g, limit)
	v := Verdict{Puzzle: g, Result: res, Took: time.Since(start)}
	stopped := err != nil
	switch {
	case stopped && res.Count == 0:
		v.Outcome, v.TooFewGivens = GaveUp, tooFewGivens(g)
	case res.Count == 0:
		v.Outcome = NoSolution
		if errors.As(Validate(g), &v.Conflict) {
			v.Clashes = v.Conflict.Cells()
		}
	case res.Count == 1 && stopped:
		v.Outcome = Unchecked
	case res.Count == 1:
		v.Outcome = Unique
	default:
		v.Outcome, v.TooFewGivens = NotUnique, tooFewGivens(g)
		v.Exact = !stopped && res.Count < limit
		v.Differ = Differences(res.Solutions[0], res.Solutions[1])
	}
	return v
}

// Solution returns the solution to show: the first found, or an empty
// grid when none was found.
func (v Verdict) Solution() Grid {
	if len(v.Result.Solutions) == 0 {
		return Grid{}
	}
	return v.Result.Solutions[0]
}

// Solved reports whether the verdict has a solution to show.
func (v Verdict) Solved() bool { return len(v.Result.Solutions) > 0 }

// Cells returns the cells of every clash, each once, in the order the
// clashes list them.
func (e *ConflictError) Cells() []Cell {
	seen := map[Cell]bool{}
	var out []Cell
	for _, cl := range e.Clashes {
		for _, c := range cl.Cells {
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	return out
}
