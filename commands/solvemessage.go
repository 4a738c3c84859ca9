package commands

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/variant"
)

// solveMessageCommand is the message command "Solve this puzzle": /solve
// on the text of the message it is used on, or on its picture when it has
// no text.
func solveMessageCommand(d Deps) Command {
	return Command{
		ReadOnly: true,
		Def:      &discordgo.ApplicationCommand{Name: "Solve this puzzle", Type: discordgo.MessageApplicationCommand},
		Private:  d.privateOrLocked(func(*discordgo.Interaction) bool { return false }, messagePuzzle),
		Heavy:    true,
		Handle: func(ctx context.Context, i *discordgo.Interaction) (Response, error) {
			msg, pr := targetMessage(i), i18n.For(string(i.Locale))
			if msg != nil && strings.TrimSpace(msg.Content) == "" {
				if a := attachedPicture(msg); a != nil {
					return d.solvePicture(ctx, pr, a, formatFor(d, ""))
				}
			}
			if msg == nil || msg.Content == "" {
				return userError(pr.Text("That message has no text or picture I can read a puzzle from.") + " " + pr.Text(pasteHelp)), nil
			}
			if variant.LooksLikeLink(msg.Content) {
				return d.solveLink(ctx, pr, msg.Content, formatFor(d, ""))
			}
			return d.solveReply(ctx, pr, puzzleIn(msg.Content), formatFor(d, ""))
		},
	}
}

// messagePuzzle is the puzzle text of the message the command is used on.
func messagePuzzle(i *discordgo.Interaction) string {
	if msg := targetMessage(i); msg != nil {
		return puzzleIn(msg.Content)
	}
	return ""
}

// puzzleIn returns the first code block of a message, where people put a
// grid they want to keep aligned, or the whole message when it has none.
func puzzleIn(content string) string {
	_, rest, ok := strings.Cut(content, "```")
	if !ok {
		return content
	}
	block, _, ok := strings.Cut(rest, "```")
	if !ok {
		return content
	}
	return "```" + block + "```"
}

func targetMessage(i *discordgo.Interaction) *discordgo.Message {
	if i.Type != discordgo.InteractionApplicationCommand {
		return nil
	}
	data := i.ApplicationCommandData()
	if data.Resolved == nil {
		return nil
	}
	return data.Resolved.Messages[data.TargetID]
}
