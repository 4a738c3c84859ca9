package cli

import (
	"context"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/config"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/store"
)

// multi is a 17-clue puzzle less one clue: no 16-clue puzzle is unique.
var multi = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"[:14] + "." +
	"..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"[15:]

const classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

// runCLI runs a verb as main does, with the settings of the environment,
// and returns its exit status, output and complaints.
func runCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	cfg, err := config.Load(os.Getenv, false)
	if err != nil {
		t.Fatal(err)
	}
	verb, ok := Lookup(args[0])
	if !ok {
		t.Fatalf("no verb %q", args[0])
	}
	var out, errOut strings.Builder
	code := verb(cfg, args[1:], strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestSolveCommand(t *testing.T) {
	tests := []struct {
		name  string
		stdin string
		args  []string
		code  int
		want  []string
	}{
		{"unique", "", []string{"solve", classic}, ExitOK, []string{"unique solution",
			"5 3 4 | 6 7 8 | 9 1 2", "------+-------+------",
			"534678912672195348198342567859761423426853791713924856961537284287419635345286179"}},
		{"rows as arguments", "", append([]string{"solve"}, rowsOf(classic)...), ExitOK, []string{"unique solution"}},
		{"from stdin", strings.Join(rowsOf(classic), "\n"), []string{"solve"}, ExitOK, []string{"unique solution"}},
		{"not unique", "", []string{"solve", multi}, ExitNoGood,
			[]string{"not unique: at least 2 solutions"}},
		{"no solution", "", []string{"solve", "55" + classic[2:]}, ExitNoGood,
			[]string{"no solution: row 1 has two 5s, at r1c1 and r1c2", "\nsearched for "}},
		{"consistent but no solution", "", []string{"solve", "12345678.........9" + strings.Repeat(".", 63)}, ExitNoGood,
			[]string{"no solution: no two givens clash", "\nsearched for "}},
		{"invalid", "", []string{"solve", classic[:79]}, ExitInvalid,
			[]string{"invalid puzzle: found 79 cells; a 9×9 puzzle needs 81"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, _ := runCLI(t, tt.stdin, tt.args...)
			if code != tt.code {
				t.Errorf("sudokubot %v exit = %d, want %d\n%s", tt.args, code, tt.code, out)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("sudokubot %v output lacks %q:\n%s", tt.args, w, out)
				}
			}
		})
	}
}

func TestSolveTimeoutMessage(t *testing.T) {
	// A one-given 16×16 needs 178 nodes for two solutions; the deadline is
	// looked at every 64, so a 1ns deadline is always seen.
	code, out, _ := runCLI(t, "", "solve", "--timeout", "1ns", "1"+strings.Repeat(".", 255))
	if code != ExitNoGood || !strings.Contains(out, "gave up after 1ns (64 nodes searched)") {
		t.Errorf("exit = %d, output = %q; want exit %d and gave up", code, out, ExitNoGood)
	}
	// This 16-given 9×9 has its two solutions within 13 nodes, before the
	// deadline is first looked at: the verdict stands despite the timeout.
	code, out, _ = runCLI(t, "", "solve", "--timeout", "1ns",
		"..............1..2.34....5...............6..1.57....3....3...4.1..5.....6.......8")
	if code != ExitNoGood || !strings.HasPrefix(out, "not unique: at least 2 solutions") ||
		!strings.Contains(out, "; only 16 givens: 9×9 puzzles with fewer than 17 givens never have a unique solution; one of them:") {
		t.Errorf("exit = %d, output = %q; want not unique with the advice on givens", code, out)
	}
}

func rowsOf(p string) []string {
	var rows []string
	for i := 0; i < len(p); i += 9 {
		rows = append(rows, p[i:i+9])
	}
	return rows
}

func TestSolveBatch(t *testing.T) {
	input := strings.Join([]string{
		classic + " 5.6",
		"",
		multi,
		"55" + classic[2:],
		"k",
	}, "\n")
	code, out, _ := runCLI(t, input, "solve", "--batch")
	if code != ExitOK {
		t.Fatalf("exit = %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := []string{
		"unique 534678912672195348198342567859761423426853791713924856961537284287419635345286179",
		"multiple ",
		"none",
		"invalid unexpected character 'k' at position 1",
	}
	if len(lines) != len(want) {
		t.Fatalf("batch printed %d lines, want %d:\n%s", len(lines), len(want), out)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %d = %q, want prefix %q", i+1, lines[i], w)
		}
	}
}

func TestBenchCommand(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "p.txt")
	if err := os.WriteFile(file, []byte(classic+"\n"+multi+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "", "bench", "--runs", "1", "--warmup", "0s", "--min-time", "0s", file)
	if code != ExitOK {
		t.Fatalf("exit = %d: %s", code, errOut)
	}
	if !strings.Contains(out, "puzzles/s") || !strings.Contains(out, "p.txt") || !strings.Contains(out, " 2 ") {
		t.Errorf("bench output:\n%s", out)
	}
	empty := filepath.Join(dir, "empty.txt")
	if err := os.WriteFile(empty, []byte("\n  \n"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCLI(t, "", "bench", "--warmup", "0s", "--min-time", "0s", empty)
	if code != ExitInvalid || !strings.Contains(errOut, "empty.txt: no puzzles") {
		t.Errorf("bench on a file without puzzles: exit %d, stderr %q", code, errOut)
	}
	for _, args := range [][]string{{"bench"}, {"bench", "--runs", "0", file}, {"bench", "--warmup", "-1s", file},
		{"bench", "--min-time", "-1s", file}} {
		if code, _, errOut := runCLI(t, "", args...); code != ExitInvalid || !strings.Contains(errOut, "usage") {
			t.Errorf("%q: exit %d, stderr %q; want the usage and exit %d", args, code, errOut, ExitInvalid)
		}
	}
}

// TestBenchRepeatsTheFile checks that a run repeats the file in whole passes
// until its time is up, and that the times per puzzle cover every puzzle.
func TestBenchRepeatsTheFile(t *testing.T) {
	g, err := solver.Parse(classic)
	if err != nil {
		t.Fatal(err)
	}
	grids := []solver.Grid{g, g, g}
	var v solver.Solver
	start := time.Now()
	rate := solveFor(&v, grids, 20*time.Millisecond)
	elapsed := time.Since(start)
	if elapsed < 20*time.Millisecond || rate <= 0 {
		t.Errorf("solveFor(20ms) returned %.0f puzzles/s after %v", rate, elapsed)
	}
	if rate := solveFor(&v, grids, 0); rate <= 0 {
		t.Errorf("solveFor(0) = %.0f puzzles/s; want one pass at least", rate)
	}
	times := timePuzzles(&v, grids, 3)
	if len(times) != len(grids) || slices.Contains(times, 0) {
		t.Errorf("timePuzzles = %v; want a positive time for each of %d puzzles", times, len(grids))
	}
}

func TestSolvePNG(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name   string
		puzzle string
		theme  string
		code   int
	}{
		{"unique", classic, "dark", ExitOK},
		{"not unique", multi, "light", ExitNoGood},
		{"clashing givens", "55" + classic[2:], "light", ExitNoGood},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(dir, tt.name+".png")
			code, out, errOut := runCLI(t, "", "solve", tt.puzzle, "--png", file, "--theme", tt.theme, "--labels")
			if code != tt.code {
				t.Fatalf("exit = %d, want %d\n%s%s", code, tt.code, out, errOut)
			}
			f, err := os.Open(file)
			if err != nil {
				t.Fatalf("no image written: %v", err)
			}
			defer f.Close()
			if _, err := png.Decode(f); err != nil {
				t.Errorf("the image does not decode: %v", err)
			}
		})
	}
}

func TestSolveBadTheme(t *testing.T) {
	code, _, errOut := runCLI(t, "", "solve", classic, "--png", filepath.Join(t.TempDir(), "x.png"), "--theme", "sepia")
	if code != ExitInvalid || !strings.Contains(errOut, `--theme "sepia": use light or dark`) {
		t.Errorf("exit = %d, stderr = %q", code, errOut)
	}
}

func TestGradeCommand(t *testing.T) {
	input := strings.Join([]string{classic + " 5.0", multi, "55" + classic[2:], "k"}, "\n")
	code, out, _ := runCLI(t, input, "grade", "--batch")
	want := []string{"easy 1.2 Hidden single", "multiple", "none", "invalid unexpected character 'k' at position 1"}
	if code != ExitOK || strings.TrimSpace(out) != strings.Join(want, "\n") {
		t.Errorf("grade --batch: exit %d\n%s\nwant\n%s", code, out, strings.Join(want, "\n"))
	}
	if code, out, _ := runCLI(t, "", "grade", classic); code != ExitOK || strings.TrimSpace(out) != want[0] {
		t.Errorf("grade PUZZLE: exit %d, %q", code, out)
	}
	// A skyscraper is Sukaku Explainer's 4.0; classic SE 1.2.1 has no
	// strong-link fish and needs an XY-Wing (4.2) there.
	const sky = "....1.5..54..82..........249....4.8.1.6...4.7.3.7....961..........85..41..9.3...."
	for scale, want := range map[string]string{"sukaku": "hard 4.0 Strong links", "se121": "hard 4.2 XY-Wing"} {
		if code, out, _ := runCLI(t, "", "grade", "--scale", scale, sky); code != ExitOK || strings.TrimSpace(out) != want {
			t.Errorf("grade --scale %s: exit %d, %q; want %q", scale, code, out, want)
		}
	}
	if code, _, errOut := runCLI(t, "", "grade", "--scale", "se9", sky); code != ExitInvalid || !strings.Contains(errOut, "unknown scale") {
		t.Errorf("grade --scale se9: exit %d, %q", code, errOut)
	}
}

func TestGenerateCommand(t *testing.T) {
	code, out, _ := runCLI(t, "", "generate", "--difficulty", "hard", "--seed", "7", "--count", "3")
	lines := strings.Fields(out)
	if code != ExitOK || len(lines) != 3 {
		t.Fatalf("generate: exit %d, %q", code, out)
	}
	// Each line is a puzzle that grades hard, and seed 7 repeats.
	for _, l := range lines {
		if _, g, _ := runCLI(t, "", "grade", l); !strings.HasPrefix(g, "hard ") {
			t.Errorf("generated %s grades %q, want hard", l, g)
		}
	}
	if _, again, _ := runCLI(t, "", "generate", "--difficulty", "hard", "--seed", "7"); strings.TrimSpace(again) != lines[0] {
		t.Errorf("seed 7 gave %q, then %q", lines[0], again)
	}
	if code, _, _ := runCLI(t, "", "generate", "--size", "5"); code != ExitInvalid {
		t.Errorf("generate --size 5: exit %d, want %d", code, ExitInvalid)
	}
}

// TestRotateSessionKey: the verb puts a new key first in the database and
// keeps the one before; with ACTIVITY_SESSION_KEY set it refuses, saying
// how to rotate that one.
func TestRotateSessionKey(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rotate.db")
	t.Setenv("DATABASE_URL", path)
	db, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	before, err := db.SessionKeys(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := runCLI(t, "", "rotate-session-key"); code != ExitOK || !strings.Contains(out, "a new session key") {
		t.Fatalf("rotate-session-key = %d %q %q", code, out, errOut)
	}
	after, err := db.SessionKeys(context.Background())
	if err != nil || len(after) != 2 || string(after[1]) != string(before[0]) || string(after[0]) == string(before[0]) {
		t.Errorf("keys after the rotation: %x, %v; want a new one, then %x", after, err, before)
	}
	t.Setenv("ACTIVITY_SESSION_KEY", strings.Repeat("ab", 32))
	if code, _, errOut := runCLI(t, "", "rotate-session-key"); code != ExitInvalid || !strings.Contains(errOut, "ACTIVITY_SESSION_KEY_PREVIOUS") {
		t.Errorf("rotate-session-key with ACTIVITY_SESSION_KEY set = %d %q", code, errOut)
	}
}
