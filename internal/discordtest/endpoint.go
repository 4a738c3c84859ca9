package discordtest

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"time"
)

// endpoint is how the fake sends interactions over HTTP, as Discord does
// to an application with an Interactions Endpoint URL.
type endpoint struct {
	url    string
	key    ed25519.PrivateKey
	client *http.Client
}

// PublicKey returns the hex public key the bot needs to check the fake's
// signed interactions (DISCORD_PUBLIC_KEY).
func (s *Server) PublicKey() string {
	return hex.EncodeToString(s.ep.key.Public().(ed25519.PublicKey))
}

// UseEndpoint makes Send POST interactions to url, signed, instead of
// sending them over the gateway; the HTTP response is the first callback.
func (s *Server) UseEndpoint(url string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ep.url = url
}

func newEndpoint() endpoint {
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		panic("discordtest: " + err.Error())
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost, tr.MaxConnsPerHost = 256, 256 // reuse, never churn
	return endpoint{key: key, client: &http.Client{Transport: tr, Timeout: 10 * time.Second}}
}

// Sign returns the X-Signature-Timestamp and X-Signature-Ed25519 headers
// Discord would send with body at time at.
func (s *Server) Sign(body []byte, at time.Time) (stamp, sig string) {
	stamp = strconv.FormatInt(at.Unix(), 10)
	return stamp, hex.EncodeToString(ed25519.Sign(s.ep.key, append([]byte(stamp), body...)))
}

// post sends one interaction to the endpoint and records the response as
// its first callback, or the failure as its end.
func (s *Server) post(url string, in *interaction, payload map[string]any) {
	body := raw(payload)
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		s.endFailed(in, 0, err.Error())
		return
	}
	stamp, sig := s.Sign(body, s.now())
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature-Timestamp", stamp)
	req.Header.Set("X-Signature-Ed25519", sig)
	resp, err := s.ep.client.Do(req)
	if err != nil {
		s.endFailed(in, 0, err.Error())
		return
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		s.endFailed(in, resp.StatusCode, fmt.Sprintf("%s: %s", resp.Status, bytes.TrimSpace(data)))
		return
	}
	// Discord documents the response to an interaction's HTTP request as a
	// JSON interaction response; a multipart/form-data one (files) fails
	// there: discord/discord-api-docs#5933, an open bug Discord
	// acknowledged. Files go on the REST callback and webhook endpoints.
	if mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type")); mt != "application/json" {
		s.mu.Lock()
		s.violate("interaction %s: the HTTP response is %s; Discord takes JSON only there (files go by REST)", in.id, mt)
		s.mu.Unlock()
		s.endFailed(in, resp.StatusCode, "the response is not JSON: "+mt)
		return
	}
	var cb wireCallback
	files, body, err := readMessage("application/json", io.LimitReader(resp.Body, maxUpload), &cb, s.discardFiles.Load())
	if err != nil {
		s.endFailed(in, resp.StatusCode, "response is not a callback: "+err.Error())
		return
	}
	if !s.fitsSpec("callback", body, nil) {
		s.endFailed(in, resp.StatusCode, "Discord's API description refuses the response")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	in.reply.Status = resp.StatusCode
	msg := cb.Data.message(files)
	s.tooLongLocked("callback", msg.Content)
	s.acceptLocked(in, cb, msg)
	in.markAnswered()
}

// endFailed ends an interaction whose HTTP request failed: Discord would
// show "This interaction failed".
func (s *Server) endFailed(in *interaction, status int, why string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	in.reply.Status, in.reply.Err = status, why
	in.reply.Done, in.done = s.since(in.sentAt), true
	in.markAnswered()
	s.changed.Broadcast()
}
