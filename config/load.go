package config

import (
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"
)

// loader reads variables and collects every problem instead of stopping at
// the first.
type loader struct {
	getenv   func(string) string
	problems []string
}

func (l *loader) problem(format string, args ...any) {
	l.problems = append(l.problems, fmt.Sprintf(format, args...))
}

func (l *loader) str(name, def string) string {
	if v := strings.TrimSpace(l.getenv(name)); v != "" {
		return v
	}
	return def
}

func (l *loader) token(required bool) string {
	v := strings.TrimSpace(l.getenv("DISCORD_TOKEN"))
	switch {
	case v == "" && required:
		l.problem("DISCORD_TOKEN is not set: copy the bot token from the Discord developer portal (Bot page) into .env")
	case strings.ContainsAny(v, " \t\n") && !strings.HasPrefix(v, "Bot "):
		l.problem("DISCORD_TOKEN contains spaces: paste the token alone, without quotes or other words")
	}
	return v
}

func (l *loader) snowflake(name string) string {
	v := l.str(name, "")
	if v == "" {
		return ""
	}
	if len(v) < 15 || len(v) > 20 || strings.Trim(v, "0123456789") != "" {
		l.problem("%s=%q is not a Discord id: enable Developer Mode, right-click the server and Copy Server ID", name, v)
		return ""
	}
	return v
}

func (l *loader) origin(name, def string) *url.URL {
	v := l.str(name, def)
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" ||
		strings.Trim(u.Path, "/") != "" || u.RawQuery != "" {
		l.problem("%s=%q is not an origin: write scheme and host only, like %s", name, v, def)
		return nil
	}
	u.Path = ""
	return u
}

func (l *loader) duration(name string, def, lo, hi time.Duration) time.Duration {
	v := l.str(name, "")
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	switch {
	case err != nil:
		l.problem("%s=%q is not a duration: write it like 2s or 1500ms", name, v)
	case d < lo || d > hi:
		l.problem("%s=%s is out of range: use between %v and %v", name, v, lo, hi)
	default:
		return d
	}
	return def
}

func (l *loader) choice(name, def string, options ...string) string {
	v := strings.ToLower(l.str(name, def))
	for _, o := range options {
		if v == o {
			return v
		}
	}
	l.problem("%s=%q is not one of %s", name, v, strings.Join(options, ", "))
	return def
}

func (l *loader) level(name string) slog.Level {
	v := l.str(name, "info")
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(v)); err != nil {
		l.problem("%s=%q is not a log level: use debug, info, warn or error", name, v)
		return slog.LevelInfo
	}
	return lv
}
