package app

import (
	"io"
	"log/slog"

	"github.com/sudokubot/sudokubot/config"
	"github.com/sudokubot/sudokubot/internal/redact"
)

// Logger returns the process's one logger: text lines at cfg.LogLevel on
// w, with every secret cfg holds (config.Secrets: the token, the database
// password) redacted from every line, whoever writes it. main logs through
// it, and so do the end-to-end tests.
func Logger(cfg config.Config, w io.Writer) *slog.Logger {
	return slog.New(redact.Handler(slog.NewTextHandler(w, &slog.HandlerOptions{Level: cfg.LogLevel}), cfg.Secrets()...))
}
