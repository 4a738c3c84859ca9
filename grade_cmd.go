package main

import (
	"bufio"
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
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 4096), 1<<20)
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	for sc.Scan() {
		if f := strings.Fields(sc.Text()); len(f) > 0 {
			fmt.Fprintln(w, gradeLine(f[0], *timeout))
		}
	}
	if err := sc.Err(); err != nil {
		w.Flush()
		fmt.Fprintf(stderr, "sudokubot: reading puzzles: %v\n", err)
		return exitInvalid
	}
	return exitOK
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
