package screenshot

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"image"
	_ "image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/solver"
)

// sharedPuzzles is the project's shared puzzle data, used when present.
var sharedPuzzles = filepath.Join("..", "..", "..", "shared", "data", "norvig_top95.txt")

// fallback puzzles keep the tests running where the shared data is not.
var fallback = []string{
	"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
	"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
}

type puzzle struct{ givens, solution string }

// puzzles returns up to n puzzles with their solutions.
func puzzles(t testing.TB, n int) []puzzle {
	t.Helper()
	lines := fallback
	if f, err := os.Open(sharedPuzzles); err == nil {
		defer f.Close()
		lines = nil
		sc := bufio.NewScanner(f)
		for sc.Scan() && len(lines) < n {
			if s := strings.TrimSpace(sc.Text()); len(s) == 81 {
				lines = append(lines, s)
			}
		}
	}
	var out []puzzle
	for _, s := range lines[:min(n, len(lines))] {
		g, err := solver.Parse(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		res, err := solver.Solve(context.Background(), g, 1)
		if err != nil || res.Count != 1 {
			t.Fatalf("%s: %d solutions, %v", s, res.Count, err)
		}
		out = append(out, puzzle{s, res.Solutions[0].String()})
	}
	return out
}

func TestSameSeedSameBytes(t *testing.T) {
	p := puzzles(t, 1)[0]
	for seed := range int64(6) {
		a, b := Make(seed, p.givens, p.solution), Make(seed, p.givens, p.solution)
		if !bytes.Equal(a.Data, b.Data) || a.Style != b.Style {
			t.Errorf("seed %d: two different pictures (%s / %s)", seed, a.Style, b.Style)
		}
	}
}

// TestSeedsCoverStyles checks that across 200 seeds every screen, theme,
// grid kind and format is chosen, with marks and mistakes, and that every
// board agrees with its puzzle. It looks at the choices, not the
// pictures, to stay quick; TestShotsDecode checks the pictures.
func TestSeedsCoverStyles(t *testing.T) {
	ps := puzzles(t, 20)
	seen := map[string]bool{}
	for seed := range int64(200) {
		p := ps[int(seed)%len(ps)]
		s := pick(newRand(seed), p.givens, p.solution, typefaces)
		checkBoard(t, seed, string(s.board.givens[:]), string(s.board.entries[:]), s.board.wrong, p)
		for _, k := range []string{fmt.Sprintf("%dx%d", s.screen.w, s.screen.h), s.format, s.theme.name, gridNames[s.grid]} {
			seen[k] = true
		}
		seen["marks"] = seen["marks"] || s.board.hasMarks()
		seen["wrong"] = seen["wrong"] || len(s.board.wrong) > 0
	}
	want := []string{"png", "jpeg", "classic", "uniform", "tiles", "marks", "wrong"}
	for _, sc := range screens {
		want = append(want, fmt.Sprintf("%dx%d", sc.w, sc.h))
	}
	for _, th := range themes {
		want = append(want, th.name)
	}
	for _, w := range want {
		if !seen[w] {
			t.Errorf("no shot in 200 seeds has %s", w)
		}
	}
}

// TestShotsDecode makes shots of every screen and checks each decodes
// at its stated size and format and says what the puzzle has.
func TestShotsDecode(t *testing.T) {
	ps := puzzles(t, 20)
	n := 40
	if testing.Short() {
		n = 8
	}
	for seed := range int64(n) {
		p := ps[int(seed)%len(ps)]
		s := Make(seed, p.givens, p.solution)
		img, format, err := image.Decode(bytes.NewReader(s.Data))
		if err != nil || format != s.Format {
			t.Fatalf("seed %d (%s): decoded as %q: %v", seed, s.Style, format, err)
		}
		if b := img.Bounds(); b.Dx() != s.Width || b.Dy() != s.Height || screenOf(s) == (screen{}) {
			t.Errorf("seed %d: %v, said %dx%d", seed, b, s.Width, s.Height)
		}
		checkBoard(t, seed, s.Givens, s.Entries, s.Wrong, p)
	}
}

// checkBoard checks givens and entries agree with the puzzle: the givens
// are the puzzle's, no cell is both, entries only fill blanks and match
// the solution except the cells listed as wrong.
func checkBoard(t *testing.T, seed int64, givens, entries string, wrongs []int, p puzzle) {
	t.Helper()
	if len(givens) != 81 || len(entries) != 81 {
		t.Fatalf("seed %d: givens %d and entries %d characters", seed, len(givens), len(entries))
	}
	wrong := map[int]bool{}
	for _, i := range wrongs {
		wrong[i] = true
	}
	for i := range 81 {
		g, e := givens[i], entries[i]
		switch {
		case g != givenAt(p.givens, i):
			t.Fatalf("seed %d cell %d: given %c, puzzle has %c", seed, i, g, p.givens[i])
		case g != '.' && e != '.':
			t.Fatalf("seed %d cell %d: both given and entered", seed, i)
		case e != '.' && (e == p.solution[i]) == wrong[i]:
			t.Fatalf("seed %d cell %d: entry %c, solution %c, listed wrong %v", seed, i, e, p.solution[i], wrong[i])
		case e == '.' && wrong[i]:
			t.Fatalf("seed %d cell %d: wrong but empty", seed, i)
		}
	}
}

func givenAt(givens string, i int) byte {
	if c := givens[i]; c >= '1' && c <= '9' {
		return c
	}
	return '.'
}

// TestWriteSamples writes two samples of each screen for a person to look
// at, into the directory named by SCREENSHOT_SAMPLES; JPEGs are written
// again as PNG for viewers that show only PNG.
func TestWriteSamples(t *testing.T) {
	dir := os.Getenv("SCREENSHOT_SAMPLES")
	if dir == "" {
		t.Skip("set SCREENSHOT_SAMPLES to a directory to write sample screenshots there")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	ps := puzzles(t, 20)
	perScreen := map[screen]int{}
	for seed := int64(0); len(perScreen) < len(screens) || seed < 14; seed++ {
		p := ps[int(seed)%len(ps)]
		start := time.Now()
		s := Make(seed, p.givens, p.solution)
		took := time.Since(start)
		if perScreen[screenOf(s)] >= 2 {
			continue
		}
		perScreen[screenOf(s)]++
		name := filepath.Join(dir, fmt.Sprintf("shot%03d.%s", seed, s.Format))
		if err := os.WriteFile(name, s.Data, 0o644); err != nil {
			t.Fatal(err)
		}
		if s.Format == "jpeg" {
			writePNG(t, name+".png", s.Data)
		}
		t.Logf("%s %v: %s", name, took.Round(time.Millisecond), s.Style)
	}
}

func screenOf(s Shot) screen {
	for _, sc := range screens {
		if sc.w == s.Width && sc.h == s.Height {
			return sc
		}
	}
	return screen{}
}

// writePNG writes a JPEG shot again as PNG, artefacts and all.
func writePNG(t *testing.T, name string, data []byte) {
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkMake measures making one screenshot of each kind of screen.
func BenchmarkMake(b *testing.B) {
	p := puzzles(b, 1)[0]
	for _, sc := range screens {
		seed := seedFor(sc, p)
		b.Run(fmt.Sprintf("%s%dx%d", sc.kind, sc.w, sc.h), func(b *testing.B) {
			for b.Loop() {
				Make(seed, p.givens, p.solution)
			}
		})
	}
}

// seedFor finds a seed that draws on screen sc.
func seedFor(sc screen, p puzzle) int64 {
	for seed := int64(0); ; seed++ {
		if pick(newRand(seed), p.givens, p.solution, typefaces).screen == sc {
			return seed
		}
	}
}

// TestConcurrentMakeAgrees checks pictures made at once, sharing the
// parsed fonts, are the pictures made one by one.
func TestConcurrentMakeAgrees(t *testing.T) {
	p := puzzles(t, 1)[0]
	seed := seedFor(screens[len(screens)-1], p) // small, for -race
	want := Make(seed, p.givens, p.solution).Data
	got := make(chan []byte)
	for range 4 {
		go func() { got <- Make(seed, p.givens, p.solution).Data }()
	}
	for range 4 {
		if !bytes.Equal(<-got, want) {
			t.Error("a picture made concurrently differs")
		}
	}
}

// TestPreview checks a preview is a JPEG of the width asked for, the
// shot's height in proportion, showing the same board.
func TestPreview(t *testing.T) {
	ps := puzzles(t, 4)
	for seed := range int64(4) {
		p := ps[int(seed)]
		s := Make(seed, p.givens, p.solution)
		v := Preview(s, 360, 75)
		img, format, err := image.Decode(bytes.NewReader(v.Data))
		if err != nil || format != "jpeg" || v.Format != "jpeg" {
			t.Fatalf("seed %d (%s): preview decoded as %q (said %q): %v", seed, v.Style, format, v.Format, err)
		}
		b := img.Bounds()
		if b.Dx() != 360 || b.Dx() != v.Width || b.Dy() != v.Height || b.Dy() != s.Height*360/s.Width {
			t.Errorf("seed %d: preview %v, said %dx%d, of a %dx%d shot", seed, b, v.Width, v.Height, s.Width, s.Height)
		}
		if v.Givens != s.Givens || v.Entries != s.Entries || !strings.HasSuffix(v.Style, "preview360w jpeg75") {
			t.Errorf("seed %d: preview changed the board or did not say it is one (%s)", seed, v.Style)
		}
	}
}

// TestColouredIsMakePainted: MakeColoured draws Make's puzzle, entries and
// style for the same seed, with cells painted, and the same bytes again.
func TestColouredIsMakePainted(t *testing.T) {
	p := puzzles(t, 1)[0]
	for seed := range int64(6) {
		plain, painted := Make(seed, p.givens, p.solution), MakeColoured(seed, p.givens, p.solution)
		if painted.Givens != plain.Givens || painted.Entries != plain.Entries || !strings.HasPrefix(painted.Style, plain.Style+" coloured") {
			t.Errorf("seed %d: painted %q, plain %q", seed, painted.Style, plain.Style)
		}
		if bytes.Equal(painted.Data, plain.Data) {
			t.Errorf("seed %d: no cell painted", seed)
		}
		if again := MakeColoured(seed, p.givens, p.solution); !bytes.Equal(again.Data, painted.Data) {
			t.Errorf("seed %d: two different pictures", seed)
		}
	}
}
