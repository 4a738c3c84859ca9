package app

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/config"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/store"
)

const (
	testToken = "MTAwMDAwMDAwMDAwMDAwMDAx.fake.token-for-tests"
	guild     = "700000000000000001"
	classic   = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	solution  = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	wait      = 10 * time.Second
)

var ada = discordtest.User{ID: "800000000000000001", Name: "ada"}

// logBuffer collects log lines from many goroutines.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// harness is a running bot process connected to a fake Discord.
type harness struct {
	t    testing.TB
	fake *discordtest.Server
	main *Main
	logs *logBuffer
	stop func() // cancels Run and waits for it
}

// start runs the process, wired as main wires it, against a fake Discord;
// change may adjust what New wired (the bot's options, the addresses)
// first.
func start(t testing.TB, change func(*Main)) *harness {
	t.Helper()
	return startWith(t, nil, change)
}

// startWith is start with a daily challenge on st (nil: no /daily).
func startWith(t testing.TB, st *store.DB, change func(*Main)) *harness {
	t.Helper()
	fake := discordtest.New(testToken)
	t.Cleanup(fake.Close)
	return startOn(t, fake, st, change)
}

// startOn starts a bot process on a fake Discord that may serve others,
// with settings from env (name, value, …) beside the harness's.
func startOn(t testing.TB, fake *discordtest.Server, st *store.DB, change func(*Main), env ...string) *harness {
	t.Helper()
	if testing.Short() {
		t.Skip("skipping in -short mode: an end-to-end run of the bot against the fake Discord (go test without -short runs it)")
	}
	origin, _ := url.Parse(fake.URL)
	logs := &logBuffer{}
	m := wired(t, origin, logs, st, env...)
	if change != nil {
		change(m)
	}
	if m.Options.InteractionsAddr != "" {
		m.Options.PublicKey = fakeKey(t, fake)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- m.Run(ctx) }()
	connect(t, fake, m, logs)
	h := &harness{t: t, fake: fake, main: m, logs: logs}
	var once sync.Once
	h.stop = func() {
		once.Do(func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("Run: %v", err)
			}
		})
	}
	t.Cleanup(func() {
		h.stop()
		for _, v := range fake.Violations() {
			t.Errorf("Discord rule broken: %s", v)
		}
		if strings.Contains(logs.String(), strings.Split(testToken, ".")[2]) {
			t.Errorf("the token appears in the logs:\n%s", logs)
		}
	})
	return h
}

// wired returns the process main makes, through New, with main's logger,
// at debug level on logs, for the fake Discord at origin, with the
// settings' defaults (daily posts on, SudokuPad on a closed local port)
// and extra: every command, the metrics, and on st the daily challenge,
// its posts, health check and error count.
func wired(t testing.TB, origin *url.URL, logs io.Writer, st *store.DB, extra ...string) *Main {
	t.Helper()
	env := map[string]string{"DISCORD_TOKEN": testToken, "DISCORD_API_URL": origin.String(), "LOG_LEVEL": "debug",
		"SUDOKUPAD_URL": "http://127.0.0.1:1"} // the tests never reach sudokupad.app; one that needs answers passes its fake's
	for k := 0; k+1 < len(extra); k += 2 {
		env[extra[k]] = extra[k+1]
	}
	cfg, err := config.Load(func(k string) string { return env[k] }, true)
	if err != nil {
		t.Fatalf("config: %v", err)
	}
	log := Logger(cfg, logs)
	if st == nil {
		return New(cfg, log, nil)
	}
	return New(cfg, log, st)
}

// activityOn are the settings that turn the Activity on, with the
// application's OAuth2 credentials on fake: its address and them.
func activityOn(fake *discordtest.Server) []string {
	return []string{"ACTIVITY_ADDR", "127.0.0.1:0", "DISCORD_CLIENT_ID", fake.AppID, "DISCORD_CLIENT_SECRET", discordtest.ClientSecret}
}

// metric returns the value /metrics shows for series (its name and
// labels, as Prometheus writes them), 0 when it shows none.
func metric(t testing.TB, m *bot.Metrics, series string) float64 {
	t.Helper()
	for _, line := range strings.Split(scrape(m), "\n") {
		if v, ok := strings.CutPrefix(line, series+" "); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			return f
		}
	}
	return 0
}

// scrape returns what /metrics shows of m.
func scrape(m *bot.Metrics) string {
	w := httptest.NewRecorder()
	m.Handler().ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	return w.Body.String()
}

// ask sends a slash command and waits for the final reply.
func (h *harness) ask(u discordtest.User, name string, opts map[string]any) discordtest.Reply {
	h.t.Helper()
	id := h.fake.Send(discordtest.SlashCommand(guild, u, name, opts))
	r, ok := h.fake.Reply(id, wait)
	if !ok {
		h.t.Fatalf("/%s %v: no reply within %v; logs:\n%s", name, opts, wait, h.logs)
	}
	return r
}

// connect waits until the bot can take interactions: its gateway session
// is up, or, over HTTP, its endpoint listens and the fake sends there.
func connect(t testing.TB, fake *discordtest.Server, b *Main, logs *logBuffer) {
	t.Helper()
	if b.Options.InteractionsAddr == "" {
		if !fake.WaitConnected(wait, 0) {
			t.Fatalf("the bot did not connect to the fake Discord; logs:\n%s", logs)
		}
		return
	}
	for deadline := time.Now().Add(wait); b.InteractionsAddr() == ""; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the interactions endpoint did not start; logs:\n%s", logs)
		}
	}
	fake.UseEndpoint("http://" + b.InteractionsAddr() + "/interactions")
}

func fakeKey(t testing.TB, fake *discordtest.Server) ed25519.PublicKey {
	key, err := hex.DecodeString(fake.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	return key
}

// transports are the two ways interactions reach the bot: the gateway,
// and Discord's HTTP POSTs to an interactions endpoint.
var transports = []struct {
	name string
	set  func(*Main)
}{
	{"gateway", func(*Main) {}},
	{"http", func(m *Main) { m.Options.InteractionsAddr = "127.0.0.1:0" }},
}

// eachTransport runs f once per transport; f passes over to start.
func eachTransport(t *testing.T, f func(t *testing.T, over func(*Main))) {
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) { f(t, tr.set) })
	}
}

// both applies changes in order, skipping nil ones.
func both(changes ...func(*Main)) func(*Main) {
	return func(m *Main) {
		for _, c := range changes {
			if c != nil {
				c(m)
			}
		}
	}
}
