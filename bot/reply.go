package bot

import (
	"bytes"
	"context"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/commands"
)

// maxContent is Discord's limit on a message's text.
const maxContent = 2000

// noMentions keeps pasted text from pinging anyone.
var noMentions = &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}

// respond sends the one callback with the answer itself. A failure is
// logged with the interaction id and not retried: the interaction is gone.
func (b *Bot) respond(i *discordgo.Interaction, command string, resp commands.Response) {
	if resp.Modal != nil {
		b.openModal(i, command, resp.Modal)
		return
	}
	if len(resp.Files) > 0 && b.overHTTP(i) {
		// An HTTP response carries no files: defer, then edit them in.
		if b.deferReply(i, command, resp.Ephemeral) {
			b.edit(i, command, resp)
		}
		return
	}
	data := &discordgo.InteractionResponseData{Content: b.fit(i, resp.Content), Files: files(resp.Files),
		Components: buttons(resp.Buttons), AllowedMentions: noMentions}
	if resp.Ephemeral {
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	err := b.callback(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data})
	if err != nil {
		b.metrics.apiError(err)
		b.log.Error("reply failed", "command", command, "interaction", i.ID, "err", b.scrub(err.Error()))
	}
}

// deferReply sends the deferred callback ("sudokubot is thinking…") and
// reports whether Discord took it.
func (b *Bot) deferReply(i *discordgo.Interaction, command string, private bool) bool {
	data := &discordgo.InteractionResponseData{}
	if private {
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	err := b.callback(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseDeferredChannelMessageWithSource, Data: data})
	if err != nil {
		b.metrics.apiError(err)
		b.log.Error("deferred reply failed", "command", command, "interaction", i.ID, "err", b.scrub(err.Error()))
		return false
	}
	return true
}

// openModal answers with a form.
func (b *Bot) openModal(i *discordgo.Interaction, command string, m *commands.Modal) {
	var rows []discordgo.MessageComponent
	for _, in := range m.Inputs {
		style := discordgo.TextInputShort
		if in.Paragraph {
			style = discordgo.TextInputParagraph
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.TextInput{
			CustomID: in.CustomID, Label: in.Label, Placeholder: in.Placeholder, Style: style, Required: true,
			MinLength: in.MinLength, MaxLength: in.MaxLength}}})
	}
	err := b.callback(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal,
		Data: &discordgo.InteractionResponseData{CustomID: m.CustomID, Title: m.Title, Components: rows}})
	if err != nil {
		b.metrics.apiError(err)
		b.log.Error("opening a form failed", "command", command, "interaction", i.ID, "err", b.scrub(err.Error()))
	}
}

// post sends a message to a channel and returns its id.
func (b *Bot) post(ctx context.Context, channel string, resp commands.Response) (string, error) {
	msg, err := b.session.ChannelMessageSendComplex(channel, &discordgo.MessageSend{Content: resp.Content,
		Files: files(resp.Files), Components: buttons(resp.Buttons), AllowedMentions: noMentions},
		discordgo.WithContext(ctx))
	if err != nil {
		b.metrics.apiError(err)
		return "", err
	}
	return msg.ID, nil
}

// edit replaces the deferred answer with the real one.
func (b *Bot) edit(i *discordgo.Interaction, command string, resp commands.Response) {
	if resp.Modal != nil {
		b.log.Error("a form cannot follow a deferred answer", "command", command, "interaction", i.ID)
		resp = replyApology
	}
	content := b.fit(i, resp.Content)
	edit := &discordgo.WebhookEdit{Content: &content, Files: files(resp.Files), AllowedMentions: noMentions}
	if rows := buttons(resp.Buttons); rows != nil {
		edit.Components = &rows
	}
	_, err := b.session.InteractionResponseEdit(i, edit)
	if err != nil {
		b.metrics.apiError(err)
		b.log.Error("editing the deferred reply failed", "command", command, "interaction", i.ID, "err", b.scrub(err.Error()))
	}
}

// fit keeps content within Discord's limit; handlers should never need it.
func (b *Bot) fit(i *discordgo.Interaction, s string) string {
	r := []rune(s)
	if len(r) <= maxContent {
		return s
	}
	b.log.Warn("reply too long; cut", "interaction", i.ID, "length", len(r))
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

// buttons puts a reply's buttons in one action row (Discord allows five).
func buttons(bs []commands.Button) []discordgo.MessageComponent {
	if len(bs) == 0 {
		return nil
	}
	row := discordgo.ActionsRow{}
	for _, b := range bs[:min(len(bs), 5)] {
		row.Components = append(row.Components, discordgo.Button{Label: b.Label, CustomID: b.CustomID, Style: discordgo.SecondaryButton})
	}
	return []discordgo.MessageComponent{row}
}
