package commands

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/logic"
)

// countCap is how many solutions /solve counts before it says "at least".
const countCap = 100

// pasteHelp tells people how to write a puzzle.
const pasteHelp = "Paste the puzzle row by row: 81 digits for a 9×9 grid, with `.` or `0` for blanks, " +
	"on one line or as a grid (borders and code blocks are fine)."

// solveReply judges a puzzle and words the verdict for /solve and the
// message command.
func (d Deps) solveReply(ctx context.Context, pr i18n.Printer, input string, f replyFormat) (Response, error) {
	g, err := solver.Parse(input)
	if err != nil {
		return userError(pr.Sprintf("I couldn't read that puzzle: %s.", say(pr, err)) + "\n" + pr.Text(pasteHelp)), nil
	}
	if l, locked := d.dailyLock(ctx, g); locked {
		return lockedReply(pr, l), nil
	}
	sctx, cancel := context.WithTimeout(ctx, d.SolveTimeout)
	defer cancel()
	v := solver.JudgeGrid(sctx, g, countCap)
	if l, locked := d.solvesDaily(ctx, shownSolutions(v.Result)...); locked {
		return lockedReply(pr, l), nil
	}
	d.solved("solve", v.Took, v.Outcome == solver.GaveUp || v.Outcome == solver.Unchecked)
	r := reply{d: d, p: pr, f: f, puzzle: v.Puzzle}
	switch v.Outcome {
	case solver.GaveUp:
		r.line("**Gave up** after %s without finishing the search.", duration(d.SolveTimeout))
		r.add(or(sentence(solver.FewGivens(pr, v.Puzzle)), pr.Text("This puzzle needs more search than the time limit allows; check that it was copied correctly.")))
	case solver.NoSolution:
		r.noSolution(v)
	case solver.Unchecked:
		r.line("**Solved**, but I ran out of time before checking it is the only solution (limit %s).", duration(d.SolveTimeout))
		r.solution(v.Solution(), nil)
	case solver.Unique:
		r.line("**Solved.** The solution is unique · %s", duration(v.Took))
		if gr, err := logic.Grade(sctx, v.Puzzle); err == nil {
			r.line("Difficulty: **%s** (%.1f; hardest step: %s)", pr.Text(gr.Level.String()), gr.Score, pr.Text(gr.Hardest.String()))
		}
		r.solution(v.Solution(), nil)
	default:
		r.notUnique(v)
	}
	return r.response()
}

// reply collects a verdict's text and image.
type reply struct {
	d      Deps
	p      i18n.Printer
	f      replyFormat
	puzzle solver.Grid
	text   strings.Builder
	img    *solver.Grid
	opt    render.Options
}

// line adds a line in the reader's language: format is English.
func (r *reply) line(format string, args ...any) { r.add(r.p.Sprintf(format, args...)) }

// add adds a line already worded.
func (r *reply) add(s string) {
	r.text.WriteString(s)
	r.text.WriteByte('\n')
}

func (r *reply) noSolution(v solver.Verdict) {
	if v.Conflict == nil {
		r.line("**No solution.** No two givens clash, but no grid completes them (checked in %s).", duration(v.Took))
		return
	}
	r.line("**No solution:** %s.", v.Conflict.Say(r.p))
	r.picture(r.puzzle, render.Options{Highlights: []render.Highlight{{Style: render.Clash, Cells: v.Clashes}}})
}

func (r *reply) notUnique(v solver.Verdict) {
	count := r.p.Sprintf("at least %d solutions", v.Result.Count)
	if v.Exact {
		count = r.p.Sprintf("exactly %d solutions", v.Result.Count)
	}
	r.line("**Not unique.** This puzzle has %s · %s", count, duration(v.Took))
	r.line("Two of them differ in %d cells, for example %s.", len(v.Differ), solver.CellNames(r.p, v.Differ, 6))
	if few := solver.FewGivens(r.p, v.Puzzle); few != "" {
		r.add(sentence(few))
	}
	r.line("One solution:")
	r.solution(v.Solution(), []render.Highlight{{Style: render.Hint, Cells: v.Differ}})
}

// solution adds the grid (as text and/or image) and the copyable line.
func (r *reply) solution(sol solver.Grid, marks []render.Highlight) {
	if r.f.text {
		r.text.WriteString(r.spoil(codeBlock(render.Text(sol))))
	}
	r.text.WriteString(r.p.Text("Copy:") + " " + r.spoil(codeBlock(render.Line(sol))))
	r.picture(sol, render.Options{Puzzle: r.puzzle, Highlights: marks})
}

func (r *reply) picture(g solver.Grid, opt render.Options) {
	if r.f.image {
		r.img, r.opt = &g, opt
	}
}

func (r *reply) spoil(s string) string {
	if r.f.spoiler {
		return "||" + s + "||"
	}
	return s
}

func (r *reply) response() (Response, error) {
	resp := Response{Content: strings.TrimSpace(r.text.String())}
	if r.img == nil {
		return resp, nil
	}
	name := "solution.png"
	if r.f.spoiler {
		name = "SPOILER_" + name
	}
	file, err := r.d.image(*r.img, r.opt, name)
	if err != nil {
		return Response{}, err
	}
	resp.Files = []File{file}
	return resp, nil
}

// image draws a grid as a PNG attachment in the configured theme.
func (d Deps) image(g solver.Grid, opt render.Options, name string) (File, error) {
	if d.DarkImages {
		opt.Theme = render.Dark
	}
	opt.Labels = true
	b, err := d.Renders.PNG(g, opt)
	if err != nil {
		return File{}, fmt.Errorf("draw %s: %w", name, err)
	}
	return File{Name: name, ContentType: "image/png", Data: b}, nil
}

func codeBlock(s string) string { return "```\n" + strings.TrimSuffix(s, "\n") + "\n```" }

// sentence makes a phrase a sentence: capital first, full stop last ("" stays "").
func sentence(s string) string {
	if s == "" {
		return ""
	}
	first, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(first)) + s[n:] + "."
}

// say words a solver's error in the reader's language: a reading error or
// a clash as the solver explains it, anything else as a generic failure.
func say(pr i18n.Printer, err error) string {
	var pe *solver.ParseError
	var ce *solver.ConflictError
	switch {
	case errors.As(err, &pe):
		return pe.Say(pr)
	case errors.As(err, &ce):
		return ce.Say(pr)
	}
	return pr.Text("the puzzle could not be read")
}

// or returns s, or def when s is empty.
func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// duration writes a solve time the way people read it: 42 µs, 1.25 ms,
// 12 ms, 1.5 s.
func duration(t time.Duration) string {
	switch {
	case t < time.Millisecond:
		return fmt.Sprintf("%d µs", t.Microseconds())
	case t < 10*time.Millisecond:
		return fmt.Sprintf("%.2f ms", float64(t)/float64(time.Millisecond))
	case t < time.Second:
		return fmt.Sprintf("%d ms", t.Milliseconds())
	}
	return fmt.Sprintf("%.1f s", t.Seconds())
}
