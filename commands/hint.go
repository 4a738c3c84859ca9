package commands

import (
	"context"
	"errors"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/logic"
)

// hintCommand is /hint [puzzle] [image]: the next logical step, in words
// and drawn, for a grid typed or in a picture.
func hintCommand(d Deps) Command {
	return Command{
		ReadOnly: true,
		Def: &discordgo.ApplicationCommand{
			Name:        "hint",
			Description: "The next step for a puzzle you are solving, explained",
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "puzzle", MaxLength: 1500,
					Description: "The grid as it is now: given and filled digits, . or 0 for empty cells"},
				imageOption("image", "Or a picture of the grid as it is now: a photo or a screenshot"),
			},
		},
		Private: func(*discordgo.Interaction) bool { return true },
		Heavy:   true,
		Handle: func(ctx context.Context, i *discordgo.Interaction) (Response, error) {
			pr := i18n.For(string(i.Locale))
			text, pic, bad := puzzleOrPicture(pr, i, "puzzle", "image")
			switch {
			case bad != nil:
				return *bad, nil
			case pic != nil:
				return d.hintPicture(ctx, pr, pic)
			}
			return d.hintReply(ctx, pr, text)
		},
		Routes: []Route{{Pattern: hintID, Handle: func(ctx context.Context, i *discordgo.Interaction, a Args) (Response, error) {
			return d.hintReply(ctx, i18n.For(string(i.Locale)), a["grid"])
		}}},
	}
}

// hintID is the pattern of Hint under a reply about a picture: the grid
// as read.
const hintID Pattern = "hint:{grid...}"

// hintPicture answers /hint with a picture: what was read, then the hint
// for the grid as it stands (printed and written-in digits together).
func (d Deps) hintPicture(ctx context.Context, pr i18n.Printer, a *discordgo.MessageAttachment) (Response, error) {
	pic := d.readPicture(ctx, pr, a)
	if pic.notice != nil {
		return *pic.notice, nil
	}
	if n, ok := noPrinted(pr, pic.read); !ok {
		return n, nil
	}
	resp, err := d.hintReply(ctx, pr, combined(pic.read.Givens(), pic.read.Entries()))
	if err != nil {
		return resp, err
	}
	return d.withReading(pr, pic.read, resp, pictureButtons(pr, pic.read, false))
}

func (d Deps) hintReply(ctx context.Context, pr i18n.Printer, input string) (Response, error) {
	g, err := solver.Parse(input)
	if err != nil {
		return userError(pr.Sprintf("I couldn't read that grid: %s.", say(pr, err)) + "\n" + pr.Text(pasteHelp)), nil
	}
	if l, locked := d.dailyLock(ctx, g); locked {
		return lockedReply(pr, l), nil
	}
	hctx, cancel := context.WithTimeout(ctx, d.SolveTimeout)
	defer cancel()
	if l, locked := d.solvesOpenDaily(hctx, g); locked {
		return lockedReply(pr, l), nil
	}
	start := d.Now()
	a, err := logic.Hint(hctx, g)
	d.measured("hint", start, err)
	switch {
	case errors.Is(err, logic.ErrNoSolution):
		return userError(pr.Text("This grid has no solution, and no single digit explains why: check it against the puzzle you started from.")), nil
	case errors.Is(err, context.DeadlineExceeded):
		return userError(strings.TrimSpace(pr.Sprintf("I ran out of time looking for a hint (limit %s).", duration(d.SolveTimeout)) +
			" " + sentence(solver.FewGivens(pr, g)))), nil
	case err != nil:
		return Response{}, err
	}
	opt := render.Options{Notes: a.Candidates}
	switch {
	case len(a.Mistakes) > 0:
		opt.Notes = nil
		opt.Highlights = []render.Highlight{{Style: render.Wrong, Cells: a.Mistakes}}
	case a.Step.Technique == logic.TrialAndError:
		opt.Highlights = []render.Highlight{{Style: render.Hint, Cells: a.Targets}}
	default:
		opt.Highlights = []render.Highlight{{Style: render.Hint, Cells: a.Focus}, {Style: render.Clash, Cells: a.Targets}}
	}
	resp := Response{Content: pr.Sprintf("**Hint:** %s", a.Text(pr))}
	if !g.Complete() {
		file, err := d.image(g, opt, "hint.png")
		if err != nil {
			return Response{}, err
		}
		resp.Files = []File{file}
	}
	return resp, nil
}
