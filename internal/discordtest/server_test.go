package discordtest

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

func request(t *testing.T, s *Server, method, path, auth, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, s.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", auth)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// sent registers an interaction without a gateway, as Send does.
func sent(s *Server) (id, token string) {
	id = s.Send(SlashCommand("1", User{ID: "2"}, "help", nil))
	s.mu.Lock()
	defer s.mu.Unlock()
	return id, s.interactions[id].token
}

func callback(content string) string {
	b, _ := json.Marshal(map[string]any{"type": 4, "data": map[string]any{"content": content}})
	return string(b)
}

func TestFakeEnforcesDiscordRules(t *testing.T) {
	s := New("tok")
	defer s.Close()
	auth := "Bot tok"

	if code, _ := request(t, s, "GET", "/api/v9/gateway", "tok", ""); code != 401 {
		t.Errorf("a token without Bot: status %d, want 401", code)
	}

	id, token := sent(s)
	path := "/api/v9/interactions/" + id + "/" + token + "/callback"
	if code, _ := request(t, s, "PATCH", "/api/v9/webhooks/"+s.AppID+"/"+token+"/messages/@original", auth, `{"content":"x"}`); code != 404 {
		t.Errorf("edit before the callback: status %d, want 404", code)
	}
	if code, _ := request(t, s, "POST", path, auth, callback(strings.Repeat("x", 2001))); code != 400 {
		t.Errorf("2001 characters: status %d, want 400", code)
	}
	if code, _ := request(t, s, "POST", path, auth, callback("ok")); code != 204 {
		t.Errorf("first callback: status %d, want 204", code)
	}
	if code, body := request(t, s, "POST", path, auth, callback("again")); code != 400 || !strings.Contains(body, "40060") {
		t.Errorf("second callback: status %d %s, want 400 already acknowledged", code, body)
	}
	if r, ok := s.Reply(id, time.Second); !ok || r.Final.Content != "ok" {
		t.Errorf("reply = %+v, %v", r.Final, ok)
	}

	late, lateToken := sent(s)
	s.mu.Lock()
	s.now = func() time.Time { return time.Now().Add(4 * time.Second) }
	s.mu.Unlock()
	if code, _ := request(t, s, "POST", "/api/v9/interactions/"+late+"/"+lateToken+"/callback", auth, callback("late")); code != 404 {
		t.Errorf("a callback after 3s: status %d, want 404", code)
	}

	v := strings.Join(s.Violations(), "\n")
	for _, want := range []string{"token without the Bot prefix", "edit of @original before any callback",
		"2001 characters", "a second callback", "first callback after"} {
		if !strings.Contains(v, want) {
			t.Errorf("violations lack %q:\n%s", want, v)
		}
	}
}

func TestFakeInjectsFailures(t *testing.T) {
	s := New("tok")
	defer s.Close()
	s.Fail("gateway", http.StatusTooManyRequests, 1, 250*time.Millisecond)
	s.Fail("gateway", http.StatusBadGateway, 1, 0)
	code, body := request(t, s, "GET", "/api/v9/gateway", "Bot tok", "")
	if code != 429 || !strings.Contains(body, `"retry_after": 0.250`) {
		t.Errorf("first: %d %s, want 429 with retry_after", code, body)
	}
	if code, _ := request(t, s, "GET", "/api/v9/gateway", "Bot tok", ""); code != 429 || len(s.Violations()) != 1 {
		t.Errorf("during the wait: %d, %v; want 429 and a violation, as Discord refuses it", code, s.Violations())
	}
	time.Sleep(250 * time.Millisecond)
	if code, _ := request(t, s, "GET", "/api/v9/gateway", "Bot tok", ""); code != 502 {
		t.Errorf("second: %d, want 502", code)
	}
	if code, _ := request(t, s, "GET", "/api/v9/gateway", "Bot tok", ""); code != 200 {
		t.Errorf("third: %d, want 200", code)
	}
	if n := s.Requests("gateway"); n != 4 {
		t.Errorf("counted %d requests, want 4", n)
	}
}

// TestFakeLimitsUserInstallFollowups: where only the user's install
// reaches (a group DM), the sixth follow-up is refused.
func TestFakeLimitsUserInstallFollowups(t *testing.T) {
	s := New("tok")
	defer s.Close()
	id := s.Send(InGroupDM(SlashCommand("1", User{ID: "2"}, "help", nil)))
	s.mu.Lock()
	token := s.interactions[id].token
	s.mu.Unlock()
	if code, _ := request(t, s, "POST", "/api/v9/interactions/"+id+"/"+token+"/callback", "Bot tok", `{"type": 5}`); code != 204 {
		t.Fatalf("deferral: %d", code)
	}
	for k := 1; k <= 6; k++ {
		code, _ := request(t, s, "POST", "/api/v9/webhooks/"+s.AppID+"/"+token, "Bot tok", `{"content": "more"}`)
		if want := map[bool]int{true: 200, false: 400}[k <= 5]; code != want {
			t.Errorf("follow-up %d: status %d, want %d", k, code, want)
		}
	}
	if v := strings.Join(s.Violations(), "\n"); !strings.Contains(v, "past the 5 a user-installed app may send") {
		t.Errorf("violations: %s", v)
	}
}

// TestFakeKeepsTheEntryPoint: once Activities are enabled, a global bulk
// overwrite that leaves out the entry-point command fails whole (50240),
// as Discord's does; one that keeps it succeeds; an entry point is
// global only, and one per app.
func TestFakeKeepsTheEntryPoint(t *testing.T) {
	s := New("tok")
	defer s.Close()
	auth := "Bot tok"
	global := "/api/v9/applications/" + s.AppID + "/commands"
	help := `{"name":"help","description":"Help","type":1}`
	if code, body := request(t, s, http.MethodPut, global, auth, "["+help+"]"); code != http.StatusOK {
		t.Fatalf("an overwrite before Activities: %d %s", code, body)
	}
	s.EnableActivities()
	code, listed := request(t, s, http.MethodGet, global, auth, "")
	if code != http.StatusOK || !strings.Contains(listed, `"type":4`) || !strings.Contains(listed, `"handler":2`) {
		t.Fatalf("listed %d %s, want the entry point among them", code, listed)
	}
	if code, body := request(t, s, http.MethodPut, global, auth, "["+help+"]"); code != http.StatusBadRequest || !strings.Contains(body, "50240") {
		t.Errorf("an overwrite without the entry point: %d %s, want 400 and code 50240", code, body)
	}
	entry := `{"id":"1","name":"launch","description":"","type":4,"handler":2}`
	if code, body := request(t, s, http.MethodPut, global, auth, "["+help+","+entry+"]"); code != http.StatusOK {
		t.Errorf("an overwrite keeping the entry point: %d %s", code, body)
	}
	guilds := "/api/v9/applications/" + s.AppID + "/guilds/5/commands"
	if code, _ := request(t, s, http.MethodPut, guilds, auth, "["+entry+"]"); code != http.StatusBadRequest {
		t.Errorf("a guild overwrite with an entry point: %d, want 400", code)
	}
	if code, _ := request(t, s, http.MethodPut, global, auth, "["+entry+","+entry+"]"); code != http.StatusBadRequest {
		t.Errorf("two entry points: %d, want 400", code)
	}
	if got := len(s.Violations()); got != 3 {
		t.Errorf("%d violations recorded, want 3 (the refused overwrites): %v", got, s.Violations())
	}
}

// TestFakeLaunchesOnlyWithActivities: a LAUNCH_ACTIVITY callback (type 12)
// is refused from an app whose Activities are off, and taken, without
// data, once they are on.
func TestFakeLaunchesOnlyWithActivities(t *testing.T) {
	s := New("tok")
	defer s.Close()
	launch := func(body string) int {
		id, token := sent(s)
		code, _ := request(t, s, "POST", "/api/v9/interactions/"+id+"/"+token+"/callback", "Bot tok", body)
		return code
	}
	if code := launch(`{"type": 12}`); code != 400 || !strings.Contains(strings.Join(s.Violations(), "\n"), "without Activities") {
		t.Errorf("a launch with Activities off: %d, violations %v", code, s.Violations())
	}
	s.EnableActivities()
	if code := launch(`{"type": 12, "data": {"content": "hi"}}`); code != 400 {
		t.Errorf("a launch with data: %d, want 400", code)
	}
	if code := launch(`{"type": 12}`); code != 204 {
		t.Errorf("a launch with Activities on: %d, want 204", code)
	}
}
