package commands

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/internal/english"
	"github.com/sudokubot/sudokubot/internal/i18n"
)

var periods = map[string]daily.Period{"": daily.Today, "today": daily.Today, "week": daily.Week, "month": daily.Month,
	"all": daily.All}

// dailyBoard shows the server's leaderboard and the caller's place.
func (d Deps) dailyBoard(ctx context.Context, i *discordgo.Interaction, name string) (Response, error) {
	period, ok := periods[name]
	if !ok {
		return userError("Choose a period: today, week, month or all."), nil
	}
	b, err := d.Daily.Leaderboard(ctx, i.GuildID, UserID(i), period)
	if err != nil {
		d.Log.Error("daily leaderboard failed", "guild", i.GuildID, "err", err)
		return replyDailyDown, nil
	}
	text := boardText(b)
	if i.GuildID == "" {
		title, rest, _ := strings.Cut(text, "\n")
		text = title + " · everyone playing outside servers\n" + rest
	}
	return Response{Content: text}, nil
}

func boardText(b daily.Board) string {
	var sb strings.Builder
	switch b.Period {
	case daily.Today:
		fmt.Fprintf(&sb, "**Daily #%d: fastest today**\n", b.Day)
	case daily.Week:
		fmt.Fprintf(&sb, "**Daily: points this week** (since Monday, #%d)\n", daily.WeekStart(b.Day))
	case daily.Month:
		fmt.Fprintf(&sb, "**Daily: points this month** (since the 1st, #%d)\n", daily.MonthStart(b.Day))
	default:
		sb.WriteString("**Daily: all-time solves**\n")
	}
	if len(b.Top) == 0 {
		sb.WriteString("Nobody here has solved one yet. Be the first: `/daily play`.")
		return sb.String()
	}
	for _, r := range b.Top {
		fmt.Fprintf(&sb, "%s <@%s> %s\n", medal(r.Rank), r.User, rowValue(b.Period, r))
	}
	switch {
	case b.Own == nil:
		sb.WriteString("You are not on this board yet.")
	case b.Own.Rank > len(b.Top):
		fmt.Fprintf(&sb, "You: **%s** · %s", ordinal(b.Own.Rank), rowValue(b.Period, *b.Own))
	}
	return strings.TrimSuffix(sb.String(), "\n")
}

func rowValue(p daily.Period, r daily.Row) string {
	switch p {
	case daily.Today:
		return clock(time.Duration(r.Value) * time.Millisecond)
	case daily.Week, daily.Month:
		return fmt.Sprintf("%d points (%s)", r.Value, english.Count(int(r.Extra), "solve", "solves"))
	}
	return fmt.Sprintf("%d solved · best streak %d", r.Value, r.Extra)
}

func medal(rank int) string {
	if m := []string{"🥇", "🥈", "🥉"}; rank <= len(m) {
		return m[rank-1]
	}
	return fmt.Sprintf("%d.", rank)
}

func ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

// dailyStats shows a player's streaks, solves and times.
func (d Deps) dailyStats(ctx context.Context, guild, user string) (Response, error) {
	st, err := d.Daily.Stats(ctx, guild, user)
	if err != nil {
		d.Log.Error("daily stats failed", "guild", guild, "err", err)
		return replyDailyDown, nil
	}
	if st.Solved == 0 {
		return Response{Content: fmt.Sprintf("<@%s> has not solved a daily puzzle in this server yet.", user)}, nil
	}
	text := fmt.Sprintf("**Daily stats for <@%s>**\n🔥 Streak: %s (best %d)\n✅ Solved: %d",
		user, english.Count(st.Current, "day", "days"), st.Best, st.Solved)
	if st.Timed > 0 {
		text += fmt.Sprintf("\n⏱️ Median %s · best %s (%d timed)", clock(st.Median), clock(st.Fastest), st.Timed)
	}
	text += "\nLast 4 weeks:\n" + calendar(st)
	if n := len(st.Recent); n > 0 {
		last := st.Recent[n-1]
		text += "\nLatest:\n" + codeBlock(share(i18n.For(""), last.Day, last, 0)) // public, like the rest of stats
	}
	return Response{Content: text}, nil
}

// calendar draws the last four weeks a week a line, oldest first: 🟩 a
// day solved, ⬜ one not.
func calendar(st daily.Stats) string {
	solved := map[int]bool{}
	for _, e := range st.Recent {
		solved[e.Day] = true
	}
	var sb strings.Builder
	for k := range daily.RecentDays {
		day := st.Today - daily.RecentDays + 1 + k
		if solved[day] {
			sb.WriteString("🟩")
		} else {
			sb.WriteString("⬜")
		}
		if k%7 == 6 && k < daily.RecentDays-1 {
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}
