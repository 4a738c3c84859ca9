package activity

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// serve starts the Activity's server against a fake Discord.
func serve(t *testing.T, fake *discordtest.Server, change func(*Config)) *httptest.Server {
	t.Helper()
	cfg := Config{ClientID: fake.AppID, ClientSecret: discordtest.ClientSecret, APIURL: fake.URL}
	if change != nil {
		change(&cfg)
	}
	srv := httptest.NewServer(New(cfg))
	t.Cleanup(srv.Close)
	return srv
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
	if status := call(t, "POST", srv.URL+"/api/token", "", `{"code":"`+code+`"}`, &got); status != http.StatusOK {
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
	if status := call(t, "POST", srv.URL+"/api/token", "", `{"code":"`+code+`"}`, &p); status != http.StatusUnauthorized ||
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
	key := sessionKey(discordtest.ClientSecret)
	good := issue(key, User{ID: "42", Name: "ada"}, now.Add(time.Hour))
	body, _, _ := strings.Cut(good, ".")
	for name, token := range map[string]string{
		"missing":      "",
		"malformed":    "not a token",
		"forged":       issue(sessionKey("another secret"), User{ID: "42"}, now.Add(time.Hour)),
		"other claims": issue(key, User{ID: "43"}, now.Add(time.Hour))[:len(body)] + good[len(body):],
		"expired":      issue(key, User{ID: "42"}, now.Add(-time.Second)),
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

// TestSignInFailures: a request without a code, a wrong client secret
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
	wrong := serve(t, fake, func(c *Config) { c.ClientSecret = "wrong" })
	code := fake.Authorize(discordtest.User{ID: "42", Name: "ada"})
	if status := call(t, "POST", wrong.URL+"/api/token", "", `{"code":"`+code+`"}`, &p); status != http.StatusUnauthorized ||
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
	broken := serve(t, fake, func(c *Config) { c.APIURL = down.URL })
	if status := call(t, "POST", broken.URL+"/api/token", "", `{"code":"x"}`, &p); status != http.StatusBadGateway || !strings.Contains(p.Message, "did not answer") {
		t.Errorf("Discord down: %d %q", status, p.Message)
	}
}
