package render

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func mustParse(t testing.TB, s string) solver.Grid {
	t.Helper()
	g, err := solver.Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return g
}

func mustSolve(t testing.TB, g solver.Grid) solver.Grid {
	t.Helper()
	res, err := solver.Solve(context.Background(), g, 1)
	if err != nil || res.Count == 0 {
		t.Fatalf("Solve(%s): %d solutions, %v", g, res.Count, err)
	}
	return res.Solutions[0]
}

const (
	puzzle4  = "1...\n..2.\n.3..\n...4"
	puzzle6  = "1.....|..2...|...3..|....4.|.....5|6....."
	puzzle16 = "1.A.G...........|.....5..........|..........3.....|........C......." +
		"|.......9........|...F............|.............8..|......B........." +
		"|..2.............|...........E....|....7...........|..............D." +
		"|.4..............|.........6......|.....3..........|...............1"
)

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name string, got []byte, same func(want, got []byte) string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render -update to create it)", err)
	}
	if msg := same(want, got); msg != "" {
		t.Errorf("%s differs from the golden file: %s (run go test ./render -update if the change is intended)", name, msg)
	}
}

func sameText(want, got []byte) string {
	if !bytes.Equal(want, got) {
		return fmt.Sprintf("\nwant:\n%s\ngot:\n%s", want, got)
	}
	return ""
}

// samePixels decodes both PNGs and compares them pixel by pixel.
func samePixels(want, got []byte) string {
	a, err1 := png.Decode(bytes.NewReader(want))
	b, err2 := png.Decode(bytes.NewReader(got))
	if err1 != nil || err2 != nil {
		return fmt.Sprintf("decode: %v, %v", err1, err2)
	}
	if a.Bounds() != b.Bounds() {
		return fmt.Sprintf("size %v, want %v", b.Bounds(), a.Bounds())
	}
	diff, first := 0, image.Point{}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 {
				if diff == 0 {
					first = image.Pt(x, y)
				}
				diff++
			}
		}
	}
	if diff > 0 {
		return fmt.Sprintf("%d pixels differ, the first at %v", diff, first)
	}
	return ""
}

func TestTextGolden(t *testing.T) {
	p9 := mustParse(t, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	s9 := mustSolve(t, p9)
	tests := []struct {
		name string
		text string
		max  int // widest line allowed
	}{
		{"text_9x9_puzzle.txt", Text(p9), 25},
		{"text_9x9_solution.txt", Text(s9), 25},
		{"text_9x9_filled.txt", Filled(p9, s9), 25},
		{"text_4x4.txt", Text(mustParse(t, puzzle4)), 25},
		{"text_6x6.txt", Text(mustSolve(t, mustParse(t, puzzle6))), 25},
		{"text_16x16.txt", Text(mustSolve(t, mustParse(t, puzzle16))), 31},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, line := range strings.Split(strings.TrimSuffix(tt.text, "\n"), "\n") {
				if len(line) > tt.max {
					t.Errorf("line %q is %d columns, want at most %d", line, len(line), tt.max)
				}
			}
			golden(t, tt.name, []byte(tt.text), sameText)
		})
	}
}

func TestFilledBlanksGivens(t *testing.T) {
	p, s := solvedClassic(t)
	f := Filled(p, s)
	if strings.Count(f, ".") != p.Givens() {
		t.Errorf("Filled shows %d blanks, want one per given (%d):\n%s", strings.Count(f, "."), p.Givens(), f)
	}
	if Line(s) != s.String() || len(Line(s)) != 81 || strings.Contains(Line(s), ".") {
		t.Errorf("Line(solution) = %q, want the 81 digits", Line(s))
	}
}

func TestPNGGolden(t *testing.T) {
	p9, s9 := solvedClassic(t)
	clash := mustParse(t, "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	notes := make([]uint16, 81)
	for i := range notes {
		notes[i] = uint16(i*37) & 0x1ff
	}
	p16 := mustParse(t, puzzle16)
	tests := []struct {
		name string
		grid solver.Grid
		opt  Options
	}{
		{"solution_light.png", s9, highlighted(p9)},
		{"solution_dark_labels.png", s9, Options{Theme: Dark, Puzzle: p9, Labels: true}},
		{"clash.png", clash, Options{Highlights: []Highlight{{Style: Clash, Cells: []solver.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}}}}}},
		{"notes.png", p9, Options{Notes: notes}},
		{"4x4.png", mustSolve(t, mustParse(t, puzzle4)), Options{Puzzle: mustParse(t, puzzle4), Labels: true}},
		{"6x6.png", mustSolve(t, mustParse(t, puzzle6)), Options{Puzzle: mustParse(t, puzzle6), Theme: Dark}},
		{"16x16.png", mustSolve(t, p16), Options{Puzzle: p16, Labels: true}},
		{"board_light.png", board(t, p9, s9), boardOptions(p9, Light)},
		{"board_dark.png", board(t, p9, s9), boardOptions(p9, Dark)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := PNG(tt.grid, tt.opt)
			if err != nil {
				t.Fatalf("PNG: %v", err)
			}
			cfg, err := png.DecodeConfig(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("the PNG does not decode: %v", err)
			}
			if cfg.Width < 600 || cfg.Width > 900 || cfg.Height != cfg.Width {
				t.Errorf("image is %dx%d, want a square 600 to 900 pixels wide", cfg.Width, cfg.Height)
			}
			if len(b) > 60<<10 {
				t.Errorf("image is %d bytes, want under 60 KB", len(b))
			}
			golden(t, tt.name, b, samePixels)
		})
	}
}

// board is the classic puzzle in play: the first row's blanks filled,
// r1c3 wrongly.
func board(t *testing.T, p, s solver.Grid) solver.Grid {
	t.Helper()
	g := p
	for c := 0; c < 9; c++ {
		if g.At(0, c) == 0 {
			g.Set(0, c, s.At(0, c))
		}
	}
	g.Set(0, 2, 1)
	return g
}

// boardOptions draws a board as a player sees it: box 5 chosen, r5c5
// focused with the 8s it shares a digit with, a checked wrong cell, and
// pencil marks in a few empty cells.
func boardOptions(p solver.Grid, theme Theme) Options {
	notes := make([]uint16, 81)
	notes[1*9+1], notes[4*9+3], notes[8*9+0] = 0b000000111, 0b110000000, 0b010101010
	var box []solver.Cell
	for r := 3; r < 6; r++ {
		for c := 3; c < 6; c++ {
			box = append(box, solver.Cell{Row: r, Col: c})
		}
	}
	return Options{Theme: theme, Puzzle: p, Notes: notes, Labels: true, Highlights: []Highlight{
		{Style: Select, Cells: box},
		{Style: Focus, Cells: []solver.Cell{{Row: 4, Col: 4}, {Row: 2, Col: 2}, {Row: 3, Col: 0}}},
		{Style: Wrong, Cells: []solver.Cell{{Row: 0, Col: 2}}},
	}}
}

func TestPaletteFits(t *testing.T) {
	for _, th := range []Theme{Light, Dark} {
		if n := len(paletteFor(th).colors); n > 256 {
			t.Errorf("theme %d has %d colours; a PNG palette holds 256", th, n)
		}
	}
}

func TestPNGRejectsBadOptions(t *testing.T) {
	p, s := solvedClassic(t)
	four := mustParse(t, puzzle4)
	tests := []struct {
		name string
		grid solver.Grid
		opt  Options
		want string
	}{
		{"no grid", solver.Grid{}, Options{}, "grid has no size"},
		{"puzzle size", s, Options{Puzzle: four}, "puzzle is 4×4 but the grid is 9×9"},
		{"notes", p, Options{Notes: make([]uint16, 16)}, "16 notes for 81 cells"},
		{"cell outside", four, Options{Highlights: []Highlight{{Style: Hint, Cells: []solver.Cell{{Row: 4, Col: 0}}}}}, "r5c1 is outside the 4×4 grid"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := PNG(tt.grid, tt.opt)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("PNG error = %v, want %q", err, tt.want)
			}
		})
	}
}

// TestPNGConcurrent draws from many goroutines at once (the bot does) and
// checks every image is the same.
func TestPNGConcurrent(t *testing.T) {
	p, s := solvedClassic(t)
	want, err := PNG(s, highlighted(p))
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			got, err := PNG(s, highlighted(p))
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("concurrent PNG differs (err %v)", err)
			}
		})
	}
	wg.Wait()
}

func TestParseTheme(t *testing.T) {
	for name, want := range map[string]Theme{"light": Light, "dark": Dark} {
		if got, ok := ParseTheme(name); !ok || got != want {
			t.Errorf("ParseTheme(%q) = %v, %v", name, got, ok)
		}
	}
	if _, ok := ParseTheme("sepia"); ok {
		t.Error(`ParseTheme("sepia") accepted`)
	}
}
