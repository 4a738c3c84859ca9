package commands

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/render"
)

// postTitle begins a daily post's text; DailyPostDay reads it back.
const postTitle = "🧩 **Daily #%d**"

// DailyPostDay returns the day a daily post's text is for, and whether it
// is one: to find a post a crashed process made without recording it.
func DailyPostDay(content string) (int, bool) {
	_, rest, ok := strings.Cut(content, "🧩 **Daily #")
	digits, _, closed := strings.Cut(rest, "**")
	n, err := strconv.Atoi(digits)
	return n, ok && closed && err == nil && n > 0
}

// DailyPost returns the message the scheduler posts in a server for day
// n, and what its scoreboard edits rewrite: the puzzle image, its number
// and level, a Play button, yesterday's solution under a spoiler and the
// server's recap of it (naming its solvers, whom the post may ping), and
// today's live scoreboard; it pings the server's role, when it set one. It holds no digit of day n's solution.
func (d Deps) DailyPost(ctx context.Context, guild string, n int) (Response, error) {
	d = d.withDefaults()
	g, err := d.Daily.Settings(ctx, guild)
	if err != nil {
		return Response{}, err
	}
	p, err := d.Daily.Puzzle(ctx, n)
	if err != nil {
		return Response{}, err
	}
	img, err := d.dailyImage(p)
	if err != nil {
		return Response{}, err
	}
	pr := i18n.For(g.Locale) // everyone in the server reads it: the server's language
	content := fmt.Sprintf(postTitle+" · %s · %s", n, pr.Date(daily.Date(n)), pr.Text(p.Level.String())) + "\n" +
		pr.Text("Press **Play** to get your own copy and start your clock; only you see your answers. Streaks count consecutive days.")
	if y, err := d.Daily.Puzzle(ctx, n-1); err == nil && n > 1 {
		content += "\n" + pr.Sprintf("Yesterday's solution (#%d): ||%s||", n-1, codeBlock(render.Line(y.Solution)))
	}
	results, named, err := d.postResults(ctx, pr, guild, n)
	if err != nil {
		return Response{}, err
	}
	ping := Ping{Users: named}
	if g.Role != "" {
		content = fmt.Sprintf("<@&%s> ", g.Role) + content
		ping.Roles = []string{g.Role}
	}
	buttons := []Button{{Label: pr.Text("Play"), CustomID: dailyPlayID.ID()}}
	if d.Launch {
		buttons = append(buttons, launchButton(pr))
	}
	return Response{Content: content + "\n\n" + results, Files: []File{img}, Ping: ping, Buttons: buttons}, nil
}
