package play

import (
	"context"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/logic"
)

// A hint comes in steps, each asked for and each counted as a hint (on a
// daily, as Check is): where to look, then the technique, then the cells,
// then the answer. A mistake on the board comes first. The big board shows
// one step at a time; the buttons show the whole hint (WholeHint).

// WholeHint asks for a hint's last step: all of it.
const WholeHint = 1 << 10

// Hint is one step of a hint: which, of how many, and the cells it
// lights. Say words it.
type Hint struct {
	Step, Steps int
	Cells       []solver.Cell
	kind        hintKind
	mistake     solver.Cell
	advice      logic.Advice
	grid        solver.Grid
}

type hintKind uint8

const (
	hintAdvice  hintKind = iota // a step of the next logical step
	hintMistake                 // the first wrong cell
	hintMissed                  // no step found in time
)

// FromAdvice reports whether the hint is a step of the next logical step
// (not a mistake, nor a search that ran out of time).
func (h Hint) FromAdvice() bool { return h.kind == hintAdvice }

// Hint counts a hint on g and returns step of it: its first mistake, or a
// step of the next logical step, searched as user's heavy work. It returns
// an error only for work refused (Refused).
func (s Service) Hint(ctx context.Context, user string, g *game.Game, step int) (Hint, error) {
	if wrong := g.Wrong(); len(wrong) > 0 {
		g.UseHint(wrong[0])
		return Hint{Step: 1, Steps: 1, Cells: wrong[:1], kind: hintMistake, mistake: wrong[0]}, nil
	}
	a, err := s.Advise(ctx, user, g.Grid())
	if Refused(err) {
		return Hint{}, err
	}
	if err != nil {
		g.UseHint()
		return Hint{Step: 1, Steps: 1, kind: hintMissed}, nil
	}
	g.UseHint(a.Focus...)
	return StepOf(g.Grid(), a, step), nil
}

// Advise finds the next logical step on g, as user's heavy work, within
// the solve limit. Work's errors come back when the work was refused.
func (s Service) Advise(ctx context.Context, user string, g solver.Grid) (logic.Advice, error) {
	var a logic.Advice
	var err error
	if werr := s.work(ctx, user, CostHint, func() {
		hctx, cancel := context.WithTimeout(ctx, s.SolveTimeout)
		defer cancel()
		a, err = logic.Hint(hctx, g)
	}); werr != nil {
		return a, werr
	}
	return a, err
}

// StepOf returns step (clamped to the hint's steps) of advice a on grid g.
func StepOf(g solver.Grid, a logic.Advice, step int) Hint {
	h := Hint{advice: a, grid: g, Step: 1, Steps: 1, Cells: a.Mistakes}
	if _, region, ok := a.Region(g); ok {
		h.Steps = 3
		if _, places := a.Placement(); places {
			h.Steps = 4
		}
		h.Step = min(max(step, 1), h.Steps)
		h.Cells = append(append([]solver.Cell(nil), a.Focus...), a.Targets...)
		if h.Step <= 2 {
			h.Cells = region
		}
	}
	return h
}

// Missed is the hint of a search that ran out of time.
func Missed() Hint { return Hint{Step: 1, Steps: 1, kind: hintMissed} }

// Say words the hint's step.
func (h Hint) Say(w i18n.Printer) string {
	switch h.kind {
	case hintMistake:
		return w.Sprintf("💡 %s is wrong: fix it first.", h.mistake)
	case hintMissed:
		return w.Text("💡 I could not find a step in time; try Check.")
	}
	a := h.advice
	unit, _, ok := a.Region(h.grid)
	if !ok || h.Step == h.Steps {
		return a.Text(w)
	}
	technique := w.Text(a.Step.Technique.String())
	switch h.Step {
	case 1:
		return w.Sprintf("Look at %s.", unit.Say(w))
	case 2:
		return w.Sprintf("Look at %s. The technique: %s.", unit.Say(w), technique)
	}
	placed, _ := a.Placement()
	return w.Sprintf("%s places a digit in %s; the lit cells show why.", technique, placed.Cell)
}
