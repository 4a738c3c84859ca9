package logic

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/internal/puzzletest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// hintCases are grids whose next step is each technique in turn (found in
// the shared data sets), then grids with mistakes, a complete grid and one
// with several solutions.
func hintCases(t *testing.T) []string {
	b, err := os.ReadFile(filepath.Join("testdata", "hint_grids.txt"))
	if err != nil {
		t.Fatal(err)
	}
	cases := strings.Fields(string(b))
	solved := "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	return append(cases,
		"55"+puzzletest.Classic[2:], // a clash
		"532.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", // r1c3 is 4, not 2
		solved,
		strings.Replace(solved[:60], "5", ".", -1)+strings.Repeat(".", 21),
	)
}

func TestHintGolden(t *testing.T) {
	var out bytes.Buffer
	for _, p := range hintCases(t) {
		a, err := Hint(context.Background(), mustParse(t, p))
		if err != nil {
			t.Fatalf("Hint(%s): %v", p, err)
		}
		out.WriteString(p + "\n" + a.Text(solver.English) + "\n\n")
		if len(a.Mistakes) == 0 && a.Step.Technique != FullHouse && strings.Contains(p, ".") && len(a.Focus) == 0 {
			t.Errorf("Hint(%s) has nothing to highlight", p)
		}
	}
	path := filepath.Join("testdata", "hints.golden")
	if *update {
		if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./solver/logic -run HintGolden -update)", err)
	}
	if !bytes.Equal(want, out.Bytes()) {
		t.Errorf("hints differ from %s (run with -update if intended):\n%s", path, out.String())
	}
}

func TestHintIsRight(t *testing.T) {
	for _, p := range hintCases(t) {
		g := mustParse(t, p)
		a, err := Hint(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		res, _ := solver.Solve(context.Background(), g, 2)
		if res.Count != 1 {
			continue
		}
		sol := res.Solutions[0]
		for _, c := range a.Step.Placed {
			if sol.At(c.Cell.Row, c.Cell.Col) != c.Digit {
				t.Errorf("Hint(%s) places a wrong digit at %s", p, c.Cell)
			}
		}
		for _, c := range a.Step.Removed {
			if sol.At(c.Cell.Row, c.Cell.Col) == c.Digit {
				t.Errorf("Hint(%s) removes the solution's digit at %s", p, c.Cell)
			}
		}
	}
}
