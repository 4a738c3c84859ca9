package commands

import (
	"errors"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/solver"
)

// movesForm is the board's form for typed moves, for keyboards.
func movesForm(p i18n.Printer, ref game.Ref, g *game.Game) *Modal {
	return &Modal{CustomID: BoardID{Ref: ref, Seq: g.Seq(), Control: CtlTyped}.String(), Title: p.Text("Type moves"),
		Inputs: []TextInput{{CustomID: "moves", Label: p.Text("Moves, or the whole grid"), Paragraph: true, MaxLength: 1500,
			Placeholder: p.Text("r3c5 7, c1 r2 4, r3c5 - (erase), n r4c4 127 (pencil marks)")}}}
}

// typedMoves applies the moves typed in the form, all or none, or a whole
// grid pasted: every cell it fills differently from the board.
func typedMoves(g *game.Game, text string, v *boardView) {
	moves, err := game.ParseMoves(text, g.Size())
	if err != nil {
		if grid, gerr := solver.Parse(text); gerr == nil && grid.Size() == g.Size() {
			moves, err = gridMoves(g, grid), nil
		}
	}
	var me *game.MoveError
	switch {
	case errors.As(err, &me):
		v.status = v.p.Sprintf("⌨ Nothing was applied: %s.", me.Say(v.p))
		return
	case err != nil:
		v.status = v.p.Sprintf("⌨ Nothing was applied: %s.", err.Error())
		return
	case len(moves) == 0:
		v.status = v.p.Text("⌨ No moves typed.")
		return
	}
	if m, err := g.ApplyAll(moves); err != nil {
		v.status = v.p.Sprintf("⌨ Nothing was applied: `%s` %s.", m, v.p.Text(refusal(err)))
		return
	}
	v.status = v.p.Sprintf("⌨ Applied %s.", v.p.Count(len(moves), "%d move", "%d moves"))
}

// gridMoves turns a pasted grid into the moves that make the board show
// it: its digits where they differ, givens left alone (a changed given is
// refused by the move).
func gridMoves(g *game.Game, grid solver.Grid) []game.Move {
	var out []game.Move
	n := g.Size()
	for i := 0; i < n*n; i++ {
		c := grid.CellAt(i)
		want, have := grid.At(c.Row, c.Col), g.Grid().At(c.Row, c.Col)
		switch {
		case want == have:
		case want == 0 && !g.Given(c):
			out = append(out, game.Move{Kind: game.Erase, Cell: c})
		case want != 0:
			out = append(out, game.Move{Kind: game.Place, Cell: c, Digit: want})
		}
	}
	return out
}

// refusal words a rule's refusal of a move.
func refusal(err error) string {
	switch {
	case errors.Is(err, game.ErrGiven):
		return "changes a given"
	case errors.Is(err, game.ErrFilled):
		return "puts pencil marks in a filled cell"
	}
	return "does not fit the board"
}
