package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/commands"
)

// This file is the one place where the bot builds Discord requests itself
// rather than through discordgo's helpers: discordgo v0.29 cannot send a
// Components V2 message, a nonce, or a message edit without its untagged
// ID and Channel fields. Its InteractionResponseData always sends
// "content" (V2 refuses content), and its WebhookEdit has no "flags", so a
// deferred answer cannot become V2 (Discord takes the V2 flag on the edit,
// not on the deferral); its command options have no file_types. Bodies are discordgo's types where they fit and
// v2Message where they do not; requests go through the session, so they
// share its rate limiting and retries.

// flagV2 marks a Components V2 message (IS_COMPONENTS_V2): its text and
// pictures are components, and it has no content. Once set, it stays.
const flagV2 discordgo.MessageFlags = 1 << 15

// v2Message is a Components V2 message body: for a callback's data, and
// for an edit. Content is always null, which is how an edit empties the
// content a message had before it became V2.
type v2Message struct {
	Content         *string                           `json:"content"`
	Flags           discordgo.MessageFlags            `json:"flags"`
	Components      []discordgo.MessageComponent      `json:"components"`
	Attachments     *[]*discordgo.MessageAttachment   `json:"attachments,omitempty"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions,omitempty"`
}

// launchActivity is the LAUNCH_ACTIVITY callback (type 12), which discordgo
// v0.29 does not know: it opens the app's Activity for the person who
// used the command or button.
const launchActivity discordgo.InteractionResponseType = 12

// callback is an interaction's first callback as sent: its type, its data
// (discordgo's InteractionResponseData, or a v2Message) and its files.
type callback struct {
	Type  discordgo.InteractionResponseType `json:"type"`
	Data  any                               `json:"data,omitempty"`
	files []*discordgo.File
}

// asCallback wraps a callback discordgo can express.
func asCallback(resp *discordgo.InteractionResponse) callback {
	cb := callback{Type: resp.Type}
	if resp.Data != nil {
		cb.Data, cb.files = resp.Data, resp.Data.Files
	}
	return cb
}

// encode returns a request body and its content type: multipart/form-data
// (payload_json and files[n]) when there are files, else JSON.
func encode(body any, files []*discordgo.File) (contentType string, data []byte, err error) {
	if len(files) > 0 {
		return discordgo.MultipartBodyWithJSON(body, files)
	}
	data, err = json.Marshal(body)
	return "application/json", data, err
}

// restCallback sends a first callback over REST, as discordgo's
// InteractionRespond does.
func (b *Bot) restCallback(i *discordgo.Interaction, cb callback) error {
	endpoint := discordgo.EndpointInteractionResponse(i.ID, i.Token)
	contentType, body, err := encode(cb, cb.files)
	if err != nil {
		return err
	}
	_, err = b.session.RequestRaw(http.MethodPost, endpoint, contentType, body, endpoint, 0)
	return err
}

// channelMessage is a channel message as sent: discordgo v0.29's
// MessageSend has no nonce. With EnforceNonce, Discord returns the message
// made with the same nonce in the past few minutes instead of a second.
type channelMessage struct {
	Content         string                            `json:"content,omitempty"`
	Components      []discordgo.MessageComponent      `json:"components,omitempty"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions,omitempty"`
	Nonce           string                            `json:"nonce,omitempty"`
	EnforceNonce    bool                              `json:"enforce_nonce,omitempty"`
}

// sendMessage posts a channel message and returns its id.
func (b *Bot) sendMessage(ctx context.Context, channel string, msg channelMessage, files []*discordgo.File) (string, error) {
	uri := discordgo.EndpointChannelMessages(channel)
	contentType, body, err := encode(msg, files)
	if err != nil {
		return "", err
	}
	data, err := b.session.RequestRaw(http.MethodPost, uri, contentType, body, uri, 0, discordgo.WithContext(ctx))
	if err != nil {
		return "", err
	}
	var made struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(data, &made); err != nil || made.ID == "" {
		return "", fmt.Errorf("a sent message without an id: %v", err)
	}
	return made.ID, nil
}

// editV2 edits an interaction's original message into a V2 message, as
// discordgo's InteractionResponseEdit does for a classic one.
func (b *Bot) editV2(i *discordgo.Interaction, msg v2Message, files []*discordgo.File) error {
	uri := discordgo.EndpointWebhookMessage(i.AppID, i.Token, "@original")
	contentType, body, err := encode(msg, files)
	if err != nil {
		return err
	}
	_, err = b.session.RequestRaw(http.MethodPatch, uri, contentType, body, uri, 0)
	return err
}

// messageEdit is a channel message's edit as sent: discordgo v0.29's
// MessageEdit also sends its ID and Channel fields (they have no JSON
// tags), which Discord's description of the edit does not name.
type messageEdit struct {
	Content         *string                           `json:"content,omitempty"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions,omitempty"`
}

// editMessage edits a channel message, in the rate-limit bucket discordgo
// uses for message edits.
func (b *Bot) editMessage(ctx context.Context, channel, message string, edit messageEdit) error {
	body, err := json.Marshal(edit)
	if err != nil {
		return err
	}
	uri := discordgo.EndpointChannelMessage(channel, message)
	_, err = b.session.RequestRaw(http.MethodPatch, uri, "application/json", body,
		discordgo.EndpointChannelMessage(channel, ""), 0, discordgo.WithContext(ctx))
	return err
}

// entryPointType is the PRIMARY_ENTRY_POINT command type, which discordgo
// v0.29 does not know: the command that launches an app's Activity,
// which Discord makes when Activities are enabled.
const entryPointType = 4

// entryPoint is an entry-point command as a bulk overwrite sends it back:
// fields Discord's description of the overwrite names, handler among
// them (discordgo's ApplicationCommand has no handler field). Its
// permissions are left out: Discord lists them as a string, and the
// overwrite takes a number.
type entryPoint struct {
	ID                       string          `json:"id,omitempty"`
	Type                     int             `json:"type"`
	Name                     string          `json:"name"`
	NameLocalizations        json.RawMessage `json:"name_localizations,omitempty"`
	Description              string          `json:"description"`
	DescriptionLocalizations json.RawMessage `json:"description_localizations,omitempty"`
	Contexts                 json.RawMessage `json:"contexts,omitempty"`
	IntegrationTypes         json.RawMessage `json:"integration_types,omitempty"`
	Handler                  int             `json:"handler,omitempty"`
}

// overwriteCommands registers defs with one bulk overwrite, of a guild's
// commands when guild is set, else of the global ones. A global
// overwrite keeps the app's entry-point command: once Activities are
// enabled, Discord refuses one that leaves it out (error 50240), and
// every command would go unregistered.
func (b *Bot) overwriteCommands(appID, guild string, defs []*discordgo.ApplicationCommand) error {
	body := make([]any, 0, len(defs)+1)
	for _, d := range defs {
		c, err := withFileTypes(d)
		if err != nil {
			return err
		}
		body = append(body, c)
	}
	uri := discordgo.EndpointApplicationGuildCommands(appID, guild)
	if guild == "" {
		uri = discordgo.EndpointApplicationGlobalCommands(appID)
		entry, err := b.entryPointOf(uri)
		if err != nil {
			return err
		}
		if entry != nil {
			body = append(body, entry)
		}
	}
	data, err := json.Marshal(body)
	if err != nil {
		return err
	}
	_, err = b.session.RequestRaw(http.MethodPut, uri, "application/json", data, uri, 0)
	return err
}

// withFileTypes returns a command as the overwrite sends it: discordgo's,
// with file_types (which discordgo v0.29 does not know) on each
// attachment option, nested ones too, so that Discord's file picker
// offers the pictures the reader decodes.
func withFileTypes(def *discordgo.ApplicationCommand) (json.RawMessage, error) {
	data, err := json.Marshal(def)
	if err != nil {
		return nil, err
	}
	var c map[string]any
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	if err := d.Decode(&c); err != nil {
		return nil, err
	}
	addFileTypes(c["options"], commands.PictureFileTypes())
	return json.Marshal(c)
}

func addFileTypes(options any, types []string) {
	list, _ := options.([]any)
	for _, o := range list {
		opt, _ := o.(map[string]any)
		if opt == nil {
			continue
		}
		if opt["type"] == json.Number(strconv.Itoa(int(discordgo.ApplicationCommandOptionAttachment))) {
			opt["file_types"] = types
		}
		addFileTypes(opt["options"], types)
	}
}

// entryPointOf returns the entry-point command among the global commands
// listed at uri, nil when there is none.
func (b *Bot) entryPointOf(uri string) (*entryPoint, error) {
	data, err := b.session.RequestRaw(http.MethodGet, uri, "", nil, uri, 0)
	if err != nil {
		return nil, err
	}
	var cmds []entryPoint
	if err := json.Unmarshal(data, &cmds); err != nil {
		return nil, fmt.Errorf("the listed commands: %w", err)
	}
	for _, c := range cmds {
		if c.Type == entryPointType {
			return &c, nil
		}
	}
	return nil, nil
}
