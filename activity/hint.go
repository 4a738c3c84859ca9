package activity

import (
	"context"
	"time"

	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/logic"
)

// A hint on the big board comes in steps, each asked for and each counted
// as a hint (on a daily, as the buttons' Hint is): where to look, then the
// technique, then the cells, then the answer. The next logical step comes
// from the hint engine the commands use (logic.Hint); a mistake on the
// board comes first, as on the buttons.

// HintState is one step of a hint: its words, the cells to light, and
// how many steps this hint has.
type HintState struct {
	Step  int    `json:"step"`
	Steps int    `json:"steps"`
	Text  string `json:"text"`
	Cells []int  `json:"cells,omitempty"`
}

// hintWait bounds the search for the next step.
const hintWait = 2 * time.Second

// hint counts and shows step (1 to 4) of the hint for p's game (the
// caller saves the count), or returns the refusal when the player has
// asked for too much work.
func (s *Server) hint(ctx context.Context, p play, step int) (*State, *reply) {
	g, w := p.sess.Game, p.seat.words()
	if wrong := g.Wrong(); len(wrong) > 0 {
		g.UseHint(wrong[0])
		st := s.stateOf(ctx, p, "")
		st.Hint = &HintState{Step: 1, Steps: 1, Text: w.Sprintf("💡 %s is wrong: fix it first.", wrong[0]), Cells: g.Grid().Indexes(wrong[:1])}
		return st, nil
	}
	a, err := s.advise(ctx, p.seat.User.ID, g.Grid())
	if refusal, ok := workRefused(w, err); ok {
		return nil, &refusal
	}
	if err != nil {
		g.UseHint()
		st := s.stateOf(ctx, p, "")
		st.Hint = &HintState{Step: 1, Steps: 1, Text: w.Text("💡 I could not find a step in time; try Check.")}
		return st, nil
	}
	h := hintStep(w, g.Grid(), a, step)
	g.UseHint(a.Focus...)
	st := s.stateOf(ctx, p, "")
	st.Hint = &h
	return st, nil
}

// advise finds the next logical step on g for a player, in a work slot
// and from their share (a *TooFastError or errBusy when not searched).
func (s *Server) advise(ctx context.Context, user string, g solver.Grid) (logic.Advice, error) {
	var a logic.Advice
	var err error
	if werr := s.work.do(ctx, user, costHint, func() {
		hctx, cancel := context.WithTimeout(ctx, hintWait)
		defer cancel()
		a, err = logic.Hint(hctx, g)
	}); werr != nil {
		return a, werr
	}
	return a, err
}

// hintStep words step (clamped to the hint's steps) of advice a on grid g.
func hintStep(w i18n.Printer, g solver.Grid, a logic.Advice, step int) HintState {
	index := g.Indexes
	unit, region, ok := a.Region(g)
	if !ok { // done, or mistakes: one step says it all
		return HintState{Step: 1, Steps: 1, Text: a.Text(w), Cells: index(a.Mistakes)}
	}
	steps := 3
	placed, places := a.Placement()
	if places {
		steps = 4
	}
	step = min(max(step, 1), steps)
	technique := w.Text(a.Step.Technique.String())
	switch {
	case step == 1:
		return HintState{Step: 1, Steps: steps, Text: w.Sprintf("Look at %s.", unit.Say(w)), Cells: index(region)}
	case step == 2:
		return HintState{Step: 2, Steps: steps, Text: w.Sprintf("Look at %s. The technique: %s.", unit.Say(w), technique), Cells: index(region)}
	case step == 3 && places:
		return HintState{Step: 3, Steps: steps, Cells: index(append(append([]solver.Cell(nil), a.Focus...), a.Targets...)),
			Text: w.Sprintf("%s places a digit in %s; the lit cells show why.", technique, placed.Cell)}
	}
	return HintState{Step: step, Steps: steps, Text: a.Text(w),
		Cells: index(append(append([]solver.Cell(nil), a.Focus...), a.Targets...))}
}
