package logic

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"

	"github.com/sudokubot/sudokubot/solver"
)

// Level is a difficulty grade people understand.
type Level int

// The levels, from the easiest.
const (
	Easy Level = iota
	Medium
	Hard
	Expert
	Extreme
)

var levelNames = [...]string{"easy", "medium", "hard", "expert", "extreme"}

// String returns the level's name: easy, medium, hard, expert or extreme.
func (l Level) String() string {
	if l < Easy || l > Extreme {
		return fmt.Sprintf("Level(%d)", int(l))
	}
	return levelNames[l]
}

// ParseLevel returns the level with the given name.
func ParseLevel(name string) (Level, bool) {
	for l, n := range levelNames {
		if n == name {
			return Level(l), true
		}
	}
	return 0, false
}

// The levels' upper bounds on Sudoku Explainer's scale; extreme is
// everything above expert. Each bound is where players' way of solving
// changes: easy needs hidden singles only (SE 1.0–1.5), medium SE's direct
// techniques and naked singles, still without notes (1.6–2.5), hard notes
// and the named basic patterns up to the XYZ-Wing (2.6–4.4), expert
// uniqueness, quads, long fish, wings of almost locked sets, loops and
// single-digit chains (4.5–6.9), extreme chains through several digits and
// forcing chains (7.0 and up).
var levelTops = [...]float64{Easy: 1.5, Medium: 2.5, Hard: 4.4, Expert: 6.9}

// levelFor maps a score (rounded to a tenth) to its level.
func levelFor(score float64) Level {
	for l, top := range levelTops {
		if score < top+0.05 {
			return Level(l)
		}
	}
	return Extreme
}

// Grading is how hard a puzzle is for a person.
type Grading struct {
	Level Level
	// Score is the rating of the hardest step, on Sudoku Explainer's scale
	// (1.0 for singles, 9.0 and more for dynamic forcing chains (+), from
	// 9.5 for trial and error).
	Score float64
	// Hardest is the technique of the hardest step.
	Hardest Technique
	// Steps counts the steps; Guesses the ones taken by trial and error.
	Steps, Guesses int
}

// Errors from Grade and Hint for puzzles that are not proper.
var (
	ErrNoSolution = errors.New("logic: the puzzle has no solution")
	ErrNotUnique  = errors.New("logic: the puzzle has more than one solution")
)

// Scale is which build of Sudoku Explainer the grades follow.
type Scale int

// The scales: Sukaku Explainer's default technique set of late 2019 (the
// one that rated the project's data, with strong-link fish and WXYZ- and
// VWXYZ-Wings), and classic Sudoku Explainer 1.2.1, which lacks those.
const (
	Sukaku Scale = iota
	SE121
)

var scaleNames = [...]string{"sukaku", "se121"}

// String returns the scale's name: sukaku or se121.
func (s Scale) String() string {
	if s < Sukaku || s > SE121 {
		return fmt.Sprintf("Scale(%d)", int(s))
	}
	return scaleNames[s]
}

// ParseScale returns the scale with the given name.
func ParseScale(name string) (Scale, bool) {
	for k, n := range scaleNames {
		if n == name {
			return Scale(k), true
		}
	}
	return 0, false
}

// Grade solves g the way a person would, always taking the simplest step
// available, and rates it by the hardest step it needed, on Sukaku
// Explainer's scale. g must have exactly one solution (else ErrNoSolution
// or ErrNotUnique); when ctx ends first the error wraps ctx.Err(). g is
// not modified.
func Grade(ctx context.Context, g solver.Grid) (Grading, error) { return GradeOn(ctx, g, Sukaku) }

// GradeOn is Grade on the given scale.
func GradeOn(ctx context.Context, g solver.Grid, scale Scale) (Grading, error) {
	sol, err := uniqueSolution(ctx, g)
	if err != nil {
		return Grading{}, err
	}
	var gr Grading
	err = walkOn(ctx, g, sol, scale, func(s Step) bool {
		gr.Steps++
		if s.Technique == TrialAndError {
			gr.Guesses++
		}
		if s.Rating > gr.Score {
			gr.Score, gr.Hardest = s.Rating, s.Technique
		}
		return true
	})
	if err != nil {
		return Grading{}, err
	}
	if gr.Guesses > 0 {
		gr.Score = math.Min(11, TrialAndError.Rating()+0.1*float64(gr.Guesses-1))
	}
	gr.Score = math.Round(gr.Score*10) / 10
	gr.Level = levelFor(gr.Score)
	return gr, nil
}

// uniqueSolution returns g's one solution, or why there is none.
func uniqueSolution(ctx context.Context, g solver.Grid) (solver.Grid, error) {
	res, err := solver.Solve(ctx, g, 2)
	switch {
	case err != nil:
		return solver.Grid{}, err
	case res.Count == 0:
		return solver.Grid{}, ErrNoSolution
	case res.Count > 1:
		return solver.Grid{}, ErrNotUnique
	}
	return res.Solutions[0], nil
}

// walk takes logical steps from g until it is solved, calling visit with
// each (it stops early when visit returns false). When no technique
// applies it places the solution's digit in the cell with the fewest
// candidates, as a TrialAndError step.
func walk(ctx context.Context, g, sol solver.Grid, visit func(Step) bool) error {
	return walkOn(ctx, g, sol, Sukaku, visit)
}

// walkOn is walk with the techniques of a scale.
func walkOn(ctx context.Context, g, sol solver.Grid, scale Scale, visit func(Step) bool) error {
	b := newBoard(g)
	b.scale = scale
	for !b.solved() {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("solver: grading stopped: %w", err)
		}
		s, ok := b.next()
		if !ok {
			s = b.guess(sol)
		}
		b.apply(s)
		if !visit(s) {
			return nil
		}
	}
	return nil
}

// next finds the simplest step available.
func (b *cands) next() (Step, bool) {
	b.cachePositions()
	for _, f := range finders {
		if f.sukakuOnly && b.scale == SE121 {
			continue
		}
		if s, ok := f.find(b); ok {
			s.Rating = s.rated()
			return s, true
		}
	}
	return Step{}, false
}

// finder is one technique's search; sukakuOnly marks those classic SE
// 1.2.1 lacks.
type finder struct {
	find       func(*cands) (Step, bool)
	sukakuOnly bool
}

// finders lists the techniques in the order Sudoku Explainer asks them.
var finders = []finder{
	{(*cands).fullHouse, false},
	{func(b *cands) (Step, bool) { return b.hiddenSingle(true) }, false},
	{func(b *cands) (Step, bool) { return b.hiddenSingle(false) }, false},
	{(*cands).directLocking, false},
	{func(b *cands) (Step, bool) { return b.directHidden(2) }, false},
	{(*cands).nakedSingle, false},
	{func(b *cands) (Step, bool) { return b.directHidden(3) }, false},
	{func(b *cands) (Step, bool) { return b.lockedCandidates(true) }, false},
	{func(b *cands) (Step, bool) { return b.lockedCandidates(false) }, false},
	{func(b *cands) (Step, bool) { return b.nakedSubset(2) }, false},
	{func(b *cands) (Step, bool) { return b.fish(2) }, false},
	{func(b *cands) (Step, bool) { return b.hiddenSubset(2) }, false},
	{func(b *cands) (Step, bool) { return b.nakedSubset(3) }, false},
	{func(b *cands) (Step, bool) { return b.fish(3) }, false},
	{func(b *cands) (Step, bool) { return b.hiddenSubset(3) }, false},
	{func(b *cands) (Step, bool) { return b.strongLinks(2) }, true},
	{(*cands).xyWing, false},
	{(*cands).xyzWing, false},
	{(*cands).uniqueRectangle, false},
	{func(b *cands) (Step, bool) { return b.nakedSubset(4) }, false},
	{func(b *cands) (Step, bool) { return b.fish(4) }, false},
	{func(b *cands) (Step, bool) { return b.hiddenSubset(4) }, false},
	{func(b *cands) (Step, bool) { return b.strongLinks(3) }, true},
	{func(b *cands) (Step, bool) { return b.alsWing(3) }, true},
	{(*cands).bug, false},
	{func(b *cands) (Step, bool) { return b.strongLinks(4) }, true},
	{func(b *cands) (Step, bool) { return b.alsWing(4) }, true},
	{(*cands).chains, false},
	{func(b *cands) (Step, bool) { return b.forcingChains(nishioMode) }, false},
	{func(b *cands) (Step, bool) { return b.forcingChains(multipleMode) }, false},
	{func(b *cands) (Step, bool) { return b.forcingChains(dynamicMode) }, false},
	{func(b *cands) (Step, bool) { return b.forcingChains(dynamicPlus) }, false},
}

// guess places the solution's digit in an empty cell with the fewest
// candidates.
func (b *cands) guess(sol solver.Grid) Step {
	best, fewest := -1, 99
	for i := 0; i < b.geo.Cells; i++ {
		if n := bits.OnesCount16(b.cand[i]); b.val[i] == 0 && n < fewest {
			best, fewest = i, n
		}
	}
	c := b.cell(best)
	v := sol.At(c.Row, c.Col)
	return Step{Technique: TrialAndError, Rating: TrialAndError.Rating(), Placed: []Candidate{{c, v}},
		Cells: []solver.Cell{c}, Digits: []int{v}}
}
