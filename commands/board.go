package commands

import (
	"fmt"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
)

// boardView is what one board message shows besides the game: its title,
// a line about the last tap, the wrong cells a check found, the cells a
// hint points at, and whether play is over.
type boardView struct {
	p      i18n.Printer // the player's language
	ref    game.Ref     // the game's reference in custom ids
	title  string
	status string
	wrong  []solver.Cell
	hint   []solver.Cell
	over   bool
}

// board returns the board message for g, one Components V2 card: the
// title, the picture, the status and the controls (34 components of
// Discord's 40; 36 with Play in Discord).
func (d Deps) board(g *game.Game, v boardView) (Response, error) {
	file, err := d.boardImage(g, v)
	if err != nil {
		return Response{}, err
	}
	resp := Response{V2: true, Files: []File{file}, Footer: v.status,
		Content: v.title + " · " + v.p.Count(g.Left(), "%d cell left", "%d cells left") + modeLine(v.p, g)}
	if !v.over {
		resp.Rows = controls(v.p, g, v.ref)
		if d.Launch {
			resp.Rows = append(resp.Rows, []Button{launchButton(v.p)})
		}
	}
	return resp, nil
}

// launchButton is Play in Discord.
func launchButton(p i18n.Printer) Button {
	return Button{Label: p.Text("▶ Play in Discord"), CustomID: launchID.ID()}
}

// modeLine says what the taps do now: the held digit, pencil marks.
func modeLine(p i18n.Printer, g *game.Game) string {
	c, s := g.Cursor(), ""
	if c.Digit != 0 {
		s += p.Sprintf(" · holding **%d**", c.Digit)
	}
	if c.Notes {
		s += p.Text(" · ✏️ pencil marks")
	}
	return s
}

// boardImage draws the board: givens and the player's digits in their own
// colours, pencil marks, the chosen box and cell, the held digit (or the
// chosen cell's) wherever it stands, and the check's or hint's cells.
func (d Deps) boardImage(g *game.Game, v boardView) (File, error) {
	n := g.Size()
	grid := g.Grid()
	opt := render.Options{Puzzle: g.Puzzle(), Notes: make([]uint16, n*n)}
	for i := range opt.Notes {
		opt.Notes[i] = uint16(g.Notes(grid.CellAt(i)) >> 1)
	}
	c := g.Cursor()
	if c.Box != 0 && !v.over {
		opt.Highlights = append(opt.Highlights, render.Highlight{Style: render.Select, Cells: g.BoxCells(c.Box)})
	}
	digit := c.Digit
	sel, chosen := g.Selected()
	if chosen && grid.At(sel.Row, sel.Col) != 0 {
		digit = grid.At(sel.Row, sel.Col)
	}
	var focus []solver.Cell
	for i := 0; i < n*n && digit != 0 && !v.over; i++ {
		if grid.AtIndex(i) == digit {
			focus = append(focus, grid.CellAt(i))
		}
	}
	if chosen && !v.over {
		focus = append(focus, sel)
	}
	opt.Highlights = append(opt.Highlights, render.Highlight{Style: render.Focus, Cells: focus},
		render.Highlight{Style: render.Hint, Cells: v.hint}, render.Highlight{Style: render.Wrong, Cells: v.wrong})
	return d.image(grid, opt, "board.png")
}

// controls are the board's buttons: the boxes (or, with a box chosen, its
// cells) beside the digits, then erase and pencil marks, then undo, check,
// hint, back to the boxes (or typed moves) and submit. At most 5 rows of 5.
func controls(p i18n.Printer, g *game.Game, ref game.Ref) [][]Button {
	id := func(c Control, n int) string { return BoardID{Ref: ref, Seq: g.Seq(), Control: c, N: n}.String() }
	c := g.Cursor()
	pad, perRow := padButtons(g, id)
	digits := digitButtons(g, id)
	var rows [][]Button
	for len(pad) > 0 {
		row := pad[:perRow]
		pad = pad[perRow:]
		take := min(5-len(row), len(digits))
		rows = append(rows, append(append([]Button(nil), row...), digits[:take]...))
		digits = digits[take:]
	}
	notes := Button{Label: p.Text("✏️ Marks"), CustomID: id(CtlNotes, 0)}
	if c.Notes {
		notes.Style = Chosen
	}
	tools := append(digits, Button{Label: p.Text("⌫ Erase"), CustomID: id(CtlErase, 0), Disabled: !selectedEmptiable(g)}, notes)
	for len(tools) > 0 {
		take := min(5, len(tools))
		rows, tools = append(rows, tools[:take]), tools[take:]
	}
	back := Button{Label: p.Text("▦ Boxes"), CustomID: id(CtlBox, 0)}
	if c.Box == 0 {
		back = Button{Label: p.Text("⌨ Type"), CustomID: id(CtlTypeForm, 0)} // with no box chosen, typed moves
	}
	submit := Button{Label: p.Text("Submit"), CustomID: id(CtlSubmit, 0), Style: Go, Disabled: g.Left() > 0}
	return append(rows, []Button{
		{Label: p.Text("↩ Undo"), CustomID: id(CtlUndo, 0), Disabled: !g.CanUndo()},
		{Label: p.Text("✔ Check"), CustomID: id(CtlCheck, 0)},
		{Label: p.Text("💡 Hint"), CustomID: id(CtlHint, 0)},
		back, submit,
	})
}

// padButtons are the boxes, laid out as on the grid, or the chosen box's
// cells, showing their digits; and how many go in a row.
func padButtons(g *game.Game, id func(Control, int) string) ([]Button, int) {
	c := g.Cursor()
	n, bc := g.Size(), g.Puzzle().BoxCols()
	var out []Button
	if c.Box == 0 {
		for b := 1; b <= n; b++ {
			out = append(out, Button{Label: boxLabel(n, b), CustomID: id(CtlBox, b)})
		}
		return out, n / bc
	}
	grid := g.Grid()
	for k, cell := range g.BoxCells(c.Box) {
		b := Button{Label: "·", CustomID: id(CtlCell, k+1), Disabled: g.Given(cell)}
		if v := grid.At(cell.Row, cell.Col); v != 0 {
			b.Label = string(solver.DigitChar(v))
		}
		if c.Cell == k+1 {
			b.Style = Chosen
		}
		out = append(out, b)
	}
	return out, bc
}

// boxLabel names a box: by where it sits for 3×3 boxes, else by number.
func boxLabel(n, b int) string {
	if n == 9 {
		return [...]string{"↖", "↑", "↗", "←", "•", "→", "↙", "↓", "↘"}[b-1]
	}
	return fmt.Sprintf("▦%d", b)
}

func digitButtons(g *game.Game, id func(Control, int) string) []Button {
	var out []Button
	for v := 1; v <= g.Size(); v++ {
		b := Button{Label: string(solver.DigitChar(v)), CustomID: id(CtlDigit, v)}
		if g.Cursor().Digit == v {
			b.Style = Chosen
		}
		out = append(out, b)
	}
	return out
}

// selectedEmptiable reports whether the chosen cell can be erased.
func selectedEmptiable(g *game.Game) bool {
	c, ok := g.Selected()
	return ok && !g.Given(c) && (g.Grid().At(c.Row, c.Col) != 0 || g.Notes(c) != 0)
}
