package commands

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/variant"
)

// A variant puzzle comes as a link (f-puzzles, SudokuPad) pasted into
// /solve, /check or a message "Solve this puzzle" is used on. The reply
// draws the puzzle with its constraints and says whether it is unique;
// the solution stays hidden behind Show solution, private to whoever
// presses it, beside True candidates and a link back to SudokuPad.

// Links keeps variant puzzles' links by a digest, for the buttons under a
// reply about one: a link is longer than a button's id may be.
type Links interface {
	// SaveLink keeps link under key until until; now lets expired links go.
	SaveLink(ctx context.Context, key, link string, now, until time.Time) error
	// Link returns the link kept under key, and false when there is none
	// or it expired before now.
	Link(ctx context.Context, key string, now time.Time) (string, bool, error)
}

// linkKeep is how long a link stays for its buttons after it was last
// asked about.
const linkKeep = 30 * 24 * time.Hour

// maxButtonURL is the longest URL Discord takes on a link button.
const maxButtonURL = 512

// The patterns of the buttons under a reply about a variant puzzle.
const (
	linkSolutionID   Pattern = "solve:link:solution:{key}"
	linkCandidatesID Pattern = "solve:link:candidates:{key}"
)

// linkRoutes answer the buttons under a reply about a variant puzzle,
// each privately: the solution, and the true candidates.
func (d Deps) linkRoutes() []Route {
	return []Route{
		{Pattern: linkSolutionID, Private: true, Handle: func(ctx context.Context, i *discordgo.Interaction, a Args) (Response, error) {
			return d.withLink(ctx, i, a["key"], d.linkSolution)
		}},
		{Pattern: linkCandidatesID, Private: true, Handle: func(ctx context.Context, i *discordgo.Interaction, a Args) (Response, error) {
			return d.withLink(ctx, i, a["key"], d.linkCandidates)
		}},
	}
}

// readLink reads and, for a short id, resolves a link; a failure comes
// back as the reply that says why.
func (d Deps) readLink(ctx context.Context, pr i18n.Printer, text string) (variant.Link, *variant.Puzzle, *Response, error) {
	l, p, err := d.resolveLink(ctx, text)
	if err == nil {
		return l, p, nil, nil
	}
	r, err := linkTrouble(pr, "read a puzzle link", err)
	return l, nil, r, err
}

// resolveLink reads and, for a short id, resolves a link.
func (d Deps) resolveLink(ctx context.Context, text string) (variant.Link, *variant.Puzzle, error) {
	l, err := variant.ParseLink(text)
	if err != nil {
		return l, nil, err
	}
	p, err := variant.Resolve(ctx, d.Puzzles, l)
	return l, p, err
}

// linkTrouble is the reply to a link that could not be read or solved:
// the sentence that says why, or for a failure of ours, the error, saying
// what was being done.
func linkTrouble(pr i18n.Printer, doing string, err error) (*Response, error) {
	if words, ok := variant.Say(pr, err); ok {
		r := userError(words)
		return &r, nil
	}
	return nil, fmt.Errorf("%s: %w", doing, err)
}

// solveLink answers /solve on a variant puzzle's link: the verdict, the
// puzzle drawn (the cells two solutions differ in shaded) unless format
// f is text alone, and the buttons. The solution is never in the reply
// (Show solution gives it privately), so f's spoiler has nothing to hide.
func (d Deps) solveLink(ctx context.Context, pr i18n.Printer, text string, f replyFormat) (Response, error) {
	l, p, bad, err := d.readLink(ctx, pr, text)
	if bad != nil || err != nil {
		return orEmpty(bad), err
	}
	v, bad, err := d.judgeLink(ctx, pr, p)
	if bad != nil || err != nil {
		return orEmpty(bad), err
	}
	resp := Response{Content: linkVerdict(pr, p, v, d.VariantTimeout)}
	if f.image {
		resp.Files = d.variantFiles(*p, render.VariantOptions{Differ: v.Differ}, "puzzle.png")
	}
	key, kept := d.keepLink(ctx, l)
	if kept && v.Solution() != nil {
		d.answers.keep(key, func(a *answer) { a.verdict = &v })
	}
	resp.Buttons = linkButtons(pr, l, v, key, kept)
	if u := l.SudokuPadURL(); len(u) > maxButtonURL && len(resp.Content)+len(u) < 1900 {
		resp.Content += "\n" + pr.Sprintf("[Open in SudokuPad](<%s>)", u)
	}
	return resp, nil
}

// judgeLink decides a variant puzzle within the time limit, and reports
// how long it took.
func (d Deps) judgeLink(ctx context.Context, pr i18n.Printer, p *variant.Puzzle) (variant.Verdict, *Response, error) {
	sctx, cancel := context.WithTimeout(ctx, d.VariantTimeout)
	defer cancel()
	v, err := variant.Judge(sctx, *p, 2)
	d.solved("variant", v.Took, v.Outcome == variant.GaveUp)
	if err != nil {
		r, err := linkTrouble(pr, "solve a puzzle link", err)
		return v, r, err
	}
	return v, nil, nil
}

// linkVerdict words the verdict: the puzzle's title and author, then
// unique, none, several or gave up, and how long it took.
func linkVerdict(pr i18n.Printer, p *variant.Puzzle, v variant.Verdict, limit time.Duration) string {
	var b strings.Builder
	if title := plainLine(p.Title, 100); title != "" {
		b.WriteString("**" + title + "**")
		if author := plainLine(p.Author, 60); author != "" {
			b.WriteString(" " + pr.Sprintf("by %s", author))
		}
		b.WriteByte('\n')
	}
	switch v.Outcome {
	case variant.Unique:
		b.WriteString(pr.Sprintf("**Unique.** This puzzle has exactly one solution · %s", duration(v.Took)))
	case variant.NoSolution:
		b.WriteString(pr.Sprintf("**No solution.** No grid meets every rule (checked in %s).", duration(v.Took)))
	case variant.Multiple:
		b.WriteString(pr.Sprintf("**Not unique.** This puzzle has at least 2 solutions · %s", duration(v.Took)) + "\n")
		b.WriteString(pr.Sprintf("Two of them differ in %d cells, shaded in the picture: %s.", len(v.Differ),
			solver.CellNames(pr, solverCells(v.Differ), 6)))
	case variant.GaveUp:
		if v.Result.Count == 1 {
			b.WriteString(pr.Sprintf("**Gave up** after %s: I found a solution, but not whether it is the only one.", duration(limit)))
		} else {
			b.WriteString(pr.Sprintf("**Gave up** after %s without finishing the search.", duration(limit)))
		}
		if n := v.Result.Fixed; n > 0 {
			b.WriteString("\n" + pr.Sprintf("Before any guess, the rules alone decide %d of its %d empty cells.", n, p.Blanks()))
		}
	}
	return b.String()
}

// linkButtons are Show solution and True candidates (when the link can
// be kept for them) and the link back to SudokuPad (when it fits a
// button).
func linkButtons(pr i18n.Printer, l variant.Link, v variant.Verdict, key string, kept bool) []Button {
	var out []Button
	if kept && v.Outcome != variant.NoSolution {
		if v.Solution() != nil {
			out = append(out, Button{Label: pr.Text("Show solution"), CustomID: linkSolutionID.ID(key), Style: Go})
		}
		out = append(out, Button{Label: pr.Text("True candidates"), CustomID: linkCandidatesID.ID(key)})
	}
	if u := l.SudokuPadURL(); len(u) <= maxButtonURL {
		out = append(out, Button{Label: pr.Text("Open in SudokuPad"), URL: u})
	}
	return out
}

// keepLink keeps the link for the buttons and returns its key; false
// when there is no store or it failed (logged: the reply goes without
// those buttons).
func (d Deps) keepLink(ctx context.Context, l variant.Link) (string, bool) {
	if d.Links == nil {
		return "", false
	}
	link := l.SudokuPadURL()
	sum := sha256.Sum256([]byte(link))
	key := hex.EncodeToString(sum[:16])
	now := d.Now()
	if err := d.Links.SaveLink(ctx, key, link, now, now.Add(linkKeep)); err != nil {
		d.Log.Warn("keep a puzzle link for its buttons", "err", err)
		return "", false
	}
	return key, true
}

// withLink answers a button under a reply about a variant puzzle: it
// finds the link kept under key and reads it again.
func (d Deps) withLink(ctx context.Context, i *discordgo.Interaction, key string,
	answer func(context.Context, i18n.Printer, string, *variant.Puzzle) (Response, error)) (Response, error) {
	pr := i18n.For(string(i.Locale))
	if d.Links == nil {
		return userError(pr.Text("I no longer have this puzzle: post its link again.")), nil
	}
	link, ok, err := d.Links.Link(ctx, key, d.Now())
	switch {
	case err != nil:
		return Response{}, failed(pr.Text("I can't reach my database right now, so I can't find this puzzle. Please try again in a moment."), err)
	case !ok:
		return userError(pr.Text("I no longer have this puzzle: post its link again.")), nil
	}
	_, p, bad, err := d.readLink(ctx, pr, link)
	if bad != nil || err != nil {
		return orEmpty(bad), err
	}
	return answer(ctx, pr, key, p)
}

// linkSolution is Show solution: the puzzle drawn solved, with the digits
// to copy.
func (d Deps) linkSolution(ctx context.Context, pr i18n.Printer, key string, p *variant.Puzzle) (Response, error) {
	known, _ := d.answers.get(key)
	if known.verdict == nil {
		v, bad, err := d.judgeLink(ctx, pr, p)
		if bad != nil || err != nil {
			return orEmpty(bad), err
		}
		known.verdict = &v
		d.answers.keep(key, func(a *answer) { a.verdict = &v })
	}
	v := *known.verdict
	sol := v.Solution()
	if sol == nil {
		return userError(pr.Text("I found no solution to show.")), nil
	}
	text := pr.Text("The solution:")
	switch v.Outcome {
	case variant.Multiple:
		text = pr.Text("One of its solutions:")
	case variant.GaveUp:
		text = pr.Text("A solution (I ran out of time before checking whether it is the only one):")
	}
	return Response{Content: text + "\n" + pr.Text("Copy:") + " " + codeBlock(variant.DigitsText(sol)),
		Files: d.variantFiles(*p, render.VariantOptions{Digits: sol}, "solution.png")}, nil
}

// linkCandidates is True candidates: every digit some solution puts in
// each cell, drawn small.
func (d Deps) linkCandidates(ctx context.Context, pr i18n.Printer, key string, p *variant.Puzzle) (Response, error) {
	masks, complete := []uint32(nil), true
	if known, _ := d.answers.get(key); known.candidates != nil {
		masks = known.candidates
	} else {
		sctx, cancel := context.WithTimeout(ctx, d.VariantTimeout)
		defer cancel()
		start := d.Now()
		var err error
		masks, complete, err = variant.Candidates(sctx, *p)
		d.solved("candidates", d.Now().Sub(start), !complete)
		if err != nil {
			r, err := linkTrouble(pr, "true candidates", err)
			return orEmpty(r), err
		}
		if complete {
			d.answers.keep(key, func(a *answer) { a.candidates = masks })
		}
	}
	text := pr.Text("**True candidates:** every digit that some solution puts in each cell.")
	if !complete {
		text = pr.Sprintf("**True candidates** found in %s, the search not finished: a solution may use more digits than these.", duration(d.VariantTimeout))
	}
	return Response{Content: text, Files: d.variantFiles(*p, render.VariantOptions{Candidates: masks}, "candidates.png")}, nil
}

// variantFiles draws a variant puzzle as a PNG attachment in the
// configured theme. A puzzle the drawing refuses (a 3×3, say) is
// answered in words alone, and the refusal logged.
func (d Deps) variantFiles(p variant.Puzzle, opt render.VariantOptions, name string) []File {
	if d.DarkImages {
		opt.Theme = render.Dark
	}
	b, err := render.Variant(p, opt)
	if err != nil {
		d.Log.Warn("draw a variant puzzle", "file", name, "size", p.Size, "err", err)
		return nil
	}
	return []File{{Name: name, ContentType: "image/png", Data: b}}
}

// solverCells converts cells for the solver's namer ("r3c7").
func solverCells(cs []variant.Cell) []solver.Cell {
	out := make([]solver.Cell, len(cs))
	for i, c := range cs {
		out[i] = solver.Cell{Row: c.Row, Col: c.Col}
	}
	return out
}

// plainLine makes a setter's text (cleaned by variant already) safe to
// show on one line of a message: no Markdown, no mention, no address
// Discord would make a link of, at most limit characters.
func plainLine(s string, limit int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > limit {
		s = string(r[:limit-1]) + "…"
	}
	return markdownEscaper.Replace(s)
}

var markdownEscaper = strings.NewReplacer("\\", "\\\\", "*", "\\*", "_", "\\_", "~", "\\~", "`", "\\`", "|", "\\|",
	">", "\\>", "#", "\\#", "[", "\\[", "]", "\\]", "(", "\\(", ")", "\\)", "@", "@\u200b", "<", "\\<",
	"://", ":\u200b//", "www.", "www\u200b.")

// orEmpty returns *r, or the empty reply.
func orEmpty(r *Response) Response {
	if r == nil {
		return Response{}
	}
	return *r
}
