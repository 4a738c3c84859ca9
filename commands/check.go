package commands

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/variant"
)

// checkCommand is /check [puzzle] [answer] [image] [answer_image]
// [private]: text or pictures; one picture of a finished grid is both,
// its printed digits the puzzle and all its digits the answer.
func checkCommand(d Deps) Command {
	return Command{
		ReadOnly: true,
		Def: &discordgo.ApplicationCommand{
			Name:        "check",
			Description: "Check an answer to a Sudoku puzzle: correct, incomplete, or which cells are wrong",
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "puzzle", MaxLength: maxPuzzleText,
					Description: "The puzzle as given: 81 digits row by row (. or 0 for blanks), or its SudokuPad or f-puzzles link"},
				{Type: discordgo.ApplicationCommandOptionString, Name: "answer", MaxLength: 1500,
					Description: "The filled-in grid to check, in the same form"},
				imageOption("image", "Or a picture of the puzzle; of a finished grid, it is the answer too"),
				imageOption("answer_image", "Or a picture of the filled-in grid to check"),
				{Type: discordgo.ApplicationCommandOptionBoolean, Name: "private", Description: "Only you see the result"},
			},
		},
		Private: d.privateOrLocked(privateOption, puzzleOption),
		Heavy:   true,
		Handle:  d.checkOpen,
	}
}

// checkOpen answers /check: the puzzle and the answer as text or read
// from pictures, then the check, after what was read.
func (d Deps) checkOpen(ctx context.Context, i *discordgo.Interaction) (Response, error) {
	o, pr := OptionsOf(i), i18n.For(string(i.Locale))
	puzzleText, answerText := o.String("puzzle"), o.String("answer")
	if puzzleText != "" && o.Attachment("image") != "" || answerText != "" && o.Attachment("answer_image") != "" {
		return userError(pr.Text("Give me the puzzle one way: as text or as a picture, not both.")), nil
	}
	var read []*picture.Reading
	if o.Attachment("image") != "" {
		pic := d.readPicture(ctx, pr, attachmentOption(i, "image"))
		if pic.notice != nil {
			return *pic.notice, nil
		}
		puzzleText, read = pic.read.Givens(), append(read, pic.read)
		if answerText == "" && o.Attachment("answer_image") == "" {
			answerText = combined(pic.read.Givens(), pic.read.Entries())
		}
	}
	if o.Attachment("answer_image") != "" {
		pic := d.readPicture(ctx, pr, attachmentOption(i, "answer_image"))
		if pic.notice != nil {
			return *pic.notice, nil
		}
		answerText, read = combined(pic.read.Givens(), pic.read.Entries()), append(read, pic.read)
	}
	if puzzleText == "" || answerText == "" {
		return userError(pr.Text("Give me the puzzle and the answer: as text, or as pictures (one picture of a finished grid is both).")), nil
	}
	if variant.LooksLikeLink(puzzleText) {
		resp, err := d.checkLink(ctx, pr, puzzleText, answerText)
		for k := len(read) - 1; k >= 0 && err == nil; k-- {
			resp, err = d.withReading(pr, read[k], resp, nil)
		}
		return resp, err
	}
	resp, err := d.checkReply(ctx, pr, puzzleText, answerText)
	for k := len(read) - 1; k >= 0 && err == nil; k-- {
		resp, err = d.withReading(pr, read[k], resp, nil)
	}
	return resp, err
}

func (d Deps) checkReply(ctx context.Context, pr i18n.Printer, puzzleText, answerText string) (Response, error) {
	p, err := solver.Parse(puzzleText)
	if err != nil {
		return userError(pr.Sprintf("I couldn't read the puzzle: %s.", say(pr, err)) + "\n" + pr.Text(pasteHelp)), nil
	}
	if l, locked := d.dailyLock(ctx, p); locked {
		return lockedReply(pr, l), nil
	}
	sctx, cancel := context.WithTimeout(ctx, d.SolveTimeout)
	defer cancel()
	start := d.Now()
	res, solveErr := solver.Solve(sctx, p, 2)
	d.measured("check", start, solveErr)
	if l, locked := d.solvesDaily(ctx, shownSolutions(res)...); locked && solveErr == nil { // before a word on the answer
		return lockedReply(pr, l), nil
	}
	a, err := solver.Parse(answerText)
	if err != nil {
		return userError(pr.Sprintf("I couldn't read the answer: %s.", say(pr, err)) + "\n" + pr.Text(pasteHelp)), nil
	}
	if a.Size() != p.Size() {
		return userError(pr.Sprintf("The puzzle is %[1]d×%[1]d but the answer is %[2]d×%[2]d: paste the answer as a whole grid.",
			p.Size(), a.Size())), nil
	}
	if err := solver.Validate(p); err != nil {
		return userError(pr.Sprintf("The puzzle itself breaks the rules: %s.", say(pr, err))), nil
	}
	if changed := changedGivens(pr, p, a); len(changed) > 0 {
		return userError(pr.Sprintf("**The answer changes the puzzle:** %s. Check that both are the same puzzle.",
			strings.Join(changed, ", "))), nil
	}
	merged := withGivens(p, a)
	if solveErr == nil && res.Count == 0 {
		return userError(pr.Text("**This puzzle has no solution**, so no answer to it can be right.")), nil
	}
	wrong := wrongCells(merged, res, solveErr == nil)
	return d.checkVerdict(pr, p, merged, wrong, res.Count > 1)
}

// changedGivens names the givens the answer holds a different digit in.
func changedGivens(pr i18n.Printer, p, a solver.Grid) []string {
	var out []string
	for r := 0; r < p.Size(); r++ {
		for c := 0; c < p.Size(); c++ {
			if v, w := p.At(r, c), a.At(r, c); v != 0 && w != 0 && v != w {
				out = append(out, pr.Sprintf("%s is %c in the puzzle but %c in the answer",
					solver.CellName(r, c), solver.DigitChar(v), solver.DigitChar(w)))
			}
		}
	}
	return out
}

// withGivens fills the answer's blanks where the puzzle has a given, so an
// answer pasted without its givens still counts them.
func withGivens(p, a solver.Grid) solver.Grid {
	for r := 0; r < p.Size(); r++ {
		for c := 0; c < p.Size(); c++ {
			if v := p.At(r, c); v != 0 {
				a.Set(r, c, v)
			}
		}
	}
	return a
}

// wrongCells compares the filled cells with the solution when it is known
// to be the only one; otherwise (several solutions, or none found in time)
// it names the cells that break the rules.
func wrongCells(answer solver.Grid, res solver.Result, finished bool) []solver.Cell {
	if finished && res.Count == 1 {
		return answer.Mistakes(res.Solutions[0])
	}
	return clashingCells(answer)
}

func clashingCells(g solver.Grid) []solver.Cell {
	if ce, ok := solver.Validate(g).(*solver.ConflictError); ok {
		return ce.Cells()
	}
	return nil
}

func (d Deps) checkVerdict(pr i18n.Printer, p, answer solver.Grid, wrong []solver.Cell, several bool) (Response, error) {
	empty := answer.Cells() - answer.Givens()
	var resp Response
	switch {
	case len(wrong) > 0:
		resp.Content = checkWrong(pr, wrong, empty)
		file, err := d.image(answer, render.Options{Puzzle: p,
			Highlights: []render.Highlight{{Style: render.Wrong, Cells: wrong}}}, "SPOILER_check.png")
		if err != nil {
			return Response{}, err
		}
		resp.Files = []File{file}
	case empty > 0:
		resp.Content = checkIncomplete(pr, empty)
	case several:
		resp.Content = pr.Text("**Correct!** The grid keeps every given and breaks no rule. (The puzzle has more than one solution; this is one of them.)")
	default:
		resp.Content = pr.Text("**Correct!** That is the solution.")
	}
	return resp, nil
}

// checkWrong words an answer with wrong cells, named under a spoiler.
func checkWrong(pr i18n.Printer, wrong []solver.Cell, empty int) string {
	text := pr.Sprintf("**Not quite:** %s: ||%s||", pr.Count(len(wrong), "%d cell is wrong", "%d cells are wrong"),
		solver.CellNames(pr, wrong, 40))
	if empty > 0 {
		text += "\n" + pr.Count(empty, "And %d cell is still empty.", "And %d cells are still empty.")
	}
	return text
}

// checkIncomplete words an answer without mistakes that is not finished.
func checkIncomplete(pr i18n.Printer, empty int) string {
	return pr.Count(empty, "**Incomplete:** no mistakes so far, and %d cell is still empty.",
		"**Incomplete:** no mistakes so far, and %d cells are still empty.")
}
