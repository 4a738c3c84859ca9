package cli

import (
	"bufio"
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/config"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/variant"
)

// solveCmd is "sudokubot solve": one puzzle from the arguments (or standard
// input), or with --batch one puzzle per input line.
func solveCmd(cfg config.Config, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("solve", stderr)
	batch := fs.Bool("batch", false, "read one puzzle per line of standard input and print one verdict per line")
	timeout := fs.Duration("timeout", cfg.SolveTimeout, "give up on a puzzle after this long (a variant link: VARIANT_TIMEOUT unless given)")
	pngFile := fs.String("png", "", "also write the solution as a PNG image to this file (a variant link: the puzzle with its constraints, solved when a solution was found)")
	themeName := fs.String("theme", "light", "image theme: light or dark")
	labels := fs.Bool("labels", false, "number the rows and columns in the image")
	imageFile := fs.String("image", "", "read the puzzle from this picture (PNG, JPEG or WebP)")
	count := fs.Int("count", 2, "with a variant link (f-puzzles, SudokuPad): count solutions up to this many")
	candidates := fs.Bool("candidates", false, "with a variant link: also print every digit some solution puts in each cell")
	asJSON := fs.Bool("json", false, "with variant links: print one JSON object per link")
	rest, err := parseInterspersed(fs, args)
	if err != nil {
		return ExitInvalid
	}
	theme, ok := render.ParseTheme(*themeName)
	if !ok {
		fmt.Fprintf(stderr, "sudokubot: --theme %q: use light or dark\n", *themeName)
		return ExitInvalid
	}
	ask := linkAsk{count: *count, candidates: *candidates, json: *asJSON, timeout: cmp.Or(cfg.VariantTimeout, *timeout), puzzles: newPuzzles(cfg)}
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "timeout" {
			ask.timeout = *timeout
		}
	})
	if *batch {
		return solveBatch(stdin, stdout, stderr, ask)
	}
	input := strings.Join(rest, "\n")
	if *imageFile != "" {
		res := readFile(*imageFile)
		if res.Error != "" {
			fmt.Fprintf(stderr, "sudokubot: %s\n", res.Error)
			return ExitInvalid
		}
		printReading(stdout, res)
		input = res.Puzzle
	} else if len(rest) == 0 || input == "-" {
		b, err := io.ReadAll(io.LimitReader(stdin, 1<<16))
		if err != nil {
			fmt.Fprintf(stderr, "sudokubot: reading the puzzle: %v\n", err)
			return ExitInvalid
		}
		input = string(b)
	}
	if variant.LooksLikeLink(input) {
		ask.png, ask.theme = *pngFile, theme
		return solveLink(input, ask, stdout, stderr)
	}
	v := judge(input, *timeout)
	status := printVerdict(v, stdout, *timeout)
	if *pngFile != "" && v.Outcome != solver.Invalid {
		if err := writeImage(*pngFile, v, render.Options{Theme: theme, Labels: *labels}); err != nil {
			fmt.Fprintf(stderr, "sudokubot: writing the image: %v\n", err)
			return ExitInvalid
		}
	}
	return status
}

// judge decides on one puzzle within timeout, for the single and batch forms.
func judge(input string, timeout time.Duration) solver.Verdict {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	return solver.Judge(ctx, input, 2)
}

// printVerdict writes the verdict, grid and statistics, and returns the
// exit status.
func printVerdict(v solver.Verdict, w io.Writer, timeout time.Duration) int {
	switch v.Outcome {
	case solver.Invalid:
		fmt.Fprintf(w, "invalid puzzle: %v\n", v.Err)
		return ExitInvalid
	case solver.GaveUp, solver.Unchecked:
		unchecked := ""
		if v.Outcome == solver.Unchecked {
			unchecked = " before checking that the solution found is the only one"
		}
		fmt.Fprintf(w, "gave up after %v%s (%s searched)%s\n", timeout, unchecked,
			solver.English.Count(int(v.Result.Nodes), "%d node", "%d nodes"), fewGivens(v))
		return ExitNoGood
	case solver.NoSolution:
		reason := "no two givens clash, but no grid completes them"
		if v.Conflict != nil {
			reason = v.Conflict.Error()
		}
		fmt.Fprintf(w, "no solution: %s\n%s", reason, stats(v))
		return ExitNoGood
	}
	status := ExitOK
	if v.Outcome == solver.Unique {
		fmt.Fprintf(w, "unique solution\n%s\n", stats(v))
	} else {
		fmt.Fprintf(w, "not unique: at least 2 solutions, which differ in %d cells (%s)%s; one of them:\n%s\n",
			len(v.Differ), solver.CellNames(solver.English, v.Differ, 8), fewGivens(v), stats(v))
		status = ExitNoGood
	}
	sol := v.Solution()
	fmt.Fprintf(w, "%s\n%s\n", render.Text(sol), render.Line(sol))
	return status
}

// fewGivens is the clause that says why the verdict found no unique
// solution when the puzzle has too few givens to have one, or "".
func fewGivens(v solver.Verdict) string {
	if !v.TooFewGivens {
		return ""
	}
	return clause(solver.FewGivens(solver.English, v.Puzzle))
}

// stats says how long the search took and how hard it was: "solved in"
// when it found a solution, "searched" when it showed there is none.
func stats(v solver.Verdict) string {
	did := "solved in"
	if !v.Solved() {
		did = "searched for"
	}
	return fmt.Sprintf("%s %v: %s, %s\n", did, v.Took.Round(time.Microsecond),
		solver.English.Count(int(v.Result.Nodes), "%d node", "%d nodes"), solver.English.Count(int(v.Result.Guesses), "%d guess", "%d guesses"))
}

// clause adds a phrase to a line after a semicolon, or nothing.
func clause(s string) string {
	if s == "" {
		return ""
	}
	return "; " + s
}

// solveBatch prints one line per input line: unique, multiple, none,
// timeout or invalid; a batch whose first line is a variant link is one of
// links (solveLinkBatch).
func solveBatch(stdin io.Reader, stdout, stderr io.Writer, ask linkAsk) int {
	in := bufio.NewReader(io.LimitReader(stdin, 16<<20))
	first, _ := in.Peek(4096)
	if variant.LooksLikeLink(firstLine(string(first))) {
		return solveLinkBatch(in, stdout, stderr, ask)
	}
	return eachLine(in, stdout, stderr, func(puzzle string) string { return batchLine(judge(puzzle, ask.timeout)) })
}

// firstLine returns text's first line that holds anything.
func firstLine(text string) string {
	for _, l := range strings.Split(text, "\n") {
		if strings.TrimSpace(l) != "" {
			return l
		}
	}
	return ""
}

func batchLine(v solver.Verdict) string {
	switch v.Outcome {
	case solver.Invalid:
		return "invalid " + v.Err.Error()
	case solver.GaveUp, solver.Unchecked:
		return "timeout"
	case solver.NoSolution:
		return "none"
	case solver.Unique:
		return "unique " + v.Solution().String()
	}
	return "multiple " + v.Solution().String()
}

// writeImage draws what a solve found: the solution with the solved digits
// in their own colour, the cells where two solutions differ marked as a
// hint, or, with no solution, the puzzle with its clashing givens marked.
func writeImage(path string, v solver.Verdict, opt render.Options) error {
	img := v.Puzzle
	switch {
	case v.Solved():
		img, opt.Puzzle = v.Solution(), v.Puzzle
		if v.Outcome == solver.NotUnique {
			opt.Highlights = []render.Highlight{{Style: render.Hint, Cells: v.Differ}}
		}
	case len(v.Clashes) > 0:
		opt.Highlights = []render.Highlight{{Style: render.Clash, Cells: v.Clashes}}
	}
	b, err := render.PNG(img, opt)
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}
