package commands

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/variant"
)

// solveCommand is /solve [puzzle] [image] [format] [spoiler] [private]:
// the puzzle as text or as a picture.
func solveCommand(d Deps) Command {
	return Command{
		ReadOnly: true,
		Def: &discordgo.ApplicationCommand{
			Name:        "solve",
			Description: "Solve a Sudoku puzzle and show the solution",
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "puzzle", MaxLength: maxPuzzleText,
					Description: "The puzzle: 81 digits row by row (. or 0 for blanks), or a SudokuPad or f-puzzles link"},
				imageOption("image", "Or a picture of the puzzle: a photo or a screenshot"),
				{Type: discordgo.ApplicationCommandOptionString, Name: "format", Description: "How to show the solution",
					Choices: []*discordgo.ApplicationCommandOptionChoice{
						{Name: "image", Value: "image"}, {Name: "text", Value: "text"}, {Name: "both", Value: "both"},
					}},
				{Type: discordgo.ApplicationCommandOptionBoolean, Name: "spoiler", Description: "Hide the solution until clicked"},
				{Type: discordgo.ApplicationCommandOptionBoolean, Name: "private", Description: "Only you see the answer"},
			},
		},
		Private: d.privateOrLocked(privateOption, solveText),
		Heavy:   true,
		Handle: func(ctx context.Context, i *discordgo.Interaction) (Response, error) {
			o, pr := OptionsOf(i), i18n.For(string(i.Locale))
			f := formatFor(d, o.String("format"))
			f.spoiler = o.Bool("spoiler")
			text, pic, bad := puzzleOrPicture(pr, i, "puzzle", "image")
			switch {
			case bad != nil:
				return *bad, nil
			case pic != nil:
				return d.solvePicture(ctx, pr, pic, f)
			case variant.LooksLikeLink(text):
				return d.solveLink(ctx, pr, text, f)
			}
			return d.solveReply(ctx, pr, text, f)
		},
		Routes: append(d.linkRoutes(),
			Route{Pattern: fixID, Handle: func(_ context.Context, i *discordgo.Interaction, a Args) (Response, error) {
				return Response{Modal: fixForm(i18n.For(string(i.Locale)), a["givens"])}, nil
			}},
			Route{Pattern: fixedID, Handle: func(ctx context.Context, i *discordgo.Interaction, _ Args) (Response, error) {
				return d.solveReply(ctx, i18n.For(string(i.Locale)), modalValue(i, "grid"), formatFor(d, ""))
			}},
		),
	}
}

// maxPuzzleText is the longest puzzle option Discord takes (6,000
// characters): room for the long SudokuPad and f-puzzles links.
const maxPuzzleText = 6000

// The patterns of /solve's custom ids: Fix under a reply about a picture,
// with the puzzle as read, and the form it opens.
const (
	fixID   Pattern = "solve:fix:{givens...}"
	fixedID Pattern = "solve:fixed"
)

// solveText is the puzzle text of a /solve: its option, or the grid typed
// into the Fix form.
func solveText(i *discordgo.Interaction) string {
	if i.Type == discordgo.InteractionModalSubmit {
		return modalValue(i, "grid")
	}
	return puzzleOption(i)
}

// fixForm is the form that corrects a puzzle read from a picture, filled
// with the reading as nine lines of nine.
func fixForm(pr i18n.Printer, givens string) *Modal {
	var lines []string
	for r := 0; r+9 <= len(givens); r += 9 {
		lines = append(lines, givens[r:r+9])
	}
	return &Modal{CustomID: fixedID.ID(), Title: pr.Text("Fix the puzzle"), Inputs: []TextInput{{
		CustomID: "grid", Label: pr.Text("The puzzle: nine lines of nine, . for blanks"), Paragraph: true,
		Value: strings.Join(lines, "\n"), MinLength: 81, MaxLength: 400}}}
}

// puzzleOrPicture returns what a command was given: the puzzle's text, or
// the attached picture, or the notice when it got neither or both.
func puzzleOrPicture(pr i18n.Printer, i *discordgo.Interaction, textOption, imageOption string) (string, *discordgo.MessageAttachment, *Response) {
	o := OptionsOf(i)
	text, hasImage := o.String(textOption), o.Attachment(imageOption) != ""
	var r Response
	switch {
	case text != "" && hasImage:
		r = userError(pr.Text("Give me the puzzle one way: as text or as a picture, not both."))
	case hasImage:
		return "", attachmentOption(i, imageOption), nil
	case text == "":
		r = userError(pr.Text("Give me a puzzle: paste it as text, or attach a picture of it (a photo or a screenshot)."))
	default:
		return text, nil, nil
	}
	return "", nil, &r
}

// solvePicture answers /solve with a picture: what was read, then the
// verdict on it.
func (d Deps) solvePicture(ctx context.Context, pr i18n.Printer, a *discordgo.MessageAttachment, f replyFormat) (Response, error) {
	pic := d.readPicture(ctx, pr, a)
	if pic.notice != nil {
		return *pic.notice, nil
	}
	if n, ok := noPrinted(pr, pic.read); !ok {
		return n, nil
	}
	resp, err := d.solveReply(ctx, pr, pic.read.Givens(), f)
	if err != nil {
		return resp, err
	}
	return d.withReading(pr, pic.read, resp, pictureButtons(pr, pic.read, true))
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
