package app

import (
	"context"
	"log/slog"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/commands"
	"github.com/sudokubot/sudokubot/config"
)

// Run serves until ctx is done: the Activity, the operations endpoint,
// and the bot, on the gateway or, with Options.InteractionsAddr, on its
// HTTP endpoint (which then carries the operations endpoint too when
// Config.MetricsAddr is the same address). Then it stops the bot, which
// lets the interactions in flight finish, the operations endpoint and the
// Activity, in that order. It returns an error only when one of them
// cannot start.
func (m *Main) Run(ctx context.Context) error {
	shared := m.Config.MetricsAddr != "" && m.Config.MetricsAddr == m.Options.InteractionsAddr
	b, err := m.start(shared)
	if err != nil {
		return err
	}
	stopActivity, err := m.serveActivity()
	if err != nil {
		return err
	}
	defer stopActivity()
	if !shared {
		stopOps, err := m.serveOps()
		if err != nil {
			return err
		}
		defer stopOps()
	}
	return b.Run(ctx)
}

// RunScheduler makes the daily posts until ctx is done, with the
// operations endpoint but without a gateway session, an HTTP endpoint or
// the Activity: for deployments where interactions come over HTTP and one
// process (sudokubot scheduler) posts. New must have wired the posts
// (Config.DailyPosts).
func (m *Main) RunScheduler(ctx context.Context) error {
	b, err := m.start(false)
	if err != nil {
		return err
	}
	stopOps, err := m.serveOps()
	if err != nil {
		return err
	}
	defer stopOps()
	return b.RunScheduler(ctx)
}

// start makes the bot of Options, with the operations endpoint's routes
// on its HTTP endpoint when shared.
func (m *Main) start(shared bool) (*bot.Bot, error) {
	opt := m.Options
	if shared {
		opt.Routes = m.opsRoutes
	}
	b, err := bot.New(opt)
	if err != nil {
		return nil, err
	}
	m.opsShared.Store(shared)
	m.bot.Store(b)
	return b, nil
}

// InteractionsAddr returns the address the bot serves POST /interactions
// on, once Run has started it ("" before, or in gateway mode).
func (m *Main) InteractionsAddr() string {
	if b := m.bot.Load(); b != nil {
		return b.InteractionsAddr()
	}
	return ""
}

// OpsAddr returns the address the operations endpoint listens on, once
// Run has started it ("" before, or when it is off).
func (m *Main) OpsAddr() string {
	if m.opsShared.Load() {
		return m.InteractionsAddr()
	}
	a, _ := m.opsAddr.Load().(string)
	return a
}

// ActivityAddr returns the address the Activity is served on, once Run
// has started it ("" before, or when it is off).
func (m *Main) ActivityAddr() string {
	a, _ := m.actAddr.Load().(string)
	return a
}

// Register registers every command, /daily included, with one bulk
// overwrite over REST, and returns how many: no gateway connection and no
// database (sudokubot register, for deploys).
func Register(cfg config.Config, log *slog.Logger) (int, error) {
	b, err := bot.New(bot.Options{Token: cfg.Token, GuildID: cfg.GuildID, APIURL: cfg.APIURL, Log: log})
	if err != nil {
		return 0, err
	}
	defs := commands.Definitions()
	if err := b.Register(defs); err != nil {
		return 0, err
	}
	return len(defs), nil
}
