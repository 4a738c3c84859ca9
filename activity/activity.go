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
	"errors"
	"io"
	"log/slog"
	"math"
	"net/http"
	"runtime"
	"strconv"
	"strings"
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

// tokenReply is what the page gets for its code: Discord's access token
// (the SDK's authenticate wants it), our session token, and who signed in.
type tokenReply struct {
	AccessToken string `json:"access_token"`
	Session     string `json:"session"`
	User        User   `json:"user"`
}

// postToken exchanges the code the SDK's authorize gave the page for
// Discord's access token, learns who the user is from /users/@me, and
// hands the page a session token of our own. Sign-ins are limited per
// client address and overall: each costs requests to Discord.
func (s *Server) postToken(w http.ResponseWriter, r *http.Request) {
	if wait, ok := s.signIns.allow(clientAddress(r)); !ok {
		s.cfg.Meter.BoardSignIn("limited")
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
		writeProblem(w, http.StatusTooManyRequests, tooManySignIns)
		return
	}
	var body struct {
		Code     string `json:"code"`
		Instance string `json:"instance"` // the SDK's instanceId: where the Activity runs
	}
	if err := json.NewDecoder(io.LimitReader(r.Body, 4<<10)).Decode(&body); err != nil || body.Code == "" {
		writeProblem(w, http.StatusBadRequest, "The sign-in request is missing its code. Close the Activity and open it again.")
		return
	}
	if body.Instance == "" { // only a hand-made client names none: refused before the code is spent
		s.cfg.Meter.BoardSignIn("refused")
		writeProblem(w, http.StatusBadRequest, noInstance)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), discordWait)
	defer cancel()
	keys, err := s.keyring.get(ctx, keysFresh) // before the code is spent
	if err != nil {
		s.keysFailed(w, err)
		return
	}
	access, seat, err := s.signIn(ctx, body.Code, body.Instance)
	if err != nil {
		s.signInFailed(w, seat, err)
		return
	}
	s.cfg.Meter.BoardSignIn("ok")
	writeJSON(w, tokenReply{AccessToken: access, Session: issue(keys[0], seat, s.cfg.Now().Add(sessionLife)), User: seat.User})
}

// noInstance is what a sign-in that names no Activity instance reads.
const noInstance = "The sign-in names no Activity. Open Sudoku from Discord: start it from the app launcher in a channel or DM."

// keysUnread is what the page reads when the session keys could not be
// read (from the database).
const keysUnread = "I can't reach my database right now, so I cannot check your sign-in. Try again in a moment."

// keysFailed answers a request whose session keys could not be read.
func (s *Server) keysFailed(w http.ResponseWriter, err error) {
	s.cfg.Log.Error("activity: no session keys", "err", err)
	writeProblem(w, http.StatusServiceUnavailable, keysUnread)
}

// What the page is told when it signs in too often, or Discord asked the
// server to wait.
const (
	tooManySignIns = "Too many sign-ins just now. Try again in a moment."
	discordBusy    = "Discord asked me to wait. Try again in a moment."
)

// signIn exchanges a code and checks the user's place in an instance: it
// returns Discord's access token and the seat.
func (s *Server) signIn(ctx context.Context, code, instance string) (string, Seat, error) {
	var seat Seat
	access, err := s.cfg.OAuth.Exchange(ctx, code)
	if err == nil {
		seat.User, err = s.whoIs(ctx, access)
	}
	if err == nil {
		seat.Guild, seat.Instance, seat.Channel, err = s.placeOf(ctx, instance, seat.User.ID, time.Time{})
	}
	return access, seat, err
}

// signInFailed answers a sign-in that did not go through with a sentence
// for the page, and logs what Discord said (never a code or a token).
func (s *Server) signInFailed(w http.ResponseWriter, seat Seat, err error) {
	status := discordStatus(err)
	switch {
	case errors.Is(err, errNotInInstance):
		s.cfg.Meter.BoardSignIn("refused")
		writeProblem(w, http.StatusForbidden, seat.words().Text(notInActivity))
	case discordWaits(err):
		s.cfg.Meter.BoardSignIn("failed")
		s.cfg.Log.Warn("activity sign-in put off: Discord asked to wait")
		writeProblem(w, http.StatusServiceUnavailable, discordBusy)
	case status != 0 && status < 500:
		s.cfg.Meter.BoardSignIn("refused")
		s.cfg.Log.Warn("activity sign-in refused by Discord", "status", status, "err", err)
		writeProblem(w, http.StatusUnauthorized, "Discord did not accept the sign-in. Close the Activity and open it again.")
	default:
		s.cfg.Meter.BoardSignIn("failed")
		s.cfg.Log.Error("activity sign-in failed", "err", err)
		writeProblem(w, http.StatusBadGateway, "Discord did not answer the sign-in. Try again in a moment.")
	}
}

// whoIs returns the user an access token belongs to.
func (s *Server) whoIs(ctx context.Context, access string) (User, error) {
	id, name, avatar, locale, err := s.cfg.OAuth.User(ctx, access)
	if err != nil {
		return User{}, err
	}
	return User{ID: id, Name: name, Avatar: avatar, Locale: locale}, nil
}

// getConfig tells the page what it needs before signing in: the
// application's client id, for the SDK.
func (s *Server) getConfig(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, map[string]string{"client_id": s.cfg.ClientID})
}

// getMe returns the signed-in user: what the page asks to check its
// session.
func (s *Server) getMe(w http.ResponseWriter, r *http.Request) {
	seat, ok := s.signedIn(w, r)
	if ok {
		writeJSON(w, seat.User)
	}
}

// signedIn returns the seat of the request's session token (Authorization:
// Bearer), or answers 401 and reports false. Nothing that touches a game
// runs without it.
func (s *Server) signedIn(w http.ResponseWriter, r *http.Request) (Seat, bool) {
	token, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	seat, err := s.session(r.Context(), token)
	switch {
	case errors.Is(err, errSession):
		writeProblem(w, http.StatusUnauthorized, sessionEnded)
	case err != nil:
		s.keysFailed(w, err)
	default:
		return seat, true
	}
	return Seat{}, false
}

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
