package variant

import (
	"context"
	"time"
)

// Outcome is what Judge decided about a puzzle.
type Outcome int

// The outcomes.
const (
	// Unique: exactly one solution.
	Unique Outcome = iota + 1
	// NoSolution: the search finished and found none.
	NoSolution
	// Multiple: at least two solutions.
	Multiple
	// GaveUp: the deadline came before the search could decide; one
	// solution may have been found.
	GaveUp
)

// String returns the outcome as the command line's JSON spells it:
// "unique", "none", "multiple", "gave up".
func (o Outcome) String() string {
	switch o {
	case Unique:
		return "unique"
	case NoSolution:
		return "none"
	case Multiple:
		return "multiple"
	}
	return "gave up"
}

// Verdict is the answer to "is this puzzle unique?", for every face.
type Verdict struct {
	Outcome Outcome
	Result  Result
	// Took is how long the search ran.
	Took time.Duration
	// Differ are the cells where the first two solutions differ, for
	// Multiple.
	Differ []Cell
}

// Solution returns the first solution found, or nil.
func (v Verdict) Solution() []int {
	if len(v.Result.Solutions) == 0 {
		return nil
	}
	return v.Result.Solutions[0]
}

// Judge counts p's solutions up to limit (at least 2) within ctx and
// decides; its errors are Solve's.
func Judge(ctx context.Context, p Puzzle, limit int) (Verdict, error) {
	began := time.Now()
	res, err := Solve(ctx, p, max(limit, 2))
	v := Verdict{Result: res, Took: time.Since(began)}
	if err != nil {
		return v, err
	}
	v.Outcome = outcomeOf(res)
	if v.Outcome == Multiple {
		for i, d := range res.Solutions[0] {
			if d != res.Solutions[1][i] {
				v.Differ = append(v.Differ, Cell{i / p.Size, i % p.Size})
			}
		}
	}
	return v, nil
}

// outcomeOf decides from a search's result: two solutions make Multiple
// even when the search stopped early; else a stopped search gave up.
func outcomeOf(res Result) Outcome {
	switch {
	case res.Count >= 2:
		return Multiple
	case !res.Complete:
		return GaveUp
	case res.Count == 1:
		return Unique
	}
	return NoSolution
}
