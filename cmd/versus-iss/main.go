// Command versus-iss measures, for issue 43, how fast our variant solver
// decides uniqueness (counting to 2) on the shared variant set, side by
// side with the Interactive Sudoku Solver (ISS, github.com/sigh/
// Interactive-Sudoku-Solver) run under node from a checkout given with
// -iss. Nothing of ISS is copied here: a small driver of our own is
// written to a temporary directory and imports ISS's engine from the
// checkout; each f-puzzles puzzle is translated into ISS's constraint
// string by toISS.
//
// Per round, each puzzle is judged by us (variant.Judge in-process) and
// then by ISS; each solver's time for a puzzle is its median over the
// rounds. It prints, per constraint type and overall: puzzles, read,
// verdicts right, median and p90 ms, and puzzles over 1 s, "ours / ISS"
// in each column, then the slow, wrong and unread puzzles and
// /proc/loadavg before and after.
//
//	go run ./cmd/versus-iss -iss /tmp/iss [-variants DIR] [-timeout 10s] [-rounds 3]
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/variant/varianttest"
)

// options are the command's flags.
type options struct {
	iss, variants, node string
	timeout             time.Duration
	rounds              int
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run parses the flags, measures and prints; it returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	o, err := parseFlags(args, stderr)
	if err != nil {
		return 2
	}
	rows, err := readRows(filepath.Join(o.variants, "puzzles.tsv"))
	if err != nil {
		fmt.Fprintf(stderr, "versus-iss: %v\n", err)
		return 1
	}
	before := loadavg()
	rs, err := measure(o, rows, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "versus-iss: %v\n", err)
		return 1
	}
	printTable(stdout, buildTable(rs))
	printNotes(stdout, rs)
	fmt.Fprintf(stdout, "rounds %d, timeout %v\nload before: %s\nload after:  %s\n", o.rounds, o.timeout, before, loadavg())
	return 0
}

// parseFlags returns the options, or an error after printing usage.
func parseFlags(args []string, stderr io.Writer) (options, error) {
	fs := flag.NewFlagSet("versus-iss", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.StringVar(&o.iss, "iss", "", "path to a checkout of sigh/Interactive-Sudoku-Solver (required)")
	fs.StringVar(&o.variants, "variants", defaultVariants(), "directory of the shared set's puzzles.tsv")
	fs.StringVar(&o.node, "node", "node", "the node binary")
	fs.DurationVar(&o.timeout, "timeout", 10*time.Second, "time limit per puzzle and solver")
	fs.IntVar(&o.rounds, "rounds", 3, "rounds over the whole set")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if o.iss == "" || o.rounds < 1 || fs.NArg() > 0 {
		fs.Usage()
		return o, flag.ErrHelp
	}
	return o, nil
}

// defaultVariants is $SUDOKUBOT_VARIANTS, else ../shared/variants.
func defaultVariants() string {
	if d := os.Getenv("SUDOKUBOT_VARIANTS"); d != "" {
		return d
	}
	return filepath.Join("..", "shared", "variants")
}

// loadavg returns /proc/loadavg's line (1, 5 and 15 minute load,
// runnable/all tasks, last pid), or "unknown".
func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	return strings.TrimSpace(string(b))
}

// row is one puzzle of the shared set: the columns this command uses.
type row struct{ name, types, solutions, link string }

// readRows returns the rows of a puzzles.tsv, as the shared set's tests
// read them.
func readRows(file string) ([]row, error) {
	all, err := varianttest.ReadRows(file)
	if err != nil {
		return nil, err
	}
	rows := make([]row, len(all))
	for i, r := range all {
		rows[i] = row{r.Name, r.Types, r.Solutions, r.FPuzzles}
	}
	return rows, nil
}
