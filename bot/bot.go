// Package bot is sudokubot's Discord side: the gateway session or the HTTP
// interactions endpoint, command registration, one dispatcher for every
// interaction from either (rate limits, work slots, deferral, panic
// recovery), the daily posts' ticker, health, metrics and graceful
// shutdown, and the Discord calls the big board makes (REST). What to
// answer is the commands package's business; this package decides how and
// when. A transport only decides how an interaction's first callback
// travels (see call).
package bot

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/commands"
	"github.com/sudokubot/sudokubot/internal/limit"
)

// Options configures a Bot. app.New wires them from the configuration.
type Options struct {
	Token    string
	GuildID  string   // register commands in this guild only, when set
	APIURL   *url.URL // origin for REST calls; nil means discord.com
	Commands []commands.Command
	Log      *slog.Logger

	// DeferAfter is how long a handler may take before the bot sends a
	// deferred answer (default 1.5s; Discord allows 3s). AlwaysDefer,
	// below it, defers every answer, however quick (for tests of the
	// deferred path, which a tiny DeferAfter leaves to a race).
	DeferAfter  time.Duration
	AlwaysDefer bool
	// MaxConcurrent bounds heavy handlers running at once (default twice
	// the CPUs); others wait for a slot. Slots, when set, are the slots
	// instead, shared with the big board's heavy work.
	MaxConcurrent int
	Slots         *limit.Slots
	// RateBurst and RateInterval set each user's token bucket (default 5
	// at once, then one every 2s).
	RateBurst    int
	RateInterval time.Duration
	// ShutdownTimeout bounds the wait for interactions in flight (default 20s).
	ShutdownTimeout time.Duration
	// Now is the clock (default time.Now).
	Now func() time.Time
	// Schedule, when set, makes the daily posts from this process.
	Schedule *Schedule
	// ShardID and ShardCount, when ShardCount > 1, make this process one
	// gateway shard: Discord sends it the interactions of its servers only,
	// and it posts only for them. Shard 0 registers the commands.
	ShardID, ShardCount int
	// InteractionsAddr, when set, makes Run serve POST /interactions there
	// (Discord's HTTP interactions) instead of connecting to the gateway;
	// PublicKey checks the requests' signatures. Routes, when set, adds
	// the routes of an endpoint that shares the address (the operations
	// endpoint, when main serves it there).
	InteractionsAddr string
	PublicKey        ed25519.PublicKey
	Routes           func(mux *http.ServeMux)
	// Replays, when set, keeps the ids of interactions received over HTTP
	// for every process sharing it (the database); without it a replay is
	// caught only by the process that saw the original, until it restarts.
	Replays Replays
	// Prepare readies what the first interactions need (the daily
	// puzzles in use); Run calls it before it reports ready, and the
	// posting loop every round. Nil: nothing to prepare.
	Prepare func(ctx context.Context) error

	// Metrics are the series /metrics serves (nil: New makes them; make
	// them first to pass them to the commands as their Meter too).
	Metrics *Metrics
}

// Bot is a running sudokubot. Create it with New and start it with Run.
type Bot struct {
	opt      Options
	session  *discordgo.Session
	log      *slog.Logger
	commands map[string]commands.Command
	limiter  *limit.Buckets
	slots    *limit.Slots
	metrics  *Metrics
	ready    atomic.Bool  // the gateway session is up, or the endpoint serving
	httpAddr atomic.Value // string: where POST /interactions is served
	seen     seenIDs      // interaction ids answered over HTTP, against replays
	forgot   atomic.Int64 // when expired ids were last deleted from Replays, Unix ms
	// schedulerOnly is set by RunScheduler: no gateway to be healthy.
	schedulerOnly atomic.Bool

	mu       sync.Mutex
	closing  bool
	opened   atomic.Bool // the gateway session was opened: shutdown closes it
	self     string      // the bot's user id, once asked (selfID)
	inflight sync.WaitGroup
	active   atomic.Int64 // interactions in flight, for busy
}

// New checks the options and prepares a session; it does not connect.
// Only Token is required: a bot without Commands can still Register.
func New(opt Options) (*Bot, error) {
	if strings.TrimSpace(opt.Token) == "" {
		return nil, errors.New("bot: no token")
	}
	opt = withDefaults(opt)
	s, err := discordgo.New(botToken(opt.Token))
	if err != nil {
		return nil, fmt.Errorf("bot: session: %w", err)
	}
	s.Client = newClient(opt.APIURL)
	s.Identify.Intents = 0 // interactions need no intents, privileged or not
	if opt.ShardCount > 1 {
		s.ShardID, s.ShardCount = opt.ShardID, opt.ShardCount
		if opt.Schedule != nil && opt.Schedule.Keep == nil {
			opt.Schedule.Keep = func(guild string) bool { return ShardOf(guild, opt.ShardCount) == opt.ShardID }
		}
	}
	s.LogLevel = discordgo.LogWarning
	b := &Bot{opt: opt, session: s, log: opt.Log, commands: map[string]commands.Command{},
		limiter: limit.NewBuckets(float64(opt.RateBurst), opt.RateInterval, opt.Now), slots: opt.Slots,
		metrics: opt.Metrics}
	for _, c := range opt.Commands {
		b.commands[c.Def.Name] = c
	}
	s.AddHandler(b.onReady)
	s.AddHandler(b.onInteraction)
	s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Disconnect) {
		b.ready.Store(false)
		if !b.stopping() { // a shutdown closes the connection on purpose
			b.log.Warn("gateway connection lost; reconnecting")
		}
	})
	s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Resumed) {
		b.ready.Store(true)
		b.log.Info("gateway session resumed")
	})
	s.AddHandler(func(_ *discordgo.Session, rl *discordgo.RateLimit) {
		b.log.Warn("Discord rate limit; waiting as asked", "retry_after", rl.RetryAfter, "route", routeOf(rl.URL))
	})
	return b, nil
}

func withDefaults(o Options) Options {
	if o.Log == nil {
		o.Log = slog.Default()
	}
	if o.DeferAfter <= 0 {
		o.DeferAfter = 1500 * time.Millisecond
	}
	if o.MaxConcurrent <= 0 {
		o.MaxConcurrent = 2 * runtime.GOMAXPROCS(0)
	}
	if o.Slots == nil {
		o.Slots = limit.NewSlots(o.MaxConcurrent)
	}
	if o.RateBurst <= 0 {
		o.RateBurst = 5
	}
	if o.RateInterval <= 0 {
		o.RateInterval = 2 * time.Second
	}
	if o.ShutdownTimeout <= 0 {
		o.ShutdownTimeout = 20 * time.Second
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Metrics == nil {
		o.Metrics = NewMetrics()
	}
	return o
}

// ShardOf returns the shard a server belongs to among count, as Discord
// computes it: (guild_id >> 22) % count. An unreadable id goes to shard 0.
func ShardOf(guild string, count int) int {
	id, err := strconv.ParseUint(guild, 10, 64)
	if err != nil || count < 1 {
		return 0
	}
	return int((id >> 22) % uint64(count))
}

// botToken adds the "Bot " prefix Discord expects, unless it is there.
func botToken(t string) string {
	t = strings.TrimSpace(t)
	if strings.HasPrefix(t, "Bot ") {
		return t
	}
	return "Bot " + t
}

// Run connects, serves interactions until ctx is done, then stops taking
// new ones, waits for those in flight (up to ShutdownTimeout) and closes
// the session. It returns an error only when it cannot connect.
func (b *Bot) Run(ctx context.Context) error {
	if b.opt.InteractionsAddr != "" {
		return b.runHTTP(ctx)
	}
	b.prepare(ctx)
	b.opened.Store(true)
	if err := b.session.Open(); err != nil {
		return fmt.Errorf("bot: connect to Discord: %w", err)
	}
	b.log.Info("connected to Discord", "commands", len(b.commands), "guild", b.opt.GuildID)
	var scheduler sync.WaitGroup
	if b.opt.Schedule != nil {
		scheduler.Add(1)
		go func() { defer scheduler.Done(); b.schedule(ctx, b.opt.Schedule) }()
	}
	<-ctx.Done()
	scheduler.Wait()
	b.shutdown()
	return nil
}

// prepare runs Options.Prepare for up to 30 seconds; a failure is logged,
// and the work is then done when first needed.
func (b *Bot) prepare(ctx context.Context) {
	if b.opt.Prepare == nil {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := b.opt.Prepare(ctx); err != nil {
		b.log.Warn("preparing the daily puzzles failed; they will be made when first asked for", "err", err)
	}
}

func (b *Bot) shutdown() {
	b.mu.Lock()
	b.closing = true
	b.mu.Unlock()
	b.log.Info("shutting down: finishing interactions in flight")
	done := make(chan struct{})
	go func() { b.inflight.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(b.opt.ShutdownTimeout):
		b.log.Warn("shutdown: gave up waiting for interactions in flight", "after", b.opt.ShutdownTimeout)
	}
	if b.opened.Load() { // an HTTP endpoint's process never opened one
		if err := b.session.Close(); err != nil {
			b.log.Warn("closing the gateway session", "err", err)
		}
	}
	b.log.Info("stopped")
}

// Register registers defs with one bulk overwrite over REST, without
// connecting to the gateway: for deploy pipelines (sudokubot register).
func (b *Bot) Register(defs []*discordgo.ApplicationCommand) error {
	app, err := b.session.Application("@me")
	if err != nil {
		return fmt.Errorf("bot: read the application: %w", err)
	}
	return b.register(app.ID, defs)
}

// register overwrites the commands of the application appID with defs.
func (b *Bot) register(appID string, defs []*discordgo.ApplicationCommand) error {
	if err := b.overwriteCommands(appID, b.opt.GuildID, defs); err != nil {
		return fmt.Errorf("bot: register commands: %w", err)
	}
	b.log.Info("commands registered", "count", len(defs), "guild", b.opt.GuildID, "scope", scope(b.opt.GuildID))
	return nil
}

// onReady registers every command with one bulk overwrite, under the
// application id READY carries.
func (b *Bot) onReady(s *discordgo.Session, r *discordgo.Ready) {
	b.ready.Store(true)
	if b.opt.ShardCount > 1 && b.opt.ShardID != 0 {
		b.log.Info("connected as a shard; shard 0 registers the commands", "shard", b.opt.ShardID, "shards", b.opt.ShardCount)
		return
	}
	appID := r.User.ID
	if r.Application != nil && r.Application.ID != "" {
		appID = r.Application.ID
	}
	defs := make([]*discordgo.ApplicationCommand, 0, len(b.opt.Commands))
	for _, c := range b.opt.Commands {
		defs = append(defs, c.Def)
	}
	if err := b.register(appID, defs); err != nil {
		b.log.Error("registering commands failed", "err", err, "guild", b.opt.GuildID)
	}
}

func scope(guild string) string {
	if guild == "" {
		return "global"
	}
	return "guild"
}

// routeOf keeps the path of a REST URL up to the secret parts: interaction
// and webhook tokens stay out of logs.
func routeOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "?"
	}
	parts := strings.Split(u.Path, "/")
	for i := 1; i+1 < len(parts); i++ {
		if parts[i-1] == "interactions" || parts[i-1] == "webhooks" {
			parts[i+1] = "[token]"
		}
	}
	return strings.Join(parts, "/")
}
