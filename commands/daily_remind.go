package commands

import (
	"context"
	"errors"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/internal/i18n"
)

// defaultRemindHour is the local hour of a reminder asked for without one.
const defaultRemindHour = 20

func remindOptions() []*discordgo.ApplicationCommandOption {
	zero, last := 0.0, 23.0
	return []*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionString, Name: "state", Required: true, Description: "on or off",
			Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "on", Value: "on"}, {Name: "off", Value: "off"}}},
		{Type: discordgo.ApplicationCommandOptionInteger, Name: "hour", MinValue: &zero, MaxValue: last,
			Description: fmt.Sprintf("Local hour of the DM, 0–23 (default %d)", defaultRemindHour)},
	}
}

// dailyRemind turns a player's reminder on (at a local hour: the
// server's, or UTC outside servers) or off.
func (d Deps) dailyRemind(ctx context.Context, i *discordgo.Interaction, o Options) (Response, error) {
	guild, user, pr := i.GuildID, UserID(i), i18n.For(string(i.Locale))
	if o.String("state") == "off" {
		was, err := d.Daily.StopReminder(ctx, guild, user)
		if err != nil {
			return Response{}, failed(wordsOf(pr).NotRecorded(), fmt.Errorf("daily reminder not dropped: %w", err))
		}
		if !was {
			return Response{Content: pr.Text("You had no reminder here; nothing changed.")}, nil
		}
		return Response{Content: pr.Text("Reminder off: I won't DM you about the daily any more.")}, nil
	}
	hour, ok := o.Int("hour")
	if !ok {
		hour = defaultRemindHour
	}
	loc, err := d.Daily.RemindAt(ctx, guild, daily.Reminded{User: user, Locale: string(i.Locale)}, hour)
	if errors.Is(err, daily.ErrBadHour) {
		return userError(pr.Text(replyBadHour)), nil
	}
	if err != nil {
		return Response{}, failed(wordsOf(pr).NotRecorded(), fmt.Errorf("daily reminder not saved: %w", err))
	}
	return Response{Content: pr.Sprintf("Reminder on: I'll DM you at %02d:00 (%s) on days you haven't solved the daily by then. "+
		"`/daily remind state:off` stops it. If your settings refuse DMs from me, I stop after three tries.", hour, loc)}, nil
}

// DailyReminder returns the DM that reminds a player of day n's puzzle in
// a server ("": outside servers), in the language they asked for it in
// (a Discord locale). It names no digit and pings nobody.
func (d Deps) DailyReminder(ctx context.Context, guild, locale string, n int) (Response, error) {
	g, err := d.Daily.Settings(ctx, guild)
	if err != nil {
		return Response{}, err
	}
	pr := i18n.For(locale)
	where := pr.Text("Play it with `/daily play`.")
	if g.Channel != "" {
		where = pr.Sprintf("Press **Play** on today's post in <#%s>, or use `/daily play` in that server.", g.Channel)
	}
	return Response{Content: pr.Sprintf("🧩 **Daily #%d** is waiting for you: you haven't solved it yet today.", n) + " " + where +
		"\n" + pr.Text("(You asked for this reminder; `/daily remind state:off` stops it.)")}, nil
}
