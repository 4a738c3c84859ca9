package cli

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// variantRow is a row of the shared variant set: a link and its answer.
type variantRow struct{ name, types, solutions, solution, link string }

// sharedVariants reads the shared variant set's rows (../shared/variants
// or $SUDOKUBOT_VARIANTS), or skips the test, saying why.
func sharedVariants(t *testing.T) []variantRow {
	t.Helper()
	dir := os.Getenv("SUDOKUBOT_VARIANTS")
	if dir == "" {
		dir = filepath.Join("..", "..", "shared", "variants")
	}
	data, err := os.ReadFile(filepath.Join(dir, "puzzles.tsv"))
	if err != nil {
		t.Skipf("skipping: no shared variant puzzles in %s (set SUDOKUBOT_VARIANTS): %v", dir, err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	head := strings.Split(lines[0], "\t")
	col := map[string]int{}
	for k, h := range head {
		col[h] = k
	}
	var rows []variantRow
	for _, l := range lines[1:] {
		f := strings.Split(l, "\t")
		rows = append(rows, variantRow{f[col["name"]], f[col["types"]], f[col["solutions"]], f[col["solution"]], f[col["fpuzzles_link"]]})
	}
	return rows
}

// TestSolveALink: "sudokubot solve LINK" answers a pasted f-puzzles link
// with the verdict and the solution the shared set gives, a --json object
// for scripts, and a clear sentence for a link it cannot read.
func TestSolveALink(t *testing.T) {
	var unique, multiple *variantRow
	rows := sharedVariants(t)
	for k := range rows {
		r := &rows[k]
		switch {
		case unique == nil && r.solutions == "1" && r.types == "classic":
			unique = r
		case multiple == nil && r.solutions == "2+":
			multiple = r
		}
	}
	if unique == nil || multiple == nil {
		t.Fatal("the shared set has no classic unique puzzle or no 2+ puzzle")
	}
	n := int(math.Sqrt(float64(len(unique.solution))))
	code, out, _ := runCLI(t, "", "solve", "--timeout", "20s", "<"+unique.link+">.")
	if code != ExitOK || !strings.HasPrefix(out, "unique solution\n") || !strings.Contains(out, "\n"+unique.solution[:n]+"\n") {
		t.Errorf("solve %s: %d\n%s", unique.name, code, out)
	}
	code, out, _ = runCLI(t, "", "solve", "--json", "--timeout", "20s", multiple.link)
	var got linkJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil || code != ExitNoGood || got.Verdict != "multiple" || got.Solutions != 2 || got.Solution != "" {
		t.Errorf("solve --json %s: %d %q (%v)", multiple.name, code, out, err)
	}
	code, out, _ = runCLI(t, "", "solve", "https://www.f-puzzles.com/?load=N4Ig")
	if code != ExitInvalid || !strings.Contains(out, "damaged") && !strings.Contains(out, "cut short") {
		t.Errorf("a damaged link: %d %q", code, out)
	}
	stdin := unique.link + "\n\nhttps://sudokupad.app/abc\n"
	code, out, _ = runCLI(t, stdin, "solve", "--batch", "--json", "--timeout", "20s")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != ExitOK || len(lines) != 2 || !strings.Contains(lines[0], `"verdict":"unique"`) || !strings.Contains(lines[1], `"verdict":"unsupported"`) {
		t.Errorf("a batch of links: %d\n%s", code, out)
	}
}
