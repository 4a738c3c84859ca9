package variant

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// row is one puzzle of the shared development set (see its README).
type row struct {
	Name, Size, Types, Solutions, Solution  string
	FPuzzles, FPuz, SCL, Mangled, Kind, SCF string
}

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
	f, err := os.Open(filepath.Join(variantsDir(), "puzzles.tsv"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	var head map[string]int
	var rows []row
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if head == nil {
			head = map[string]int{}
			for i, h := range fields {
				head[h] = i
			}
			continue
		}
		get := func(k string) string {
			if i, ok := head[k]; ok && i < len(fields) {
				return fields[i]
			}
			return ""
		}
		rows = append(rows, row{
			Name: get("name"), Size: get("size"), Types: get("types"), Solutions: get("solutions"),
			Solution: get("solution"), FPuzzles: get("fpuzzles_link"), FPuz: get("sudokupad_fpuz_link"),
			SCL: get("sudokupad_scl_link"), Mangled: get("mangled_link"), Kind: get("mangled_kind"),
			SCF: get("sudokupad_scf_link"),
		})
	}
	return rows, sc.Err()
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
