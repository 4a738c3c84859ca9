package bot

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"
)

func BenchmarkRejectBadSignature(b *testing.B) {
	bot := benchBot(b)
	body := []byte(`{"id":"1","type":2,"token":"t","data":{"name":"solve","options":[{"name":"puzzle","type":3,"value":"` + classic + `"}]}}`)
	stamp := strconv.FormatInt(time.Now().Unix(), 10)
	_, other, _ := ed25519.GenerateKey(rand.Reader) // a real signature by the wrong key: full verification
	sig := hex.EncodeToString(ed25519.Sign(other, append([]byte(stamp), body...)))
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest(http.MethodPost, "/interactions", bytes.NewReader(body))
		req.Header.Set("X-Signature-Timestamp", stamp)
		req.Header.Set("X-Signature-Ed25519", sig)
		w := httptest.NewRecorder()
		bot.serveInteraction(w, req)
		if w.Code != http.StatusUnauthorized {
			b.Fatalf("status %d", w.Code)
		}
	}
}

func benchBot(b *testing.B) *Bot {
	pub, _, _ := ed25519.GenerateKey(rand.Reader)
	bot, err := New(Options{Token: testToken, PublicKey: pub, InteractionsAddr: "127.0.0.1:0"})
	if err != nil {
		b.Fatal(err)
	}
	return bot
}

func BenchmarkEd25519Verify(b *testing.B) {
	pub, _, _ := ed25519.GenerateKey(rand.Reader)
	_, other, _ := ed25519.GenerateKey(rand.Reader)
	msg := []byte(strconv.FormatInt(time.Now().Unix(), 10) + `{"id":"1","type":2}`)
	sig := ed25519.Sign(other, msg)
	for b.Loop() {
		if ed25519.Verify(pub, msg, sig) {
			b.Fatal("verified a foreign signature")
		}
	}
}

func TestSeenIDsKeepAWindowAtLeast(t *testing.T) {
	var s seenIDs
	t0 := time.Unix(1_800_000_000, 0)
	if !s.first(1, t0) || s.first(1, t0.Add(time.Second)) {
		t.Fatal("a new id refused, or a repeated one accepted")
	}
	if s.first(1, t0.Add(signatureWindow+time.Second)) {
		t.Error("an id forgotten at the first rotation: replays inside the window would pass")
	}
	if !s.first(2, t0.Add(signatureWindow+time.Second)) {
		t.Error("a new id refused after a rotation")
	}
	if !s.first(1, t0.Add(3*signatureWindow)) {
		t.Error("an id older than two windows still refused: memory would grow without end")
	}
}

const (
	testToken = "MTAwMDAwMDAwMDAwMDAwMDAx.fake.token-for-tests"
	classic   = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
)
