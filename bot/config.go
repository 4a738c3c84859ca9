package bot

import (
	"context"
	"log/slog"

	"github.com/sudokubot/sudokubot/commands"
	"github.com/sudokubot/sudokubot/config"
	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/render"
)

// FromConfig builds the bot main runs: New(OptionsFrom(cfg, log, svc)).
func FromConfig(cfg config.Config, log *slog.Logger, svc *daily.Service) (*Bot, error) {
	return New(OptionsFrom(cfg, log, svc))
}

// OptionsFrom returns the options for every command of this build, wired
// to the settings in cfg; the tuning fields keep their defaults. With a
// daily service, /daily is served and this process makes the daily posts.
func OptionsFrom(cfg config.Config, log *slog.Logger, svc *daily.Service) Options {
	m := newMetrics()
	deps := commands.Deps{
		Meter:         m,
		SolveTimeout:  cfg.SolveTimeout,
		DefaultFormat: cfg.DefaultFormat,
		DarkImages:    cfg.ImageTheme == "dark",
		Log:           log,
		Daily:         svc,
		Renders:       render.NewCache(256),
	}
	opt := Options{Token: cfg.Token, GuildID: cfg.GuildID, APIURL: cfg.APIURL, Commands: commands.All(deps), Log: log,
		ShardID: cfg.ShardID, ShardCount: cfg.ShardCount, OpsAddr: cfg.MetricsAddr,
		InteractionsAddr: cfg.InteractionsAddr, PublicKey: cfg.PublicKey, metrics: m}
	if svc != nil && svc.Store != nil {
		opt.Prepare = svc.Ready
		if p, ok := svc.Store.(interface{ Ping(context.Context) error }); ok {
			opt.Health = p.Ping
		}
		if e, ok := svc.Store.(interface{ Errors() uint64 }); ok {
			m.countDatabaseErrors(e.Errors)
		}
	}
	if svc != nil && cfg.DailyPosts {
		opt.Schedule = &Schedule{Daily: svc, Post: deps.DailyPost, Every: cfg.DailyPoll}
	}
	return opt
}
