// Package redact keeps secrets out of logs: a slog.Handler that replaces
// each secret it was given, wherever it appears in a record (the message,
// every attribute value: strings, errors, anything formatted, in groups and
// in attributes added by WithAttrs), before the record is written.
package redact

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
)

// Mask is what a secret is replaced with.
const Mask = "[redacted]"

// Handler returns a handler that writes through h with every non-empty
// secret replaced by Mask. With no secret it returns h itself.
func Handler(h slog.Handler, secrets ...string) slog.Handler {
	var pairs []string
	for _, s := range secrets {
		if s = strings.TrimSpace(s); s != "" {
			pairs = append(pairs, s, Mask)
		}
	}
	if len(pairs) == 0 {
		return h
	}
	return &handler{next: h, r: strings.NewReplacer(pairs...)}
}

type handler struct {
	next slog.Handler
	r    *strings.Replacer
}

func (h *handler) Enabled(ctx context.Context, l slog.Level) bool { return h.next.Enabled(ctx, l) }

func (h *handler) Handle(ctx context.Context, rec slog.Record) error {
	out := slog.NewRecord(rec.Time, rec.Level, h.r.Replace(rec.Message), rec.PC)
	rec.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(h.attr(a))
		return true
	})
	return h.next.Handle(ctx, out)
}

func (h *handler) WithAttrs(as []slog.Attr) slog.Handler {
	clean := make([]slog.Attr, len(as))
	for i, a := range as {
		clean[i] = h.attr(a)
	}
	return &handler{next: h.next.WithAttrs(clean), r: h.r}
}

func (h *handler) WithGroup(name string) slog.Handler {
	return &handler{next: h.next.WithGroup(name), r: h.r}
}

// attr returns a with its value redacted; a value with no secret in it is
// kept as it was, so numbers and times stay typed.
func (h *handler) attr(a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, h.r.Replace(v.String()))
	case slog.KindGroup:
		group := v.Group()
		clean := make([]any, len(group))
		for i, g := range group {
			clean[i] = h.attr(g)
		}
		return slog.Group(a.Key, clean...)
	case slog.KindAny:
		text := fmt.Sprintf("%+v", v.Any())
		if err, ok := v.Any().(error); ok {
			text = err.Error()
		}
		if clean := h.r.Replace(text); clean != text {
			return slog.String(a.Key, clean)
		}
	}
	return slog.Attr{Key: a.Key, Value: v}
}
