package commands

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
)

// dailyPlay opens today's puzzle privately, on the board when there is a
// games store (else as a picture to solve elsewhere), and starts the
// player's clock.
func (d Deps) dailyPlay(ctx context.Context, i *discordgo.Interaction) (Response, error) {
	pr := i18n.For(string(i.Locale))
	p, e, err := d.Daily.Play(ctx, i.GuildID, UserID(i))
	if err != nil {
		return Response{}, failed(pr.Text(replyDailyDown), fmt.Errorf("daily play failed: %w", err))
	}
	if !e.Solved.IsZero() {
		return Response{Content: pr.Sprintf("You solved **Daily #%d** already%s. A new puzzle comes tomorrow.", p.Day, daily.Took(pr, e)) +
			"\n" + pr.Text("Share:") + "\n" + codeBlock(daily.Share(pr, p.Day, e, 0))}, nil
	}
	if d.Games != nil {
		return d.dailyOpen(ctx, pr, i.GuildID, UserID(i), p, e)
	}
	img, err := d.dailyImage(p)
	if err != nil {
		return Response{}, err
	}
	content := pr.Sprintf("**Daily #%d** · %s · %s (%.1f)", p.Day, pr.Date(daily.Date(p.Day)), pr.Text(p.Level.String()), p.Score) +
		"\n" + pr.Sprintf("Your clock started <t:%d:R>. Solve it, then press **Submit** or use `/daily submit`.", e.Started.Unix()) +
		"\n" + pr.Text("Copy:") + " " + codeBlock(render.Line(p.Grid))
	return Response{Content: content, Files: []File{img},
		Buttons: []Button{{Label: pr.Text("Submit"), CustomID: dailySubmitID.ID(strconv.Itoa(p.Day))}}}, nil
}

// dailySubmit checks an answer privately and records it.
func (d Deps) dailySubmit(ctx context.Context, i *discordgo.Interaction, day int, text string) (Response, error) {
	pr := i18n.For(string(i.Locale))
	answer, err := solver.Parse(text)
	if err != nil {
		return userError(pr.Sprintf("I couldn't read your answer: %s.", say(pr, err)) + "\n" + pr.Text(pasteHelp) + " " +
			pr.Text("Nothing was counted.")), nil
	}
	out, err := d.Daily.Submit(ctx, i.GuildID, UserID(i), day, answer, daily.Aids{})
	switch {
	case errors.Is(err, daily.ErrClosed):
		return userError(pr.Sprintf("Daily #%d is closed; today's is **#%d**. Start it with `/daily play`.", day, out.Today)), nil
	case err != nil:
		return Response{}, failed(wordsOf(pr).NotRecorded(), fmt.Errorf("daily submission not recorded (day %v): %w", day, err))
	}
	return Response{Content: submitText(pr, out)}, nil
}

// submitText words a submission's outcome, on the board and for /daily
// submit, in the player's language.
func submitText(p i18n.Printer, out daily.Outcome) string {
	text := wordsOf(p).Outcome(out)
	if out.Verdict == daily.Correct {
		text += "\n" + p.Text("Share:") + "\n" + codeBlock(daily.Share(p, out.Puzzle.Day, out.Entry, daily.CurrentStreak(out.Player, out.Today)))
	}
	return text
}
