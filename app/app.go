// Package app is sudokubot's process: one Main that wires the Discord bot,
// the big board's server (a Discord Activity) and the operations endpoint
// (health and metrics) from the configuration, runs them together and
// closes them. main reads the settings and picks what to run; the
// end-to-end tests run the same Main against the fake Discord.
package app

import (
	"context"
	"fmt"
	"log/slog"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"github.com/sudokubot/sudokubot/activity"
	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/commands"
	"github.com/sudokubot/sudokubot/config"
	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/internal/limit"
	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/store"
)

// Database is what the process needs of the database: the daily
// challenge's state, the stored games (and a player's latest, for the big
// board), a health check and a count of its errors. store.DB is one.
type Database interface {
	daily.Store
	activity.Games
	Ping(ctx context.Context) error
	Errors() uint64
	// Shared reports whether several processes may share the database
	// (PostgreSQL); it then carries word of the big board's rooms between
	// them (activity.Notifier).
	Shared() bool
	activity.Notifier
	// WatchSaves tells of every save of a stored game or room, whichever board or
	// process made it (activity.Watcher): the big board's pages hear of
	// them.
	activity.Watcher
	// Replays keeps interaction ids for every process (the HTTP
	// endpoint's guard against replays).
	bot.Replays
	// SessionKeys are the big board's session keys, kept in the database
	// for every process (when the configuration gives none).
	activity.SessionKeys
	// Links keeps variant puzzles' links for the buttons under a reply
	// about one.
	commands.Links
}

var (
	_ Database         = (*store.DB)(nil)
	_ activity.OAuth   = (*bot.REST)(nil)
	_ activity.Discord = (*bot.REST)(nil)
)

// pictureMemory bounds the memory of the pictures read at once: two of
// the costliest a read may take (picture.MaxMemory each), or many photos.
const pictureMemory = 2 * picture.MaxMemory

// Main is one bot process. Make it with Open (or New, on a database of
// your own), change what New wired if need be, then Run it and Close it.
type Main struct {
	// Config is the configuration the process was wired from; Run reads
	// its addresses (MetricsAddr, ActivityAddr).
	Config config.Config
	// Log is the process's logger (Logger's, which redacts the secrets).
	Log *slog.Logger
	// Options are the bot's, as New wired them: Run makes the bot of them.
	Options bot.Options
	// Metrics are the series the operations endpoint serves; the bot, the
	// commands and the big board report to them.
	Metrics *bot.Metrics
	// Activity is the big board's server, served on Config.ActivityAddr;
	// nil when that is unset.
	Activity *activity.Server

	db      Database     // nil: no database
	closeDB func() error // what Close closes: the database Open opened

	bot       atomic.Pointer[bot.Bot] // made by Run
	opsShared atomic.Bool             // the operations endpoint is on the interactions endpoint's address
	opsAddr   atomic.Value            // string: where the operations endpoint listens, on its own
	actAddr   atomic.Value            // string: where the Activity is served
}

// New returns the process for cfg on db, logging to log, which should
// redact secrets (Logger's does): every command with what it needs, the
// metrics they report to, the database's health check and error count,
// the daily posts when this process makes them (cfg.DailyPosts), and the
// big board when cfg.ActivityAddr is set. A nil db leaves out the daily
// challenge and the board's games. It opens and connects nothing: Run
// does. main and the end-to-end tests both make the process with it, so
// the tests run the wiring that runs in production.
func New(cfg config.Config, log *slog.Logger, db Database) *Main {
	m := &Main{Config: cfg, Log: log, Metrics: bot.NewMetrics(), db: db}
	deps := commands.Deps{Meter: m.Metrics, SolveTimeout: cfg.SolveTimeout, GenerateTimeout: cfg.GenerateTimeout, VariantTimeout: cfg.VariantTimeout, DefaultFormat: cfg.DefaultFormat,
		DarkImages: cfg.ImageTheme == "dark", Log: log, Renders: render.NewCache(256), Pictures: bot.NewPictures(cfg.APIURL),
		Reader:  picture.NewReader(pictureMemory),
		Puzzles: bot.NewSudokuPad(bot.SudokuPadOptions{BaseURL: cfg.SudokuPadURL, Metrics: m.Metrics, Log: log}),
		Launch:  cfg.ActivityAddr != ""}
	m.Options = bot.Options{Token: cfg.Token, GuildID: cfg.GuildID, APIURL: cfg.APIURL, Log: log,
		ShardID: cfg.ShardID, ShardCount: cfg.ShardCount, InteractionsAddr: cfg.InteractionsAddr,
		PublicKey: cfg.PublicKey, Metrics: m.Metrics, Slots: limit.NewSlots(heavySlots())}
	var svc *daily.Service
	if db != nil {
		svc = daily.New(db, log)
		deps.Daily, deps.Games, m.Options.Prepare, m.Options.Replays = svc, db, svc.Ready, db
		deps.Links = db
		m.Metrics.CountDatabaseErrors(db.Errors)
		if cfg.DailyPosts {
			m.Options.Schedule = &bot.Schedule{Daily: svc, Post: deps.DailyPost, Remind: deps.DailyReminder, Every: cfg.DailyPoll}
		}
	}
	if cfg.ActivityAddr != "" {
		m.Activity = activity.New(m.activityConfig(db, svc))
	}
	m.Options.Commands = commands.All(deps)
	return m
}

// heavySlots is how much heavy work (puzzles made, hints searched,
// pictures read) runs at once, on every face together: twice the CPUs.
func heavySlots() int { return 2 * runtime.GOMAXPROCS(0) }

// activityConfig is the big board's configuration: its Discord calls go
// through the process's one client for them (bot.REST), and its games are
// on db and svc when there is a database.
func (m *Main) activityConfig(db Database, svc *daily.Service) activity.Config {
	cfg := m.Config
	discord := bot.NewREST(bot.RESTOptions{Token: cfg.Token, ClientID: cfg.ClientID, ClientSecret: cfg.ClientSecret,
		APIURL: cfg.APIURL, Metrics: m.Metrics, Log: m.Log})
	act := activity.Config{ClientID: cfg.ClientID, OAuth: discord, Discord: discord, Log: m.Log, Meter: m.Metrics,
		SolveTimeout: cfg.SolveTimeout, GenerateTimeout: cfg.GenerateTimeout, MaxSockets: cfg.ActivityMaxSockets, MaxUserSockets: cfg.ActivityMaxUserSockets,
		Slots: m.Options.Slots} // the board's heavy work waits in the commands' slots
	if len(cfg.SessionKeys) > 0 {
		act.SessionKeys = activity.FixedKeys(cfg.SessionKeys)
	}
	if db != nil { // without it, the page signs in and says the board needs the database
		act.Games, act.Daily, act.Watcher = db, svc, db
		if act.SessionKeys == nil {
			act.SessionKeys = db
		}
		if db.Shared() {
			act.Notifier = db
		}
	}
	return act
}

// Open opens the database cfg names (DATABASE_URL: a SQLite file by
// default, PostgreSQL for several processes), waiting for it up to 30
// seconds, and returns the process wired on it by New; Close closes the
// database. It logs the database it opened, or why it could not.
func Open(ctx context.Context, cfg config.Config, log *slog.Logger) (*Main, error) {
	openCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
	st, err := store.Open(openCtx, cfg.DatabaseURL)
	cancel()
	if err != nil {
		log.Error("cannot open the database", "kind", dbKind(cfg.DatabaseURL), "err", err)
		return nil, fmt.Errorf("app: open the database: %w", err)
	}
	st.OpenPool(ctx)
	log.Info("database ready", "kind", st.Kind())
	m := New(cfg, log, st)
	m.closeDB = st.Close
	return m, nil
}

// dbKind names the database a DATABASE_URL points at, for logs.
func dbKind(url string) string {
	if strings.HasPrefix(url, "postgres") {
		return "postgres"
	}
	return "sqlite"
}

// Close closes what Open opened: the database. Call it once Run has
// returned.
func (m *Main) Close() error {
	if m.closeDB == nil {
		return nil
	}
	return m.closeDB()
}
