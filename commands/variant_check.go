package commands

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/variant"
)

// checkLink answers /check on a variant puzzle's link: the answer is
// judged against the solution when the puzzle has one, else against its
// rules (a puzzle with several solutions, or one the search gave up on,
// where the setter's stored solution is used when there is one).
func (d Deps) checkLink(ctx context.Context, pr i18n.Printer, puzzleText, answerText string) (Response, error) {
	_, p, err := d.resolveLink(ctx, puzzleText)
	var u *variant.UnsupportedError
	if errors.As(err, &u) && u.Partial != nil && u.Partial.Solution != nil {
		p, err = u.Partial, nil // the setter's solution judges the answer
	}
	if err != nil {
		bad, err := linkTrouble(pr, err)
		return orEmpty(bad), err
	}
	a, err := solver.Parse(answerText)
	if err != nil {
		return userError(pr.Sprintf("I couldn't read the answer: %s.", say(pr, err)) + "\n" + pr.Text(pasteHelp)), nil
	}
	if a.Size() != p.Size {
		return userError(pr.Sprintf("The puzzle is %[1]d×%[1]d but the answer is %[2]d×%[2]d: paste the answer as a whole grid.",
			p.Size, a.Size())), nil
	}
	answer := make([]int, p.Size*p.Size)
	for i := range answer {
		answer[i] = a.At(i/p.Size, i%p.Size)
	}
	if changed := changedVariantGivens(pr, p, answer); len(changed) > 0 {
		return userError(pr.Sprintf("**The answer changes the puzzle:** %s. Check that both are the same puzzle.",
			strings.Join(changed, ", "))), nil
	}
	if u != nil {
		resp, err := d.linkCheckVerdict(pr, p, variant.Verdict{Outcome: variant.Unique}, answer, storedMistakes(p, answer))
		resp.Content += "\n" + pr.Sprintf("I can't read every rule of this puzzle (%s), so I checked the answer against the solution its setter stored.",
			strings.Join(u.Names, ", "))
		return resp, err
	}
	v, bad, err := d.judgeLink(ctx, pr, p)
	if bad != nil || err != nil {
		return orEmpty(bad), err
	}
	if v.Outcome == variant.NoSolution {
		return userError(pr.Text("**This puzzle has no solution**, so no answer to it can be right.")), nil
	}
	wrong, err := linkMistakes(p, v, answer)
	if err != nil {
		return Response{}, fmt.Errorf("check an answer to a puzzle link: %w", err)
	}
	return d.linkCheckVerdict(pr, p, v, answer, wrong)
}

// changedVariantGivens fills the answer's blanks with the puzzle's givens
// and names the givens the answer changes.
func changedVariantGivens(pr i18n.Printer, p *variant.Puzzle, answer []int) []string {
	var out []string
	for i, g := range p.Givens {
		switch {
		case g == 0:
		case answer[i] == 0:
			answer[i] = g
		case answer[i] != g:
			out = append(out, pr.Sprintf("%s is %c in the puzzle but %c in the answer",
				solver.CellName(i/p.Size, i%p.Size), solver.DigitChar(g), solver.DigitChar(answer[i])))
		}
	}
	return out
}

// linkMistakes returns the answer's wrong cells: those that differ from
// the only solution, or from the setter's when the search gave up;
// otherwise those that break a rule.
func linkMistakes(p *variant.Puzzle, v variant.Verdict, answer []int) ([]variant.Cell, error) {
	sol := p.Solution
	if v.Outcome == variant.Unique {
		sol = v.Solution()
	}
	if sol == nil || v.Outcome == variant.Multiple {
		return variant.Breaks(*p, answer)
	}
	return differing(p.Size, answer, sol), nil
}

// storedMistakes are the answer's cells that differ from the solution the
// setter stored.
func storedMistakes(p *variant.Puzzle, answer []int) []variant.Cell {
	return differing(p.Size, answer, p.Solution)
}

// differing returns the filled cells of answer that differ from sol.
func differing(n int, answer, sol []int) []variant.Cell {
	var wrong []variant.Cell
	for i, d := range answer {
		if d != 0 && d != sol[i] {
			wrong = append(wrong, variant.Cell{Row: i / n, Col: i % n})
		}
	}
	return wrong
}

// linkCheckVerdict words the check as /check does for a classic puzzle,
// with the puzzle drawn and the wrong cells shaded.
func (d Deps) linkCheckVerdict(pr i18n.Printer, p *variant.Puzzle, v variant.Verdict, answer []int, wrong []variant.Cell) (Response, error) {
	empty := 0
	for _, d := range answer {
		if d == 0 {
			empty++
		}
	}
	var resp Response
	switch {
	case len(wrong) > 0:
		resp.Content = checkWrong(pr, solverCells(wrong), empty)
		file, err := d.variantImage(*p, render.VariantOptions{Digits: answer, Differ: wrong}, "SPOILER_check.png")
		if err != nil {
			return Response{}, err
		}
		resp.Files = []File{file}
	case empty > 0:
		resp.Content = checkIncomplete(pr, empty)
	case v.Outcome == variant.Multiple:
		resp.Content = pr.Text("**Correct!** The grid keeps every given and breaks no rule. (The puzzle has more than one solution; this is one of them.)")
	case v.Outcome == variant.GaveUp && p.Solution == nil:
		resp.Content = pr.Text("**Correct!** The grid keeps every given and breaks no rule.")
	default:
		resp.Content = pr.Text("**Correct!** That is the solution.")
	}
	return resp, nil
}
