package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"slices"
	"text/tabwriter"
	"time"

	"github.com/sudokubot/sudokubot/solver"
)

// benchCmd is "sudokubot bench FILE...": for each file, puzzles per second
// on one goroutine with limit 2 (uniqueness checked), and the median, p99
// and maximum time per puzzle. Each file is solved --runs times; the rate is
// the median run's, the times are over all runs.
func benchCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("bench", stderr)
	runs := fs.Int("runs", 3, "solve each file this many times")
	files, err := parseInterspersed(fs, args)
	if err != nil || len(files) == 0 || *runs < 1 {
		fmt.Fprintln(stderr, "usage: sudokubot bench [--runs N] FILE...")
		return exitInvalid
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	tw := tabwriter.NewWriter(stdout, 0, 8, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "file\tpuzzles\tpuzzles/s\tmedian\tp99\tmax\t")
	status := exitOK
	for _, name := range files {
		grids, err := solver.ReadPuzzleFile(name)
		if err != nil {
			fmt.Fprintf(stderr, "sudokubot: %v\n", err)
			status = exitInvalid
			continue
		}
		r := benchFile(grids, *runs)
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

func benchFile(grids []solver.Grid, runs int) benchResult {
	ctx := context.Background()
	times := make([][]time.Duration, len(grids)) // per puzzle, per run
	for i := range times {
		times[i] = make([]time.Duration, runs)
	}
	rates := make([]float64, runs)
	var v solver.Solver
	for run := range rates {
		start := time.Now()
		prev := start
		for i, g := range grids {
			v.Solve(ctx, g, 2)
			now := time.Now()
			times[i][run] = now.Sub(prev)
			prev = now
		}
		rates[run] = float64(len(grids)) / time.Since(start).Seconds()
	}
	perPuzzle := make([]time.Duration, len(grids))
	for i, t := range times {
		slices.Sort(t)
		perPuzzle[i] = t[len(t)/2]
	}
	slices.Sort(rates)
	slices.Sort(perPuzzle)
	return benchResult{
		rate:   rates[len(rates)/2],
		median: perPuzzle[len(perPuzzle)/2],
		p99:    perPuzzle[len(perPuzzle)*99/100],
		max:    perPuzzle[len(perPuzzle)-1],
	}
}
