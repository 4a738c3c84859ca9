// Package commands defines sudokubot's application commands: for each, the
// definition Discord registers and a handler that returns the reply. Handlers
// make no network calls; the bot package sends what they return, defers when
// they are slow, and recovers when they panic.
package commands

import (
	"context"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Command is one application command.
type Command struct {
	// Def is what Discord registers.
	Def *discordgo.ApplicationCommand
	// Handle answers one interaction with this command. It returns the reply;
	// an error means something unexpected, which the bot logs and answers
	// with a generic apology. Mistakes a person made are replies, not errors.
	Handle func(ctx context.Context, i *discordgo.Interaction) (Response, error)
	// Private reports, before Handle finishes, whether the reply to i will be
	// ephemeral, so a deferred answer can be flagged the same way.
	Private func(i *discordgo.Interaction) bool
	// Heavy marks commands that solve or draw and so take a work slot.
	Heavy bool
}

// Response is a reply: text, attached files, and whether only the person
// who asked sees it.
type Response struct {
	Content   string
	Files     []File
	Ephemeral bool
}

// File is an attachment. A name starting with SPOILER_ hides it until
// clicked.
type File struct {
	Name        string
	ContentType string
	Data        []byte
}

// Deps is what the handlers need from outside.
type Deps struct {
	// SolveTimeout bounds one solve.
	SolveTimeout time.Duration
	// DefaultFormat is image, text or both, for /solve without a format.
	DefaultFormat string
	// DarkImages draws images in the dark theme, which suits most Discord users.
	DarkImages bool
	// Now is the clock, for measuring how long a solve took.
	Now func() time.Time
}

// All returns every command this build implements, in the order /help
// lists them.
func All(d Deps) []Command {
	if d.Now == nil {
		d.Now = time.Now
	}
	return []Command{solveCommand(d), checkCommand(d), helpCommand(), solveMessageCommand(d)}
}

// userError is the reply to a mistake a person made: short, private.
func userError(text string) Response {
	return Response{Content: text, Ephemeral: true}
}

// options returns the options of a slash command by name.
func options(i *discordgo.Interaction) map[string]*discordgo.ApplicationCommandInteractionDataOption {
	m := map[string]*discordgo.ApplicationCommandInteractionDataOption{}
	if i.Type != discordgo.InteractionApplicationCommand {
		return m
	}
	for _, o := range i.ApplicationCommandData().Options {
		m[o.Name] = o
	}
	return m
}

func stringOption(i *discordgo.Interaction, name string) string {
	if o, ok := options(i)[name]; ok && o.Type == discordgo.ApplicationCommandOptionString {
		return o.StringValue()
	}
	return ""
}

func boolOption(i *discordgo.Interaction, name string) bool {
	if o, ok := options(i)[name]; ok && o.Type == discordgo.ApplicationCommandOptionBoolean {
		return o.BoolValue()
	}
	return false
}

// privateOption is the Private function of commands with a private option.
func privateOption(i *discordgo.Interaction) bool { return boolOption(i, "private") }
