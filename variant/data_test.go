package variant

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/variant/varianttest"
)

// row is one puzzle of the shared development set (see its README).
// row is one puzzle of the shared set.
type row = varianttest.Row

// variantsDir is the shared set of variant puzzles: $SUDOKUBOT_VARIANTS,
// else shared/variants beside the repository, found from this file.
func variantsDir() string {
	if d := os.Getenv("SUDOKUBOT_VARIANTS"); d != "" {
		return d
	}
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "shared", "variants")
}

// readRows returns the rows of puzzles.tsv, or nil and the error.
func readRows() ([]row, error) {
	return varianttest.ReadRows(filepath.Join(variantsDir(), "puzzles.tsv"))
}

// mustRows returns the shared rows, or skips the test saying why.
func mustRows(t *testing.T) []row {
	t.Helper()
	rows, err := readRows()
	if err != nil || len(rows) == 0 {
		t.Skipf("skipping: no shared variant puzzles in %s (set SUDOKUBOT_VARIANTS): %v", variantsDir(), err)
	}
	return rows
}

// seedPayloads returns a few lz-string payloads of the shared set to seed
// the fuzzers, or none when the set is absent.
func seedPayloads() []string {
	rows, _ := readRows()
	var out []string
	for i, r := range rows {
		if i%20 != 0 {
			continue
		}
		if _, p, ok := strings.Cut(r.FPuzzles, "load="); ok {
			out = append(out, p)
		}
		if _, p, ok := strings.Cut(r.SCL, "/scl"); ok {
			out = append(out, p)
		}
	}
	return out
}
