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
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
)

// solveCmd is "sudokubot solve": one puzzle from the arguments (or standard
// input), or with --batch one puzzle per input line.
func solveCmd(cfg config.Config, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("solve", stderr)
	batch := fs.Bool("batch", false, "read one puzzle per line of standard input and print one verdict per line")
	timeout := fs.Duration("timeout", cfg.SolveTimeout, "give up on a puzzle after this long")
	pngFile := fs.String("png", "", "also write the solution as a PNG image to this file")
	themeName := fs.String("theme", "light", "image theme: light or dark")
	labels := fs.Bool("labels", false, "number the rows and columns in the image")
	rest, err := parseInterspersed(fs, args)
	if err != nil {
		return exitInvalid
	}
	theme, ok := render.ParseTheme(*themeName)
	if !ok {
		fmt.Fprintf(stderr, "sudokubot: --theme %q: use light or dark\n", *themeName)
		return exitInvalid
	}
	if *batch {
		return solveBatch(stdin, stdout, stderr, *timeout)
	}
	input := strings.Join(rest, "\n")
	if len(rest) == 0 || input == "-" {
		b, err := io.ReadAll(io.LimitReader(stdin, 1<<16))
		if err != nil {
			fmt.Fprintf(stderr, "sudokubot: reading the puzzle: %v\n", err)
			return exitInvalid
		}
		input = string(b)
	}
	o := solvePuzzle(input, *timeout)
	status := printOutcome(o, stdout, *timeout)
	if *pngFile != "" && !o.invalid() {
		if err := writeImage(*pngFile, o, render.Options{Theme: theme, Labels: *labels}); err != nil {
			fmt.Fprintf(stderr, "sudokubot: writing the image: %v\n", err)
			return exitInvalid
		}
	}
	return status
}

// outcome is the verdict on one puzzle, shared by the single and batch forms.
type outcome struct {
	grid    solver.Grid
	res     solver.Result
	elapsed time.Duration
	err     error // *solver.ParseError, or the solver's deadline error
}

func solvePuzzle(input string, timeout time.Duration) outcome {
	g, err := solver.Parse(input)
	if err != nil {
		return outcome{err: err}
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	start := time.Now()
	res, err := solver.Solve(ctx, g, 2)
	return outcome{grid: g, res: res, elapsed: time.Since(start), err: err}
}

func (o outcome) invalid() bool {
	var pe *solver.ParseError
	return errors.As(o.err, &pe)
}

// printOutcome writes the verdict, grid and statistics, and returns the
// exit status.
func printOutcome(o outcome, w io.Writer, timeout time.Duration) int {
	switch {
	case o.invalid():
		fmt.Fprintf(w, "invalid puzzle: %v\n", o.err)
		return exitInvalid
	case o.err != nil:
		fmt.Fprintf(w, "gave up after %v (%s searched)%s\n", timeout, plural(o.res.Nodes, "node"), givensAdvice(o.grid))
		return exitNoGood
	case o.res.Count == 0:
		fmt.Fprintf(w, "no solution: %s\n%s", noSolutionReason(o.grid), stats(o))
		return exitNoGood
	}
	sol := o.res.Solutions[0]
	status := exitOK
	if o.res.Unique() {
		fmt.Fprintf(w, "unique solution\n%s\n", stats(o))
	} else {
		diff := solver.Differences(o.res.Solutions[0], o.res.Solutions[1])
		fmt.Fprintf(w, "not unique: at least 2 solutions, which differ in %d cells (%s)%s; one of them:\n%s\n",
			len(diff), solver.CellNames(diff, 8), givensAdvice(o.grid), stats(o))
		status = exitNoGood
	}
	fmt.Fprintf(w, "%s\n%s\n", render.Text(sol), render.Line(sol))
	return status
}

func stats(o outcome) string {
	return fmt.Sprintf("solved in %v: %s, %s\n", o.elapsed.Round(time.Microsecond),
		plural(o.res.Nodes, "node"), plural(o.res.Guesses, "guess"))
}

// noSolutionReason names the clashing givens, or says there are none.
func noSolutionReason(g solver.Grid) string {
	if err := solver.Validate(g); err != nil {
		return err.Error()
	}
	return "no two givens clash, but no grid completes them"
}

// givensAdvice explains a timeout or several solutions by the number of
// givens, when there are too few for a unique puzzle.
func givensAdvice(g solver.Grid) string {
	if s := solver.FewGivens(g); s != "" {
		return "; " + s
	}
	return ""
}

// solveBatch prints one line per input line: unique, multiple, none,
// timeout or invalid. The puzzle is the first field of the line; anything
// after it (a rating, say) is ignored. Blank lines are skipped.
func solveBatch(stdin io.Reader, stdout, stderr io.Writer, timeout time.Duration) int {
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 4096), 1<<20)
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		fmt.Fprintln(w, batchLine(solvePuzzle(fields[0], timeout)))
	}
	if err := sc.Err(); err != nil {
		w.Flush()
		fmt.Fprintf(stderr, "sudokubot: reading puzzles: %v\n", err)
		return exitInvalid
	}
	return exitOK
}

func batchLine(o outcome) string {
	switch {
	case o.invalid():
		return "invalid " + o.err.Error()
	case o.err != nil:
		return "timeout"
	case o.res.Count == 0:
		return "none"
	case o.res.Unique():
		return "unique " + o.res.Solutions[0].String()
	}
	return "multiple " + o.res.Solutions[0].String()
}

// plural writes n and the noun, adding "s" or "es" unless n is 1.
func plural[N int | int64](n N, noun string) string {
	switch {
	case n == 1:
		return "1 " + noun
	case strings.HasSuffix(noun, "s"):
		return fmt.Sprintf("%d %ses", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
