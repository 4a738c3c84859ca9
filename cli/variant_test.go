package cli

import (
	"encoding/json"
	"image/png"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/variant/varianttest"
)

// TestMain points SUDOKUPAD_URL at a closed local port, so that no test
// reaches sudokupad.app; a test that needs answers sets its fake's.
func TestMain(m *testing.M) {
	os.Setenv("SUDOKUPAD_URL", "http://127.0.0.1:1")
	os.Exit(m.Run())
}

// fakeSudokuPad serves SudokuPad's API from answers (by id; 404 for the
// others) and points SUDOKUPAD_URL at it for the test.
func fakeSudokuPad(t *testing.T, answers map[string]string) {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := answers[strings.TrimPrefix(r.URL.Path, "/api/puzzle/")]
		if !ok || !strings.HasPrefix(r.URL.Path, "/api/puzzle/") {
			http.NotFound(w, r)
			return
		}
		io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	t.Setenv("SUDOKUPAD_URL", srv.URL)
}

// TestSolveAShortID: "sudokubot solve" with a SudokuPad short id asks
// SUDOKUPAD_URL for the puzzle and gives its verdict; an id SudokuPad
// does not know, or a SudokuPad that does not answer, is said so.
func TestSolveAShortID(t *testing.T) {
	scl, err := os.ReadFile(filepath.Join("..", "variant", "testdata", "sudokupad", "classic.scl"))
	if err != nil {
		t.Fatal(err)
	}
	const solution = "927861345816345297345297168284513976153976482679428513798132654531684729462759831"
	code, out, _ := runCLI(t, "", "solve", "--timeout", "20s", "https://sudokupad.app/someid")
	if code != ExitInvalid || !strings.Contains(out, "couldn't get that puzzle from SudokuPad") {
		t.Errorf("solve with SudokuPad unreachable: %d %q", code, out)
	}
	fakeSudokuPad(t, map[string]string{"someid": string(scl), "clover/classic": string(scl)})
	code, out, _ = runCLI(t, "", "solve", "--timeout", "20s", "https://sudokupad.app/someid")
	if code != ExitOK || !strings.HasPrefix(out, "unique solution\n") || !strings.Contains(out, "\n"+solution[:9]+"\n") {
		t.Errorf("solve https://sudokupad.app/someid: %d\n%s", code, out)
	}
	code, out, _ = runCLI(t, "", "solve", "--json", "sudokupad.app/clover/classic")
	var got linkJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil || code != ExitOK || got.Verdict != "unique" || got.Solution != solution {
		t.Errorf("solve --json a named short id: %d %q (%v)", code, out, err)
	}
	code, out, _ = runCLI(t, "", "solve", "https://sudokupad.app/nosuchid")
	if code != ExitInvalid || !strings.Contains(out, "SudokuPad has no puzzle by that id") {
		t.Errorf("solve an unknown id: %d %q", code, out)
	}
}

// variantRow is a row of the shared variant set: a link and its answer.
type variantRow = varianttest.Row

// sharedVariants reads the shared variant set's rows (../shared/variants
// or $SUDOKUBOT_VARIANTS), or skips the test, saying why.
func sharedVariants(t *testing.T) []variantRow {
	t.Helper()
	dir := os.Getenv("SUDOKUBOT_VARIANTS")
	if dir == "" {
		dir = filepath.Join("..", "..", "shared", "variants")
	}
	rows, err := varianttest.ReadRows(filepath.Join(dir, "puzzles.tsv"))
	if err != nil {
		t.Skipf("skipping: no shared variant puzzles in %s (set SUDOKUBOT_VARIANTS): %v", dir, err)
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
		case unique == nil && r.Solutions == "1" && r.Types == "classic":
			unique = r
		case multiple == nil && r.Solutions == "2+":
			multiple = r
		}
	}
	if unique == nil || multiple == nil {
		t.Fatal("the shared set has no classic unique puzzle or no 2+ puzzle")
	}
	n := int(math.Sqrt(float64(len(unique.Solution))))
	code, out, _ := runCLI(t, "", "solve", "--timeout", "20s", "<"+unique.FPuzzles+">.")
	if code != ExitOK || !strings.HasPrefix(out, "unique solution\n") || !strings.Contains(out, "\n"+unique.Solution[:n]+"\n") {
		t.Errorf("solve %s: %d\n%s", unique.Name, code, out)
	}
	code, out, _ = runCLI(t, "", "solve", "--json", "--timeout", "20s", multiple.FPuzzles)
	var got linkJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil || code != ExitNoGood || got.Verdict != "multiple" || got.Solutions != 2 || got.Solution != "" {
		t.Errorf("solve --json %s: %d %q (%v)", multiple.Name, code, out, err)
	}
	code, out, _ = runCLI(t, "", "solve", "https://www.f-puzzles.com/?load=N4Ig")
	if code != ExitInvalid || !strings.Contains(out, "damaged") && !strings.Contains(out, "cut short") {
		t.Errorf("a damaged link: %d %q", code, out)
	}
	stdin := unique.FPuzzles + "\n\nhttps://sudokupad.app/abc\n"
	code, out, _ = runCLI(t, stdin, "solve", "--batch", "--json", "--timeout", "20s")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != ExitOK || len(lines) != 2 || !strings.Contains(lines[0], `"verdict":"unique"`) || !strings.Contains(lines[1], `"verdict":"unsupported"`) {
		t.Errorf("a batch of links: %d\n%s", code, out)
	}
}

// TestSolveALinkDrawn: --png with a link draws the puzzle with its
// constraints, solved.
func TestSolveALinkDrawn(t *testing.T) {
	link := varianttest.FPuzzlesLink(`{"size":4,"title":"Four","grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],` +
		`[{},{},{},{}],[{},{},{},{"value":1,"given":true}]],"killercage":[{"cells":["R1C2","R1C3","R1C4"],"value":"9"}],"diagonal-":true}`)
	out := filepath.Join(t.TempDir(), "four.png")
	code, text, errs := runCLI(t, "", "solve", "--png", out, link)
	f, err := os.Open(out)
	if err != nil {
		t.Fatalf("solve --png: %d %q %q: no picture: %v", code, text, errs, err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil || img.Bounds().Dx() < 200 {
		t.Errorf("the picture: %v, %v", img.Bounds(), err)
	}
}

// TestSolveALinkGivesUp: a search cut off by --timeout says so, and how
// many empty cells the rules alone decided before it guessed.
func TestSolveALinkGivesUp(t *testing.T) {
	var big *variantRow
	rows := sharedVariants(t)
	for k := range rows {
		if rows[k].Size == "16x16" {
			big = &rows[k]
			break
		}
	}
	if big == nil {
		t.Fatal("the shared set has no 16×16 puzzle")
	}
	code, out, _ := runCLI(t, "", "solve", "--timeout", "1ns", big.FPuzzles)
	p, err := readLink(big.FPuzzles, nil)
	if err != nil {
		t.Fatal(err)
	}
	decide := regexp.MustCompile(`before any guess, the rules alone decide (\d+) of its (\d+) empty cells\n`).FindStringSubmatch(out)
	if code != ExitNoGood || !strings.HasPrefix(out, "gave up: ") || decide == nil || decide[1] == "0" || decide[2] != strconv.Itoa(p.Blanks()) {
		t.Errorf("solve --timeout 1ns %s: %d\n%s", big.Name, code, out)
	}
}
