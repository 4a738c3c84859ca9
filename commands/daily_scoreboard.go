package commands

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/internal/i18n"
)

// Scoreboard sizes: the solvers a post lists by name, today and in the
// morning's recap (Discord pings at most 100 users named in a message).
const (
	boardTop = 10
	recapTop = 20
)

// scoreboard is today's part of a server's post: how many solved and are
// playing, and the fastest solvers with their time, mistakes and aids. It
// names players and times only: never a digit of the puzzle.
func scoreboard(p i18n.Printer, r daily.Results) string {
	if r.Solved == 0 && r.Playing == 0 {
		return p.Text("**Today** · no one has solved it yet: be the first.")
	}
	lines := []string{p.Sprintf("**Today** · %s · %s", p.Count(r.Solved, "%d solved", "%d solved"),
		p.Count(r.Playing, "%d playing", "%d playing"))}
	for k, e := range r.Solvers {
		lines = append(lines, fmt.Sprintf("%d. <@%s> %s", k+1, e.User, solveNotes(p, e)))
	}
	if more := r.Solved - len(r.Solvers); more > 0 {
		lines = append(lines, p.Sprintf("… and %d more", more))
	}
	return strings.Join(lines, "\n")
}

// solveNotes says how one solve went on the scoreboard.
func solveNotes(p i18n.Printer, e daily.Entry) string {
	return strings.Join(daily.SolveParts(p, e, 0, p.Text("no clock")), " · ")
}

// bands are the recap's time bands, by their upper bound.
var bands = []struct {
	under time.Duration
	name  string
}{{5 * time.Minute, "Under 5 min"}, {10 * time.Minute, "5–10 min"}, {20 * time.Minute, "10–20 min"},
	{1 << 62, "20 min or more"}}

// recap is yesterday's part of a server's post: the group streak, the
// fastest solver with a 🏆, then the others by time band. It returns the
// users it names, whom the post may ping.
func recap(p i18n.Printer, r daily.Results, streak, broken int) (text string, named []string) {
	lines := []string{p.Sprintf("**Yesterday, #%d** · %s", r.Day, streakLine(p, streak, broken, r.Day))}
	if r.Solved == 0 {
		return strings.Join(lines, "\n"), nil
	}
	var banded [5][]string // the bands, then the solves without a clock
	for k, e := range r.Solvers {
		named = append(named, e.User)
		switch {
		case k == 0 && e.Timed:
			lines = append(lines, fmt.Sprintf("🏆 <@%s> %s", e.User, daily.Clock(e.Took)))
		case !e.Timed:
			banded[4] = append(banded[4], "<@"+e.User+">")
		default:
			b := 0
			for e.Took >= bands[b].under {
				b++
			}
			banded[b] = append(banded[b], fmt.Sprintf("<@%s> %s", e.User, daily.Clock(e.Took)))
		}
	}
	for b, names := range banded {
		if len(names) > 0 {
			name := "Without a clock"
			if b < len(bands) {
				name = bands[b].name
			}
			lines = append(lines, fmt.Sprintf("%s: %s", p.Text(name), strings.Join(names, ", ")))
		}
	}
	if more := r.Solved - len(r.Solvers); more > 0 {
		lines = append(lines, p.Sprintf("… and %d more", more))
	}
	return strings.Join(lines, "\n"), named
}

// streakLine words the group streak: the days in a row someone in the
// server solved, or the run day n broke.
func streakLine(p i18n.Printer, streak, broken, day int) string {
	switch {
	case streak > 0:
		return p.Sprintf("🔥 group streak: %s in a row someone here solved", p.Count(streak, "%d day", "%d days"))
	case broken > 1:
		return p.Sprintf("the group streak of %s ended: no one here solved #%d", p.Count(broken, "%d day", "%d days"), day)
	}
	return p.Sprintf("no one here solved #%d", day)
}

// postResults reads a server's results for its post of day n: today's
// scoreboard, and yesterday's recap with the group streak and the users
// it names.
func (d Deps) postResults(ctx context.Context, p i18n.Printer, guild string, n int) (text string, named []string, err error) {
	today, err := d.Daily.Results(ctx, guild, n, boardTop)
	if err != nil {
		return "", nil, err
	}
	text = scoreboard(p, today)
	if n <= 1 {
		return text, nil, nil
	}
	y, err := d.Daily.Results(ctx, guild, n-1, recapTop)
	if err != nil {
		return "", nil, err
	}
	streak, broken, err := d.Daily.GroupStreak(ctx, guild, n-1)
	if err != nil {
		return "", nil, err
	}
	r, named := recap(p, y, streak, broken)
	return r + "\n\n" + text, named, nil
}
