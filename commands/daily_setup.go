package commands

import (
	"context"
	_ "embed"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/internal/i18n"
)

// zoneList holds the IANA timezone names offered by autocomplete, one a
// line (from the tz database's zone.tab and zone1970.tab, plus UTC).
//
//go:embed zones.txt
var zoneList string

var (
	zones       = strings.Fields(zoneList)
	commonZones = []string{"UTC", "Europe/London", "Europe/Paris", "Europe/Berlin", "America/New_York", "America/Chicago",
		"America/Denver", "America/Los_Angeles", "America/Sao_Paulo", "Asia/Kolkata", "Asia/Shanghai", "Asia/Tokyo",
		"Australia/Sydney", "Pacific/Auckland"}
)

func setupOptions() []*discordgo.ApplicationCommandOption {
	zero, last := 0.0, 23.0
	return []*discordgo.ApplicationCommandOption{
		{Type: discordgo.ApplicationCommandOptionChannel, Name: "channel", Required: true, Description: "Where to post",
			ChannelTypes: []discordgo.ChannelType{discordgo.ChannelTypeGuildText, discordgo.ChannelTypeGuildNews}},
		{Type: discordgo.ApplicationCommandOptionInteger, Name: "hour", Required: true, MinValue: &zero, MaxValue: last,
			Description: "Local hour of the post, 0–23"},
		{Type: discordgo.ApplicationCommandOptionString, Name: "timezone", Autocomplete: true, MaxLength: 64,
			Description: "IANA timezone such as Europe/Paris (default UTC); the server's day follows it"},
		{Type: discordgo.ApplicationCommandOptionRole, Name: "role", Description: "A role the post pings (default: none)"},
	}
}

// zoneChoices suggests timezones matching what is typed: names starting
// with it first, then names containing it.
func zoneChoices(i *discordgo.Interaction) []*discordgo.ApplicationCommandOptionChoice {
	typed := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(OptionsOf(i).String("timezone")), " ", "_"))
	names := commonZones
	if typed != "" {
		var first, then []string
		for _, z := range zones {
			lz := strings.ToLower(z)
			_, city, _ := strings.Cut(lz, "/")
			switch {
			case strings.HasPrefix(lz, typed) || strings.HasPrefix(city, typed):
				first = append(first, z)
			case strings.Contains(lz, typed):
				then = append(then, z)
			}
		}
		names = append(first, then...)
	}
	out := []*discordgo.ApplicationCommandOptionChoice{}
	for _, z := range names[:min(len(names), 25)] {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: z, Value: z})
	}
	return out
}

// zone finds the IANA zone a person typed, forgiving case and spaces.
func zone(typed string) (*time.Location, string, bool) {
	typed = strings.ReplaceAll(strings.TrimSpace(typed), " ", "_")
	if typed == "" {
		return time.UTC, "UTC", true
	}
	if k := slices.IndexFunc(zones, func(z string) bool { return strings.EqualFold(z, typed) }); k >= 0 {
		typed = zones[k]
	}
	loc, err := time.LoadLocation(typed)
	if err != nil || typed == "Local" {
		return nil, "", false
	}
	return loc, typed, true
}

// canManage reports whether the member may change the server's settings.
func canManage(i *discordgo.Interaction) bool {
	return i.Member != nil && i.Member.Permissions&(manageServer|discordgo.PermissionAdministrator) != 0
}

const replyNeedManage = "Only members with the **Manage Server** permission can set up the daily puzzle."

// dailySetup checks the settings, posts an announcement in the channel
// (which proves the bot can post there) and only then saves them.
func (d Deps) dailySetup(ctx context.Context, i *discordgo.Interaction, o Options) (Response, error) {
	pr := i18n.For(string(i.Locale))
	if !canManage(i) {
		return userError(pr.Text(replyNeedManage)), nil
	}
	g := daily.Guild{ID: i.GuildID, Channel: o.ID("channel"), Hour: -1, Role: o.ID("role")}
	if i.GuildLocale != nil {
		g.Locale = string(*i.GuildLocale) // the server's language, which its posts speak
	}
	server := i18n.For(g.Locale)
	if h, ok := o.Int("hour"); ok {
		g.Hour = h
	}
	typed := o.String("timezone")
	_, name, ok := zone(typed)
	switch {
	case g.Channel == "":
		return userError(pr.Text("Choose the channel to post in.")), nil
	case g.Hour < 0 || g.Hour > 23:
		return userError(pr.Text(replyBadHour)), nil
	case !ok:
		return userError(pr.Sprintf("I don't know the timezone %q. Use an IANA name such as Europe/Paris or America/New_York; "+
			"the list appears as you type.", typed)), nil
	}
	g.Timezone = name
	announce := Response{Content: server.Sprintf("📅 The daily Sudoku will be posted here every day at %s. "+
		"Everyone gets the same puzzle; press **Play** on the post or use `/daily play`.", postingTime(server, g))}
	return Response{Post: &ChannelPost{Channel: g.Channel, Message: announce,
		After: func(ctx context.Context, _ string, err error) (Response, error) {
			if err != nil {
				return userError(pr.Sprintf("I can't post in <#%s>. Give me **View Channel**, **Send Messages**, "+
					"**Attach Files**, **Embed Links** and **Read Message History** there, then run `/daily setup` again. "+
					"Nothing was changed.", g.Channel)), nil
			}
			if err := d.Daily.Setup(ctx, g); err != nil {
				return Response{}, failed(wordsOf(pr).NotRecorded(), fmt.Errorf("daily setup not saved: %w", err))
			}
			return Response{Content: pr.Sprintf("Done: the daily puzzle will be posted in <#%s> every day at %s. "+
				"If that hour has passed today, today's comes within a minute.", g.Channel, postingTime(pr, g))}, nil
		}}}, nil
}

// postingTime says when a server's daily is posted: "09:00 (Europe/Paris),
// pinging @role".
func postingTime(pr i18n.Printer, g daily.Guild) string {
	when := fmt.Sprintf("%02d:00 (%s)", g.Hour, g.Timezone)
	if g.Role != "" {
		when += pr.Sprintf(", pinging <@&%s>", g.Role)
	}
	return when
}

// replyBadHour answers an hour out of range.
const replyBadHour = "The hour must be a whole number from 0 to 23 (local time)."

// dailyOff stops the server's posts.
func (d Deps) dailyOff(ctx context.Context, i *discordgo.Interaction) (Response, error) {
	pr := i18n.For(string(i.Locale))
	if !canManage(i) {
		return userError(pr.Text(replyNeedManage)), nil
	}
	was, err := d.Daily.Off(ctx, i.GuildID)
	switch {
	case err != nil:
		return Response{}, failed(wordsOf(pr).NotRecorded(), fmt.Errorf("daily off not saved: %w", err))
	case !was:
		return userError(pr.Text("The daily puzzle is not being posted here. Set it up with `/daily setup`.")), nil
	}
	return Response{Content: pr.Text("Daily posts stopped. Players can still use `/daily play`, and streaks are kept.")}, nil
}
