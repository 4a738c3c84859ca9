package commands

import (
	"errors"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/internal/i18n"
)

// movesForm is the board's form for typed moves, for keyboards.
func movesForm(p i18n.Printer, ref game.Ref, g *game.Game) *Modal {
	return &Modal{CustomID: BoardID{Ref: ref, Seq: g.Seq(), Control: CtlTyped}.String(), Title: p.Text("Type moves"),
		Inputs: []TextInput{{CustomID: "moves", Label: p.Text("Moves, or the whole grid"), Paragraph: true, MaxLength: 1500,
			Placeholder: p.Text("r3c5 7, c1 r2 4, r3c5 - (erase), n r4c4 127 (pencil marks)")}}}
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
