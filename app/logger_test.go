package app

import (
	"bytes"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/config"
)

// TestLoggerRedactsTheSecrets: whatever a line carries (a message, an
// error from Discord or the database, an attribute added by With), the
// process's logger writes no token and no database password.
func TestLoggerRedactsTheSecrets(t *testing.T) {
	const token, password = "MTAwMDA.secret.token-part", "hunter2-long-password"
	cfg := config.Config{Token: token, DatabaseURL: "postgres://bot:" + password + "@db:5432/sudoku", LogLevel: slog.LevelDebug}
	var buf bytes.Buffer
	log := Logger(cfg, &buf)
	log.Error("connect to Discord failed for Bot "+token, "err", errors.New(`401: {"token": "`+token+`"}`))
	log.With("dsn", cfg.DatabaseURL).Warn("database", "err", errors.New("auth failed for "+password))
	log.Debug("debug lines too", "url", "https://discord.com/api/v9/gateway?token="+token)
	out := buf.String()
	if strings.Contains(out, "secret.token-part") || strings.Contains(out, password) {
		t.Errorf("a secret reached the log:\n%s", out)
	}
	if n := strings.Count(out, "[redacted]"); n < 5 || !strings.Contains(out, "level=DEBUG") {
		t.Errorf("%d redactions, want one per secret written (5), at every level:\n%s", n, out)
	}
}
