package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/solver"
)

// readCmd is "sudokubot read [--json] FILE...": the puzzle read from each
// picture, and the digits written into it.
func readCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("read", stderr)
	asJSON := fs.Bool("json", false, `one JSON object per file: {"file", "puzzle", "entries", "error", "ms"}`)
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return exitInvalid
	}
	if len(files) == 0 {
		fmt.Fprintln(stderr, "sudokubot read: name one or more picture files")
		return exitInvalid
	}
	status := exitOK
	for _, f := range files {
		res := readFile(f)
		if res.Error != "" {
			status = exitNoGood
		}
		if *asJSON {
			line, _ := json.Marshal(res.readJSON)
			fmt.Fprintf(stdout, "%s\n", line)
		} else {
			printReading(stdout, res)
		}
	}
	return status
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
// loading).
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
