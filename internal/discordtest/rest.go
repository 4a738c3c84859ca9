package discordtest

import (
	"encoding/json"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Message is a message as the fake received it: a callback's data, an
// edit, a follow-up or a channel message.
type Message struct {
	// ID is the message's id: for an interaction's reply, the message
	// its buttons are on (see At).
	ID        string
	ChannelID string
	// Content is the message's text: its content, or for a Components V2
	// message (V2) its text displays, one a line.
	Content string
	Flags   discordgo.MessageFlags
	Files   []File
	// Media are the URLs a V2 message's galleries show.
	Media   []string
	Embeds  int
	Buttons []string // custom ids of buttons, nested ones included
	// Links are the URLs of link buttons.
	Links []string
	// Outline is the message's components drawn as text, a line each (a
	// row of buttons as "[1] {2} (3)": plain, chosen, disabled).
	Outline string
	// Edits counts the edits a channel message took.
	Edits int
	// Nonce is the nonce a channel message was sent with.
	Nonce string
	at    time.Time // when it was sent, by the fake's clock
	// Mentions is whom the message (or its last edit) may ping; nil when
	// it did not say, which lets Discord ping whoever it mentions.
	Mentions *AllowedMentions
	// ModalID and Inputs describe a form (a type 9 callback): its custom
	// id and its text inputs' custom ids.
	ModalID string
	Inputs  []string
	// Choices are an autocomplete answer's values.
	Choices []string
}

// Ephemeral reports whether only the user who asked sees the message.
func (m Message) Ephemeral() bool { return m.Flags&discordgo.MessageFlagsEphemeral != 0 }

// V2 reports whether the message is laid out with Components V2.
func (m Message) V2() bool { return m.Flags&FlagV2 != 0 }

// File is an attachment. Size is its length; Data is nil when the fake
// discards file contents (DiscardFiles).
type File struct {
	Name string
	Data []byte
	Size int
}

func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/v9/gateway", s.getGateway)
	mux.HandleFunc("GET /api/v9/gateway/bot", s.getGateway)
	mux.HandleFunc("GET /api/v9/oauth2/applications/@me", s.getApplication)
	mux.HandleFunc("GET /api/v9/applications/{app}/commands", s.getCommands)
	mux.HandleFunc("PUT /api/v9/applications/{app}/commands", s.putCommands)
	mux.HandleFunc("PUT /api/v9/applications/{app}/guilds/{guild}/commands", s.putCommands)
	mux.HandleFunc("POST /api/v9/interactions/{id}/{token}/callback", s.postCallback)
	mux.HandleFunc("PATCH /api/v9/webhooks/{app}/{token}/messages/{msg}", s.patchOriginal)
	mux.HandleFunc("POST /api/v9/webhooks/{app}/{token}", s.postFollowup)
	mux.HandleFunc("DELETE /api/v9/webhooks/{app}/{token}/messages/{msg}", s.deleteOriginal)
	mux.HandleFunc("POST /api/v9/channels/{channel}/messages", s.postMessage)
	mux.HandleFunc("POST /api/v10/channels/{channel}/messages", s.postMessage)
	mux.HandleFunc("PATCH /api/v9/channels/{channel}/messages/{msg}", s.patchMessage)
	mux.HandleFunc("GET /api/v9/channels/{channel}/messages", s.getMessages)
	mux.HandleFunc("GET /api/v9/users/@me", s.getMe)
	mux.HandleFunc("GET /api/v10/users/@me", s.getMe)
	mux.HandleFunc("POST /api/v10/oauth2/token", s.postToken)
	mux.HandleFunc("GET /api/v10/applications/{app}/activity-instances/{instance}", s.getInstance)
	mux.HandleFunc("POST /api/v9/users/@me/channels", s.postDM)
	mux.HandleFunc("GET /gateway/", s.serveGateway)
	mux.HandleFunc("GET /attachments/{channel}/{id}/{name}", s.getAttachment)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.violate("%s %s: no such route in the fake Discord", r.Method, r.URL.Path)
		s.mu.Unlock()
		writeError(w, http.StatusNotFound, 0, "404: Not Found")
	})
	return mux
}

// begin counts a request, checks authorisation and applies an injected
// failure; it reports whether the handler should go on.
func (s *Server) begin(route string, w http.ResponseWriter, r *http.Request) bool {
	f, held := s.arrive(route, w, r)
	if held || !s.authorised(w, r) {
		return false
	}
	return s.inject(route, f, w)
}

// arrive counts a request to route and takes its next injected failure;
// held reports that it was made during a rate limit, and answered.
func (s *Server) arrive(route string, w http.ResponseWriter, r *http.Request) (f *failure, held bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests[route]++
	if s.held(route, w, r) {
		return nil, true
	}
	if q := s.failures[route]; len(q) > 0 {
		f, s.failures[route] = &q[0], q[1:]
	}
	return f, false
}

// inject answers an injected failure f, if any; it reports whether the
// handler should go on.
func (s *Server) inject(route string, f *failure, w http.ResponseWriter) bool {
	switch {
	case f == nil:
		return true
	case f.status == http.StatusTooManyRequests:
		s.mu.Lock()
		s.limit(route, *f, w)
		s.mu.Unlock()
	default:
		writeError(w, f.status, 0, http.StatusText(f.status))
	}
	return false
}

func writeError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"message": msg, "code": code})
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

func (s *Server) getApplication(w http.ResponseWriter, r *http.Request) {
	if !s.begin("application", w, r) {
		return
	}
	writeJSON(w, map[string]any{"id": s.AppID, "name": "sudokubot", "bot_public": true})
}

func (s *Server) getGateway(w http.ResponseWriter, r *http.Request) {
	if !s.begin("gateway", w, r) {
		return
	}
	writeJSON(w, map[string]any{"url": "ws" + strings.TrimPrefix(s.URL, "http") + "/gateway", "shards": 1})
}

// receive begins a request whose body is a message: it counts it, applies
// an injected failure and decodes the body into v. ok is false when the
// answer has been written already.
func (s *Server) receive(route string, w http.ResponseWriter, r *http.Request, v any) (files []File, ok bool) {
	if !s.begin(route, w, r) {
		return nil, false
	}
	files, body, err := readMessage(r.Header.Get("Content-Type"), r.Body, v, s.discardFiles.Load())
	if err != nil {
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return nil, false
	}
	if !s.fitsSpec(route, body, w) {
		return nil, false
	}
	return files, true
}

// fitsSpec checks a request's JSON body against Discord's description of
// the route's operation; a body that breaks it is a violation, answered
// as Discord answers it (400, Invalid Form Body), unless w is nil.
func (s *Server) fitsSpec(route string, body []byte, w http.ResponseWriter) bool {
	s.mu.Lock()
	spec := s.spec
	s.mu.Unlock()
	if spec == nil {
		return true
	}
	err := spec.CheckRoute(route, body)
	if err == nil {
		if stray := spec.StrayFields(route, body); len(stray) > 0 {
			s.mu.Lock()
			s.violate("%s: fields Discord's API description does not name: %s", route, strings.Join(stray, ", "))
			s.mu.Unlock()
		}
		return true
	}
	s.mu.Lock()
	s.violate("%s: Discord's API description refuses the body: %v", route, err)
	s.mu.Unlock()
	if w != nil {
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body: "+err.Error())
	}
	return false
}

// receiveMessage is receive for a body that carries a message (data
// returns it once decoded): it builds the Message and refuses content
// over Discord's limit. ok is false when the answer has been written.
func (s *Server) receiveMessage(route, what string, w http.ResponseWriter, r *http.Request, body any,
	data func() *wireMessage) (m Message, ok bool) {
	files, ok := s.receive(route, w, r, body)
	if !ok {
		return Message{}, false
	}
	wm := data()
	m = wm.message(files)
	if wm != nil && wm.Content != nil && !s.checkContent(w, what, m.Content) {
		return Message{}, false
	}
	return m, true
}

// readMessage decodes a JSON or multipart (payload_json plus files) body
// into v and returns the files, without their data when discard is set,
// and the JSON as sent.
func readMessage(contentType string, body io.Reader, v any, discard bool) (files []File, payload []byte, err error) {
	mediaType, params, _ := mime.ParseMediaType(contentType)
	if !strings.HasPrefix(mediaType, "multipart/") {
		if payload, err = io.ReadAll(body); err != nil {
			return nil, nil, err
		}
		return nil, payload, json.Unmarshal(payload, v)
	}
	mr := multipart.NewReader(body, params["boundary"])
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			return files, payload, nil
		}
		if err != nil {
			return nil, nil, err
		}
		if part.FormName() != "payload_json" && discard {
			n, err := io.Copy(io.Discard, part)
			if err != nil {
				return nil, nil, err
			}
			files = append(files, File{Name: part.FileName(), Size: int(n)})
			continue
		}
		data, err := io.ReadAll(part)
		if err != nil {
			return nil, nil, err
		}
		if part.FormName() == "payload_json" {
			if err := json.Unmarshal(data, v); err != nil {
				return nil, nil, err
			}
			payload = data
			continue
		}
		files = append(files, File{Name: part.FileName(), Data: data, Size: len(data)})
	}
}

// checkContent records a violation and answers 400 when content is too long.
func (s *Server) checkContent(w http.ResponseWriter, what, content string) bool {
	s.mu.Lock()
	long := s.tooLongLocked(what, content)
	s.mu.Unlock()
	if long {
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body: content too long")
	}
	return !long
}

// tooLongLocked records a violation when content is over Discord's limit;
// s.mu must be held.
func (s *Server) tooLongLocked(what, content string) bool {
	n := len([]rune(content))
	if n > MaxContent {
		s.violate("%s: content is %d characters, more than %d", what, n, MaxContent)
	}
	return n > MaxContent
}

// nonceWindow is how long Discord remembers a message's nonce for
// enforce_nonce: "the past few minutes".
const nonceWindow = 3 * time.Minute

func (s *Server) postMessage(w http.ResponseWriter, r *http.Request) {
	var data wireMessage
	m, ok := s.receiveMessage("message", "channel message", w, r, &data, func() *wireMessage { return &data })
	if !ok {
		return
	}
	m.ChannelID, m.Nonce, m.at = r.PathValue("channel"), data.Nonce, s.now()
	s.mu.Lock()
	defer s.mu.Unlock()
	if user, dm := s.dms[m.ChannelID]; dm && s.refuseDMs[user] {
		writeError(w, http.StatusForbidden, 50007, "Cannot send messages to this user")
		return
	}
	if data.EnforceNonce && m.Nonce != "" {
		for _, old := range s.messages {
			if old.Nonce == m.Nonce && old.ChannelID == m.ChannelID && s.since(old.at) < nonceWindow {
				writeJSON(w, messageJSON(old, s.AppID)) // the message made before, not a second one
				return
			}
		}
	}
	m.ID = s.newID()
	s.messages = append(s.messages, m)
	s.changed.Broadcast()
	writeJSON(w, messageJSON(m, s.AppID))
}

// messageJSON is a channel message as Discord returns it, by the bot.
func messageJSON(m Message, author string) map[string]any {
	return map[string]any{"id": m.ID, "channel_id": m.ChannelID, "content": m.Content,
		"author": map[string]any{"id": author, "username": "sudokubot", "bot": true}}
}

// getMessages lists a channel's latest messages, newest first.
func (s *Server) getMessages(w http.ResponseWriter, r *http.Request) {
	if !s.begin("messages", w, r) {
		return
	}
	limit, err := strconv.Atoi(r.URL.Query().Get("limit"))
	if err != nil || limit < 1 || limit > 100 {
		limit = 50
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []map[string]any{}
	for k := len(s.messages) - 1; k >= 0 && len(out) < limit; k-- {
		if m := s.messages[k]; m.ChannelID == r.PathValue("channel") {
			out = append(out, messageJSON(m, s.AppID))
		}
	}
	writeJSON(w, out)
}

// postDM opens (or returns) the DM channel with a user.
func (s *Server) postDM(w http.ResponseWriter, r *http.Request) {
	if !s.begin("dm", w, r) {
		return
	}
	var body struct {
		Recipient string `json:"recipient_id"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil || body.Recipient == "" {
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	id := ""
	for ch, user := range s.dms {
		if user == body.Recipient {
			id = ch
		}
	}
	if id == "" {
		id = s.newID()
		s.dms[id] = body.Recipient
	}
	writeJSON(w, map[string]any{"id": id, "type": discordgo.ChannelTypeDM,
		"recipients": []map[string]any{{"id": body.Recipient, "username": "player"}}})
}

// RefuseDMs makes a user's settings refuse DMs from the bot, as Discord
// answers then: 403, code 50007.
func (s *Server) RefuseDMs(user string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refuseDMs[user] = true
}

// DMs returns the messages the bot sent a user in a DM.
func (s *Server) DMs(user string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for _, m := range s.messages {
		if s.dms[m.ChannelID] == user {
			out = append(out, m)
		}
	}
	return out
}

// getMe is the bot's own user: its id is the application's.
// getMe is the bot's own user, or with an OAuth2 access token the user
// who authorised it (the identify scope).
func (s *Server) getMe(w http.ResponseWriter, r *http.Request) {
	if u, ok := s.bearerUser(r); ok {
		locale := u.Locale
		if locale == "" {
			locale = "en-US"
		}
		writeJSON(w, map[string]any{"id": u.ID, "username": u.Name, "global_name": u.Name, "avatar": nil, "discriminator": "0", "locale": locale})
		return
	}
	if !s.begin("me", w, r) {
		return
	}
	writeJSON(w, map[string]any{"id": s.AppID, "username": "sudokubot", "discriminator": "0", "bot": true})
}

// patchMessage edits a channel message, as Discord does: fields the edit
// leaves out stay as they were. An unknown or deleted message is 404.
func (s *Server) patchMessage(w http.ResponseWriter, r *http.Request) {
	var body wireMessage
	edit, ok := s.receiveMessage("message-edit", "channel message edit", w, r, &body, func() *wireMessage { return &body })
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for k, m := range s.messages {
		if m.ID == r.PathValue("msg") && m.ChannelID == r.PathValue("channel") {
			s.messages[k] = merge(m, &body, edit)
			s.messages[k].Edits++
			s.changed.Broadcast()
			writeJSON(w, map[string]any{"id": m.ID, "channel_id": m.ChannelID, "content": s.messages[k].Content})
			return
		}
	}
	writeError(w, http.StatusNotFound, 10008, "Unknown Message")
}

// DeleteMessage deletes a channel message, as a moderator would: later
// edits of it are refused.
func (s *Server) DeleteMessage(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for k, m := range s.messages {
		if m.ID == id {
			s.messages = append(s.messages[:k], s.messages[k+1:]...)
			return
		}
	}
}

// since returns how long ago t was, by the fake's clock.
func (s *Server) since(t time.Time) time.Duration { return s.now().Sub(t) }
