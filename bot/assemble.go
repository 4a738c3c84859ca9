package bot

import (
	"context"
	"log/slog"

	"github.com/sudokubot/sudokubot/activity"
	"github.com/sudokubot/sudokubot/commands"
	"github.com/sudokubot/sudokubot/config"
	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/render"
)

// Database is what Assemble needs of the database: the daily challenge's
// state, the stored games (and a player's latest, for the big board), a
// health check and a count of its errors. store.DB is one.
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
	Replays
	// SessionKeys are the big board's session keys, kept in the database
	// for every process (when the configuration gives none).
	activity.SessionKeys
}

// Assemble returns the bot's options for cfg: every command with what it
// needs, the metrics they report to, the database's health check and
// error count, and the daily posts when this process makes them
// (cfg.DailyPosts). main and the end-to-end tests both build the bot with
// it, so the tests run the wiring that runs in production. log should
// redact secrets (main's does). A nil db leaves out the daily challenge
// and the board.
func Assemble(cfg config.Config, log *slog.Logger, db Database) Options {
	m := NewMetrics()
	deps := commands.Deps{Meter: m, SolveTimeout: cfg.SolveTimeout, DefaultFormat: cfg.DefaultFormat,
		DarkImages: cfg.ImageTheme == "dark", Log: log, Renders: render.NewCache(256), Pictures: NewPictures(cfg.APIURL),
		Reader: picture.NewReader(pictureMemory),
		Launch: cfg.ActivityAddr != ""}
	opt := Options{Token: cfg.Token, GuildID: cfg.GuildID, APIURL: cfg.APIURL, Log: log,
		ShardID: cfg.ShardID, ShardCount: cfg.ShardCount, OpsAddr: cfg.MetricsAddr, InteractionsAddr: cfg.InteractionsAddr,
		PublicKey: cfg.PublicKey, Metrics: m}
	var svc *daily.Service
	if db != nil {
		svc = daily.New(db, log)
		deps.Daily, deps.Games, opt.Prepare, opt.Health, opt.Replays = svc, db, svc.Ready, db.Ping, db
		m.CountDatabaseErrors(db.Errors)
		if cfg.DailyPosts {
			opt.Schedule = &Schedule{Daily: svc, Post: deps.DailyPost, Remind: deps.DailyReminder, Every: cfg.DailyPoll}
		}
	}
	if cfg.ActivityAddr != "" {
		act := activity.Config{ClientID: cfg.ClientID, ClientSecret: cfg.ClientSecret, BotToken: cfg.Token,
			APIURL: cfg.APIURL.String(), Log: log, Meter: m, SolveTimeout: cfg.SolveTimeout,
			MaxSockets: cfg.ActivityMaxSockets, MaxUserSockets: cfg.ActivityMaxUserSockets}
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
		opt.ActivityAddr, opt.Activity = cfg.ActivityAddr, activity.New(act)
	}
	opt.Commands = commands.All(deps)
	return opt
}
