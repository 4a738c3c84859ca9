package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/config"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/logic"
)

// gradeCmd is "sudokubot grade [--batch] [--scale S] [PUZZLE]": for each
// puzzle, its level, score and hardest technique, e.g. "hard 4.0 Strong
// links", on Sukaku Explainer's scale or classic SE 1.2.1's.
func gradeCmd(cfg config.Config, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("grade", stderr)
	batch := fs.Bool("batch", false, "grade one puzzle per line of standard input (the first field of each line)")
	timeout := fs.Duration("timeout", cfg.SolveTimeout, "give up on a puzzle after this long")
	scaleName := fs.String("scale", logic.Sukaku.String(), "whose ratings: sukaku (Sukaku Explainer's default set) or se121 (classic Sudoku Explainer 1.2.1)")
	rest, err := parseInterspersed(fs, args)
	if err != nil {
		return ExitInvalid
	}
	scale, ok := logic.ParseScale(*scaleName)
	if !ok {
		fmt.Fprintf(stderr, "grade: unknown scale %q: use sukaku or se121\n", *scaleName)
		return ExitInvalid
	}
	if !*batch {
		line := gradeLine(strings.Join(rest, "\n"), scale, *timeout)
		fmt.Fprintln(stdout, line)
		if strings.HasPrefix(line, "invalid") {
			return ExitInvalid
		}
		return ExitOK
	}
	return eachLine(stdin, stdout, stderr, func(puzzle string) string { return gradeLine(puzzle, scale, *timeout) })
}

// gradeLine grades one puzzle: "level score technique", or "invalid
// <reason>", "none", "multiple" or "timeout".
func gradeLine(input string, scale logic.Scale, timeout time.Duration) string {
	g, err := solver.Parse(input)
	if err != nil {
		return "invalid " + err.Error()
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	gr, err := logic.GradeOn(ctx, g, scale)
	switch {
	case errors.Is(err, logic.ErrNoSolution):
		return "none"
	case errors.Is(err, logic.ErrNotUnique):
		return "multiple"
	case err != nil:
		return "timeout"
	}
	return fmt.Sprintf("%s %.1f %s", gr.Level, gr.Score, gr.Hardest)
}
