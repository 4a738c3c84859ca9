package commands

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/variant"
)

// checkLink answers /check on a variant puzzle's link: a puzzle with one
// solution judges the answer by it; one with several, or one the search
// gave up on, by its rules (a partial answer to the latter by the
// setter's stored solution, when it holds); one with a rule we cannot
// read, by the setter's stored solution, saying so.
func (d Deps) checkLink(ctx context.Context, pr i18n.Printer, puzzleText, answerText string) (Response, error) {
	p, unread, err := d.checkedPuzzle(ctx, puzzleText)
	if err != nil {
		bad, err := linkTrouble(pr, "read a puzzle link", err)
		return orEmpty(bad), err
	}
	answer, bad := readAnswer(pr, answerText, p.Size)
	if bad != nil {
		return *bad, nil
	}
	if changed := changedVariantGivens(pr, p, answer); len(changed) > 0 {
		return userError(pr.Sprintf("**The answer changes the puzzle:** %s. Check that both are the same puzzle.",
			strings.Join(changed, ", "))), nil
	}
	if unread != nil {
		resp := d.linkCheckVerdict(pr, p, answer, differing(p.Size, answer, p.Solution),
			pr.Text("**Correct!** It matches the solution the puzzle's setter stored."))
		resp.Content += "\n" + pr.Sprintf("I can't read every rule of this puzzle (%s), so I checked the answer against the solution its setter stored.",
			strings.Join(unread.Names, ", "))
		return resp, nil
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
	return d.linkCheckVerdict(pr, p, answer, wrong, correctLink(pr, v)), nil
}

// checkedPuzzle resolves a link for /check. A puzzle with a rule we cannot
// read comes back as what was read, with the rules unread, when the
// solution its setter stored holds (keeps the givens, breaks no rule
// read); otherwise it is the link's error.
func (d Deps) checkedPuzzle(ctx context.Context, text string) (*variant.Puzzle, *variant.UnsupportedError, error) {
	_, p, err := d.resolveLink(ctx, text)
	var u *variant.UnsupportedError
	if !errors.As(err, &u) || u.Partial == nil || u.Partial.Solution == nil {
		return p, nil, err
	}
	if err := u.Partial.Bounded(); err != nil {
		return nil, nil, err
	}
	if !storedHolds(u.Partial) {
		return nil, nil, err
	}
	return u.Partial, u, nil
}

// storedHolds reports whether p's stored solution keeps its givens and
// breaks none of its rules: a setter's solution is trusted no further.
func storedHolds(p *variant.Puzzle) bool {
	if p.Solution == nil {
		return false
	}
	for i, g := range p.Givens {
		if g != 0 && g != p.Solution[i] {
			return false
		}
	}
	broken, err := variant.Breaks(*p, p.Solution)
	return err == nil && len(broken) == 0
}

// readAnswer reads an answer of n×n cells: as a grid the solver reads, or
// for sizes it does not (5×5, 8×8, …), as n×n digits and blanks.
func readAnswer(pr i18n.Printer, text string, n int) ([]int, *Response) {
	a, err := solver.Parse(text)
	if err == nil && a.Size() == n {
		answer := make([]int, n*n)
		for i := range answer {
			answer[i] = a.At(i/n, i%n)
		}
		return answer, nil
	}
	if answer, ok := plainDigits(text, n); ok {
		return answer, nil
	}
	var r Response
	if err != nil {
		r = userError(pr.Sprintf("I couldn't read the answer: %s.", say(pr, err)) + "\n" + pr.Text(pasteHelp))
	} else {
		r = userError(pr.Sprintf("The puzzle is %[1]d×%[1]d but the answer is %[2]d×%[2]d: paste the answer as a whole grid.", n, a.Size()))
	}
	return nil, &r
}

// plainDigits reads n×n cells row by row: 1-9 then A-G (up to n), 0 or .
// for a blank; spaces, | and , between them are skipped.
func plainDigits(text string, n int) ([]int, bool) {
	var out []int
	for _, r := range text {
		switch d := variant.DigitOf(r); {
		case strings.ContainsRune(" \t\r\n|,", r):
		case r == '0' || r == '.':
			out = append(out, 0)
		case d >= 1 && d <= n:
			out = append(out, d)
		default:
			return nil, false
		}
	}
	return out, len(out) == n*n
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
// the only solution; for a partial answer to a puzzle the search gave up
// on, those that differ from the setter's stored solution when it holds;
// otherwise those that break a rule.
func linkMistakes(p *variant.Puzzle, v variant.Verdict, answer []int) ([]variant.Cell, error) {
	switch {
	case v.Outcome == variant.Unique:
		return differing(p.Size, answer, v.Solution()), nil
	case v.Outcome == variant.GaveUp && slices.Contains(answer, 0) && storedHolds(p):
		return differing(p.Size, answer, p.Solution), nil
	}
	return variant.Breaks(*p, answer)
}

// correctLink words a right, whole answer: the solution, one of several,
// or a grid that breaks no rule of a puzzle the search gave up on.
func correctLink(pr i18n.Printer, v variant.Verdict) string {
	switch v.Outcome {
	case variant.Multiple:
		return pr.Text("**Correct!** The grid keeps every given and breaks no rule. (The puzzle has more than one solution; this is one of them.)")
	case variant.GaveUp:
		return pr.Text("**Correct!** The grid keeps every given and breaks no rule.")
	}
	return pr.Text("**Correct!** That is the solution.")
}

// differing returns the filled cells of answer that differ from sol.
func differing(n int, answer, sol []int) []variant.Cell {
	var wrong []variant.Cell
	for i, digit := range answer {
		if digit != 0 && digit != sol[i] {
			wrong = append(wrong, variant.Cell{Row: i / n, Col: i % n})
		}
	}
	return wrong
}

// linkCheckVerdict words the check as /check does for a classic puzzle,
// with the puzzle drawn and the wrong cells shaded; correct words a right,
// whole answer.
func (d Deps) linkCheckVerdict(pr i18n.Printer, p *variant.Puzzle, answer []int, wrong []variant.Cell, correct string) Response {
	empty := 0
	for _, digit := range answer {
		if digit == 0 {
			empty++
		}
	}
	switch {
	case len(wrong) > 0:
		return Response{Content: checkWrong(pr, solverCells(wrong), empty),
			Files: d.variantFiles(*p, render.VariantOptions{Digits: answer, Differ: wrong}, "SPOILER_check.png")}
	case empty > 0:
		return Response{Content: checkIncomplete(pr, empty)}
	}
	return Response{Content: correct}
}
