package bot

import (
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/commands"
)

// laidOutV2 reports whether a reply goes out as a Components V2 message:
// when the handler asks for it, and always when it updates a V2 message,
// since Discord never turns a V2 message back into one with content.
func laidOutV2(c *call, how reply, resp commands.Response) bool {
	return resp.V2 || (how.update && c.Message != nil && c.Message.Flags&flagV2 != 0)
}

// v2 lays a reply out as one container: Content, the files as a gallery,
// Footer, then the buttons' rows. flags adds to the V2 flag (ephemeral,
// for a new private message).
func (b *Bot) v2(interaction string, resp commands.Response, flags discordgo.MessageFlags) v2Message {
	var parts []discordgo.MessageComponent
	if resp.Content != "" {
		parts = append(parts, discordgo.TextDisplay{Content: b.fit(interaction, resp.Content)})
	}
	if len(resp.Files) > 0 {
		gallery := discordgo.MediaGallery{}
		for _, f := range resp.Files {
			gallery.Items = append(gallery.Items, discordgo.MediaGalleryItem{
				Media: discordgo.UnfurledMediaItem{URL: "attachment://" + f.Name}, Spoiler: strings.HasPrefix(f.Name, "SPOILER_")})
		}
		parts = append(parts, gallery)
	}
	if resp.Footer != "" {
		parts = append(parts, discordgo.TextDisplay{Content: b.fit(interaction, resp.Footer)})
	}
	parts = append(parts, buttons(resp)...)
	kept := onlyNew(resp.Files)
	if kept == nil {
		kept = &[]*discordgo.MessageAttachment{} // a V2 message shows no attachment it does not name: drop the old
	}
	return v2Message{Flags: flags | flagV2, Components: []discordgo.MessageComponent{discordgo.Container{Components: parts}},
		Attachments: kept, AllowedMentions: noMentions}
}

// classicText is a reply's text in a message with content: Content, then
// Footer on a line of its own.
func classicText(resp commands.Response) string {
	if resp.Footer == "" {
		return resp.Content
	}
	if resp.Content == "" {
		return resp.Footer
	}
	return resp.Content + "\n" + resp.Footer
}
