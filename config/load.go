package config

import (
	"crypto/ed25519"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"strconv"
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

// secureOrigin reads an origin that must be https, but for one on this
// machine (localhost, 127.0.0.1, ::1), which may be http.
func (l *loader) secureOrigin(name, def string) *url.URL {
	n := len(l.problems)
	u := l.origin(name, def)
	if len(l.problems) > n || u.Scheme == "https" {
		return u
	}
	if h := u.Hostname(); h == "localhost" || h == "127.0.0.1" || h == "::1" {
		return u
	}
	l.problem("%s=%q is plain http: use https (http only for localhost or 127.0.0.1), like %s", name, u.String(), def)
	return nil
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

// count reads an optional whole number between lo and hi.
func (l *loader) count(name string, def, lo, hi int) int {
	v := l.str(name, "")
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		l.problem("%s=%q is not a whole number from %d to %d", name, v, lo, hi)
		return def
	}
	return n
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

// shard reads SHARD_ID and SHARD_COUNT: both or neither, 0 ≤ id < count.
func (l *loader) shard() (id, count int) {
	idText, countText := l.str("SHARD_ID", ""), l.str("SHARD_COUNT", "")
	if idText == "" && countText == "" {
		return 0, 1
	}
	id, err1 := strconv.Atoi(idText)
	count, err2 := strconv.Atoi(countText)
	switch {
	case idText == "" || countText == "":
		l.problem("SHARD_ID and SHARD_COUNT go together: set both (SHARD_ID from 0 to SHARD_COUNT-1) or neither")
	case err1 != nil || err2 != nil || count < 1 || id < 0 || id >= count:
		l.problem("SHARD_ID=%q SHARD_COUNT=%q: need whole numbers with 0 ≤ SHARD_ID < SHARD_COUNT", idText, countText)
	default:
		return id, count
	}
	return 0, 1
}

// addr reads an optional host:port to listen on (":9090" for every
// interface).
func (l *loader) addr(name string) string {
	v := l.str(name, "")
	if v == "" {
		return ""
	}
	if _, port, err := net.SplitHostPort(v); err != nil || port == "" {
		l.problem("%s=%q is not an address to listen on: write host:port, like :9090 or 127.0.0.1:9090", name, v)
		return ""
	}
	return v
}

// interactions reads INTERACTIONS_ADDR and DISCORD_PUBLIC_KEY, which go
// together: an endpoint that cannot check signatures must not run.
func (l *loader) interactions() (string, ed25519.PublicKey) {
	addrText, keyText := l.str("INTERACTIONS_ADDR", ""), l.str("DISCORD_PUBLIC_KEY", "")
	if addrText == "" && keyText == "" {
		return "", nil
	}
	addr := l.addr("INTERACTIONS_ADDR")
	key, err := hex.DecodeString(keyText)
	switch {
	case addrText == "":
		l.problem("DISCORD_PUBLIC_KEY is set but INTERACTIONS_ADDR is not: set both to serve interactions over HTTP, or neither")
	case keyText == "":
		l.problem("INTERACTIONS_ADDR needs DISCORD_PUBLIC_KEY: copy the Public Key from the developer portal (General Information)")
	case err != nil || len(key) != ed25519.PublicKeySize:
		l.problem("DISCORD_PUBLIC_KEY is not a public key: paste the 64 hex characters of the Public Key from the developer portal")
	case addr != "":
		return addr, ed25519.PublicKey(key)
	}
	return "", nil
}

// activity reads ACTIVITY_ADDR, DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET,
// which go together: the Activity cannot sign anyone in without the
// application's OAuth2 credentials.
func (l *loader) activity() (addr, clientID, secret string) {
	addrText, secret := l.str("ACTIVITY_ADDR", ""), l.str("DISCORD_CLIENT_SECRET", "")
	clientID = l.str("DISCORD_CLIENT_ID", "")
	if addrText == "" && clientID == "" && secret == "" {
		return "", "", ""
	}
	addr = l.addr("ACTIVITY_ADDR")
	switch {
	case addrText == "":
		l.problem("DISCORD_CLIENT_ID or DISCORD_CLIENT_SECRET is set but ACTIVITY_ADDR is not: set all three to serve the big board, or none")
	case clientID == "" || secret == "":
		l.problem("ACTIVITY_ADDR needs DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET: copy the Client ID and Client Secret from the developer portal (OAuth2)")
	case len(clientID) < 15 || len(clientID) > 20 || strings.Trim(clientID, "0123456789") != "":
		l.problem("DISCORD_CLIENT_ID=%q is not an application id: copy the Client ID from the developer portal (OAuth2)", clientID)
	case addr != "":
		return addr, clientID, secret
	}
	return "", "", ""
}

// MinSessionKey is the shortest session key accepted, in bytes: 256 bits.
const MinSessionKey = 32

// sessionKeys reads ACTIVITY_SESSION_KEY and, during a rotation,
// ACTIVITY_SESSION_KEY_PREVIOUS: hex keys of at least 256 bits. The values
// are never repeated in a problem.
func (l *loader) sessionKeys() (keys [][]byte, text []string) {
	for _, name := range []string{"ACTIVITY_SESSION_KEY", "ACTIVITY_SESSION_KEY_PREVIOUS"} {
		v := l.str(name, "")
		if v == "" {
			continue
		}
		key, err := hex.DecodeString(v)
		if err != nil || len(key) < MinSessionKey {
			l.problem("%s is not a key of 256 bits: write at least 64 hex characters, such as `openssl rand -hex 32` prints", name)
			continue
		}
		keys, text = append(keys, key), append(text, v)
	}
	if len(keys) > 0 && l.str("ACTIVITY_SESSION_KEY", "") == "" {
		l.problem("ACTIVITY_SESSION_KEY_PREVIOUS is set but ACTIVITY_SESSION_KEY is not: the previous key only verifies; set the new one too")
		return nil, nil
	}
	return keys, text
}
