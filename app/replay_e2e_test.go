package app

import (
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// TestReplayRefusedByAnotherProcess: a signed /daily submit answered by
// one bot process is refused when sent again within the signature window
// to a second process on the same database, and to a third started after
// both have stopped; it is not counted as a second try. On one SQLite file
// and, with TEST_DATABASE_URL, on PostgreSQL.
func TestReplayRefusedByAnotherProcess(t *testing.T) {
	for _, db := range []struct {
		name string
		dsn  func(t *testing.T) string
	}{
		{"sqlite", func(t *testing.T) string { return filepath.Join(t.TempDir(), "shared.db") }},
		{"postgres", func(t *testing.T) string { return storetest.PostgresURL(t) }},
	} {
		t.Run(db.name, func(t *testing.T) {
			dsn := db.dsn(t)
			fake := discordtest.New(testToken)
			t.Cleanup(fake.Close)
			process := func() *harness { return startOn(t, fake, openStore(t, dsn), transports[1].set) }
			a, b := process(), process()
			body, stamp, sig := signedSubmit(t, fake, "710000000000000001", strings.Repeat("1", 81))
			if code, text := rawPost(t, a, body, stamp, sig); code != http.StatusOK || !strings.Contains(text, "try 1") {
				t.Fatalf("the original answered %d %s, want 200 and try 1", code, text)
			}
			if code, text := rawPost(t, b, body, stamp, sig); code != http.StatusConflict {
				t.Errorf("the replay to another process answered %d %s, want 409", code, text)
			}
			a.stop()
			b.stop()
			c := process()
			if code, text := rawPost(t, c, body, stamp, sig); code != http.StatusConflict {
				t.Errorf("the replay after a restart answered %d %s, want 409", code, text)
			}
			body, stamp, sig = signedSubmit(t, fake, "710000000000000002", strings.Repeat("1", 81))
			if code, text := rawPost(t, c, body, stamp, sig); code != http.StatusOK || !strings.Contains(text, "try 2") {
				t.Errorf("a new submission answered %d %s, want 200 and try 2 (the replays not counted)", code, text)
			}
		})
	}
}

// TestEndpointDatabaseDown: over HTTP with the database closed, a command
// that changes state is refused with a private notice, since it cannot be
// told from a replay, and /solve, which changes nothing, is answered.
func TestEndpointDatabaseDown(t *testing.T) {
	h, st := startDailyWith(t, "", transports[1].set)
	st.Close()
	body, stamp, sig := signedSubmit(t, h.fake, "710000000000000003", solution)
	code, text := rawPost(t, h, body, stamp, sig)
	var cb struct {
		Type int
		Data struct {
			Content string
			Flags   int
		}
	}
	if err := json.Unmarshal([]byte(text), &cb); err != nil || code != http.StatusOK || cb.Type != 4 || cb.Data.Flags != 64 ||
		!strings.Contains(cb.Data.Content, "database is not answering, so nothing was changed") {
		t.Errorf("/daily submit with the database down answered %d %s, want a private notice", code, text)
	}
	r := h.ask(ada, "solve", map[string]any{"puzzle": classic, "format": "text"})
	checkMessage(t, r.Final, []string{solution[:9]}, "", false)
	if logs := h.logs.String(); !strings.Contains(logs, "cannot check an interaction for replays; refused") ||
		strings.Contains(logs, "daily submission not recorded") {
		t.Errorf("want the refusal logged, and the submission never run:\n%s", logs)
	}
}

// openStore opens the database at dsn as a bot process of its own would.
func openStore(t *testing.T, dsn string) *store.DB {
	t.Helper()
	st, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// signedSubmit returns a /daily submit interaction with the given id and
// answer, as Discord sends it over HTTP, signed now.
func signedSubmit(t *testing.T, fake *discordtest.Server, id, answer string) (body []byte, stamp, sig string) {
	t.Helper()
	p := discordtest.Subcommand(guild, ada, "daily", "submit", map[string]any{"answer": answer})
	p["id"], p["token"], p["application_id"], p["version"] = id, "token-"+id, fake.AppID, 1
	body, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	stamp, sig = fake.Sign(body, time.Now())
	return body, stamp, sig
}
