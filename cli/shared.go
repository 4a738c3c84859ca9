package cli

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/config"
	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/solver"
)

// Exit statuses of the command line.
const (
	ExitOK      = 0 // solved (unique), or the bot stopped cleanly
	ExitNoGood  = 1 // no solution, not unique, timed out, or the bot failed
	ExitInvalid = 2 // the input or the command line was wrong
)

// Verb is one verb of the command line: it reads its arguments (and
// standard input), writes its answer to stdout and its complaints to
// stderr, and returns the exit status. cfg is the settings main read.
type Verb func(cfg config.Config, args []string, stdin io.Reader, stdout, stderr io.Writer) int

// parseInterspersed parses flags that may come before or after the
// positional arguments ("solve PUZZLE --timeout 1s") and returns the
// positional ones.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return rest, nil
		}
		rest = append(rest, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// newFlagSet returns a flag set that reports errors to stderr without
// exiting the process.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// eachLine answers every line of stdin with one line on stdout: the first
// field of the line (the puzzle; anything after it, a rating say, is
// ignored) goes to answer. Blank lines are skipped.
func eachLine(stdin io.Reader, stdout, stderr io.Writer, answer func(string) string) int {
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 4096), 1<<20)
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	for sc.Scan() {
		if fields := strings.Fields(sc.Text()); len(fields) > 0 {
			fmt.Fprintln(w, answer(fields[0]))
		}
	}
	if err := sc.Err(); err != nil {
		w.Flush()
		fmt.Fprintf(stderr, "sudokubot: reading puzzles: %v\n", err)
		return ExitInvalid
	}
	return ExitOK
}

// readJSON is one line of "read --json".
type readJSON struct {
	File    string `json:"file"`
	Puzzle  string `json:"puzzle"`
	Entries string `json:"entries"`
	Error   string `json:"error"`
	MS      int64  `json:"ms"`
}

// readResult is a file's reading, with what the plain form adds.
type readResult struct {
	readJSON
	reading *picture.Reading
}

// readFile reads one picture file, timing the reading (not the file's
// loading): for read, and for solve --image.
func readFile(name string) readResult {
	res := readResult{readJSON: readJSON{File: name}}
	data, err := readPicture(name)
	if err != nil {
		res.Error = err.Error()
		return res
	}
	start := time.Now()
	r, err := picture.Read(context.Background(), data)
	res.MS = time.Since(start).Milliseconds()
	if err != nil {
		res.Error = err.Error()
		return res
	}
	res.Puzzle, res.Entries, res.reading = r.Givens(), r.Entries(), r
	return res
}

// readPicture loads a picture file, refusing one over the reader's limit
// before reading it all.
func readPicture(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("cannot open %s", name)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, picture.MaxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read %s", name)
	}
	if len(data) > picture.MaxBytes {
		return nil, &picture.TooBigError{Bytes: len(data)}
	}
	return data, nil
}

// printReading prints a reading for a person: the puzzle, the entries,
// and the cells to check.
func printReading(w io.Writer, res readResult) {
	if res.Error != "" {
		fmt.Fprintf(w, "%s: %s\n", res.File, res.Error)
		return
	}
	fmt.Fprintf(w, "%s (%d ms)\n  puzzle    %s\n", res.File, res.MS, res.Puzzle)
	if strings.Trim(res.Entries, ".") != "" {
		fmt.Fprintf(w, "  entries   %s\n", res.Entries)
	}
	r := res.reading
	if d := r.Doubts(); len(d) > 0 {
		fmt.Fprintf(w, "  doubtful  %s\n", cellList(d))
	}
	if len(r.Corrected) > 0 {
		fmt.Fprintf(w, "  corrected %s (read another way, the puzzle had no single solution)\n", cellList(r.Corrected))
	}
	if len(r.Agreed) > 0 {
		fmt.Fprintf(w, "  agreed    %s (written unclearly: read as the solution's digit)\n", cellList(r.Agreed))
	}
	if r.Unresolved {
		fmt.Fprintln(w, "  the printed digits as read do not make a puzzle with one solution: check the reading")
	}
}

// cellList names cells by index: "r1c2, r5c5".
func cellList(cells []int) string {
	names := make([]string, len(cells))
	for k, i := range cells {
		names[k] = solver.CellName(i/9, i%9)
	}
	return strings.Join(names, ", ")
}
