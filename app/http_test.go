package app

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// maxInteractionBody is the bot's cap on an interaction's body.
const maxInteractionBody = 256 << 10

// overHTTPWithOps serves interactions and the operations endpoint on one address.

func overHTTPWithOps(m *Main) {
	m.Options.InteractionsAddr, m.Config.MetricsAddr = "127.0.0.1:0", "127.0.0.1:0"
}

// rawPost sends body to the endpoint with the given signature headers

// (none when stamp is empty) and returns the status and response body.

func rawPost(t *testing.T, h *harness, body []byte, stamp, sig string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, "http://"+h.main.InteractionsAddr()+"/interactions", bytes.NewReader(body))
	if stamp != "" {
		req.Header.Set("X-Signature-Timestamp", stamp)
		req.Header.Set("X-Signature-Ed25519", sig)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	got, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(got)
}

func TestEndpointChecksSignatures(t *testing.T) {
	h := start(t, overHTTPWithOps)
	body := []byte(`{"id":"1","type":2,"token":"t","data":{"name":"help"}}`)
	now := time.Now()
	stamp, sig := h.fake.Sign(body, now)
	_, otherKey, _ := ed25519.GenerateKey(rand.Reader)
	foreign := hex.EncodeToString(ed25519.Sign(otherKey, append([]byte(stamp), body...)))
	oldStamp, oldSig := h.fake.Sign(body, now.Add(-6*time.Minute))
	newStamp, newSig := h.fake.Sign(body, now.Add(6*time.Minute))
	big := append([]byte(`{"type":1,"pad":"`), bytes.Repeat([]byte("x"), maxInteractionBody)...)
	bigStamp, bigSig := h.fake.Sign(big, now)
	junk := []byte("not json")
	junkStamp, junkSig := h.fake.Sign(junk, now)
	tests := []struct {
		name       string
		body       []byte
		stamp, sig string
		want       int
	}{
		{"no headers", body, "", "", http.StatusUnauthorized},
		{"signature not hex", body, stamp, strings.Repeat("zz", 64), http.StatusUnauthorized},
		{"short signature", body, stamp, sig[:64], http.StatusUnauthorized},
		{"another key", body, stamp, foreign, http.StatusUnauthorized},
		{"body changed", append([]byte(" "), body...), stamp, sig, http.StatusUnauthorized},
		{"timestamp changed", body, stamp + "1", sig, http.StatusUnauthorized},
		{"replayed after 6 minutes", body, oldStamp, oldSig, http.StatusUnauthorized},
		{"dated 6 minutes ahead", body, newStamp, newSig, http.StatusUnauthorized},
		{"body over the cap", big, bigStamp, bigSig, http.StatusRequestEntityTooLarge},
		{"signed but not JSON", junk, junkStamp, junkSig, http.StatusBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, text := rawPost(t, h, tt.body, tt.stamp, tt.sig); got != tt.want {
				t.Errorf("status %d (%s), want %d", got, text, tt.want)
			}
		})
	}
	if n := h.fake.Requests("callback") + h.fake.Requests("edit"); n != 0 {
		t.Errorf("%d REST answers: a refused request reached the dispatcher", n)
	}
	_, metrics := get(t, "http://"+h.main.OpsAddr()+"/metrics")
	if !strings.Contains(metrics, `sudokubot_http_requests_total{result="bad_signature"} 8`) {
		t.Errorf("/metrics lacks 8 bad signatures:\n%s", grepLines(metrics, "sudokubot_http"))
	}
}

func grepLines(text, prefix string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, prefix) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

func TestEndpointPingAndHealth(t *testing.T) {
	h := start(t, overHTTPWithOps)
	ping := []byte(`{"id":"2","type":1,"application_id":"100000000000000001","token":"t","version":1}`)
	stamp, sig := h.fake.Sign(ping, time.Now())
	if got, text := rawPost(t, h, ping, stamp, sig); got != http.StatusOK || strings.TrimSpace(text) != `{"type":1}` {
		t.Errorf("PING answered %d %s, want 200 {\"type\":1}", got, text)
	}
	if h.main.OpsAddr() != h.main.InteractionsAddr() {
		t.Errorf("operations on %s, interactions on %s: want one address", h.main.OpsAddr(), h.main.InteractionsAddr())
	}
	if code, text := get(t, "http://"+h.main.OpsAddr()+"/healthz"); code != http.StatusOK || text != "ok\n" {
		t.Errorf("/healthz = %d %q", code, text)
	}
	resp, err := http.Get("http://" + h.main.InteractionsAddr() + "/interactions")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET /interactions = %d, want 405", resp.StatusCode)
	}
	if h.fake.Requests("gateway") != 0 {
		t.Error("the bot asked for the gateway although it serves interactions over HTTP")
	}
	h.stop()
	if _, err := http.Get("http://" + h.main.InteractionsAddr() + "/interactions"); err == nil {
		t.Error("the endpoint still answers after shutdown")
	}
}

// TestEndpointImageByREST: the HTTP response to an interaction is JSON, as

// Discord documents it (a multipart one is reported to fail:

// discord/discord-api-docs#5933, and the fake refuses it), so an image

// reply is a deferral in the response and one REST edit with the image.

func TestEndpointImageByREST(t *testing.T) {
	h := start(t, transports[1].set)
	r := h.ask(ada, "solve", map[string]any{"puzzle": classic})
	if len(r.Callbacks) != 1 || r.Callbacks[0].Type != discordgo.InteractionResponseDeferredChannelMessageWithSource ||
		len(r.Callbacks[0].Message.Files) != 0 || len(r.Edits) != 1 {
		t.Fatalf("reply = %+v callbacks, %d edits, want a deferral and one edit with the image", r.Callbacks, len(r.Edits))
	}
	if h.fake.Requests("callback") != 0 || h.fake.Requests("edit") != 1 {
		t.Errorf("REST calls for an image answer over HTTP: %d callbacks, %d edits; want the one edit",
			h.fake.Requests("callback"), h.fake.Requests("edit"))
	}
	checkMessage(t, r.Final, []string{solution}, "solution.png", false)
	text := h.ask(ada, "solve", map[string]any{"puzzle": classic, "format": "text"})
	if len(text.Callbacks) != 1 || text.Callbacks[0].Type != discordgo.InteractionResponseChannelMessageWithSource || len(text.Edits) != 0 {
		t.Errorf("a text answer should be the HTTP response itself: %+v", text)
	}
}

func TestFakeSendsOverHTTPOnlyWhenAsked(t *testing.T) {
	// The gateway harness must not be using the endpoint by accident.
	h := start(t, nil)
	h.ask(ada, "help", nil)
	if h.fake.Requests("callback") != 1 {
		t.Errorf("%d REST callbacks over the gateway path, want 1", h.fake.Requests("callback"))
	}
}

// BenchmarkRejectBadSignature measures refusing a request whose signature

// is well formed but wrong: the cost an attacker can make the bot pay.

// TestEndpointAnswersLateWith503: when no answer comes before Discord's

// deadline, the request gets a 503 and the late answer is dropped, not

// sent over REST for an interaction Discord has given up on.

func TestEndpointAnswersLateWith503(t *testing.T) {
	h := start(t, both(transports[1].set, withCommands(slowCommand("slow", 3500*time.Millisecond, false)),
		func(m *Main) { m.Options.DeferAfter = 5 * time.Second }))
	id := h.fake.Send(discordtest.SlashCommand(guild, ada, "slow", nil))
	r, ok := h.fake.Reply(id, wait)
	if !ok || r.Status != http.StatusServiceUnavailable || len(r.Callbacks) != 0 {
		t.Fatalf("reply = %+v, want a 503 and no callback", r)
	}
	time.Sleep(time.Second) // the handler finishes
	if n := h.fake.Requests("callback") + h.fake.Requests("edit"); n != 0 {
		t.Errorf("%d REST answers after the request ended, want none", n)
	}
	if logs := h.logs.String(); !strings.Contains(logs, "no answer in time") {
		t.Errorf("the missed deadline is not logged:\n%s", logs)
	}
	if n := strings.Count(scrape(h.main.Metrics), "\nsudokubot_discord_api_errors_total{"); n != 0 {
		t.Errorf("%d Discord API error series after a late answer that never reached Discord", n)
	}
	checkMessage(t, h.ask(ada, "help", nil).Final, []string{"/solve"}, "", true)
}

// BenchmarkEd25519Verify is the baseline for BenchmarkRejectBadSignature:

// the signature check alone, without the HTTP handler around it.

// TestEndpointRefusesAReplay: the same signed interaction sent again

// within the timestamp window, while the first is being answered or after,

// gets 409 and is not run twice.

func TestEndpointRefusesAReplay(t *testing.T) {
	h := start(t, both(transports[1].set, withCommands(slowCommand("slow", 300*time.Millisecond, false)),
		func(m *Main) { m.Options.DeferAfter = 2 * time.Second })) // answered inline: the fake does not know id 42
	body := []byte(`{"id":"42","application_id":"100000000000000001","type":2,"token":"t","guild_id":"` + guild +
		`","member":{"user":{"id":"800000000000000001","username":"ada"}},"data":{"name":"slow"}}`)
	stamp, sig := h.fake.Sign(body, time.Now())
	first := make(chan int, 1)
	go func() { code, _ := rawPost(t, h, body, stamp, sig); first <- code }()
	time.Sleep(100 * time.Millisecond)
	if code, text := rawPost(t, h, body, stamp, sig); code != http.StatusConflict {
		t.Errorf("replay answered %d %s, want 409", code, text)
	}
	if code := <-first; code != http.StatusOK {
		t.Errorf("the original answered %d, want 200", code)
	}
	if code, text := rawPost(t, h, body, stamp, sig); code != http.StatusConflict {
		t.Errorf("replay after the answer: %d %s, want 409", code, text)
	}
	// The bot logs the answer after the reply has gone out, so the line may
	// come a little after the client has its 200.
	if logs := h.waitLog(`"interaction answered"`); strings.Count(logs, `"interaction answered"`) != 1 {
		t.Errorf("want the command run once:\n%s", logs)
	}
}

// waitLog waits until the bot's log holds text, and returns the log.

func (h *harness) waitLog(text string) string {
	h.t.Helper()
	deadline := time.Now().Add(wait)
	for time.Now().Before(deadline) {
		if logs := h.logs.String(); strings.Contains(logs, text) {
			return logs
		}
		time.Sleep(10 * time.Millisecond)
	}
	h.t.Fatalf("the log never said %s:\n%s", text, h.logs)
	return ""
}
