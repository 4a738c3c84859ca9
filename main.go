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
// .env.example. main only wires (bot.Assemble is where every concrete type
// meets, for main and the end-to-end tests alike): the work is in the
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
	"strings"
	"syscall"
	"time"

	_ "time/tzdata" // timezones load on machines without a tz database

	"github.com/joho/godotenv"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/commands"
	"github.com/sudokubot/sudokubot/config"
	"github.com/sudokubot/sudokubot/store"
)

// Exit statuses of the command line.
const (
	exitOK      = 0 // solved (unique), or the bot stopped cleanly
	exitNoGood  = 1 // no solution, not unique, timed out, or the bot failed
	exitInvalid = 2 // the input or the command line was wrong
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
	case "solve":
		return solveCmd(cfg, args, stdin, stdout, stderr)
	case "bench":
		return benchCmd(args, stdout, stderr)
	case "grade":
		return gradeCmd(cfg, args, stdin, stdout, stderr)
	case "generate":
		return generateCmd(args, stdout, stderr)
	case "read":
		return readCmd(args, stdout, stderr)
	case "rotate-session-key":
		return rotateCmd(cfg, stdout, stderr)
	case "loadtest":
		fmt.Fprintln(stderr, "sudokubot: the load test is a command of its own, so this binary carries no fake Discord:\n"+
			"  DATABASE_URL=postgres://… go run ./cmd/loadtest [flags]")
		return exitInvalid
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
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
	log := bot.Logger(cfg, stderr)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	openCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
	st, err := store.Open(openCtx, cfg.DatabaseURL)
	cancel()
	if err != nil {
		log.Error("cannot open the database", "kind", dbKind(cfg.DatabaseURL), "err", err)
		return exitNoGood
	}
	defer st.Close()
	st.OpenPool(ctx)
	log.Info("database ready", "kind", st.Kind())
	if schedulerOnly {
		cfg.DailyPosts = true // the scheduler's one job, whatever DAILY_POSTS says for the bots
	}
	b, err := bot.New(bot.Assemble(cfg, log, st))
	if err != nil {
		log.Error("cannot start", "err", err)
		return exitInvalid
	}
	run := b.Run
	if schedulerOnly {
		run = b.RunScheduler
	}
	if err := run(ctx); err != nil {
		log.Error("cannot run", "err", err)
		return exitNoGood
	}
	return exitOK
}

// dbKind names the database a DATABASE_URL points at, for logs.
func dbKind(url string) string {
	if strings.HasPrefix(url, "postgres") {
		return "postgres"
	}
	return "sqlite"
}

// registerCmd registers every command, /daily included, and exits: no
// gateway connection and no database.
func registerCmd(cfg config.Config, stdout, stderr io.Writer) int {
	log := bot.Logger(cfg, stderr)
	b, err := bot.New(bot.Options{Token: cfg.Token, GuildID: cfg.GuildID, APIURL: cfg.APIURL, Log: log})
	if err != nil {
		log.Error("cannot start", "err", err)
		return exitInvalid
	}
	defs := commands.Definitions()
	if err := b.Register(defs); err != nil {
		log.Error("registration failed", "err", err)
		return exitNoGood
	}
	where := "global"
	if cfg.GuildID != "" {
		where = "in server " + cfg.GuildID
	}
	fmt.Fprintf(stdout, "registered %d commands (%s)\n", len(defs), where)
	return exitOK
}
