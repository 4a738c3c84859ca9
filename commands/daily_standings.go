package commands

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/internal/i18n"
)

var periods = map[string]daily.Period{"": daily.PeriodToday, "today": daily.PeriodToday, "week": daily.PeriodWeek, "month": daily.PeriodMonth,
	"all": daily.PeriodAll}

// dailyStandings shows the server's leaderboard and the caller's place.
func (d Deps) dailyStandings(ctx context.Context, i *discordgo.Interaction, name string) (Response, error) {
	pr := i18n.For(string(i.Locale))
	period, ok := periods[name]
	if !ok {
		return userError(pr.Text("Choose a period: today, week, month or all.")), nil
	}
	b, err := d.Daily.Leaderboard(ctx, i.GuildID, UserID(i), period)
	if err != nil {
		return Response{}, failed(pr.Text(replyDailyDown), fmt.Errorf("daily leaderboard failed: %w", err))
	}
	text := standingsText(pr, b)
	if i.GuildID == "" {
		title, rest, _ := strings.Cut(text, "\n")
		text = title + " · " + pr.Text("everyone playing outside servers") + "\n" + rest
	}
	return Response{Content: text}, nil
}

func standingsText(pr i18n.Printer, b daily.Standings) string {
	var sb strings.Builder
	switch b.Period {
	case daily.PeriodToday:
		sb.WriteString(pr.Sprintf("**Daily #%d: fastest today**", b.Day))
	case daily.PeriodWeek:
		sb.WriteString(pr.Sprintf("**Daily: points this week** (since Monday, #%d)", daily.WeekStart(b.Day)))
	case daily.PeriodMonth:
		sb.WriteString(pr.Sprintf("**Daily: points this month** (since the 1st, #%d)", daily.MonthStart(b.Day)))
	default:
		sb.WriteString(pr.Text("**Daily: all-time solves**"))
	}
	sb.WriteByte('\n')
	if len(b.Top) == 0 {
		sb.WriteString(pr.Text("Nobody here has solved one yet. Be the first: `/daily play`."))
		return sb.String()
	}
	for _, r := range b.Top {
		fmt.Fprintf(&sb, "%s <@%s> %s\n", medal(r.Rank), r.User, rowValue(pr, b.Period, r))
	}
	switch {
	case b.Own == nil:
		sb.WriteString(pr.Text("You are not on this board yet."))
	case b.Own.Rank > len(b.Top):
		sb.WriteString(pr.Sprintf("You: **%s** · %s", pr.Ordinal(b.Own.Rank), rowValue(pr, b.Period, *b.Own)))
	}
	return strings.TrimSuffix(sb.String(), "\n")
}

func rowValue(pr i18n.Printer, p daily.Period, r daily.Row) string {
	switch p {
	case daily.PeriodToday:
		return daily.Clock(time.Duration(r.Value) * time.Millisecond)
	case daily.PeriodWeek, daily.PeriodMonth:
		return pr.Count(int(r.Value), "%d point", "%d points") + " (" + pr.Count(int(r.Extra), "%d solve", "%d solves") + ")"
	}
	return pr.Sprintf("%d solved · best streak %d", r.Value, r.Extra)
}

func medal(rank int) string {
	if m := []string{"🥇", "🥈", "🥉"}; rank <= len(m) {
		return m[rank-1]
	}
	return fmt.Sprintf("%d.", rank)
}

// dailyStats shows a player's streaks, solves and times.
func (d Deps) dailyStats(ctx context.Context, pr i18n.Printer, guild, user string) (Response, error) {
	st, err := d.Daily.Stats(ctx, guild, user)
	if err != nil {
		return Response{}, failed(pr.Text(replyDailyDown), fmt.Errorf("daily stats failed: %w", err))
	}
	if st.Solved == 0 {
		if guild == "" {
			return Response{Content: pr.Sprintf("<@%s> has not solved a daily puzzle outside servers yet.", user)}, nil
		}
		return Response{Content: pr.Sprintf("<@%s> has not solved a daily puzzle in this server yet.", user)}, nil
	}
	lines := []string{
		pr.Sprintf("**Daily stats for <@%s>**", user),
		pr.Sprintf("🔥 Streak: %s (best %d)", pr.Count(st.Current, "%d day", "%d days"), st.Best),
		pr.Sprintf("✅ Solved: %d", st.Solved),
	}
	if st.Timed > 0 {
		lines = append(lines, pr.Sprintf("⏱️ Median %s · best %s (%d timed)", daily.Clock(st.Median), daily.Clock(st.Fastest), st.Timed))
	}
	lines = append(lines, pr.Text("Last 4 weeks:"), calendar(st))
	if n := len(st.Recent); n > 0 {
		last := st.Recent[n-1]
		lines = append(lines, pr.Text("Latest:"), codeBlock(daily.Share(pr, last.Day, last, 0)))
	}
	return Response{Content: strings.Join(lines, "\n")}, nil
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
