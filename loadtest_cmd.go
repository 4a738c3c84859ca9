package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/sudokubot/sudokubot/config"
	"github.com/sudokubot/sudokubot/internal/loadtest"
	"github.com/sudokubot/sudokubot/solver"
)

// loadtestCmd runs the load and fault test against this binary: bot
// processes in HTTP mode on the PostgreSQL of DATABASE_URL, driven by the
// fake Discord. It exits 1 when a submission was lost or a post doubled.
func loadtestCmd(cfg config.Config, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("loadtest", stderr)
	var c loadtest.Config
	fs.IntVar(&c.Rate, "rate", 1000, "steady interactions per second")
	fs.DurationVar(&c.Warmup, "warmup", 0, "how long the unreported warm-up at half --rate lasts (default 5s)")
	fs.DurationVar(&c.Steady, "steady", 0, "how long the steady phase lasts (default 10s)")
	fs.IntVar(&c.BurstRate, "burst-rate", 0, "interactions per second in the burst (default 1.5 × --rate)")
	fs.DurationVar(&c.Burst, "burst", 0, "how long the burst lasts (default 4s)")
	fs.BoolVar(&c.Kill, "kill", true, "kill one bot process halfway through the burst")
	fs.IntVar(&c.Processes, "processes", 2, "bot processes behind the front")
	fs.IntVar(&c.Guilds, "guilds", 100, "servers with daily posts")
	puzzles := fs.String("puzzles", "", "file of puzzles for /solve and /check (default: 64 generated)")
	if rest, err := parseInterspersed(fs, args); err != nil || len(rest) > 0 {
		fmt.Fprintln(stderr, "usage: sudokubot loadtest [--rate N] [--warmup D] [--steady D] [--burst-rate N] [--burst D] [--kill=false] [--processes N] [--guilds N] [--puzzles FILE]")
		return exitInvalid
	}
	if *puzzles != "" {
		grids, err := readPuzzleFile(*puzzles)
		if err != nil {
			fmt.Fprintf(stderr, "sudokubot: %v\n", err)
			return exitInvalid
		}
		c.Puzzles = gridStrings(grids, 500)
	}
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(stderr, "sudokubot: cannot find this binary to start bot processes: %v\n", err)
		return exitNoGood
	}
	c.Command, c.Env, c.DatabaseURL, c.Progress = []string{exe}, os.Environ(), cfg.DatabaseURL, stderr
	// This process is Discord's side and the load balancer: its heap is
	// small and churns, so collect less often and leave the cores to the
	// bots (which keep the default, or the GOGC given to them).
	debug.SetGCPercent(400)
	return runLoadtest(c, stdout, stderr)
}

// runLoadtest runs c until done or SIGINT and prints the report.
func runLoadtest(c loadtest.Config, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep, err := loadtest.Run(ctx, c)
	if rep != nil {
		fmt.Fprint(stdout, rep)
	}
	if err != nil {
		fmt.Fprintf(stderr, "sudokubot: %s\n", redact(err.Error(), c.DatabaseURL))
		return exitNoGood
	}
	if !rep.OK() {
		return exitNoGood
	}
	return exitOK
}

func gridStrings(grids []solver.Grid, max int) []string {
	var out []string
	for _, g := range grids[:min(len(grids), max)] {
		out = append(out, g.String())
	}
	return out
}
