package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/hostile"
	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
)

const readPuzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

// writePicture draws a puzzle as the bot does and writes it to a file.
func writePicture(t *testing.T, puzzle string) string {
	t.Helper()
	g, err := solver.Parse(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	data, err := render.PNG(g, render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(t.TempDir(), "puzzle.png")
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// TestReadCommand: read --json gives one object a file, with the puzzle
// read, or the message a person would get for a file that is no picture
// or has no grid.
func TestReadCommand(t *testing.T) {
	good := writePicture(t, readPuzzle)
	junk := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(junk, []byte("not a picture"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCLI(t, "", "read", "--json", good, junk, filepath.Join(t.TempDir(), "missing.png"))
	if code != ExitNoGood {
		t.Errorf("exit %d, want %d (one file could not be read)", code, ExitNoGood)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines, want 3:\n%s", len(lines), out)
	}
	var got []readJSON
	for _, l := range lines {
		var r readJSON
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		got = append(got, r)
	}
	if got[0].Puzzle != readPuzzle || got[0].Error != "" || got[0].Entries != strings.Repeat(".", 81) {
		t.Errorf("read %+v, want the puzzle %s and no entries", got[0], readPuzzle)
	}
	if !strings.Contains(got[1].Error, "PNG, JPEG or WebP") || got[1].Puzzle != "" {
		t.Errorf("a text file: %+v, want the formats named", got[1])
	}
	if !strings.Contains(got[2].Error, "cannot open") {
		t.Errorf("a missing file: %+v", got[2])
	}
}

// TestSolveImage: solve --image prints what it read, then the verdict.
func TestSolveImage(t *testing.T) {
	code, out, errOut := runCLI(t, "", "solve", "--image", writePicture(t, readPuzzle))
	if code != ExitOK || !strings.Contains(out, "puzzle    "+readPuzzle) || !strings.Contains(out, "unique solution") {
		t.Errorf("exit %d, output:\n%s%s", code, out, errOut)
	}
	code, _, errOut = runCLI(t, "", "solve", "--image", filepath.Join(t.TempDir(), "none.png"))
	if code != ExitInvalid || !strings.Contains(errOut, "cannot open") {
		t.Errorf("a missing picture: exit %d, %q", code, errOut)
	}
}

// TestReadRefusesHostilePictures: the pictures of docs/hostile.md, made
// to cost minutes of work or gigabytes to decode, are each refused with a
// sentence that says why, from their headers.
func TestReadRefusesHostilePictures(t *testing.T) {
	dir := t.TempDir()
	set := hostile.Set()
	var names []string
	for name, data := range set {
		names = append(names, filepath.Join(dir, name))
		if err := os.WriteFile(names[len(names)-1], data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, _ := runCLI(t, "", append([]string{"read", "--json"}, names...)...)
	if code != ExitNoGood {
		t.Errorf("exit %d, want %d", code, ExitNoGood)
	}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var r readJSON
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		want := "megapixels; I read pictures up to"
		if strings.HasPrefix(filepath.Base(r.File), "scans-2000-16mp") {
			want = "takes far longer to read than a photo"
		}
		if !strings.Contains(r.Error, want) || r.Puzzle != "" {
			t.Errorf("%s: %+v, want refused: %q", filepath.Base(r.File), r, want)
		}
	}
}

// TestPrintReadingAgreed: the plain form names the written-in cells read
// as the solution's digit, and prints no such line when there are none.
func TestPrintReadingAgreed(t *testing.T) {
	res := readResult{readJSON: readJSON{File: "page.jpg", Puzzle: readPuzzle}, reading: &picture.Reading{Agreed: []int{2, 12}}}
	var b strings.Builder
	printReading(&b, res)
	if !strings.Contains(b.String(), "agreed    r1c3, r2c4 (written unclearly: read as the solution's digit)") {
		t.Errorf("printReading with two cells agreed printed:\n%s", b.String())
	}
	b.Reset()
	res.reading.Agreed = nil
	printReading(&b, res)
	if strings.Contains(b.String(), "agreed") {
		t.Errorf("printReading with no cell agreed printed:\n%s", b.String())
	}
}
