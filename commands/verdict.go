package commands

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
)

// countCap is how many solutions /solve counts before it says "at least".
const countCap = 100

// pasteHelp tells people how to write a puzzle.
const pasteHelp = "Paste the puzzle row by row: 81 digits for a 9×9 grid, with `.` or `0` for blanks, " +
	"on one line or as a grid (borders and code blocks are fine)."

// solveReply parses, solves and words the verdict for /solve and the
// message command.
func (d Deps) solveReply(ctx context.Context, input string, f replyFormat) (Response, error) {
	g, err := solver.Parse(input)
	if err != nil {
		return userError("I couldn't read that puzzle: " + err.Error() + ".\n" + pasteHelp), nil
	}
	sctx, cancel := context.WithTimeout(ctx, d.SolveTimeout)
	defer cancel()
	start := d.Now()
	res, err := solver.Solve(sctx, g, countCap)
	took := d.Now().Sub(start)
	d.measured("solve", start, err)
	r := reply{d: d, f: f, puzzle: g}
	switch {
	case err != nil && res.Count == 0:
		r.gaveUp(d.SolveTimeout)
	case res.Count == 0:
		r.noSolution(took)
	case res.Count == 1 && err != nil:
		r.line("**Solved**, but I ran out of time before checking it is the only solution (limit %s).", duration(d.SolveTimeout))
		r.solution(res.Solutions[0], nil)
	case res.Count == 1:
		r.line("**Solved.** The solution is unique · %s", duration(took))
		if gr, err := solver.Grade(sctx, g); err == nil {
			r.line("Difficulty: **%s** (%.1f; hardest step: %s)", gr.Level, gr.Score, gr.Hardest)
		}
		r.solution(res.Solutions[0], nil)
	default:
		r.notUnique(res, err != nil, took)
	}
	return r.response()
}

// reply collects a verdict's text and image.
type reply struct {
	d      Deps
	f      replyFormat
	puzzle solver.Grid
	text   strings.Builder
	img    *solver.Grid
	opt    render.Options
}

func (r *reply) line(format string, args ...any) {
	fmt.Fprintf(&r.text, format, args...)
	r.text.WriteByte('\n')
}

func (r *reply) gaveUp(limit time.Duration) {
	r.line("**Gave up** after %s without finishing the search.", duration(limit))
	if advice := givensAdvice(r.puzzle); advice != "" {
		r.line("%s", advice)
	} else {
		r.line("This puzzle needs more search than the time limit allows; check that it was copied correctly.")
	}
}

func (r *reply) noSolution(took time.Duration) {
	var ce *solver.ConflictError
	if errors.As(solver.Validate(r.puzzle), &ce) {
		r.line("**No solution:** %s.", ce.Error())
		var cells []solver.Cell
		for _, c := range ce.Clashes {
			cells = append(cells, c.Cells...)
		}
		r.picture(r.puzzle, render.Options{Highlights: []render.Highlight{{Style: render.Clash, Cells: cells}}})
		return
	}
	r.line("**No solution.** No two givens clash, but no grid completes them (checked in %s).", duration(took))
}

func (r *reply) notUnique(res solver.Result, stopped bool, took time.Duration) {
	count := fmt.Sprintf("at least %d solutions", res.Count)
	if !stopped && res.Count < countCap {
		count = fmt.Sprintf("exactly %d solutions", res.Count)
	}
	diff := solver.Differences(res.Solutions[0], res.Solutions[1])
	r.line("**Not unique.** This puzzle has %s · %s", count, duration(took))
	r.line("Two of them differ in %d cells, for example %s.", len(diff), solver.CellNames(diff, 6))
	if advice := givensAdvice(r.puzzle); advice != "" {
		r.line("%s", advice)
	}
	r.line("One solution:")
	r.solution(res.Solutions[0], []render.Highlight{{Style: render.Hint, Cells: diff}})
}

// solution adds the grid (as text and/or image) and the copyable line.
func (r *reply) solution(sol solver.Grid, marks []render.Highlight) {
	if r.f.text {
		r.text.WriteString(r.spoil(codeBlock(render.Text(sol))))
	}
	r.text.WriteString("Copy: " + r.spoil(codeBlock(render.Line(sol))))
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
	resp := Response{Content: strings.TrimSpace(r.text.String()), Ephemeral: r.f.private}
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

// givensAdvice explains a timeout or several solutions by the number of
// givens, as a sentence, when there are too few for a unique puzzle.
func givensAdvice(g solver.Grid) string {
	s := solver.FewGivens(g)
	if s == "" {
		return ""
	}
	return strings.ToUpper(s[:1]) + s[1:] + "."
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
