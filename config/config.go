// Package config reads sudokubot's settings from environment variables into
// typed values. It reads nothing itself: Load takes a getenv function, so
// main decides where values come from (.env and the environment) and tests
// pass a map.
package config

import (
	"crypto/ed25519"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"
)

// Config holds every setting, parsed and checked.
type Config struct {
	// Token is the bot token (DISCORD_TOKEN), without checking its prefix.
	// It must never be logged or shown.
	Token string
	// GuildID, when set, registers commands in that one server only, which
	// takes effect at once (DISCORD_GUILD_ID).
	GuildID string
	// APIURL is the origin REST requests go to (DISCORD_API_URL).
	APIURL *url.URL
	// SudokuPadURL is the origin of SudokuPad's API, which resolves the
	// short ids of SudokuPad links (SUDOKUPAD_URL): https, or http on
	// this machine (a test's fake, a local mirror).
	SudokuPadURL *url.URL
	// DatabaseURL is a SQLite file path or a postgres:// URL (DATABASE_URL).
	DatabaseURL string
	// SolveTimeout bounds one solve, and a hint's search, on every face
	// (SOLVE_TIMEOUT).
	SolveTimeout time.Duration
	// GenerateTimeout bounds making one puzzle, on every face
	// (GENERATE_TIMEOUT).
	GenerateTimeout time.Duration
	// VariantTimeout bounds solving a variant puzzle from a link, and
	// finding its true candidates (VARIANT_TIMEOUT).
	VariantTimeout time.Duration
	// DefaultFormat is how /solve answers when not told: image, text or both
	// (DEFAULT_FORMAT).
	DefaultFormat string
	// ImageTheme is the theme of images in replies: dark (Discord's
	// default look) or light (IMAGE_THEME).
	ImageTheme string
	// LogLevel is the least severe level logged (LOG_LEVEL).
	LogLevel slog.Level
	// ShardID and ShardCount split the bot's servers between processes,
	// one gateway shard each (SHARD_ID, SHARD_COUNT; default 0 of 1).
	ShardID, ShardCount int
	// MetricsAddr, when set, is the host:port of GET /healthz and GET
	// /metrics (METRICS_ADDR).
	MetricsAddr string
	// DailyPosts says whether this bot process makes the daily posts
	// (DAILY_POSTS=on, the default, or off when `sudokubot scheduler` does).
	DailyPosts bool
	// DailyPoll is how often the scheduler looks for due posts
	// (DAILY_POLL, default 30s).
	DailyPoll time.Duration
	// InteractionsAddr, when set, is the host:port where the bot serves
	// POST /interactions instead of connecting to the gateway
	// (INTERACTIONS_ADDR); PublicKey checks their signatures
	// (DISCORD_PUBLIC_KEY, the application's key in hex).
	InteractionsAddr string
	PublicKey        ed25519.PublicKey
	// ActivityAddr, when set, is the host:port where the bot serves the
	// big board, a Discord Activity (ACTIVITY_ADDR; Discord's URL mapping
	// points at it). ClientID and ClientSecret are the application's OAuth2
	// credentials, which its sign-in needs (DISCORD_CLIENT_ID,
	// DISCORD_CLIENT_SECRET); the secret must never be logged or shown.
	ActivityAddr, ClientID, ClientSecret string
	// ActivityMaxSockets bounds the big board's WebSockets open at once
	// (ACTIVITY_MAX_SOCKETS; 0, the default, takes half the process's
	// descriptor limit less 256, at most 10,000), ActivityMaxUserSockets
	// one player's (ACTIVITY_MAX_USER_SOCKETS, default 5).
	ActivityMaxSockets, ActivityMaxUserSockets int
	// SessionKeys sign the big board's sessions, the first signs and
	// every one verifies (ACTIVITY_SESSION_KEY, then
	// ACTIVITY_SESSION_KEY_PREVIOUS during a rotation; each at least 64
	// hex characters, 256 bits). Empty: the database keeps the key. They
	// must never be logged or shown.
	SessionKeys [][]byte
	// sessionKeyText is the keys as written, for Secrets.
	sessionKeyText []string
}

// Defaults for settings that may be left unset.
const (
	DefaultAPIURL       = "https://discord.com"
	DefaultSudokuPadURL = "https://sudokupad.app"
	DefaultDatabaseURL  = "sudokubot.db"
	DefaultSolveTimeout = 2 * time.Second
	// DefaultGenerateTimeout leaves an extreme puzzle time to be made.
	DefaultGenerateTimeout = 5 * time.Second
	// DefaultVariantTimeout leaves a hard variant time to be answered.
	DefaultVariantTimeout = 10 * time.Second
	DefaultFormatName     = "image"
)

// Limits on SOLVE_TIMEOUT: shorter cannot solve hard puzzles; longer keeps
// people waiting and holds a solve slot.
const (
	MinSolveTimeout = 10 * time.Millisecond
	MaxSolveTimeout = time.Minute
)

// Error lists every problem found in the configuration.
type Error struct{ Problems []string }

// Error returns the problems, one per line.
func (e *Error) Error() string {
	head := "configuration has 1 problem:"
	if len(e.Problems) > 1 {
		head = fmt.Sprintf("configuration has %d problems:", len(e.Problems))
	}
	return head + "\n  - " + strings.Join(e.Problems, "\n  - ")
}

// Load reads the settings through getenv. requireToken says whether
// DISCORD_TOKEN must be set (it must to run the bot, not for the command
// line). It returns the config, or an *Error naming every problem at once
// with the variable and how to fix it. It never includes the token's value.
func Load(getenv func(string) string, requireToken bool) (Config, error) {
	l := loader{getenv: getenv}
	c := Config{
		Token:           l.token(requireToken),
		GuildID:         l.snowflake("DISCORD_GUILD_ID"),
		APIURL:          l.origin("DISCORD_API_URL", DefaultAPIURL),
		SudokuPadURL:    l.secureOrigin("SUDOKUPAD_URL", DefaultSudokuPadURL),
		DatabaseURL:     l.str("DATABASE_URL", DefaultDatabaseURL),
		SolveTimeout:    l.duration("SOLVE_TIMEOUT", DefaultSolveTimeout, MinSolveTimeout, MaxSolveTimeout),
		GenerateTimeout: l.duration("GENERATE_TIMEOUT", DefaultGenerateTimeout, 100*time.Millisecond, MaxSolveTimeout),
		VariantTimeout:  l.duration("VARIANT_TIMEOUT", DefaultVariantTimeout, 100*time.Millisecond, MaxSolveTimeout),
		DefaultFormat:   l.choice("DEFAULT_FORMAT", DefaultFormatName, "image", "text", "both"),
		ImageTheme:      l.choice("IMAGE_THEME", "dark", "dark", "light"),
		LogLevel:        l.level("LOG_LEVEL"),
	}
	c.ShardID, c.ShardCount = l.shard()
	c.MetricsAddr = l.addr("METRICS_ADDR")
	c.DailyPosts = l.choice("DAILY_POSTS", "on", "on", "off") == "on"
	c.DailyPoll = l.duration("DAILY_POLL", 30*time.Second, time.Second, time.Hour)
	c.InteractionsAddr, c.PublicKey = l.interactions()
	c.ActivityAddr, c.ClientID, c.ClientSecret = l.activity()
	c.SessionKeys, c.sessionKeyText = l.sessionKeys()
	c.ActivityMaxSockets = l.count("ACTIVITY_MAX_SOCKETS", 0, 1, 1_000_000)
	c.ActivityMaxUserSockets = l.count("ACTIVITY_MAX_USER_SOCKETS", 5, 1, 100)
	if len(l.problems) > 0 {
		return Config{}, &Error{Problems: l.problems}
	}
	return c, nil
}

// Secrets returns what must never reach a log: the bot token, as given and
// without a "Bot " prefix, and the database's password, as it stands in
// DATABASE_URL ("user:password@") and, when it is long enough not to be an
// ordinary word ("postgres" is both a password and the database's name
// here), on its own.
func (c Config) Secrets() []string {
	out := []string{c.Token, strings.TrimPrefix(strings.TrimSpace(c.Token), "Bot ")}
	if c.ClientSecret != "" {
		out = append(out, c.ClientSecret)
	}
	out = append(out, c.sessionKeyText...)
	if u, err := url.Parse(c.DatabaseURL); err == nil && u.User != nil {
		if pw, ok := u.User.Password(); ok && pw != "" {
			out = append(out, u.User.String()+"@")
			if len(pw) >= minBarePassword {
				out = append(out, pw)
			}
		}
	}
	return out
}

// minBarePassword is the shortest database password redacted on its own.
const minBarePassword = 10
