// Command loadtest is sudokubot's load and fault test: bot processes in
// HTTP interactions mode on the PostgreSQL of DATABASE_URL, behind a
// round-robin front, driven by the fake Discord; one process is killed
// mid-burst. It prints the figures and exits 1 when an acknowledged
// submission was lost, a post doubled or a Discord rule broken.
//
//	DATABASE_URL=postgres://… go run ./cmd/loadtest [flags]
//
// It is a command of its own so that the bot's binary does not carry the
// fake Discord: it builds the bot from this module (or runs --bot).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"syscall"

	"github.com/joho/godotenv"

	"github.com/sudokubot/sudokubot/internal/loadtest"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/store"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if err := godotenv.Load(); err != nil && !errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(stderr, "loadtest: .env could not be read: %v\n", err)
		return 2
	}
	c, bot, puzzles, err := parse(args, stderr)
	if err != nil {
		return 2
	}
	if puzzles != "" {
		if c.Puzzles, err = readPuzzles(puzzles, 500); err != nil {
			fmt.Fprintf(stderr, "loadtest: %v\n", err)
			return 2
		}
	}
	if bot == "" {
		dir, err := os.MkdirTemp("", "sudokubot-loadtest-")
		if err != nil {
			fmt.Fprintf(stderr, "loadtest: %v\n", err)
			return 1
		}
		defer os.RemoveAll(dir)
		if bot, err = build(dir, stderr); err != nil {
			fmt.Fprintf(stderr, "loadtest: building the bot: %v\n", err)
			return 1
		}
	}
	c.Command, c.Env, c.DatabaseURL, c.Progress = []string{bot}, os.Environ(), os.Getenv("DATABASE_URL"), stderr
	if c.DatabaseURL == "" {
		fmt.Fprintln(stderr, "loadtest: set DATABASE_URL to a PostgreSQL server (postgres://…): the bot processes share it")
		return 2
	}
	// This process is Discord's side and the load balancer: its heap is
	// small and churns, so collect less often and leave the cores to the
	// bots (which keep the default, or the GOGC given to them).
	debug.SetGCPercent(400)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep, err := loadtest.Run(ctx, c)
	if rep != nil {
		fmt.Fprint(stdout, rep)
	}
	if err != nil {
		fmt.Fprintf(stderr, "loadtest: %s\n", store.Redact(err.Error(), c.DatabaseURL))
		return 1
	}
	if !rep.OK() {
		return 1
	}
	return 0
}

// parse reads the flags into a run's settings, the bot binary to run and
// the puzzle file.
func parse(args []string, stderr io.Writer) (c loadtest.Config, bot, puzzles string, err error) {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.IntVar(&c.Rate, "rate", 1000, "steady interactions per second")
	fs.DurationVar(&c.Warmup, "warmup", 0, "how long the unreported warm-up at half --rate lasts (default 5s)")
	fs.DurationVar(&c.Steady, "steady", 0, "how long the steady phase lasts (default 10s)")
	fs.IntVar(&c.BurstRate, "burst-rate", 0, "interactions per second in the burst (default 1.5 × --rate)")
	fs.DurationVar(&c.Burst, "burst", 0, "how long the burst lasts (default 4s)")
	fs.BoolVar(&c.Kill, "kill", true, "kill one bot process halfway through the burst")
	fs.IntVar(&c.Processes, "processes", 2, "bot processes behind the front")
	fs.IntVar(&c.Guilds, "guilds", 100, "servers with daily posts")
	fs.StringVar(&puzzles, "puzzles", "", "file of puzzles for /solve and /check (default: 64 generated)")
	fs.StringVar(&bot, "bot", "", "the sudokubot binary to run (default: built from this module)")
	if err = fs.Parse(args); err == nil && fs.NArg() > 0 {
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
		fmt.Fprintln(stderr, "loadtest:", err)
	}
	return c, bot, puzzles, err
}

// build compiles the bot into dir and returns its path.
func build(dir string, stderr io.Writer) (string, error) {
	bin := filepath.Join(dir, "sudokubot")
	cmd := exec.Command("go", "build", "-o", bin, "github.com/sudokubot/sudokubot")
	cmd.Stdout, cmd.Stderr = stderr, stderr
	return bin, cmd.Run()
}

// readPuzzles reads up to max puzzles of a file, as text.
func readPuzzles(name string, max int) ([]string, error) {
	grids, err := solver.ReadPuzzleFile(name)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, g := range grids[:min(len(grids), max)] {
		out = append(out, g.String())
	}
	return out, nil
}
