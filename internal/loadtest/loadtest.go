// Package loadtest runs sudokubot as Discord would see it at scale: several
// bot processes in HTTP interactions mode sharing PostgreSQL behind a
// round-robin front, driven by the fake Discord with signed interactions
// (a steady rate, then a burst during which one process is killed). It
// reports throughput and latency and checks that no acknowledged daily
// submission was lost and no daily post was made twice.
package loadtest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the schema of a run is made over database/sql

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/store"
)

// Config describes a run. Command and DatabaseURL are required.
type Config struct {
	// Command starts one sudokubot bot process (argv); Env is the base of
	// its environment (main passes its own), to which the run adds the
	// bot's settings.
	Command []string
	Env     []string
	// DatabaseURL is the PostgreSQL server the processes share; each run
	// works in a schema of its own, dropped at the end.
	DatabaseURL string
	// Processes behind the front (default 2).
	Processes int
	// Rate interactions per second for Steady, then BurstRate for Burst
	// (defaults 1000/s for 10s, then 1500/s for 4s).
	Rate, BurstRate int
	Steady, Burst   time.Duration
	// Warmup runs at half Rate first (default 5s), as a deployed bot is
	// warm: puzzles drawn, connections open, today's puzzle made.
	Warmup time.Duration
	// Kill kills one process halfway through the burst.
	Kill bool
	// Guilds is how many servers get daily posts (default 100): half are
	// set up before the run, the rest during it.
	Guilds int
	// Puzzles for /solve and /check (default: 64 generated).
	Puzzles []string
	// Progress gets a line per step (default: discarded).
	Progress io.Writer
}

const token = "MTAwMDAwMDAwMDAwMDAwMDAx.load.test-token"

func (c Config) withDefaults() Config {
	if c.Processes <= 0 {
		c.Processes = 2
	}
	if c.Rate <= 0 {
		c.Rate = 1000
	}
	if c.BurstRate <= 0 {
		c.BurstRate = c.Rate * 3 / 2
	}
	if c.Steady <= 0 {
		c.Steady = 10 * time.Second
	}
	if c.Burst <= 0 {
		c.Burst = 4 * time.Second
	}
	if c.Warmup <= 0 {
		c.Warmup = 5 * time.Second
	}
	if c.Guilds <= 0 {
		c.Guilds = 100
	}
	if c.Progress == nil {
		c.Progress = io.Discard
	}
	return c
}

// run is the state of one run.
type run struct {
	c     Config
	fake  *discordtest.Server
	st    *store.DB
	procs []*process
	mix   *mix
	taps  *taps
	today int
}

// Run performs a load test and returns its report. An error means the run
// could not be made; what the run found is in the Report.
func Run(ctx context.Context, c Config) (*Report, error) {
	c = c.withDefaults()
	if len(c.Command) == 0 || !strings.HasPrefix(c.DatabaseURL, "postgres") {
		return nil, errors.New("loadtest: needs the bot command and a postgres:// DATABASE_URL the processes can share")
	}
	dsn, drop, err := freshSchema(c.DatabaseURL)
	if err != nil {
		return nil, err
	}
	defer drop()
	r := &run{c: c, today: daily.DayOf(time.Now(), time.UTC)}
	if r.st, err = store.Open(ctx, dsn); err != nil {
		return nil, fmt.Errorf("loadtest: open the database: %w", err)
	}
	defer r.st.Close()
	r.fake = discordtest.New(token)
	r.fake.DiscardFiles()
	r.fake.SkipSpecCheck() // the end-to-end tests check the bodies; this measures the bot
	defer r.fake.Close()
	if err := r.prepare(ctx); err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "sudokubot-loadtest-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if err := r.startProcesses(dsn, dir); err != nil {
		return nil, err
	}
	defer r.stopAll()
	stopFront, err := r.startFront()
	if err != nil {
		return nil, err
	}
	defer stopFront()
	return r.load(ctx)
}

// freshSchema makes a schema for the run and returns a URL that uses it
// and a function that drops it.
func freshSchema(base string) (string, func(), error) {
	schema := fmt.Sprintf("loadtest_%d", time.Now().UnixNano())
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", nil, fmt.Errorf("loadtest: %w", err)
	}
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		admin.Close()
		return "", nil, fmt.Errorf("loadtest: create schema: %w", err)
	}
	drop := func() {
		_, _ = admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		admin.Close()
	}
	u, err := url.Parse(base)
	if err != nil {
		drop()
		return "", nil, fmt.Errorf("loadtest: DATABASE_URL: %w", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), drop, nil
}

// prepare builds the mix and sets up the first half of the servers.
func (r *run) prepare(ctx context.Context) error {
	fmt.Fprintln(r.c.Progress, "preparing puzzles and servers")
	pairs, err := puzzlesFrom(r.c.Puzzles, 64)
	if err != nil {
		return err
	}
	p, err := daily.Make(r.today)
	if err != nil {
		return err
	}
	sol := p.Solution.String()
	wrong := sol[1:2] + sol[0:1] + sol[2:]
	r.mix = &mix{puzzles: pairs, daily: sol, wrongDaily: wrong, channelOf: map[string]string{},
		firstUserID: 900000000000000000}
	for k := range r.c.Guilds {
		g := fmt.Sprint(700000000000000000 + int64(k)<<22)
		r.mix.guilds = append(r.mix.guilds, g)
		r.mix.channelOf[g] = fmt.Sprint(510000000000000000 + k)
	}
	return r.setUp(ctx, r.mix.guilds[:r.c.Guilds/2])
}

// setUp turns on the daily posts of guilds, at 00:00 UTC: due at once.
func (r *run) setUp(ctx context.Context, guilds []string) error {
	for _, g := range guilds {
		if err := r.st.SaveGuild(ctx, daily.Guild{ID: g, Channel: r.mix.channelOf[g], Hour: 0, Timezone: "UTC"}); err != nil {
			return fmt.Errorf("loadtest: set up a server: %w", err)
		}
	}
	return nil
}

func (r *run) startProcesses(dsn, dir string) error {
	env := []string{"DISCORD_TOKEN=" + token, "DISCORD_API_URL=" + r.fake.URL, "DISCORD_PUBLIC_KEY=" + r.fake.PublicKey(),
		"DATABASE_URL=" + dsn, "LOG_LEVEL=warn", "DAILY_POSTS=on", "DAILY_POLL=1s",
		"SHARD_ID=", "SHARD_COUNT=", "DISCORD_GUILD_ID="}
	for n := range r.c.Processes {
		p, err := startProcess(r.c, n, dir, env)
		if p != nil {
			r.procs = append(r.procs, p)
		}
		if err != nil {
			return err
		}
		fmt.Fprintf(r.c.Progress, "bot process %d serving on %s\n", n, p.origin)
	}
	return nil
}

func (r *run) stopAll() {
	for _, p := range r.procs {
		_ = p.stop()
	}
}

// startFront serves the round-robin front and points the fake at it.
func (r *run) startFront() (func(), error) {
	var origins []string
	for _, p := range r.procs {
		origins = append(origins, p.origin)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	srv := &http.Server{Handler: newFront(origins), ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	r.fake.UseEndpoint("http://" + ln.Addr().String() + "/interactions")
	return func() { _ = srv.Close() }, nil
}
