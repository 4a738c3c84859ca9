package redact

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"
)

type wrapped struct{ inner error }

func (w wrapped) Error() string { return "wrapped: " + w.inner.Error() }

type stringer struct{ s string }

func (s stringer) String() string { return s.s }

func TestHandlerRedactsEverywhere(t *testing.T) {
	const secret = "MTAw.sekrit.token"
	for _, name := range []string{"text", "json"} {
		var buf bytes.Buffer
		var h slog.Handler = slog.NewTextHandler(&buf, nil)
		if name == "json" {
			h = slog.NewJSONHandler(&buf, nil)
		}
		log := slog.New(Handler(h, secret, "  ", "pw0rd"))
		log.Info("connect with "+secret+" failed", "err", errors.New("401 for Bot "+secret))
		log.With("url", "https://x/"+secret).WithGroup("g").Warn("grouped", "wrapped", wrapped{fmt.Errorf("dial: %s", secret)},
			slog.Group("inner", "s", stringer{"db pw0rd"}, "n", 42))
		log.Error("typed", "n", 7, "ok", true, "list", []string{secret})
		out := buf.String()
		if strings.Contains(out, secret) || strings.Contains(out, "pw0rd") {
			t.Errorf("%s: a secret reached the log:\n%s", name, out)
		}
		if n := strings.Count(out, Mask); n != 6 {
			t.Errorf("%s: %d masks, want 6 (message, error, With, wrapped error, stringer in a group, list)\n%s", name, n, out)
		}
		for _, want := range []string{"n=42", "n=7", "ok=true"} {
			if name == "json" {
				want = `"` + strings.Replace(want, "=", `":`, 1)
			}
			if !strings.Contains(out, want) {
				t.Errorf("%s: %s lost its type or value:\n%s", name, want, out)
			}
		}
	}
}

func TestHandlerWithoutSecretsIsTheHandler(t *testing.T) {
	h := slog.NewTextHandler(&bytes.Buffer{}, nil)
	if Handler(h, "", " ") != slog.Handler(h) {
		t.Error("Handler with only empty secrets wraps the handler")
	}
}
