// Package activity serves the big board, a Discord Activity: the web page
// Discord opens inside a channel or DM, the exchange of the code its SDK
// gets for a session of our own, and the game over a WebSocket.
// It imports no Discord library and builds no Discord request: what it
// asks of Discord goes through Config.OAuth and Config.Discord, which the
// process's Discord client (bot.REST) implements.
package activity

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"runtime"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/internal/limit"
	"github.com/sudokubot/sudokubot/play"
	"github.com/sudokubot/sudokubot/room"
)

// Config is what the Activity's server needs.
type Config struct {
	// ClientID is the application's id, which the page's SDK needs.
	ClientID string
	// OAuth signs players in with Discord; nil fails every sign-in.
	OAuth OAuth
	// Discord asks, with the bot's token, where an Activity instance was
	// launched and who is in it, and posts in its channel; nil checks
	// nothing and posts nothing (a bot configured without its token).
	Discord Discord
	// Log receives what went wrong on Discord's side, without tokens.
	Log *slog.Logger
	// Now is the clock; time.Now when nil.
	Now func() time.Time
	// Games are the stored games the button board plays too; nil leaves
	// the board out (a bot without a database).
	Games Games
	// Daily is the daily challenge the buttons play; nil leaves it out.
	Daily *daily.Service
	// Meter takes the board's measures (sockets, messages, sign-ins); nil
	// measures nothing.
	Meter Meter
	// LeaveAfter is how long after a player's page of a room disconnects
	// the server asks Discord whether they left the Activity (then they
	// leave the room); 10 s when 0.
	LeaveAfter time.Duration
	// Notifier carries word of the rooms' changes between processes that
	// share a database (store.DB on PostgreSQL); nil keeps it in this
	// process (SQLite: one process).
	Notifier Notifier
	// Watcher tells of every save of a stored game, by any board or
	// process (store.DB: on PostgreSQL the word goes with the save, in one
	// statement); with it a room's change reaches its players even when
	// the process that saved it dies at once. nil: the process that saves
	// a room tells of it.
	Watcher Watcher
	// MaxSockets bounds the pages' WebSockets open at once, signed in or
	// not (ACTIVITY_MAX_SOCKETS); 0 takes DefaultMaxSockets. MaxUserSockets
	// bounds one player's (ACTIVITY_MAX_USER_SOCKETS); 0 takes 5.
	MaxSockets, MaxUserSockets int
	// Slots are the heavy work's slots (puzzles made, hints searched),
	// shared with the bot's heavy commands; nil makes WorkSlots of the
	// board's own (0 takes the CPUs Go uses).
	Slots     *limit.Slots
	WorkSlots int
	// SolveTimeout bounds a hint's search (SOLVE_TIMEOUT; 2 s when 0);
	// GenerateTimeout making a puzzle (GENERATE_TIMEOUT; 5 s when 0).
	SolveTimeout, GenerateTimeout time.Duration
	// SessionKeys sign the sessions (FixedKeys from the configuration, or
	// the shared database's); nil makes a key for this process alone.
	SessionKeys SessionKeys
}

// Games is what the big board needs of the stored games: the button
// board's store, a player's latest games, and the rooms.
type Games interface {
	game.Store
	room.Store
	// RecentGames returns the puzzles (Key.Puzzle) of a player's games,
	// the most recently played first, at most limit.
	RecentGames(ctx context.Context, user string, limit int) ([]string, error)
}

// sessionLife is how long a session token is good: a player who keeps the
// Activity open longer signs in again, which the page does by itself.
const sessionLife = 12 * time.Hour

// discordWait bounds each request to Discord.
const discordWait = 10 * time.Second

// Server is the Activity's HTTP side.
type Server struct {
	cfg       Config
	keyring   *keyring // the keys sessions are signed with
	mux       *http.ServeMux
	sockets   *sockets
	hub       *hub
	instances instances // Discord's latest answers about instances
	signIns   *signIns  // the sign-ins' limits
	pace      *pacer    // each player's turns
	work      *work     // the heavy work's slots and shares
	games     play.Service
}

// New returns the Activity's server for cfg.
func New(cfg Config) *Server {
	if cfg.OAuth == nil {
		cfg.OAuth = noOAuth{}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Meter == nil {
		cfg.Meter = noMeter{}
	}
	if cfg.LeaveAfter <= 0 {
		cfg.LeaveAfter = 10 * time.Second
	}
	if cfg.MaxSockets <= 0 {
		cfg.MaxSockets = DefaultMaxSockets()
	}
	if cfg.WorkSlots <= 0 {
		cfg.WorkSlots = runtime.GOMAXPROCS(0)
	}
	if cfg.Slots == nil {
		cfg.Slots = limit.NewSlots(cfg.WorkSlots)
	}
	if cfg.MaxUserSockets <= 0 {
		cfg.MaxUserSockets = defaultUserSockets
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if cfg.SolveTimeout <= 0 {
		cfg.SolveTimeout = 2 * time.Second
	}
	if cfg.GenerateTimeout <= 0 {
		cfg.GenerateTimeout = 5 * time.Second
	}
	s := &Server{cfg: cfg, keyring: newKeyring(cfg.SessionKeys, cfg.Now), mux: http.NewServeMux(),
		signIns: newSignIns(cfg.Now), pace: newPacer(messageEvery),
		sockets: newSockets(cfg.MaxSockets, cfg.MaxUserSockets), work: newWork(cfg.Slots, cfg.Now)}
	s.hub = newHub(cfg.Notifier, cfg.Watcher, cfg.Log, s)
	s.games = play.Service{Games: cfg.Games, RoomStore: cfg.Games, Daily: cfg.Daily, Now: cfg.Now, SolveTimeout: cfg.SolveTimeout,
		GenerateTimeout: cfg.GenerateTimeout, Work: s.work, Events: s.hub}
	files := loadAssets()
	s.mux.HandleFunc("GET /{$}", files.serveIndex)
	s.mux.HandleFunc("GET /assets/{name}", files.serveAsset)
	s.mux.HandleFunc("GET /api/config", s.getConfig)
	s.mux.HandleFunc("POST /api/token", s.postToken)
	s.mux.HandleFunc("GET /api/me", s.getMe)
	s.mux.HandleFunc("GET /api/games", s.getGames)
	s.mux.HandleFunc("GET /api/words", s.getWords)
	s.mux.HandleFunc("GET /api/play", s.servePlay)
	return s
}

// ServeHTTP serves the Activity.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// problem is an error as the page gets it: a sentence to show.
type problem struct {
	Message string `json:"message"`
}

func writeProblem(w http.ResponseWriter, status int, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(problem{Message: message})
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}
