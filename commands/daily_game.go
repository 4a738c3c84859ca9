package commands

import (
	"context"
	"fmt"
	"slices"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/play"
)

// The daily on the board: its game is the player's in one server (the
// server's board and streaks count it), game.DailyRef; a past daily is
// practice, game.PracticeRef, the same in every server and counted nowhere.

// dailyPractice opens a past daily on the board, unranked; today's (or a
// later number) is played the ranked way.
func (d Deps) dailyPractice(ctx context.Context, i *discordgo.Interaction, n int) (Response, error) {
	pr := i18n.For(string(i.Locale))
	today, err := d.Daily.Today(ctx, i.GuildID)
	if err != nil {
		return Response{}, failed(pr.Text(replyDailyDown), fmt.Errorf("daily practice failed: %w", err))
	}
	switch {
	case n > today:
		return userError(pr.Sprintf("Daily #%d is not out yet; today's is **#%d**.", n, today)), nil
	case n == today:
		return d.dailyPlay(ctx, i)
	case slices.Contains(daily.OpenDays(d.Daily.Now()), n): // still today somewhere: no hints on it yet
		return lockedReply(pr, daily.Lock{Day: n, Until: daily.Closes(n)}), nil
	case d.Games == nil:
		return userError(pr.Text("Practice needs the board, which is not available here.")), nil
	}
	p, err := d.Daily.Puzzle(ctx, n)
	if err != nil {
		return Response{}, failed(pr.Text(replyDailyDown), fmt.Errorf("daily practice puzzle failed (day %v): %w", n, err))
	}
	ref := game.PracticeRef(n)
	g, err := d.openDaily(ctx, ref, i.GuildID, UserID(i), p)
	if err != nil {
		return Response{}, gamesDown(pr, err)
	}
	v := boardView{p: pr, ref: ref, title: wordsOf(pr).PracticeTitle(p), over: g.Solved(),
		status: pr.Text("Practice: play it as long as you like; nothing is counted.")}
	if g.Solved() {
		v.status = pr.Text("You solved this practice board already.")
	}
	return d.board(g, v)
}

// dailyTitle is the first line of the daily's board: number, day, level
// and the clock, which runs on the server from the first Play.
func dailyTitle(pr i18n.Printer, p daily.Puzzle, e daily.Entry) string {
	return pr.Sprintf("**Daily #%d** · %s · %s · clock started <t:%d:R>", p.Day, pr.Date(daily.Date(p.Day)),
		pr.Text(p.Level.String()), e.Started.Unix())
}

// dailyOpen opens (or resumes) the player's board of today's puzzle.
func (d Deps) dailyOpen(ctx context.Context, pr i18n.Printer, guild, user string, p daily.Puzzle, e daily.Entry) (Response, error) {
	ref := game.DailyRef(p.Day)
	g, err := d.openDaily(ctx, ref, guild, user, p)
	if err != nil {
		return Response{}, gamesDown(pr, err)
	}
	v := boardView{p: pr, ref: ref, title: dailyTitle(pr, p, e),
		status: pr.Text("Tap a box, then a cell, then a digit; or hold a digit and tap cells. Check and Hint count on your share line.")}
	if g.Seq() > 0 {
		v.status = pr.Text("Welcome back: your board, as you left it. The clock kept running.")
	}
	return d.board(g, v)
}

// handedIn says what handing in a full daily board came to: the same
// rules as /daily submit, with the checks, hints and shape of the play
// recorded for the share.
func handedIn(g *game.Game, ev play.Event, v *boardView) {
	out := ev.Outcome
	v.status = submitText(v.p, out)
	switch out.Verdict {
	case daily.Correct, daily.AlreadySolved:
		v.over = true
	case daily.Wrong:
		v.wrong = g.Wrong()
	}
}
