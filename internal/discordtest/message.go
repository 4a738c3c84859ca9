package discordtest

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// FlagV2 is the message flag IS_COMPONENTS_V2: a message whose text and
// pictures are components. Discord never takes it off a message.
const FlagV2 discordgo.MessageFlags = 1 << 15

// maxComponents is how many components a message may hold, nested ones
// counted (Components V2).
const maxComponents = 40

// wireMessage is a message body as Discord receives it.
type wireMessage struct {
	Content *string `json:"content"`
	// Attachments, when present, lists the attachments to keep; an edit
	// without it keeps every attachment and adds its files.
	Attachments *[]json.RawMessage     `json:"attachments"`
	Flags       discordgo.MessageFlags `json:"flags"`
	Embeds      []json.RawMessage      `json:"embeds"`
	CustomID    string                 `json:"custom_id"`
	Choices     []struct {
		Value any `json:"value"`
	} `json:"choices"`
	Components      []wireComponent  `json:"components"`
	AllowedMentions *AllowedMentions `json:"allowed_mentions"`
	Nonce           string           `json:"nonce"`
	EnforceNonce    bool             `json:"enforce_nonce"`
}

// AllowedMentions is whom a message may ping: the kinds of mention it
// parses (users, roles, everyone) and the users and roles it names.
type AllowedMentions struct {
	Parse []string `json:"parse"`
	Users []string `json:"users"`
	Roles []string `json:"roles"`
}

// wireComponent is any component, as far as the fake reads it.
type wireComponent struct {
	Type     discordgo.ComponentType `json:"type"`
	CustomID string                  `json:"custom_id"`
	Label    string                  `json:"label"`    // a button\'s
	Style    discordgo.ButtonStyle   `json:"style"`    // a button\'s
	Disabled bool                    `json:"disabled"` // a button\'s
	URL      string                  `json:"url"`      // a link button's
	Content  string                  `json:"content"`  // a text display's
	Items    []struct {
		Media struct {
			URL string `json:"url"`
		} `json:"media"`
	} `json:"items"` // a media gallery's
	Components []wireComponent `json:"components"`
}

func (w *wireMessage) message(files []File) Message {
	if w == nil {
		return Message{}
	}
	m := Message{Flags: w.Flags, Files: files, Embeds: len(w.Embeds), ModalID: w.CustomID, Mentions: w.AllowedMentions}
	if w.Content != nil {
		m.Content = *w.Content
	}
	for _, c := range w.Choices {
		m.Choices = append(m.Choices, fmt.Sprint(c.Value))
	}
	var texts []string
	walk(w.Components, func(c wireComponent) {
		switch c.Type {
		case discordgo.ButtonComponent:
			if c.Style == discordgo.LinkButton {
				m.Links = append(m.Links, c.URL)
				break
			}
			m.Buttons = append(m.Buttons, c.CustomID)
		case discordgo.TextInputComponent:
			m.Inputs = append(m.Inputs, c.CustomID)
		case discordgo.TextDisplayComponent:
			texts = append(texts, c.Content)
		case discordgo.MediaGalleryComponent:
			for _, it := range c.Items {
				m.Media = append(m.Media, it.Media.URL)
			}
		}
	})
	if m.V2() {
		m.Content = strings.Join(texts, "\n")
	}
	m.Outline = outline(w.Components)
	return m
}

// outline draws components as text, a line each: a text display as its
// text, a gallery as its pictures, a row as its buttons ([label], {label}
// for a chosen (primary) one, <label> for a green one, (label) disabled).
func outline(cs []wireComponent) string {
	var lines []string
	for _, c := range cs {
		switch c.Type {
		case discordgo.TextDisplayComponent:
			lines = append(lines, c.Content)
		case discordgo.MediaGalleryComponent:
			for _, it := range c.Items {
				lines = append(lines, "🖼 "+strings.TrimPrefix(it.Media.URL, "attachment://"))
			}
		case discordgo.ActionsRowComponent:
			var row []string
			for _, b := range c.Components {
				row = append(row, buttonText(b))
			}
			lines = append(lines, strings.Join(row, " "))
		default:
			if inner := outline(c.Components); inner != "" {
				lines = append(lines, inner)
			}
		}
	}
	return strings.Join(lines, "\n")
}

func buttonText(b wireComponent) string {
	switch {
	case b.Disabled:
		return "(" + b.Label + ")"
	case b.Style == discordgo.PrimaryButton:
		return "{" + b.Label + "}"
	case b.Style == discordgo.SuccessButton:
		return "<" + b.Label + ">"
	}
	return "[" + b.Label + "]"
}

// walk calls f on every component, nested ones after their parent.
func walk(cs []wireComponent, f func(wireComponent)) {
	for _, c := range cs {
		f(c)
		walk(c.Components, f)
	}
}

// v2Problem says why Discord would refuse a message body for its Components
// V2 rules, or "": onV2 is whether the message it sends or changes is V2
// already; files are the message's attachments once the body applies.
func (w *wireMessage) v2Problem(onV2 bool, files []File) string {
	if w == nil {
		return ""
	}
	v2, count := onV2 || w.Flags&FlagV2 != 0, 0
	walk(w.Components, func(wireComponent) { count++ })
	switch {
	case !v2 && hasV2Type(w.Components):
		return "components of Components V2 in a message without the IS_COMPONENTS_V2 flag"
	case v2 && w.Content != nil && *w.Content != "":
		return "content in a Components V2 message"
	case v2 && len(w.Embeds) > 0:
		return "embeds in a Components V2 message"
	case count > maxComponents:
		return fmt.Sprintf("%d components, more than %d", count, maxComponents)
	}
	if p := buttonProblem(w.Components); p != "" {
		return p
	}
	return missingMedia(w.Components, files)
}

// buttonProblem says why Discord would refuse a button: a link button
// opens its url and has no custom id, every other has a custom id; a url
// is at most 512 characters.
func buttonProblem(cs []wireComponent) string {
	problem := ""
	walk(cs, func(c wireComponent) {
		link := c.Style == discordgo.LinkButton
		switch {
		case c.Type != discordgo.ButtonComponent || problem != "":
		case link && (c.URL == "" || c.CustomID != ""):
			problem = "a link button needs a url and no custom_id"
		case !link && (c.CustomID == "" || c.URL != ""):
			problem = "a button that is not a link needs a custom_id and no url"
		case len(c.URL) > 512:
			problem = fmt.Sprintf("a button's url of %d characters, more than 512", len(c.URL))
		}
	})
	return problem
}

// hasV2Type reports whether a top-level component exists only in V2.
func hasV2Type(cs []wireComponent) bool {
	for _, c := range cs {
		if c.Type != discordgo.ActionsRowComponent {
			return true
		}
	}
	return false
}

// missingMedia names a gallery item that shows an attachment the message
// does not have.
func missingMedia(cs []wireComponent, files []File) string {
	problem := ""
	walk(cs, func(c wireComponent) {
		for _, it := range c.Items {
			name, ok := strings.CutPrefix(it.Media.URL, "attachment://")
			if ok && !hasFile(files, name) && problem == "" {
				problem = "a gallery shows " + it.Media.URL + ", which the message does not attach"
			}
		}
	})
	return problem
}

func hasFile(files []File, name string) bool {
	for _, f := range files {
		if f.Name == name {
			return true
		}
	}
	return false
}

// unshown names a V2 message's attachment that no component shows:
// Discord would not display it.
func unshown(m Message) string {
	if !m.V2() {
		return ""
	}
	for _, f := range m.Files {
		shown := false
		for _, u := range m.Media {
			shown = shown || u == "attachment://"+f.Name
		}
		if !shown {
			return f.Name
		}
	}
	return ""
}

// merge applies an update or edit (body, read as edit) to the message
// base, as Discord does: the V2 flag stays once set, and an edit that
// lists no attachments keeps the old ones.
func merge(base Message, body *wireMessage, edit Message) Message {
	merged := base
	merged.Flags |= edit.Flags & FlagV2
	if body.Content != nil || merged.V2() {
		merged.Content = edit.Content
	}
	switch {
	case body.Attachments != nil:
		merged.Files = edit.Files // the new files; the fake keeps no old attachment by id
	case edit.Files != nil:
		merged.Files = append(append([]File(nil), merged.Files...), edit.Files...) // Discord keeps what an edit does not list
	}
	if body.Components != nil {
		merged.Buttons, merged.Links, merged.Media, merged.Outline = edit.Buttons, edit.Links, edit.Media, edit.Outline
	}
	merged.Embeds, merged.Mentions = edit.Embeds, edit.Mentions
	return merged
}
