package activity

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// testKey signs the tests' sessions; testKeys gives it to a server.
var (
	testKey  = []byte("sudokubot's tests sign sessions with this 256-bit key")
	testKeys = FixedKeys{testKey}
)

// serve starts the Activity's server against a fake Discord.
func serve(t *testing.T, fake *discordtest.Server, change func(*Config)) *httptest.Server {
	t.Helper()
	cfg := Config{ClientID: fake.AppID, SessionKeys: testKeys, OAuth: discordOn(fake, nil)}
	if change != nil {
		change(&cfg)
	}
	srv := httptest.NewServer(New(cfg))
	t.Cleanup(srv.Close)
	return srv
}

// discordOn returns the process's Discord client (bot.REST) for fake:
// the application's credentials and the bot's token; change may adjust
// its options first.
func discordOn(fake *discordtest.Server, change func(*bot.RESTOptions)) *bot.REST {
	origin, _ := url.Parse(fake.URL)
	opt := bot.RESTOptions{Token: fake.Token, ClientID: fake.AppID, ClientSecret: discordtest.ClientSecret, APIURL: origin,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if change != nil {
		change(&opt)
	}
	return bot.NewREST(opt)
}

// call sends a request to the Activity's server and decodes its answer.
func call(t *testing.T, method, url, auth, body string, v any) int {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if auth != "" {
		req.Header.Set("Authorization", "Bearer "+auth)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatalf("%s %s answered %d with a body that is not JSON: %v", method, url, resp.StatusCode, err)
	}
	return resp.StatusCode
}

// TestSignIn: the code the SDK's authorize gave the page is exchanged for
// Discord's access token and a session of ours, which then says who the
// user is; a code works once.
func TestSignIn(t *testing.T) {
	fake := discordtest.New("tok")
	defer fake.Close()
	srv := serve(t, fake, nil)
	code := fake.Authorize(discordtest.User{ID: "42", Name: "ada"})
	var got tokenReply
	if status := call(t, "POST", srv.URL+"/api/token", "", `{"code":"`+code+`","instance":"i-1"}`, &got); status != http.StatusOK {
		t.Fatalf("sign-in answered %d", status)
	}
	if got.User.ID != "42" || got.User.Name != "ada" || got.AccessToken == "" || got.Session == "" {
		t.Fatalf("sign-in gave %+v", got)
	}
	var me User
	if status := call(t, "GET", srv.URL+"/api/me", got.Session, "", &me); status != http.StatusOK || me.ID != "42" {
		t.Errorf("/api/me with the session: %d %+v", status, me)
	}
	var p problem
	if status := call(t, "POST", srv.URL+"/api/token", "", `{"code":"`+code+`","instance":"i-1"}`, &p); status != http.StatusUnauthorized ||
		!strings.Contains(p.Message, "did not accept the sign-in") {
		t.Errorf("a code used twice: %d %q", status, p.Message)
	}
	if v := fake.Violations(); len(v) > 0 {
		t.Errorf("the fake Discord refused: %v", v)
	}
}

// TestSessionRefused: a missing, malformed, forged or expired session
// token is refused with a sentence to show, and nothing more.
func TestSessionRefused(t *testing.T) {
	fake := discordtest.New("tok")
	defer fake.Close()
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	srv := serve(t, fake, func(c *Config) { c.Now = clock })
	key := testKey
	good := issue(key, Seat{User: User{ID: "42", Name: "ada"}}, now.Add(time.Hour))
	body, _, _ := strings.Cut(good, ".")
	for name, token := range map[string]string{
		"missing":      "",
		"malformed":    "not a token",
		"forged":       issue([]byte("another key, also 32 bytes or longer"), Seat{User: User{ID: "42"}}, now.Add(time.Hour)),
		"other claims": issue(key, Seat{User: User{ID: "43"}}, now.Add(time.Hour))[:len(body)] + good[len(body):],
		"expired":      issue(key, Seat{User: User{ID: "42"}}, now.Add(-time.Second)),
	} {
		var p problem
		status := call(t, "GET", srv.URL+"/api/me", token, "", &p)
		if status != http.StatusUnauthorized || !strings.Contains(p.Message, "session has ended") {
			t.Errorf("%s token: %d %q, want 401 and to sign in again", name, status, p.Message)
		}
	}
	var me User
	if status := call(t, "GET", srv.URL+"/api/me", good, "", &me); status != http.StatusOK || me.ID != "42" {
		t.Errorf("the good token: %d %+v", status, me)
	}
}

// TestSignInFailures: a request without a code or without an instance
// (refused before the code is spent), a wrong client secret
// (Discord refuses it) and Discord down each get a sentence, never
// Discord's answer or a token.
func TestSignInFailures(t *testing.T) {
	fake := discordtest.New("tok")
	defer fake.Close()
	var p problem
	srv := serve(t, fake, nil)
	if status := call(t, "POST", srv.URL+"/api/token", "", `{}`, &p); status != http.StatusBadRequest || !strings.Contains(p.Message, "missing its code") {
		t.Errorf("no code: %d %q", status, p.Message)
	}
	if status := call(t, "POST", srv.URL+"/api/token", "", `{"code":"`+fake.Authorize(discordtest.User{ID: "42", Name: "ada"})+`"}`, &p); status != http.StatusBadRequest ||
		p.Message != noInstance || fake.Requests("token") != 0 {
		t.Errorf("no instance: %d %q, %d codes exchanged", status, p.Message, fake.Requests("token"))
	}
	wrong := serve(t, fake, func(c *Config) { c.OAuth = discordOn(fake, func(o *bot.RESTOptions) { o.ClientSecret = "wrong" }) })
	code := fake.Authorize(discordtest.User{ID: "42", Name: "ada"})
	if status := call(t, "POST", wrong.URL+"/api/token", "", `{"code":"`+code+`","instance":"i-1"}`, &p); status != http.StatusUnauthorized ||
		!strings.Contains(p.Message, "did not accept") || strings.Contains(p.Message, code) {
		t.Errorf("a wrong secret: %d %q", status, p.Message)
	}
	if v := fake.Violations(); len(v) != 1 || !strings.Contains(v[0], "wrong secret") {
		t.Errorf("the fake recorded %v, want the wrong secret", v)
	}
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "upstream", http.StatusServiceUnavailable)
	}))
	defer down.Close()
	broken := serve(t, fake, func(c *Config) {
		c.OAuth = discordOn(fake, func(o *bot.RESTOptions) { o.APIURL, _ = url.Parse(down.URL) })
	})
	if status := call(t, "POST", broken.URL+"/api/token", "", `{"code":"x","instance":"i-1"}`, &p); status != http.StatusBadGateway || !strings.Contains(p.Message, "did not answer") {
		t.Errorf("Discord down: %d %q", status, p.Message)
	}
}

// TestSignInChecksTheInstance: with the bot's token, the sign-in asks
// Discord where the page's Activity instance runs and whether the user is
// in it; the session then names that server (whose daily the board
// plays). A user outside the instance, or an instance that is not
// running, is refused.
func TestSignInChecksTheInstance(t *testing.T) {
	fake := discordtest.New("tok")
	defer fake.Close()
	srv := serve(t, fake, func(c *Config) { c.Discord = c.OAuth.(*bot.REST) }) // the same client, with the bot's token
	ada, bob := discordtest.User{ID: "42", Name: "ada"}, discordtest.User{ID: "43", Name: "bob"}
	inServer := fake.Launch("700", "800", ada.ID)
	inDM := fake.Launch("", "801", ada.ID)
	for name, tt := range map[string]struct {
		user     discordtest.User
		instance string
		status   int
		guild    string
	}{
		"in a server":         {ada, inServer, http.StatusOK, "700"},
		"in a DM":             {ada, inDM, http.StatusOK, ""},
		"not in the instance": {bob, inServer, http.StatusForbidden, ""},
		"no such instance":    {ada, "i-1-gc-700-800", http.StatusForbidden, ""},
	} {
		var got struct {
			tokenReply
			problem
		}
		body := `{"code":"` + fake.Authorize(tt.user) + `","instance":"` + tt.instance + `"}`
		if status := call(t, "POST", srv.URL+"/api/token", "", body, &got); status != tt.status {
			t.Errorf("%s: sign-in answered %d %q, want %d", name, status, got.Message, tt.status)
			continue
		}
		if tt.status != http.StatusOK {
			if !strings.Contains(got.Message, "does not list you in this Activity") {
				t.Errorf("%s: refused with %q", name, got.Message)
			}
			continue
		}
		seat, err := verify(testKeys, got.Session, time.Now())
		if err != nil || seat.Guild != tt.guild || seat.User.ID != tt.user.ID || seat.Instance != tt.instance {
			t.Errorf("%s: the session holds %+v, %v; want server %q", name, seat, err, tt.guild)
		}
	}
	if v := fake.Violations(); len(v) > 0 {
		t.Errorf("the fake Discord refused: %v", v)
	}
}
