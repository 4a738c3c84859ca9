package app

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/discordtest"
)

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	c := &http.Client{Timeout: 5 * time.Second}
	resp, err := c.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestHealthAndMetrics reads /healthz and /metrics while the bot answers,
// and after its database goes away.
func TestHealthAndMetrics(t *testing.T) {
	h, st := startDailyWith(t, "", func(m *Main) { m.Config.MetricsAddr = "127.0.0.1:0" })
	base := "http://" + h.main.OpsAddr()
	code, body := get(t, base+"/healthz")
	for deadline := time.Now().Add(wait); code != 200 && time.Now().Before(deadline); { // READY is handled async
		time.Sleep(10 * time.Millisecond)
		code, body = get(t, base+"/healthz")
	}
	if code != 200 || strings.TrimSpace(body) != "ok" {
		t.Errorf("/healthz = %d %q, want 200 ok", code, body)
	}
	h.ask(ada, "solve", map[string]any{"puzzle": classic, "format": "text"})
	h.fake.Fail("callback", 500, 1, 0)
	h.fake.Reply(h.fake.Send(discordtestSolve()), time.Second)
	code, body = get(t, base+"/metrics")
	for _, want := range []string{
		`sudokubot_interactions_total{command="solve",outcome="ok"}`,
		`sudokubot_first_callback_seconds_count{command="solve"}`,
		`sudokubot_discord_api_errors_total{status="500"} 1`,
		`sudokubot_solver_seconds_count{command="solve"} 2`,
		`sudokubot_database_errors_total 0`,
		`go_goroutines`,
	} {
		if code != 200 || !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s (status %d)", want, code)
		}
	}
	st.Close()
	if code, body := get(t, base+"/healthz"); code != 503 || !strings.Contains(body, "database: unreachable") {
		t.Errorf("/healthz with the database closed = %d %q, want 503", code, body)
	}
	h.send(discordtest.Subcommand(guild, ada, "daily", "play", nil))
	if _, body = get(t, base+"/metrics"); strings.Contains(body, "sudokubot_database_errors_total 0") ||
		!strings.Contains(body, "sudokubot_database_errors_total") {
		t.Errorf("database errors not counted:\n%s", grepLines(body, "sudokubot_database"))
	}
}

func discordtestSolve() map[string]any {
	return discordtest.SlashCommand(guild, ada, "solve", map[string]any{"puzzle": classic, "format": "text"})
}
