package config

import (
	"errors"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestLoadDefaults(t *testing.T) {
	c, err := Load(env(map[string]string{"DISCORD_TOKEN": "abc.def.ghi"}), true)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if c.APIURL.String() != DefaultAPIURL || c.DatabaseURL != DefaultDatabaseURL ||
		c.SolveTimeout != 2*time.Second || c.DefaultFormat != "image" || c.LogLevel != slog.LevelInfo {
		t.Errorf("Load defaults = %+v", c)
	}
}

func TestLoadValues(t *testing.T) {
	c, err := Load(env(map[string]string{
		"DISCORD_TOKEN":    "abc",
		"DISCORD_GUILD_ID": "123456789012345678",
		"DISCORD_API_URL":  "http://127.0.0.1:8080/",
		"DATABASE_URL":     "postgres://postgres@127.0.0.1/test",
		"SOLVE_TIMEOUT":    "1500ms",
		"GENERATE_TIMEOUT": "4s",
		"DEFAULT_FORMAT":   "Both",
		"LOG_LEVEL":        "debug",
	}), true)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if c.GuildID != "123456789012345678" || c.APIURL.String() != "http://127.0.0.1:8080" ||
		c.SolveTimeout != 1500*time.Millisecond || c.GenerateTimeout != 4*time.Second || c.DefaultFormat != "both" || c.LogLevel != slog.LevelDebug {
		t.Errorf("Load = %+v", c)
	}
}

func TestLoadReportsEveryProblem(t *testing.T) {
	secret := "sekrit token"
	_, err := Load(env(map[string]string{
		"DISCORD_TOKEN":    secret,
		"DISCORD_GUILD_ID": "my server",
		"DISCORD_API_URL":  "discord.com/api",
		"SOLVE_TIMEOUT":    "two seconds",
		"GENERATE_TIMEOUT": "2m",
		"DEFAULT_FORMAT":   "gif",
		"LOG_LEVEL":        "loud",
	}), true)
	var ce *Error
	if !errors.As(err, &ce) {
		t.Fatalf("Load error = %v, want *Error", err)
	}
	for _, name := range []string{"DISCORD_TOKEN", "DISCORD_GUILD_ID", "DISCORD_API_URL", "SOLVE_TIMEOUT", "GENERATE_TIMEOUT", "DEFAULT_FORMAT", "LOG_LEVEL"} {
		if !strings.Contains(err.Error(), name) {
			t.Errorf("error does not mention %s:\n%v", name, err)
		}
	}
	if len(ce.Problems) != 7 {
		t.Errorf("got %d problems, want 7:\n%v", len(ce.Problems), err)
	}
	if strings.Contains(err.Error(), secret) {
		t.Errorf("error shows the token:\n%v", err)
	}
}

func TestLoadTokenRequiredOnlyForBot(t *testing.T) {
	if _, err := Load(env(nil), false); err != nil {
		t.Errorf("Load without token for the command line: %v", err)
	}
	_, err := Load(env(nil), true)
	if err == nil || !strings.Contains(err.Error(), "DISCORD_TOKEN is not set") {
		t.Errorf("Load without token for the bot = %v, want DISCORD_TOKEN is not set", err)
	}
}

func TestLoadTimeoutRange(t *testing.T) {
	for _, v := range []string{"1ms", "2h", "-1s"} {
		_, err := Load(env(map[string]string{"SOLVE_TIMEOUT": v}), false)
		if err == nil || !strings.Contains(err.Error(), "out of range") {
			t.Errorf("SOLVE_TIMEOUT=%s: error = %v, want out of range", v, err)
		}
	}
}

func TestShards(t *testing.T) {
	tests := []struct {
		id, count string
		wantID    int
		wantCount int
		problem   string
	}{
		{"", "", 0, 1, ""},
		{"1", "2", 1, 2, ""},
		{"1", "", 0, 0, "go together"},
		{"2", "2", 0, 0, "0 ≤ SHARD_ID < SHARD_COUNT"},
		{"x", "2", 0, 0, "whole numbers"},
	}
	for _, tt := range tests {
		env := map[string]string{"SHARD_ID": tt.id, "SHARD_COUNT": tt.count}
		c, err := Load(func(k string) string { return env[k] }, false)
		if tt.problem != "" {
			if err == nil || !strings.Contains(err.Error(), tt.problem) {
				t.Errorf("Load(SHARD_ID=%q SHARD_COUNT=%q) = %v, want a problem with %q", tt.id, tt.count, err, tt.problem)
			}
			continue
		}
		if err != nil || c.ShardID != tt.wantID || c.ShardCount != tt.wantCount {
			t.Errorf("Load(SHARD_ID=%q SHARD_COUNT=%q) = %d of %d, %v", tt.id, tt.count, c.ShardID, c.ShardCount, err)
		}
	}
}

func TestMetricsAddr(t *testing.T) {
	for _, tt := range []struct {
		v, want string
		ok      bool
	}{{"", "", true}, {":9090", ":9090", true}, {"127.0.0.1:9090", "127.0.0.1:9090", true}, {"9090", "", false}, {"localhost:", "", false}} {
		c, err := Load(func(k string) string { return map[string]string{"METRICS_ADDR": tt.v}[k] }, false)
		if (err == nil) != tt.ok || c.MetricsAddr != tt.want {
			t.Errorf("Load(METRICS_ADDR=%q) = %q, %v; want %q, ok %v", tt.v, c.MetricsAddr, err, tt.want, tt.ok)
		}
	}
}

func TestInteractions(t *testing.T) {
	key := strings.Repeat("ab", 32)
	for _, tt := range []struct {
		addr, key, problem string
	}{
		{"", "", ""},
		{":8080", key, ""},
		{":8080", "", "needs DISCORD_PUBLIC_KEY"},
		{"", key, "INTERACTIONS_ADDR is not"},
		{":8080", "abcd", "64 hex characters"},
		{":8080", strings.Repeat("zz", 32), "64 hex characters"},
		{"8080", key, "host:port"},
	} {
		env := map[string]string{"INTERACTIONS_ADDR": tt.addr, "DISCORD_PUBLIC_KEY": tt.key}
		c, err := Load(func(k string) string { return env[k] }, false)
		if tt.problem != "" {
			if err == nil || !strings.Contains(err.Error(), tt.problem) {
				t.Errorf("Load(%q, %q) = %v, want a problem with %q", tt.addr, tt.key, err, tt.problem)
			}
			continue
		}
		if err != nil || c.InteractionsAddr != tt.addr || (tt.key != "" && len(c.PublicKey) != 32) {
			t.Errorf("Load(%q, %q) = %q, %x, %v", tt.addr, tt.key, c.InteractionsAddr, c.PublicKey, err)
		}
	}
}

func TestActivity(t *testing.T) {
	const id, secret = "100000000000000001", "s3cret-value"
	for _, tt := range []struct {
		addr, id, secret, problem string
	}{
		{"", "", "", ""},
		{":8090", id, secret, ""},
		{":8090", "", secret, "needs DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET"},
		{":8090", id, "", "needs DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET"},
		{"", id, secret, "ACTIVITY_ADDR is not"},
		{":8090", "sudokubot", secret, "not an application id"},
		{"8090", id, secret, "host:port"},
	} {
		env := map[string]string{"ACTIVITY_ADDR": tt.addr, "DISCORD_CLIENT_ID": tt.id, "DISCORD_CLIENT_SECRET": tt.secret}
		c, err := Load(func(k string) string { return env[k] }, false)
		if tt.problem != "" {
			if err == nil || !strings.Contains(err.Error(), tt.problem) {
				t.Errorf("Load(%q, %q, secret) = %v, want a problem with %q", tt.addr, tt.id, err, tt.problem)
			}
			if err != nil && tt.secret != "" && strings.Contains(err.Error(), tt.secret) {
				t.Errorf("the problem shows the client secret: %v", err)
			}
			continue
		}
		if err != nil || c.ActivityAddr != tt.addr || c.ClientID != tt.id || c.ClientSecret != tt.secret {
			t.Errorf("Load(%q, %q, secret) = %q, %q, %v", tt.addr, tt.id, c.ActivityAddr, c.ClientID, err)
		}
		if tt.secret != "" && !slices.Contains(c.Secrets(), tt.secret) {
			t.Errorf("Secrets() = %q leaves out the client secret", c.Secrets())
		}
	}
}

func TestDailyPoll(t *testing.T) {
	for v, want := range map[string]time.Duration{"": 30 * time.Second, "1s": time.Second, "5m": 5 * time.Minute} {
		c, err := Load(func(k string) string { return map[string]string{"DAILY_POLL": v}[k] }, false)
		if err != nil || c.DailyPoll != want {
			t.Errorf("DAILY_POLL=%q: %v, %v; want %v", v, c.DailyPoll, err, want)
		}
	}
	if _, err := Load(func(k string) string { return map[string]string{"DAILY_POLL": "10ms"}[k] }, false); err == nil {
		t.Error("DAILY_POLL=10ms accepted; the least is 1s")
	}
}

func TestSecrets(t *testing.T) {
	c := Config{Token: "Bot abc.def", DatabaseURL: "postgres://u:pw9@db/x"}
	got := strings.Join(c.Secrets(), " ")
	if strings.Contains(got, " pw9") {
		t.Errorf("Secrets() = %q: a short password alone would hide ordinary words", got)
	}
	c.DatabaseURL = "postgres://u:long-secret-9@db/x"
	got = strings.Join(c.Secrets(), " ")
	for _, want := range []string{"Bot abc.def", "abc.def", "u:long-secret-9@", " long-secret-9"} {
		if !strings.Contains(got, want) {
			t.Errorf("Secrets() = %q, want %q among them", got, want)
		}
	}
	if s := (Config{}).Secrets(); strings.TrimSpace(strings.Join(s, "")) != "" {
		t.Errorf("Secrets() of no settings = %q, want none", s)
	}
}

// TestSessionKeys: ACTIVITY_SESSION_KEY (and, during a rotation,
// ACTIVITY_SESSION_KEY_PREVIOUS) is read as hex and must hold 256 bits; a
// problem never repeats a key, and Secrets keeps them out of the logs.
func TestSessionKeys(t *testing.T) {
	key, old := strings.Repeat("ab", 32), strings.Repeat("CD", 40)
	for _, tt := range []struct {
		name, key, previous, problem string
		want                         int
	}{
		{"unset", "", "", "", 0},
		{"one key", key, "", "", 1},
		{"a rotation", key, old, "", 2},
		{"too short", key[:62], "", "ACTIVITY_SESSION_KEY is not a key of 256 bits", 0},
		{"not hex", strings.Repeat("zz", 32), "", "at least 64 hex characters", 0},
		{"previous too short", key, old[:20], "ACTIVITY_SESSION_KEY_PREVIOUS is not a key", 0},
		{"previous alone", "", old, "ACTIVITY_SESSION_KEY is not", 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Load(env(map[string]string{"ACTIVITY_SESSION_KEY": tt.key, "ACTIVITY_SESSION_KEY_PREVIOUS": tt.previous}), false)
			if tt.problem != "" {
				if err == nil || !strings.Contains(err.Error(), tt.problem) {
					t.Fatalf("Load = %v, want a problem with %q", err, tt.problem)
				}
				for _, k := range []string{tt.key, tt.previous} {
					if k != "" && strings.Contains(err.Error(), k) {
						t.Errorf("the problem shows a key: %v", err)
					}
				}
				return
			}
			if err != nil || len(c.SessionKeys) != tt.want {
				t.Fatalf("Load = %d keys, %v; want %d", len(c.SessionKeys), err, tt.want)
			}
			if tt.want > 0 && len(c.SessionKeys[0]) != 32 {
				t.Errorf("the key has %d bytes, want 32", len(c.SessionKeys[0]))
			}
			for _, k := range []string{tt.key, tt.previous} {
				if k != "" && !slices.Contains(c.Secrets(), k) {
					t.Errorf("Secrets() leaves out a session key")
				}
			}
		})
	}
}

func TestActivitySockets(t *testing.T) {
	for _, tt := range []struct {
		all, user         string
		wantAll, wantUser int
		problem           string
	}{
		{"", "", 0, 5, ""},
		{"500", "3", 500, 3, ""},
		{"0", "", 0, 5, "ACTIVITY_MAX_SOCKETS"},
		{"", "many", 0, 5, "ACTIVITY_MAX_USER_SOCKETS"},
	} {
		env := map[string]string{"ACTIVITY_MAX_SOCKETS": tt.all, "ACTIVITY_MAX_USER_SOCKETS": tt.user}
		c, err := Load(func(k string) string { return env[k] }, false)
		if tt.problem != "" {
			if err == nil || !strings.Contains(err.Error(), tt.problem) {
				t.Errorf("Load(%q, %q) = %v, want a problem with %s", tt.all, tt.user, err, tt.problem)
			}
			continue
		}
		if err != nil || c.ActivityMaxSockets != tt.wantAll || c.ActivityMaxUserSockets != tt.wantUser {
			t.Errorf("Load(%q, %q) = %d, %d, %v; want %d, %d", tt.all, tt.user, c.ActivityMaxSockets, c.ActivityMaxUserSockets, err, tt.wantAll, tt.wantUser)
		}
	}
}

// TestLoadSudokuPadURL: SudokuPad's origin is https, or http on this
// machine only (a test's fake SudokuPad, a local mirror).
func TestLoadSudokuPadURL(t *testing.T) {
	tests := []struct {
		value, want string // want "": refused
	}{
		{"", DefaultSudokuPadURL},
		{"https://mirror.example.org", "https://mirror.example.org"},
		{"https://mirror.example.org:8443/", "https://mirror.example.org:8443"},
		{"http://127.0.0.1:8080", "http://127.0.0.1:8080"},
		{"http://localhost:9000/", "http://localhost:9000"},
		{"http://[::1]:9000", "http://[::1]:9000"},
		{"http://sudokupad.app", ""},
		{"http://127.0.0.1.example.org", ""},
		{"ftp://sudokupad.app", ""},
		{"sudokupad.app", ""},
		{"https://sudokupad.app/api/puzzle", ""},
		{"https://sudokupad.app?x=1", ""},
	}
	for _, tt := range tests {
		c, err := Load(env(map[string]string{"SUDOKUPAD_URL": tt.value}), false)
		switch {
		case tt.want == "" && (err == nil || !strings.Contains(err.Error(), "SUDOKUPAD_URL")):
			t.Errorf("SUDOKUPAD_URL=%q: Load = %v, want a problem naming SUDOKUPAD_URL", tt.value, err)
		case tt.want != "" && (err != nil || c.SudokuPadURL.String() != tt.want):
			t.Errorf("SUDOKUPAD_URL=%q: Load = %v, %v, want %s", tt.value, c.SudokuPadURL, err, tt.want)
		}
	}
}
