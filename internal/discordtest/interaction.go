package discordtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Callback is one interaction callback the fake accepted.
type Callback struct {
	Type    discordgo.InteractionResponseType
	Message Message
	At      time.Duration // after the interaction was sent
}

// Reply is everything the bot sent for one interaction.
type Reply struct {
	Callbacks []Callback
	Edits     []Message
	Followups []Message
	// Deleted reports that the bot deleted its reply (a deferred answer
	// it took back); Final is then the follow-up sent after.
	Deleted bool
	// Final is the message the user ends up seeing: a callback's, or the
	// deferred reply as last edited.
	Final Message
	// First is when the first callback was accepted and Done when Final
	// was complete, both after the interaction was sent.
	First, Done time.Duration
	// Status is the HTTP status the bot's endpoint answered an interaction
	// sent over HTTP with, or 0 when the request failed (Err says why).
	Status int
	Err    string
}

type interaction struct {
	id, token string
	sentAt    time.Time
	reply     Reply
	done      bool
	viaHTTP   bool   // sent to the endpoint: its callback is the response
	msgID     string // the message its reply shows in: the button's, or a new one
	component bool   // a button or select, or a form one opened: only it may update its message
	userOnly  bool   // from a user's install where no server install covers it: at most 5 follow-ups
	// answered is closed when the HTTP response has been taken in, so an
	// edit racing it waits for it alone (a shared condition variable would
	// wake every waiting edit on every callback).
	answered chan struct{}
	closed   bool
}

// markAnswered closes answered once; s.mu must be held.
func (in *interaction) markAnswered() {
	if !in.closed {
		in.closed = true
		close(in.answered)
	}
}

// Send dispatches an interaction over the gateway, or signed over HTTP
// after UseEndpoint, and returns its id. The payload is the JSON Discord
// sends, as built by SlashCommand and its siblings; Send fills in the id,
// token and application id.
func (s *Server) Send(payload map[string]any) string {
	s.mu.Lock()
	in := &interaction{id: s.newID(), token: "itoken-" + s.newID(), sentAt: s.now(), answered: make(chan struct{}),
		viaHTTP: s.ep.url != "", component: payload["type"] == discordgo.InteractionMessageComponent || payload["message"] != nil}
	if owners, ok := payload["authorizing_integration_owners"].(map[string]any); ok {
		_, guildInstall := owners["0"]
		in.userOnly = !guildInstall
	}
	s.interactions[in.id], s.byToken[in.token] = in, in
	if msg, ok := payload["message"].(map[string]any); ok {
		in.msgID, _ = msg["id"].(string)
		if m, known := s.msgs[in.msgID]; known { // as Discord sends it: with its flags
			msg["flags"] = int(m.Flags)
		} else if flags, ok := msg["flags"].(discordgo.MessageFlags); ok { // a message another fake made
			s.msgs[in.msgID] = Message{ID: in.msgID, Flags: flags}
		}
	}
	endpoint := s.ep.url
	s.mu.Unlock()
	payload["id"], payload["token"], payload["application_id"], payload["version"] = in.id, in.token, s.AppID, 1
	if in.viaHTTP {
		go s.post(endpoint, in, payload)
	} else {
		s.dispatch("INTERACTION_CREATE", payload)
	}
	return in.id
}

// Reply waits up to timeout for the interaction's final message; ok is
// false when it did not come.
func (s *Server) Reply(id string, timeout time.Duration) (r Reply, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	in := s.interactions[id]
	if in == nil {
		return Reply{}, false
	}
	ok = s.waitLocked(timeout, func() bool { return in.done })
	return in.reply, ok
}

// final reports whether a callback type carries the answer itself, rather
// than promising one (the deferred types).
func final(t discordgo.InteractionResponseType) bool {
	return t != discordgo.InteractionResponseDeferredChannelMessageWithSource &&
		t != discordgo.InteractionResponseDeferredMessageUpdate
}

// LaunchActivity is the callback type (12) that launches the app's
// Activity for the user; Discord accepts it only from an app whose
// Activities are enabled (EnableActivities).
const LaunchActivity discordgo.InteractionResponseType = 12

// wireCallback is a callback body as Discord receives it.
type wireCallback struct {
	Type discordgo.InteractionResponseType `json:"type"`
	Data *wireMessage                      `json:"data"`
}

func (s *Server) postCallback(w http.ResponseWriter, r *http.Request) {
	var body wireCallback
	msg, ok := s.receiveMessage("callback", "callback", w, r, &body, func() *wireMessage { return body.Data })
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	in := s.interactions[r.PathValue("id")]
	if in == nil || in.token != r.PathValue("token") {
		s.violate("callback for unknown interaction %s", r.PathValue("id"))
		writeError(w, http.StatusNotFound, 10062, "Unknown interaction")
		return
	}
	if status, code, text := s.acceptLocked(in, body, msg); status != 0 {
		writeError(w, status, code, text)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// acceptLocked records a first callback, with s.mu held; a non-zero status
// is the error Discord answers when it breaks a rule.
func (s *Server) acceptLocked(in *interaction, cb wireCallback, msg Message) (status, code int, text string) {
	t := cb.Type
	update := t == discordgo.InteractionResponseUpdateMessage || t == discordgo.InteractionResponseDeferredMessageUpdate
	switch {
	case len(in.reply.Callbacks) > 0:
		s.violate("interaction %s: a second callback", in.id)
		return http.StatusBadRequest, 40060, "Interaction has already been acknowledged."
	case s.since(in.sentAt) > CallbackTimeout:
		s.violate("interaction %s: first callback after %v", in.id, s.since(in.sentAt))
		return http.StatusNotFound, 10062, "Unknown interaction"
	case update && !in.component:
		s.violate("interaction %s: a message update (type %d) answers only a component", in.id, t)
		return http.StatusBadRequest, 50035, "Invalid Form Body: interaction has no message to update"
	case t == LaunchActivity && s.entryPoint == nil:
		s.violate("interaction %s: LAUNCH_ACTIVITY from an app without Activities", in.id)
		return http.StatusBadRequest, 50035, "Invalid Form Body: this application has no Activity to launch"
	case t == LaunchActivity && cb.Data != nil:
		s.violate("interaction %s: LAUNCH_ACTIVITY with data", in.id)
		return http.StatusBadRequest, 50035, "Invalid Form Body: a launch has no data"
	}
	if t == discordgo.InteractionResponseDeferredChannelMessageWithSource {
		msg.Flags &^= FlagV2 // Discord takes the V2 flag on the edit that follows, not here
	}
	shown, problem := s.shownLocked(in, cb.Data, msg, t)
	if problem != "" {
		s.violate("interaction %s: %s", in.id, problem)
		return http.StatusBadRequest, 50035, "Invalid Form Body: " + problem
	}
	at := s.since(in.sentAt)
	in.reply.Callbacks = append(in.reply.Callbacks, Callback{Type: t, Message: msg, At: at})
	in.reply.First, in.reply.Final = at, shown
	if final(t) {
		in.reply.Done, in.done = at, true
	}
	s.changed.Broadcast()
	return 0, 0, ""
}

// shownLocked returns the message a callback leaves the user looking at,
// and records it: a new message, the button's message updated, or for a
// form or suggestions the callback itself. problem says why Discord would
// refuse the callback instead.
func (s *Server) shownLocked(in *interaction, body *wireMessage, msg Message, t discordgo.InteractionResponseType) (Message, string) {
	switch t {
	case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseDeferredChannelMessageWithSource:
		if p := body.v2Problem(false, msg.Files); p != "" {
			return Message{}, p
		}
		in.msgID = s.newID()
	case discordgo.InteractionResponseUpdateMessage:
		base := s.msgs[in.msgID]
		merged := merge(base, body, msg)
		if p := body.v2Problem(base.V2(), merged.Files); p != "" {
			return Message{}, p
		}
		msg = merged
	case discordgo.InteractionResponseDeferredMessageUpdate:
		msg = s.msgs[in.msgID]
	default:
		return msg, ""
	}
	msg.ID = in.msgID
	s.keepLocked(in, msg)
	return msg, ""
}

// keepLocked records the state of an interaction's message, so that a
// button on it is sent with its flags and an update applies to it.
func (s *Server) keepLocked(in *interaction, m Message) {
	if f := unshown(m); f != "" {
		s.violate("interaction %s: %s is attached to a Components V2 message but no component shows it", in.id, f)
	}
	if in.msgID != "" {
		s.msgs[in.msgID] = m
	}
}

func (s *Server) patchOriginal(w http.ResponseWriter, r *http.Request) {
	var body wireMessage
	edit, ok := s.receiveMessage("edit", "edit", w, r, &body, func() *wireMessage { return &body })
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	in := s.byToken[r.PathValue("token")]
	if in != nil && in.viaHTTP && !in.closed {
		// The response may still be on its way to the fake's client.
		s.mu.Unlock()
		select {
		case <-in.answered:
		case <-time.After(CallbackTimeout):
		}
		s.mu.Lock()
	}
	if in == nil || r.PathValue("msg") != "@original" || len(in.reply.Callbacks) == 0 {
		s.violate("edit of %s before any callback, or of an unknown message", r.PathValue("msg"))
		writeError(w, http.StatusNotFound, 10008, "Unknown Message")
		return
	}
	merged := merge(in.reply.Final, &body, edit)
	if p := body.v2Problem(in.reply.Final.V2(), merged.Files); p != "" {
		s.violate("interaction %s: edit: %s", in.id, p)
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body: "+p)
		return
	}
	s.keepLocked(in, merged)
	in.reply.Edits = append(in.reply.Edits, edit)
	in.reply.Final, in.reply.Done, in.done = merged, s.since(in.sentAt), true
	s.changed.Broadcast()
	writeJSON(w, map[string]any{"id": merged.ID, "content": merged.Content, "flags": merged.Flags})
}

func (s *Server) postFollowup(w http.ResponseWriter, r *http.Request) {
	var body wireMessage
	msg, ok := s.receiveMessage("followup", "follow-up", w, r, &body, func() *wireMessage { return &body })
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	in := s.byToken[r.PathValue("token")]
	if in == nil || len(in.reply.Callbacks) == 0 {
		s.violate("follow-up before any callback")
		writeError(w, http.StatusNotFound, 10015, "Unknown Webhook")
		return
	}
	if in.userOnly && len(in.reply.Followups) >= maxUserFollowups {
		s.violate("interaction %s: a follow-up past the %d a user-installed app may send", in.id, maxUserFollowups)
		writeError(w, http.StatusBadRequest, 40094, "This interaction has hit the maximum number of follow up messages")
		return
	}
	in.reply.Followups = append(in.reply.Followups, msg)
	if in.reply.Deleted && !in.done { // the original is gone: this is what the user sees
		in.reply.Final, in.reply.Done, in.done = msg, s.since(in.sentAt), true
	}
	s.changed.Broadcast()
	writeJSON(w, map[string]any{"id": s.newID(), "content": msg.Content, "flags": msg.Flags})
}

// deleteOriginal deletes an interaction's reply, as Discord does for a
// deferred answer the bot takes back.
func (s *Server) deleteOriginal(w http.ResponseWriter, r *http.Request) {
	if !s.begin("delete", w, r) {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	in := s.byToken[r.PathValue("token")]
	if in == nil || r.PathValue("msg") != "@original" || len(in.reply.Callbacks) == 0 || in.reply.Deleted {
		s.violate("delete of %s before any callback, of an unknown message or twice", r.PathValue("msg"))
		writeError(w, http.StatusNotFound, 10008, "Unknown Message")
		return
	}
	in.reply.Deleted = true
	s.changed.Broadcast()
	w.WriteHeader(http.StatusNoContent)
}

// User is the author of test interactions.
type User struct {
	ID, Name string
	// Locale is the user's Discord language, which /users/@me gives an
	// Activity's sign-in (en-US when empty).
	Locale string
}

// SlashCommand returns the payload of a slash command in a guild: options
// map names to string, bool, int or float64 values.
func SlashCommand(guild string, u User, name string, opts map[string]any) map[string]any {
	var list []map[string]any
	for k, v := range opts {
		list = append(list, map[string]any{"name": k, "type": optionType(v), "value": v})
	}
	return inGuild(guild, u, map[string]any{
		"type": discordgo.InteractionApplicationCommand,
		"data": map[string]any{"id": "300000000000000001", "name": name, "type": discordgo.ChatApplicationCommand, "options": list},
	})
}

// MessageCommand returns the payload of a message command used on a
// message with the given content.
func MessageCommand(guild string, u User, name, content string) map[string]any {
	msg := map[string]any{"id": "400000000000000001", "channel_id": "500000000000000001", "content": content,
		"author": map[string]any{"id": "600000000000000001", "username": "friend"}}
	return inGuild(guild, u, map[string]any{
		"type": discordgo.InteractionApplicationCommand,
		"data": map[string]any{"id": "300000000000000002", "name": name, "type": discordgo.MessageApplicationCommand,
			"target_id": msg["id"], "resolved": map[string]any{"messages": map[string]any{msg["id"].(string): msg}}},
	})
}

// Button returns the payload of a click on a button with a custom id.
func Button(guild string, u User, customID string) map[string]any {
	return inGuild(guild, u, map[string]any{
		"type":    discordgo.InteractionMessageComponent,
		"data":    map[string]any{"custom_id": customID, "component_type": discordgo.ButtonComponent},
		"message": map[string]any{"id": "400000000000000009", "channel_id": "500000000000000001"},
	})
}

// Subcommand returns the payload of a slash command's subcommand; set
// autocomplete to make it an autocomplete request with the focused option.
func Subcommand(guild string, u User, name, sub string, opts map[string]any) map[string]any {
	var list []map[string]any
	for k, v := range opts {
		list = append(list, map[string]any{"name": k, "type": optionType(v), "value": optionValue(v)})
	}
	return inGuild(guild, u, map[string]any{
		"type": discordgo.InteractionApplicationCommand,
		"data": map[string]any{"id": "300000000000000003", "name": name, "type": discordgo.ChatApplicationCommand,
			"options": []map[string]any{{"name": sub, "type": discordgo.ApplicationCommandOptionSubCommand, "options": list}}},
	})
}

// Autocomplete turns a Subcommand payload into an autocomplete request
// with option focused.
func Autocomplete(p map[string]any, focused string) map[string]any {
	p["type"] = discordgo.InteractionApplicationCommandAutocomplete
	sub := p["data"].(map[string]any)["options"].([]map[string]any)[0]
	for _, o := range sub["options"].([]map[string]any) {
		if o["name"] == focused {
			o["focused"] = true
		}
	}
	return p
}

// ModalSubmit returns the payload of a submitted form whose text inputs
// hold values, by their custom ids.
func ModalSubmit(guild string, u User, customID string, values map[string]string) map[string]any {
	var rows []map[string]any
	for id, v := range values {
		rows = append(rows, map[string]any{"type": discordgo.ActionsRowComponent, "components": []map[string]any{
			{"type": discordgo.TextInputComponent, "custom_id": id, "value": v}}})
	}
	return inGuild(guild, u, map[string]any{
		"type": discordgo.InteractionModalSubmit,
		"data": map[string]any{"custom_id": customID, "components": rows},
	})
}

// OnMessage marks a payload (a form's submission) as coming from a button
// on a message, which its answer may then update.
func OnMessage(p map[string]any) map[string]any {
	return At(p, Message{ID: "400000000000000009"})
}

// At puts a button's click, or the submission of a form a button opened,
// on the message m (a Reply's Final): it is sent with m's flags, or with
// the flags the fake has since recorded for it, as Discord does, and an
// update changes that message.
func At(p map[string]any, m Message) map[string]any {
	p["message"] = map[string]any{"id": m.ID, "channel_id": "500000000000000001", "flags": m.Flags}
	return p
}

// maxUserFollowups is how many follow-ups an interaction with a
// user-installed app takes where no server install covers it.
const maxUserFollowups = 5

// InDM moves a payload built for a server into a DM with the bot
// (context 1), where the app is installed by the user.
func InDM(p map[string]any) map[string]any {
	return outside(p, discordgo.InteractionContextBotDM, "520000000000000001")
}

// InGroupDM moves a payload built for a server into a group DM (context
// 2), where only the user's own install of the app reaches.
func InGroupDM(p map[string]any) map[string]any {
	return outside(p, discordgo.InteractionContextPrivateChannel, "530000000000000001")
}

// outside sends a payload from a channel of no server: the user at the
// top level instead of a member, and only the user's install.
func outside(p map[string]any, where discordgo.InteractionContextType, channel string) map[string]any {
	user := p["member"].(map[string]any)["user"].(map[string]any)
	delete(p, "guild_id")
	delete(p, "member")
	p["user"], p["channel_id"], p["context"] = user, channel, where
	p["authorizing_integration_owners"] = map[string]any{"1": user["id"]}
	return p
}

// WithLocale sets the language of the client an interaction comes from
// (a Discord locale such as "fr").
func WithLocale(p map[string]any, locale string) map[string]any {
	p["locale"] = locale
	return p
}

// WithGuildLocale sets the server's language in a payload (a Discord
// locale such as "fr"), as Discord sends it with interactions in a server.
func WithGuildLocale(p map[string]any, locale string) map[string]any {
	p["guild_locale"] = locale
	return p
}

// WithPermissions sets the member's permissions in a payload.
func WithPermissions(p map[string]any, perms int64) map[string]any {
	p["member"].(map[string]any)["permissions"] = fmt.Sprint(perms)
	return p
}

// Channel is a channel option's value; Member a user option's; Role a
// role option's.
type (
	Channel string
	Member  string
	Role    string
)

func inGuild(guild string, u User, p map[string]any) map[string]any {
	p["guild_id"], p["channel_id"] = guild, "500000000000000001"
	p["member"] = map[string]any{"user": map[string]any{"id": u.ID, "username": u.Name}, "permissions": "0"}
	return p
}

func optionValue(v any) any {
	switch c := v.(type) {
	case Channel:
		return string(c)
	case Member:
		return string(c)
	case Role:
		return string(c)
	}
	return v
}

func optionType(v any) discordgo.ApplicationCommandOptionType {
	switch v.(type) {
	case Channel:
		return discordgo.ApplicationCommandOptionChannel
	case Member:
		return discordgo.ApplicationCommandOptionUser
	case Role:
		return discordgo.ApplicationCommandOptionRole
	case bool:
		return discordgo.ApplicationCommandOptionBoolean
	case int, float64:
		return discordgo.ApplicationCommandOptionInteger
	}
	return discordgo.ApplicationCommandOptionString
}

// raw marshals a payload; payloads are built from plain values, so it
// cannot fail.
func raw(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic("discordtest: " + err.Error())
	}
	return b
}
