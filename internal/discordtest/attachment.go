package discordtest

import (
	"net/http"
	"strconv"

	"github.com/bwmarrin/discordgo"
)

// Attachment is a file a test's user attached to a command or a message,
// as Discord describes it in an interaction; the fake serves its bytes at
// URL, as Discord's attachment server does.
type Attachment struct {
	ID, Filename, ContentType, URL string
	// Size, Width and Height are what Discord reports; a test may change
	// them to describe a file larger than the one served.
	Size, Width, Height int
}

// Attach keeps a file for download and returns its attachment.
func (s *Server) Attach(filename, contentType string, data []byte, width, height int) Attachment {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := s.newID()
	if s.files == nil {
		s.files = map[string][]byte{}
	}
	s.files[id] = data
	return Attachment{ID: id, Filename: filename, ContentType: contentType, Size: len(data), Width: width, Height: height,
		URL: s.URL + "/attachments/500000000000000001/" + id + "/" + filename}
}

// getAttachment serves an attached file. Discord's attachment server takes
// no token: a request that carries one is a violation, the bot's token
// sent where it does not belong.
func (s *Server) getAttachment(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.requests["attachment"]++
	data, ok := s.files[r.PathValue("id")]
	s.mu.Unlock()
	if r.Header.Get("Authorization") != "" {
		s.violate("an attachment was fetched with an Authorization header: the token went to the attachment server")
	}
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(data)))
	_, _ = w.Write(data)
}

// wire is the attachment as an interaction's resolved data carries it.
func (a Attachment) wire() map[string]any {
	return map[string]any{"id": a.ID, "filename": a.Filename, "content_type": a.ContentType, "size": a.Size,
		"url": a.URL, "proxy_url": a.URL, "width": a.Width, "height": a.Height}
}

// WithAttachment adds an attachment option to a SlashCommand payload.
func WithAttachment(p map[string]any, option string, a Attachment) map[string]any {
	data := p["data"].(map[string]any)
	opts, _ := data["options"].([]map[string]any)
	data["options"] = append(opts, map[string]any{"name": option, "type": discordgo.ApplicationCommandOptionAttachment, "value": a.ID})
	resolved, _ := data["resolved"].(map[string]any)
	if resolved == nil {
		resolved = map[string]any{}
		data["resolved"] = resolved
	}
	atts, _ := resolved["attachments"].(map[string]any)
	if atts == nil {
		atts = map[string]any{}
		resolved["attachments"] = atts
	}
	atts[a.ID] = a.wire()
	return p
}

// MessageWithPicture returns the payload of a message command used on a
// message that holds no text, only an attached picture.
func MessageWithPicture(guild string, u User, name string, a Attachment) map[string]any {
	p := MessageCommand(guild, u, name, "")
	msgs := p["data"].(map[string]any)["resolved"].(map[string]any)["messages"].(map[string]any)
	for _, m := range msgs {
		m.(map[string]any)["attachments"] = []map[string]any{a.wire()}
	}
	return p
}
