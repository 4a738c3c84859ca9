package commands

import (
	"context"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/internal/i18n"
)

// solveCommand is /solve puzzle [format] [spoiler] [private].
func solveCommand(d Deps) Command {
	return Command{
		Def: &discordgo.ApplicationCommand{
			Name:        "solve",
			Description: "Solve a Sudoku puzzle and show the solution",
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "puzzle", Required: true, MaxLength: 1500,
					Description: "The puzzle: 81 digits row by row, with . or 0 for blanks (a pasted grid works too)"},
				{Type: discordgo.ApplicationCommandOptionString, Name: "format", Description: "How to show the solution",
					Choices: []*discordgo.ApplicationCommandOptionChoice{
						{Name: "image", Value: "image"}, {Name: "text", Value: "text"}, {Name: "both", Value: "both"},
					}},
				{Type: discordgo.ApplicationCommandOptionBoolean, Name: "spoiler", Description: "Hide the solution until clicked"},
				{Type: discordgo.ApplicationCommandOptionBoolean, Name: "private", Description: "Only you see the answer"},
			},
		},
		Private: d.privateOrLocked(privateOption, puzzleOption),
		Heavy:   true,
		Handle: func(ctx context.Context, i *discordgo.Interaction) (Response, error) {
			o := OptionsOf(i)
			f := formatFor(d, o.String("format"))
			f.spoiler = o.Bool("spoiler")
			return d.solveReply(ctx, i18n.For(string(i.Locale)), o.String("puzzle"), f)
		},
	}
}

// replyFormat says what a solve reply shows.
type replyFormat struct {
	image, text, spoiler bool
}

func formatFor(d Deps, name string) replyFormat {
	if name == "" {
		name = d.DefaultFormat
	}
	switch name {
	case "text":
		return replyFormat{text: true}
	case "both":
		return replyFormat{image: true, text: true}
	}
	return replyFormat{image: true}
}
