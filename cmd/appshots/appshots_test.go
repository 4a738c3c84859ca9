package main

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/photoset"
)

const (
	testGivens   = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	testSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

func TestParseBoard(t *testing.T) {
	blank := strings.Repeat(".", 81)
	entries := "1" + blank[1:]
	tests := []struct {
		name, json string
		ok         bool
	}{
		{"givens only", `{"givens":"` + testGivens + `","entries":"` + blank + `","marks":[2]}`, true},
		{"an entry", `{"givens":"` + strings.Repeat(".", 81) + `","entries":"` + entries + `"}`, true},
		{"short givens", `{"givens":"53","entries":"` + blank + `"}`, false},
		{"given and entry in one cell", `{"givens":"` + testGivens + `","entries":"` + "9" + blank[1:] + `"}`, false},
		{"marks over a given", `{"givens":"` + testGivens + `","entries":"` + blank + `","marks":[0]}`, false},
		{"a letter", `{"givens":"x` + testGivens[1:] + `","entries":"` + blank + `"}`, false},
		{"not JSON", `null,`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseBoard([]byte(tt.json))
			if (err == nil) != tt.ok {
				t.Errorf("parseBoard(%s) error = %v, want ok %v", tt.json, err, tt.ok)
			}
		})
	}
}

func TestPlayerChoices(t *testing.T) {
	p := &player{rng: rand.New(rand.NewPCG(1, 2)), solution: testSolution, marked: map[int]bool{}}
	b := board{Givens: testGivens, Entries: strings.Repeat(".", 81)}
	for range 200 {
		i := p.emptyCell(b)
		if i < 0 || testGivens[i] != '.' {
			t.Fatalf("emptyCell = %d, a cell that is not empty", i)
		}
		if d := p.wrongDigit(i); d == testSolution[i] || d < '1' || d > '9' {
			t.Errorf("wrongDigit(%d) = %c, solution %c", i, d, testSolution[i])
		}
		c := p.candidates(b, i)
		if len(c) < 1 || len(c) > 4 || !slices.Contains(c, testSolution[i]) || !slices.IsSorted(c) {
			t.Errorf("candidates(%d) = %s: want 1-4 sorted digits with the solution %c", i, c, testSolution[i])
		}
		for _, d := range c {
			if d != testSolution[i] && seenFrom(b, i, d) {
				t.Errorf("candidates(%d) = %s: %c is already in its row, column or box", i, c, d)
			}
		}
	}
	full := board{Givens: testSolution, Entries: strings.Repeat(".", 81)}
	if i := p.emptyCell(full); i != -1 {
		t.Errorf("emptyCell(solved board) = %d, want -1", i)
	}
}

// seenFrom reports whether digit d is a given in cell i's row, column or box.
func seenFrom(b board, i int, d byte) bool {
	for j := range 81 {
		if (j/9 == i/9 || j%9 == i%9 || j/27 == i/27 && j%9/3 == i%9/3) && b.Givens[j] == d {
			return true
		}
	}
	return false
}

func TestWriteManifestReadsBack(t *testing.T) {
	dir := t.TempDir()
	entries := strings.Repeat(".", 2) + "4" + strings.Repeat(".", 78)
	rows := []row{{file: "g00-s1-dark-phone.webp", givens: testGivens, entries: entries, marks: true,
		source: "github.com/x/y", tags: []string{"app=x", "puzzle=x-1234", "mark-cells=2", "marks-at=" + cellNames([]int{0, 80})}}}
	if err := writeManifest(filepath.Join(dir, "manifest.tsv"), rows); err != nil {
		t.Fatal(err)
	}
	got, err := photoset.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := photoset.Photo{File: "g00-s1-dark-phone.webp", Kind: "screenshot", Givens: testGivens, Entries: entries,
		Puzzle: "x-1234", Marks: true, MarkCells: []int{0, 80}}
	if len(got) != 1 || !reflect.DeepEqual(got[0], want) {
		t.Errorf("photoset.Read(written manifest) = %+v, want [%+v]", got, want)
	}
}

func TestPreview(t *testing.T) {
	src := image.NewRGBA(image.Rect(0, 0, 1170, 2532))
	for y := range 2532 {
		for x := range 1170 {
			src.Set(x, y, color.Gray{uint8(x ^ y)})
		}
	}
	var in bytes.Buffer
	if err := png.Encode(&in, src); err != nil {
		t.Fatal(err)
	}
	out, err := preview(in.Bytes(), 360, 75)
	if err != nil {
		t.Fatal(err)
	}
	c, err := jpeg.DecodeConfig(bytes.NewReader(out))
	if err != nil {
		t.Fatalf("preview is not a JPEG: %v", err)
	}
	if c.Width != 360 || c.Height != 2532*360/1170 {
		t.Errorf("preview is %dx%d, want 360x%d", c.Width, c.Height, 2532*360/1170)
	}
}

func TestServe(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("<p>board</p>"), 0o644); err != nil {
		t.Fatal(err)
	}
	base, stop, err := serve(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	if !strings.HasPrefix(base, "http://127.0.0.1:") {
		t.Errorf("serve base = %s, want a loopback address", base)
	}
	resp, err := http.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if string(body) != "<p>board</p>" {
		t.Errorf("GET / = %q, want the folder's index.html", body)
	}
}

func TestFindApp(t *testing.T) {
	for _, a := range apps {
		got, err := findApp(a.name)
		if err != nil || got.name != a.name || got.make() == nil {
			t.Errorf("findApp(%s) = %v, %v", a.name, got.name, err)
		}
	}
	if _, err := findApp("nope"); err == nil {
		t.Error("findApp(nope) found an app")
	}
}
