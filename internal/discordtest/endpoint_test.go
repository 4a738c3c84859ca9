package discordtest

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestFakeRefusesAMultipartResponse: Discord takes a JSON interaction
// response to its HTTP request, and a multipart/form-data one (files)
// fails there (discord/discord-api-docs#5933): the fake fails the
// interaction and counts the broken rule; a JSON response is taken.
func TestFakeRefusesAMultipartResponse(t *testing.T) {
	for _, tt := range []struct {
		name      string
		multipart bool
	}{{"json", false}, {"multipart", true}} {
		t.Run(tt.name, func(t *testing.T) {
			bot := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				payload := `{"type": 4, "data": {"content": "solved"}}`
				if !tt.multipart {
					w.Header().Set("Content-Type", "application/json")
					w.Write([]byte(payload))
					return
				}
				var body bytes.Buffer
				mw := multipart.NewWriter(&body)
				mw.WriteField("payload_json", payload)
				fw, _ := mw.CreateFormFile("files[0]", "solution.png")
				fw.Write([]byte("png"))
				mw.Close()
				w.Header().Set("Content-Type", mw.FormDataContentType())
				w.Write(body.Bytes())
			}))
			defer bot.Close()
			s := New("tok")
			defer s.Close()
			s.UseEndpoint(bot.URL)
			r, ok := s.Reply(s.Send(SlashCommand("1", User{ID: "2"}, "solve", nil)), 5*time.Second)
			if !ok {
				t.Fatal("no end to the interaction")
			}
			v := s.Violations()
			if tt.multipart && (r.Err == "" || len(r.Callbacks) != 0 || len(v) != 1 || !strings.Contains(v[0], "JSON only")) {
				t.Errorf("a multipart response: err %q, %d callbacks, violations %q; want it refused", r.Err, len(r.Callbacks), v)
			}
			if !tt.multipart && (r.Err != "" || r.Final.Content != "solved" || len(v) != 0) {
				t.Errorf("a JSON response: err %q, final %q, violations %q; want it taken", r.Err, r.Final.Content, v)
			}
		})
	}
}
