package cli

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/sudokubot/sudokubot/config"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/logic"
)

// generateCmd is "sudokubot generate [--difficulty D] [--size N] [--seed S]
// [--count K]": K puzzles from seeds S, S+1, …, one per line; with -v each
// line also gets the seed and the grade.
func generateCmd(_ config.Config, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("generate", stderr)
	difficulty := fs.String("difficulty", "medium", "easy, medium, hard, expert or extreme")
	size := fs.Int("size", 9, "grid side: 4, 6, 9 or 16")
	seed := fs.Uint64("seed", uint64(time.Now().UnixNano()), "first seed; the same seed gives the same puzzle")
	count := fs.Int("count", 1, "how many puzzles")
	verbose := fs.Bool("v", false, "add the seed and grade after each puzzle")
	if _, err := parseInterspersed(fs, args); err != nil {
		return ExitInvalid
	}
	level, ok := logic.ParseLevel(*difficulty)
	if _, err := solver.NewGrid(*size); err != nil || !ok || *count < 1 {
		fmt.Fprintln(stderr, "sudokubot: generate needs --difficulty easy|medium|hard|expert|extreme, --size 4|6|9|16 and --count 1 or more")
		return ExitInvalid
	}
	for k := 0; k < *count; k++ {
		s := *seed + uint64(k)
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		g, err := logic.Generate(ctx, level, *size, s)
		cancel()
		if err != nil {
			fmt.Fprintf(stderr, "sudokubot: seed %d: %v\n", s, err)
			return ExitNoGood
		}
		if *verbose {
			fmt.Fprintf(stdout, "%s seed=%d %s %.1f %s\n", g.Puzzle, s, g.Grading.Level, g.Grading.Score, g.Grading.Hardest)
		} else {
			fmt.Fprintln(stdout, g.Puzzle)
		}
	}
	return ExitOK
}
