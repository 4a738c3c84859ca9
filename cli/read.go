package cli

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/sudokubot/sudokubot/config"
)

// readCmd is "sudokubot read [--json] FILE...": the puzzle read from each
// picture, and the digits written into it.
func readCmd(_ config.Config, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("read", stderr)
	asJSON := fs.Bool("json", false, `one JSON object per file: {"file", "puzzle", "entries", "error", "ms"}`)
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return ExitInvalid
	}
	if len(files) == 0 {
		fmt.Fprintln(stderr, "sudokubot read: name one or more picture files")
		return ExitInvalid
	}
	status := ExitOK
	for _, f := range files {
		res := readFile(f)
		if res.Error != "" {
			status = ExitNoGood
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
