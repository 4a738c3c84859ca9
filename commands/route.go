package commands

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// Pattern is the shape of a family of custom ids, written as its parts
// between colons: literal text, {name} for one part (any text without a
// colon), and, last, {name...} for the rest of the id, colons and all.
// Its first part is the name of the command that answers it:
// "daily:submit:{day}", "play:{ref}:{seq}:{control}", "hint:{grid...}".
// The same pattern writes the ids (ID) and reads them back (Match), so
// the buttons a reply carries and the routes that answer them cannot
// drift apart.
type Pattern string

// Args are the parts of a custom id, by the names its pattern gives them.
type Args map[string]string

// Match reports whether id has the pattern's shape and returns the parts
// it names.
func (p Pattern) Match(id string) (Args, bool) {
	parts := strings.Split(string(p), ":")
	args := Args{}
	for k, part := range parts {
		name, rest := slot(part)
		if rest {
			args[name] = id
			return args, true
		}
		seg, after, more := strings.Cut(id, ":")
		if more != (k < len(parts)-1) { // more parts than the pattern, or fewer
			return nil, false
		}
		if name != "" {
			args[name] = seg
		} else if seg != part {
			return nil, false
		}
		id = after
	}
	return args, true
}

// ID returns the custom id of the pattern with its named parts, in the
// pattern's order, set to values (a missing value is empty). Match reads
// it back when no value but the rest's holds a colon.
func (p Pattern) ID(values ...string) string {
	var b strings.Builder
	k := 0
	for n, part := range strings.Split(string(p), ":") {
		if n > 0 {
			b.WriteByte(':')
		}
		if name, _ := slot(part); name == "" {
			b.WriteString(part)
		} else if k < len(values) {
			b.WriteString(values[k])
			k++
		}
	}
	return b.String()
}

// slot returns the name of a pattern's part when it is one ("" for
// literal text), and whether it takes the rest of the id.
func slot(part string) (name string, rest bool) {
	inner, ok := strings.CutPrefix(part, "{")
	if inner, ok = strings.CutSuffix(inner, "}"); !ok || inner == "" {
		return "", false
	}
	if name, rest = strings.CutSuffix(inner, "..."); rest {
		return name, true
	}
	return inner, false
}

// Route answers the buttons and forms whose custom ids have one pattern.
type Route struct {
	Pattern Pattern
	// Updates: the reply replaces the message the button is on (a tap on
	// a board), or for a form opened by a button, that message.
	Updates bool
	// Private: the reply is for the person who clicked alone, whoever
	// sees the message the button is on (a solution they asked to see).
	Private bool
	// Handle answers one click or form with the parts of its custom id,
	// as a Command's Handle does.
	Handle func(ctx context.Context, i *discordgo.Interaction, a Args) (Response, error)
}

// Route returns the first of the command's routes whose pattern matches
// customID, with the parts it names; ok is false when none does (a button
// of a command that no longer writes it).
func (c Command) Route(customID string) (r Route, a Args, ok bool) {
	for _, r := range c.Routes {
		if a, ok := r.Pattern.Match(customID); ok {
			return r, a, true
		}
	}
	return Route{}, nil, false
}

// customID returns the custom id of a button click or a form.
func customID(i *discordgo.Interaction) string {
	switch data := i.Data.(type) {
	case discordgo.MessageComponentInteractionData:
		return data.CustomID
	case discordgo.ModalSubmitInteractionData:
		return data.CustomID
	}
	return ""
}
