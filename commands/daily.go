package commands

import (
	"context"
	"fmt"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/render"
)

// manageServer is what /daily setup and /daily off need; the handler
// checks it (Discord's default permissions would hide all of /daily).
const manageServer = discordgo.PermissionManageGuild

// Replies of /daily for what goes wrong outside the player's control, in
// English: each is worded in the player's language where it is used.
const (
	replyDailyDown  = "The daily puzzle is unavailable right now (I can't reach my database). /solve and the other commands still work; please try again later."
	replyServerOnly = "Daily posts go to a server's channel: run `/daily setup` (or `off`) in a server. Here you play your personal daily: `/daily play`."
)

// dailyCommand is /daily with its subcommands, buttons and form.
func dailyCommand(d Deps) Command {
	sub := func(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name,
			Description: desc, Options: opts}
	}
	return Command{
		Def: &discordgo.ApplicationCommand{
			Name: "daily", Description: "The daily puzzle: the same for everyone, with streaks and leaderboards",
			Options: []*discordgo.ApplicationCommandOption{
				sub("play", "Start today's puzzle (only you see it; your clock starts)", pastOption()),
				sub("submit", "Submit your answer to today's puzzle (only you see the result)", answerOption()),
				sub("leaderboard", "This server's best players", periodOption()),
				sub("stats", "Streaks, solves and times", &discordgo.ApplicationCommandOption{
					Type: discordgo.ApplicationCommandOptionUser, Name: "user", Description: "Whose (default: yours)"}),
				sub("setup", "Post the daily puzzle in a channel every day (needs Manage Server)", setupOptions()...),
				sub("off", "Stop posting the daily puzzle (needs Manage Server)"),
				sub("remind", "A DM at a local hour on days you have not solved the daily yet", remindOptions()...),
			},
		},
		Private: func(i *discordgo.Interaction) bool {
			sub := OptionsOf(i).Sub
			return sub != "leaderboard" && sub != "stats"
		},
		Handle: d.dailyHandle,
		Routes: d.dailyRoutes(),
		Autocomplete: func(_ context.Context, i *discordgo.Interaction) []*discordgo.ApplicationCommandOptionChoice {
			return zoneChoices(i)
		},
	}
}

func pastOption() *discordgo.ApplicationCommandOption {
	one := 1.0
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "number", MinValue: &one,
		Description: "A past daily, to practise: unranked, no points, no streak"}
}

func answerOption() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "answer", Required: true,
		MaxLength: 1500, Description: "Your filled-in grid: 81 digits, row by row"}
}

func periodOption() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "period",
		Description: "today (fastest), week or month (points) or all (solves); default today",
		Choices: []*discordgo.ApplicationCommandOptionChoice{
			{Name: "today", Value: "today"}, {Name: "week", Value: "week"}, {Name: "month", Value: "month"},
			{Name: "all", Value: "all"}}}
}

// dailyHandle answers /daily. Outside a server (a DM with the bot, a
// group DM) the player plays a personal daily, the same puzzle as
// everyone's, counted with everyone else's outside servers (the scope
// with no server id), without a channel post.
func (d Deps) dailyHandle(ctx context.Context, i *discordgo.Interaction) (Response, error) {
	o := OptionsOf(i)
	if i.GuildID == "" && (o.Sub == "setup" || o.Sub == "off") {
		return userError(i18n.For(string(i.Locale)).Text(replyServerOnly)), nil
	}
	switch o.Sub {
	case "play":
		if n, ok := o.Int("number"); ok {
			return d.dailyPractice(ctx, i, n)
		}
		return d.dailyPlay(ctx, i)
	case "submit":
		return d.dailySubmit(ctx, i, 0, o.String("answer"))
	case "leaderboard":
		return d.dailyStandings(ctx, i, o.String("period"))
	case "stats":
		user := o.ID("user")
		if user == "" {
			user = UserID(i)
		}
		return d.dailyStats(ctx, i18n.For(string(i.Locale)), i.GuildID, user)
	case "setup":
		return d.dailySetup(ctx, i, o)
	case "off":
		return d.dailyOff(ctx, i)
	case "remind":
		return d.dailyRemind(ctx, i, o)
	}
	return userError(i18n.For(string(i.Locale)).Text("That /daily subcommand is not known any more; try /help.")), nil
}

// The patterns of /daily's custom ids: the post's Play button, the
// board's Submit button and the answer form it opens.
const (
	dailyPlayID   Pattern = "daily:play"
	dailySubmitID Pattern = "daily:submit:{day}"
	dailyAnswerID Pattern = "daily:answer:{day}"
)

// dailyRoutes answer the Play and Submit buttons and the answer form; a
// day that is not a daily's number, or any other daily id, is refused.
func (d Deps) dailyRoutes() []Route {
	return []Route{
		{Pattern: dailyPlayID, Handle: func(ctx context.Context, i *discordgo.Interaction, _ Args) (Response, error) {
			return d.dailyPlay(ctx, i)
		}},
		{Pattern: dailySubmitID, Handle: func(_ context.Context, i *discordgo.Interaction, a Args) (Response, error) {
			day, ok := dayOf(a)
			if !ok {
				return staleDaily(i), nil
			}
			return Response{Modal: answerForm(i18n.For(string(i.Locale)), day)}, nil
		}},
		{Pattern: dailyAnswerID, Handle: func(ctx context.Context, i *discordgo.Interaction, a Args) (Response, error) {
			day, ok := dayOf(a)
			if !ok {
				return staleDaily(i), nil
			}
			return d.dailySubmit(ctx, i, day, modalValue(i, "answer"))
		}},
		{Pattern: "daily:{id...}", Handle: func(_ context.Context, i *discordgo.Interaction, _ Args) (Response, error) {
			return staleDaily(i), nil
		}},
	}
}

// dayOf returns the daily's number a custom id names; ok is false for
// anything but a number from 1.
func dayOf(a Args) (day int, ok bool) {
	day, err := strconv.Atoi(a["day"])
	return day, err == nil && day > 0
}

// staleDaily refuses a daily button or form whose custom id no route
// reads.
func staleDaily(i *discordgo.Interaction) Response {
	return userError(i18n.For(string(i.Locale)).Text("That button no longer works. Run /daily play."))
}

func answerForm(pr i18n.Printer, day int) *Modal {
	return &Modal{CustomID: dailyAnswerID.ID(strconv.Itoa(day)), Title: pr.Sprintf("Daily #%d: your answer", day),
		Inputs: []TextInput{{CustomID: "answer", Label: pr.Text("Your grid: 81 digits, row by row"), Paragraph: true,
			Placeholder: "534678912672195348…", MinLength: 81, MaxLength: 1500}}}
}

// modalValue returns the text typed into a form's input.
func modalValue(i *discordgo.Interaction, id string) string {
	if i.Type != discordgo.InteractionModalSubmit {
		return ""
	}
	for _, row := range i.ModalSubmitData().Components {
		r, ok := row.(*discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range r.Components {
			if in, ok := c.(*discordgo.TextInput); ok && in.CustomID == id {
				return in.Value
			}
		}
	}
	return ""
}

// UserID returns who used the interaction, in a server or a DM.
func UserID(i *discordgo.Interaction) string {
	if i.Member != nil && i.Member.User != nil {
		return i.Member.User.ID
	}
	if i.User != nil {
		return i.User.ID
	}
	return ""
}

// dailyImage returns day n's puzzle image, drawn once (d.Renders): the
// same picture in every server.
func (d Deps) dailyImage(p daily.Puzzle) (File, error) {
	return d.image(p.Grid, render.Options{}, fmt.Sprintf("daily-%d.png", p.Day))
}
