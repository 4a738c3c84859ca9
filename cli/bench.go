package cli

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"slices"
	"text/tabwriter"
	"time"

	"github.com/sudokubot/sudokubot/config"
	"github.com/sudokubot/sudokubot/solver"
)

// benchOptions are the flags of "sudokubot bench".
type benchOptions struct {
	runs            int
	warmup, minTime time.Duration
}

// benchCmd is "sudokubot bench FILE...": for each file, puzzles per second
// on one goroutine with limit 2 (uniqueness checked), and the median, p99
// and maximum time per puzzle. It measures as tdoku's benchmark does: the
// file is solved for --warmup first, then --runs times over whole passes
// lasting at least --min-time each, with no clock read between puzzles;
// the rate is the median run's. The times per puzzle come from --runs
// further passes that time every puzzle (their median for each puzzle).
func benchCmd(_ config.Config, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("bench", stderr)
	var o benchOptions
	fs.IntVar(&o.runs, "runs", 3, "measure each file this many times")
	fs.DurationVar(&o.warmup, "warmup", time.Second, "solve each file this long before measuring")
	fs.DurationVar(&o.minTime, "min-time", time.Second, "repeat the file within a run until this long has passed")
	files, err := parseInterspersed(fs, args)
	if err != nil || len(files) == 0 || o.runs < 1 || o.warmup < 0 || o.minTime < 0 {
		fmt.Fprintln(stderr, "usage: sudokubot bench [--runs N] [--warmup D] [--min-time D] FILE...")
		return ExitInvalid
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	tw := tabwriter.NewWriter(stdout, 0, 8, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "file\tpuzzles\tpuzzles/s\tmedian\tp99\tmax\t")
	status := ExitOK
	for _, name := range files {
		grids, err := solver.ReadPuzzleFile(name)
		if err != nil {
			fmt.Fprintf(stderr, "sudokubot: %v\n", err)
			status = ExitInvalid
			continue
		}
		if len(grids) == 0 {
			fmt.Fprintf(stderr, "sudokubot: %s: no puzzles\n", name)
			status = ExitInvalid
			continue
		}
		r := benchFile(grids, o)
		fmt.Fprintf(tw, "%s\t%d\t%.0f\t%v\t%v\t%v\t\n", filepath.Base(name), len(grids), r.rate,
			r.median, r.p99, r.max)
	}
	tw.Flush()
	return status
}

type benchResult struct {
	rate             float64
	median, p99, max time.Duration
}

// benchFile warms up, measures the rate, then the time per puzzle.
func benchFile(grids []solver.Grid, o benchOptions) benchResult {
	var v solver.Solver
	solveFor(&v, grids, o.warmup)
	rates := make([]float64, o.runs)
	for run := range rates {
		rates[run] = solveFor(&v, grids, o.minTime)
	}
	slices.Sort(rates)
	perPuzzle := timePuzzles(&v, grids, o.runs)
	slices.Sort(perPuzzle)
	return benchResult{
		rate:   rates[len(rates)/2],
		median: perPuzzle[len(perPuzzle)/2],
		p99:    perPuzzle[len(perPuzzle)*99/100],
		max:    perPuzzle[len(perPuzzle)-1],
	}
}

// solveFor solves the grids in order, whole passes, until d has passed
// (at least one pass), and returns the puzzles solved per second.
func solveFor(v *solver.Solver, grids []solver.Grid, d time.Duration) float64 {
	ctx := context.Background()
	start := time.Now()
	n := 0
	for {
		for i := range grids {
			v.Solve(ctx, grids[i], 2)
		}
		n += len(grids)
		if elapsed := time.Since(start); elapsed >= d {
			return float64(n) / elapsed.Seconds()
		}
	}
}

// timePuzzles solves the grids passes times, timing each puzzle, and
// returns each puzzle's median time.
func timePuzzles(v *solver.Solver, grids []solver.Grid, passes int) []time.Duration {
	ctx := context.Background()
	times := make([][]time.Duration, len(grids)) // per puzzle, per pass
	for i := range times {
		times[i] = make([]time.Duration, passes)
	}
	for pass := range passes {
		prev := time.Now()
		for i := range grids {
			v.Solve(ctx, grids[i], 2)
			now := time.Now()
			times[i][pass] = now.Sub(prev)
			prev = now
		}
	}
	perPuzzle := make([]time.Duration, len(grids))
	for i, t := range times {
		slices.Sort(t)
		perPuzzle[i] = t[len(t)/2]
	}
	return perPuzzle
}
