package commands

import (
	"fmt"

	"github.com/bwmarrin/discordgo"
)

// Options are the options a person gave a slash command (or, for a
// command with subcommands, the chosen subcommand), read by name and
// type. A missing option, or one of another type, reads as the zero value.
type Options struct {
	// Sub is the chosen subcommand ("" for a command without them).
	Sub    string
	byName map[string]*discordgo.ApplicationCommandInteractionDataOption
}

// OptionsOf returns the options of a slash command or of an autocomplete
// request; any other interaction has none.
func OptionsOf(i *discordgo.Interaction) Options {
	o := Options{byName: map[string]*discordgo.ApplicationCommandInteractionDataOption{}}
	if i.Type != discordgo.InteractionApplicationCommand && i.Type != discordgo.InteractionApplicationCommandAutocomplete {
		return o
	}
	list := i.ApplicationCommandData().Options
	if len(list) > 0 && list[0].Type == discordgo.ApplicationCommandOptionSubCommand {
		o.Sub, list = list[0].Name, list[0].Options
	}
	for _, opt := range list {
		o.byName[opt.Name] = opt
	}
	return o
}

func (o Options) of(name string, t discordgo.ApplicationCommandOptionType) *discordgo.ApplicationCommandInteractionDataOption {
	if opt, ok := o.byName[name]; ok && opt.Type == t {
		return opt
	}
	return nil
}

// String returns a string option.
func (o Options) String(name string) string {
	if opt := o.of(name, discordgo.ApplicationCommandOptionString); opt != nil {
		return opt.StringValue()
	}
	return ""
}

// Attachment returns the id of the file an attachment option names, or
// "" (the file itself is in the interaction's resolved data).
func (o Options) Attachment(name string) string {
	if opt := o.of(name, discordgo.ApplicationCommandOptionAttachment); opt != nil {
		return fmt.Sprint(opt.Value)
	}
	return ""
}

// Int returns an integer option and whether it was given.
func (o Options) Int(name string) (int, bool) {
	if opt := o.of(name, discordgo.ApplicationCommandOptionInteger); opt != nil {
		return int(opt.IntValue()), true
	}
	return 0, false
}

// Bool returns a boolean option.
func (o Options) Bool(name string) bool {
	if opt := o.of(name, discordgo.ApplicationCommandOptionBoolean); opt != nil {
		return opt.BoolValue()
	}
	return false
}

// ID returns the id a channel, user or role option names.
func (o Options) ID(name string) string {
	for _, t := range []discordgo.ApplicationCommandOptionType{discordgo.ApplicationCommandOptionChannel,
		discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionRole, discordgo.ApplicationCommandOptionMentionable} {
		if opt := o.of(name, t); opt != nil {
			return fmt.Sprint(opt.Value)
		}
	}
	return ""
}
