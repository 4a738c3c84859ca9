// Command sudokubot is a Discord bot that solves, checks and serves Sudoku
// puzzles, and the same solver on the command line:
//
//	sudokubot                    run the bot (needs DISCORD_TOKEN)
//	sudokubot register           register the commands and exit
//	sudokubot scheduler          make the daily posts only, without a gateway
//	sudokubot solve PUZZLE       solve one puzzle and print the verdict
//	sudokubot solve --batch      solve one puzzle per line of standard input
//	sudokubot bench FILE...      measure the solver on puzzle files
//	sudokubot grade PUZZLE       how hard a puzzle is for a person
//	sudokubot generate           new puzzles, one per line
//	sudokubot read FILE...       the puzzle in each picture (photo or screenshot)
//	sudokubot rotate-session-key a new key for the big board's sessions
//
// Settings come from the environment and from a .env file beside it; see
// .env.example. main only reads them and picks what runs: the process
// (app.Main, where every concrete type meets, for main and the end-to-end
// tests alike) or a verb of the command line (cli); the work is in the
// packages.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"syscall"

	_ "time/tzdata" // timezones load on machines without a tz database

	"github.com/joho/godotenv"

	"github.com/sudokubot/sudokubot/app"
	"github.com/sudokubot/sudokubot/cli"
	"github.com/sudokubot/sudokubot/config"
)

// Exit statuses of the command line (cli's).
const (
	exitOK      = cli.ExitOK
	exitNoGood  = cli.ExitNoGood
	exitInvalid = cli.ExitInvalid
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes one invocation and returns its exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if err := godotenv.Load(); err != nil && !errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(stderr, "sudokubot: .env could not be read: %v\n", err)
		return exitInvalid
	}
	verb := ""
	if len(args) > 0 {
		verb, args = args[0], args[1:]
	}
	cfg, err := config.Load(os.Getenv, verb == "" || verb == "register" || verb == "scheduler")
	if err != nil {
		fmt.Fprintf(stderr, "sudokubot: %v\n", err)
		return exitInvalid
	}
	switch verb {
	case "":
		return runBot(cfg, stderr, false)
	case "scheduler":
		return runBot(cfg, stderr, true)
	case "register":
		return registerCmd(cfg, stdout, stderr)
	case "loadtest":
		fmt.Fprintln(stderr, "sudokubot: the load test is a command of its own, so this binary carries no fake Discord:\n"+
			"  DATABASE_URL=postgres://… go run ./cmd/loadtest [flags]")
		return exitInvalid
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	if run, ok := cli.Lookup(verb); ok {
		return run(cfg, args, stdin, stdout, stderr)
	}
	fmt.Fprintf(stderr, "sudokubot: unknown command %q\n\n%s", verb, usage)
	return exitInvalid
}

const usage = `usage:
  sudokubot                         run the Discord bot (DISCORD_TOKEN in .env)
  sudokubot register                register the slash commands with Discord and exit (for deploys)
  sudokubot scheduler               make the daily posts only (no gateway); pair with DAILY_POSTS=off
  sudokubot solve [flags] PUZZLE    solve a puzzle (or read it from standard input)
  sudokubot solve --batch < FILE    solve one puzzle per line
  sudokubot bench [flags] FILE...   puzzles per second and time per puzzle
  sudokubot grade [--batch] PUZZLE  level, score and hardest technique (--batch: one per input line)
  sudokubot generate [--difficulty D] [--size N] [--seed S] [--count K]
                                    K new puzzles, one per line
  sudokubot read [--json] FILE...   the puzzle read from each picture (PNG, JPEG or WebP), and the digits
                                    written in
  sudokubot solve --image FILE      solve the puzzle read from a picture
  sudokubot rotate-session-key      a new key for the big board's sessions (in DATABASE_URL); the previous one
                                    still verifies until the next rotation
  sudokubot help                    this text
`

// runBot runs the Discord bot (or, with schedulerOnly, only its daily
// posts) until SIGINT or SIGTERM, then lets the work in flight finish.
func runBot(cfg config.Config, stderr io.Writer, schedulerOnly bool) int {
	log := app.Logger(cfg, stderr)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if schedulerOnly {
		cfg.DailyPosts = true // the scheduler's one job, whatever DAILY_POSTS says for the bots
	}
	m, err := app.Open(ctx, cfg, log) // it logs why it could not
	if err != nil {
		return exitNoGood
	}
	defer m.Close()
	run := m.Run
	if schedulerOnly {
		run = m.RunScheduler
	}
	if err := run(ctx); err != nil {
		log.Error("cannot run", "err", err)
		return exitNoGood
	}
	return exitOK
}

// registerCmd registers every command, /daily included, and exits: no
// gateway connection and no database.
func registerCmd(cfg config.Config, stdout, stderr io.Writer) int {
	log := app.Logger(cfg, stderr)
	n, err := app.Register(cfg, log)
	if err != nil {
		log.Error("registration failed", "err", err)
		return exitNoGood
	}
	where := "global"
	if cfg.GuildID != "" {
		where = "in server " + cfg.GuildID
	}
	fmt.Fprintf(stdout, "registered %d commands (%s)\n", n, where)
	return exitOK
}
