package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/config"
	"github.com/sudokubot/sudokubot/solver"
)

// gradeCmd is "sudokubot grade [--batch] [PUZZLE]": for each puzzle, its
// level, score and hardest technique, e.g. "hard 4.2 XY-Wing".
func gradeCmd(cfg config.Config, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("grade", stderr)
	batch := fs.Bool("batch", false, "grade one puzzle per line of standard input (the first field of each line)")
	timeout := fs.Duration("timeout", cfg.SolveTimeout, "give up on a puzzle after this long")
	rest, err := parseInterspersed(fs, args)
	if err != nil {
		return exitInvalid
	}
	if !*batch {
		line := gradeLine(strings.Join(rest, "\n"), *timeout)
		fmt.Fprintln(stdout, line)
		if strings.HasPrefix(line, "invalid") {
			return exitInvalid
		}
		return exitOK
	}
	return eachLine(stdin, stdout, stderr, func(puzzle string) string { return gradeLine(puzzle, *timeout) })
}

// gradeLine grades one puzzle: "level score technique", or "invalid
// <reason>", "none", "multiple" or "timeout".
func gradeLine(input string, timeout time.Duration) string {
	g, err := solver.Parse(input)
	if err != nil {
		return "invalid " + err.Error()
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	gr, err := solver.Grade(ctx, g)
	switch {
	case errors.Is(err, solver.ErrNoSolution):
		return "none"
	case errors.Is(err, solver.ErrNotUnique):
		return "multiple"
	case err != nil:
		return "timeout"
	}
	return fmt.Sprintf("%s %.1f %s", gr.Level, gr.Score, gr.Hardest)
}
