package bot

import (
	"bytes"
	"context"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/commands"
)

// maxContent is Discord's limit on a message's text.
const maxContent = 2000

// noMentions keeps pasted text from pinging anyone.
var noMentions = &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}

// call is one interaction being answered. first sends its first
// callback: over REST for an interaction from the gateway, as the HTTP
// response for one that came over HTTP. What follows the first callback
// (the edit of a deferred answer) goes over REST either way.
type call struct {
	*discordgo.Interaction
	first func(callback) error
	// jsonOnly marks a first callback that cannot carry files: the HTTP
	// response to an interaction that came over HTTP.
	jsonOnly bool
}

// callback sends c's first callback. A failure is logged with the
// interaction id and not retried: the interaction is gone.
func (b *Bot) callback(c *call, command string, cb callback) bool {
	err := c.first(cb)
	if err != nil {
		b.metrics.apiError(err)
		b.log.Error("reply failed", "command", command, "interaction", c.ID, "type", cb.Type,
			"err", err)
	}
	return err == nil
}

// reply is how an answer is shown, decided before the handler runs: to
// the person who asked only, and in place of the message a button is on.
type reply struct{ ephemeral, update bool }

// respond answers with a notice of the bot's own (resp.Notice: only the
// person who asked sees it), as a message of its own.
func (b *Bot) respond(c *call, command string, resp commands.Response) {
	b.respondAs(c, command, reply{ephemeral: resp.Notice}, resp)
}

// respondAs answers with the reply itself: a message (private when
// ephemeral), the button's message updated, or a form.
func (b *Bot) respondAs(c *call, command string, how reply, resp commands.Response) {
	if resp.Launch {
		b.callback(c, command, callback{Type: launchActivity})
		return
	}
	if resp.Modal != nil {
		b.callback(c, command, asCallback(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal, Data: modal(resp.Modal)}))
		return
	}
	if c.jsonOnly && len(resp.Files) > 0 {
		b.filesByREST(c, command, how, resp)
		return
	}
	kind, flags := discordgo.InteractionResponseChannelMessageWithSource, discordgo.MessageFlags(0)
	switch {
	case how.update:
		kind = discordgo.InteractionResponseUpdateMessage // its flags stay the message's
	case how.ephemeral:
		flags = discordgo.MessageFlagsEphemeral
	}
	if laidOutV2(c, how, resp) {
		b.callback(c, command, callback{Type: kind, Data: b.v2(c.ID, resp, flags), files: files(resp.Files)})
		return
	}
	data := &discordgo.InteractionResponseData{Content: b.fit(c.ID, classicText(resp)), Files: files(resp.Files),
		Attachments: onlyNew(resp.Files), Components: buttons(resp), AllowedMentions: noMentions, Flags: flags}
	if how.update && data.Components == nil {
		data.Components = []discordgo.MessageComponent{} // an update without buttons removes the old ones
	}
	b.callback(c, command, asCallback(&discordgo.InteractionResponse{Type: kind, Data: data}))
}

// filesByREST answers, over the documented paths, an interaction that came
// over HTTP with a reply that has files: the HTTP response defers, as
// JSON, and the reply, files and all, is the deferred answer's edit over
// REST ("Edit Original Interaction Response", multipart/form-data). See
// writeCallback for why files cannot be in the HTTP response.
func (b *Bot) filesByREST(c *call, command string, how reply, resp commands.Response) {
	if b.deferReply(c, command, how) {
		b.edit(c, command, how, resp)
	}
}

// deferReply sends the deferred callback ("sudokubot is thinking…", or
// for an update nothing visible) and reports whether Discord took it.
func (b *Bot) deferReply(c *call, command string, how reply) bool {
	resp := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{}}
	switch {
	case how.update:
		resp = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
	case how.ephemeral:
		resp.Data.Flags = discordgo.MessageFlagsEphemeral
	}
	return b.callback(c, command, asCallback(resp))
}

// onlyNew lists a reply's files as the message's attachments, so that
// updating or editing a message replaces its picture instead of adding to
// it (Discord keeps attachments an edit does not list). Nil without files.
func onlyNew(fs []commands.File) *[]*discordgo.MessageAttachment {
	if len(fs) == 0 {
		return nil
	}
	list := make([]*discordgo.MessageAttachment, len(fs))
	for k, f := range fs {
		list[k] = &discordgo.MessageAttachment{ID: strconv.Itoa(k), Filename: f.Name}
	}
	return &list
}

// modal is a form's callback data.
func modal(m *commands.Modal) *discordgo.InteractionResponseData {
	var rows []discordgo.MessageComponent
	for _, in := range m.Inputs {
		style := discordgo.TextInputShort
		if in.Paragraph {
			style = discordgo.TextInputParagraph
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.TextInput{
			CustomID: in.CustomID, Label: in.Label, Placeholder: in.Placeholder, Value: in.Value, Style: style, Required: true,
			MinLength: in.MinLength, MaxLength: in.MaxLength}}})
	}
	return &discordgo.InteractionResponseData{CustomID: m.CustomID, Title: m.Title, Components: rows}
}

// post sends a message to a channel and returns its id. A nonce, when
// given, is enforced: Discord makes one message for it however often it
// is sent within a few minutes.
func (b *Bot) post(ctx context.Context, channel string, resp commands.Response, nonce string) (string, error) {
	mentions := noMentions
	if p := resp.Ping; len(p.Users) > 0 || len(p.Roles) > 0 { // these, and nobody else (Discord takes 100 of each)
		mentions = &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{},
			Users: p.Users[:min(len(p.Users), 100)], Roles: p.Roles[:min(len(p.Roles), 100)]}
	}
	id, err := b.sendMessage(ctx, channel, channelMessage{Content: b.fit(channel, resp.Content), Components: buttons(resp),
		AllowedMentions: mentions, Nonce: nonce, EnforceNonce: nonce != ""}, files(resp.Files))
	if err != nil {
		b.metrics.apiError(err)
		return "", err
	}
	return id, nil
}

// edit replaces the deferred answer (a new message, or the button's
// message for an update) with the real one, over REST.
func (b *Bot) edit(c *call, command string, how reply, resp commands.Response) {
	if resp.Modal != nil {
		b.log.Error("a form cannot follow a deferred answer", "command", command, "interaction", c.ID)
		resp = notice(c.Interaction, replyApology)
	}
	if resp.Launch { // only a first callback launches the Activity; the deferred answer is the asker's own
		resp = commands.Response{Content: notice(c.Interaction, replyLaunchLate).Content}
	}
	if resp.Notice && !how.ephemeral {
		b.privately(c, command, resp)
		return
	}
	var err error
	if laidOutV2(c, how, resp) {
		err = b.editV2(c.Interaction, b.v2(c.ID, resp, 0), files(resp.Files))
	} else {
		err = b.editClassic(c, resp)
	}
	if err != nil {
		b.metrics.apiError(err)
		b.log.Error("editing the deferred reply failed", "command", command, "interaction", c.ID, "err", err)
	}
}

// privately answers with a notice after a public deferral: a notice is
// only the asker's (a mistake, or an open daily's refusal), so the public
// "thinking" message is deleted and the notice sent as a private
// follow-up instead of being edited in where everyone would read it.
func (b *Bot) privately(c *call, command string, resp commands.Response) {
	if err := b.session.InteractionResponseDelete(c.Interaction); err != nil {
		b.metrics.apiError(err)
		b.log.Error("taking back the deferred reply failed", "command", command, "interaction", c.ID, "err", err)
		return // the notice is not shown rather than shown to all
	}
	_, err := b.session.FollowupMessageCreate(c.Interaction, false, &discordgo.WebhookParams{
		Content: b.fit(c.ID, classicText(resp)), Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: noMentions})
	if err != nil {
		b.metrics.apiError(err)
		b.log.Error("sending the private notice failed", "command", command, "interaction", c.ID, "err", err)
	}
}

// editClassic edits the deferred answer into a message with content.
func (b *Bot) editClassic(c *call, resp commands.Response) error {
	content := b.fit(c.ID, classicText(resp))
	edit := &discordgo.WebhookEdit{Content: &content, Files: files(resp.Files), Attachments: onlyNew(resp.Files),
		AllowedMentions: noMentions}
	rows := buttons(resp)
	if rows == nil {
		rows = []discordgo.MessageComponent{} // the edited message keeps no old buttons
	}
	edit.Components = &rows
	_, err := b.session.InteractionResponseEdit(c.Interaction, edit)
	return err
}

// fit keeps content within Discord's limit; handlers should never need
// it. about names what the text is for in the log (an interaction, a
// channel, a message or a user id).
func (b *Bot) fit(about, s string) string {
	r := []rune(s)
	if len(r) <= maxContent {
		return s
	}
	b.log.Warn("reply too long; cut", "for", about, "length", len(r))
	return string(r[:maxContent-1]) + "…"
}

func files(fs []commands.File) []*discordgo.File {
	if len(fs) == 0 {
		return nil
	}
	out := make([]*discordgo.File, len(fs))
	for k, f := range fs {
		out[k] = &discordgo.File{Name: f.Name, ContentType: f.ContentType, Reader: bytes.NewReader(f.Data)}
	}
	return out
}

// buttons lays a reply's buttons out in action rows: Rows as they are,
// else Buttons as one row (Discord allows 5 rows of 5).
func buttons(resp commands.Response) []discordgo.MessageComponent {
	rows := resp.Rows
	if rows == nil && len(resp.Buttons) > 0 {
		rows = [][]commands.Button{resp.Buttons}
	}
	var out []discordgo.MessageComponent
	for _, r := range rows[:min(len(rows), 5)] {
		row := discordgo.ActionsRow{}
		for _, b := range r[:min(len(r), 5)] {
			if b.URL != "" {
				row.Components = append(row.Components, discordgo.Button{Label: b.Label, URL: b.URL, Style: discordgo.LinkButton})
				continue
			}
			row.Components = append(row.Components, discordgo.Button{Label: b.Label, CustomID: b.CustomID,
				Style: buttonStyles[b.Style], Disabled: b.Disabled})
		}
		out = append(out, row)
	}
	return out
}

var buttonStyles = map[commands.ButtonStyle]discordgo.ButtonStyle{
	commands.Plain: discordgo.SecondaryButton, commands.Chosen: discordgo.PrimaryButton, commands.Go: discordgo.SuccessButton,
}
