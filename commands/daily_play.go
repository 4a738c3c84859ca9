package commands

import (
	"context"
	"errors"
	"fmt"
	"strings"

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
		return Response{Content: pr.Sprintf("You solved **Daily #%d** already%s. A new puzzle comes tomorrow.", p.Day, tookText(pr, e)) +
			"\n" + pr.Text("Share:") + "\n" + codeBlock(share(pr, p.Day, e, 0))}, nil
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
		Buttons: []Button{{Label: pr.Text("Submit"), CustomID: fmt.Sprintf("daily:submit:%d", p.Day)}}}, nil
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
		return Response{}, failed(pr.Text(replyNotRecorded), fmt.Errorf("daily submission not recorded (day %v): %w", day, err))
	}
	return Response{Content: submitText(pr, out)}, nil
}

// submitText words a submission's outcome, on the board and for /daily
// submit, in the player's language.
func submitText(p i18n.Printer, out daily.Outcome) string {
	n := out.Puzzle.Day
	switch out.Verdict {
	case daily.Correct:
		return p.Sprintf("✅ **Correct!** Daily #%d solved%s.", n, tookText(p, out.Entry)) + "\n" + p.Text("Share:") + "\n" +
			codeBlock(share(p, n, out.Entry, daily.CurrentStreak(out.Player, out.Today)))
	case daily.Wrong:
		return p.Sprintf("❌ Not yet: **%s**. That was try %d on Daily #%d; your clock keeps running. Keep going!",
			p.Count(out.Wrong, "%d cell is wrong", "%d cells are wrong"), out.Entry.Wrong, n)
	case daily.Incomplete:
		return p.Sprintf("Your answer has **%s**: fill in every cell, then submit again. This was not counted as a try.",
			p.Count(out.Empty, "%d empty cell", "%d empty cells"))
	case daily.BadSize:
		return p.Text("Daily puzzles are 9×9: paste all 81 cells, row by row. This was not counted as a try.")
	}
	return p.Sprintf("You solved Daily #%d already%s; only the first correct answer counts, so nothing changed.",
		n, tookText(p, out.Entry))
}

// share is what a player can paste anywhere, spoiler-free: a line with
// the time, mistakes, streak and the help taken on the board, then, for a
// solve on the board, its shape as a grid of squares (shareGrid).
func share(p i18n.Printer, n int, e daily.Entry, streak int) string {
	line := fmt.Sprintf("Daily #%d — %s", n, strings.Join(solveParts(p, e, streak, p.Text("solved")), ", "))
	if grid := shareGrid(e.Shape); grid != "" {
		line += "\n" + grid
	}
	return line
}

// shapeSquares are the share grid's squares for game.Shape's letters:
// boxes completed in the first, middle and last third, a box where a
// check found a mistake, a box a hint pointed into.
var shapeSquares = map[rune]string{'a': "🟩", 'b': "🟨", 'c': "🟧", 'w': "🟥", 'h': "💡"}

// shareGrid draws a 9×9 solve's shape as three rows of three squares, the
// boxes where they stand; "" for a shape it cannot draw (none, or another
// size). Colours say when and how, never which digit.
func shareGrid(shape string) string {
	if len(shape) != 9 {
		return ""
	}
	var sb strings.Builder
	for k, letter := range shape {
		sq, ok := shapeSquares[letter]
		if !ok {
			return ""
		}
		sb.WriteString(sq)
		if k%3 == 2 && k < 8 {
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}

func tookText(p i18n.Printer, e daily.Entry) string {
	if !e.Timed {
		return ""
	}
	return p.Sprintf(" in %s", clock(e.Took))
}
