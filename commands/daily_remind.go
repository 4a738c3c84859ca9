package commands

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"
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
	guild, user := i.GuildID, UserID(i)
	if o.String("state") == "off" {
		was, err := d.Daily.Store.DropReminder(ctx, guild, user)
		if err != nil {
			d.Log.Error("daily reminder not dropped", "guild", guild, "err", err)
			return replyNotRecorded, nil
		}
		if !was {
			return Response{Content: "You had no reminder here; nothing changed."}, nil
		}
		return Response{Content: "Reminder off: I won't DM you about the daily any more."}, nil
	}
	hour, ok := o.Int("hour")
	if !ok {
		hour = defaultRemindHour
	}
	if hour < 0 || hour > 23 {
		return userError("The hour must be a whole number from 0 to 23 (local time)."), nil
	}
	loc, err := d.Daily.Location(ctx, guild)
	if err == nil {
		err = d.Daily.Store.SetReminder(ctx, guild, user, hour)
	}
	if err != nil {
		d.Log.Error("daily reminder not saved", "guild", guild, "err", err)
		return replyNotRecorded, nil
	}
	return Response{Content: fmt.Sprintf("Reminder on: I'll DM you at %02d:00 (%s) on days you haven't solved the daily by then. "+
		"`/daily remind state:off` stops it. If your settings refuse DMs from me, I stop after three tries.", hour, loc)}, nil
}

// DailyReminder returns the DM that reminds a player of day n's puzzle in
// a server ("": outside servers). It names no digit and pings nobody.
func (d Deps) DailyReminder(ctx context.Context, guild string, n int) (Response, error) {
	g, _, err := d.Daily.Store.Guild(ctx, guild)
	if err != nil {
		return Response{}, err
	}
	where := "Play it with `/daily play`."
	if g.Channel != "" {
		where = fmt.Sprintf("Press **Play** on today's post in <#%s>, or use `/daily play` in that server.", g.Channel)
	}
	return Response{Content: fmt.Sprintf("🧩 **Daily #%d** is waiting for you: you haven't solved it yet today. %s\n"+
		"(You asked for this reminder; `/daily remind state:off` stops it.)", n, where)}, nil
}
