package picture

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/sudokubot/sudokubot/internal/photoset"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
)

const classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

// TestFindOurOwnBoard reads the board the bot draws: every cell's ink is
// where the puzzle's givens are, in both themes.
func TestFindOurOwnBoard(t *testing.T) {
	p, err := solver.Parse(classic)
	if err != nil {
		t.Fatal(err)
	}
	for _, theme := range []render.Theme{render.Light, render.Dark} {
		data, err := render.PNG(p, render.Options{Theme: theme})
		if err != nil {
			t.Fatal(err)
		}
		b, err := Find(context.Background(), data)
		if err != nil {
			t.Fatalf("theme %v: %v", theme, err)
		}
		if got, want := b.Filled(), filledOf(classic, ""); got != want {
			t.Errorf("theme %v: filled cells\n%s\nwant\n%s", theme, show(got), show(want))
		}
	}
}

func TestFindRefuses(t *testing.T) {
	if _, err := Find(context.Background(), []byte("GIF89a not really")); !errors.Is(err, ErrFormat) {
		t.Errorf("Find(GIF) = %v, want ErrFormat", err)
	}
	var big *TooBigError
	if _, err := Find(context.Background(), make([]byte, MaxBytes+1)); !errors.As(err, &big) || !strings.Contains(err.Error(), "25 MB") {
		t.Errorf("Find(26 MB) = %v, want the size named", err)
	}
	// 42 megapixels are read in grey, but not in 16-bit colour.
	if _, err := Find(context.Background(), pngHeader(7000, 6000, 0, 8)); errors.As(err, &big) {
		t.Errorf("Find(42 MP grey PNG header) = %v, want it past the size checks", err)
	}
	if _, err := Find(context.Background(), pngHeader(7000, 6000, 6, 16)); !errors.As(err, &big) || !strings.Contains(err.Error(), "up to 20") {
		t.Errorf("Find(42 MP 16-bit RGBA PNG header) = %v, want refused at 20 megapixels (10 bytes a pixel)", err)
	}
	white := image.NewGray(image.Rect(0, 0, 300, 200))
	for i := range white.Pix {
		white.Pix[i] = 255
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, white); err != nil {
		t.Fatal(err)
	}
	if _, err := Find(context.Background(), buf.Bytes()); !errors.Is(err, ErrNoGrid) {
		t.Errorf("Find(a white picture) = %v, want ErrNoGrid", err)
	}
	// Pictures a pixel or three thin: no grid, and no panic in shrinking
	// them for the tiles.
	for _, size := range [][2]int{{1, 2000}, {2000, 1}, {3, 4000}} {
		thin := image.NewGray(image.Rect(0, 0, size[0], size[1]))
		buf.Reset()
		if err := png.Encode(&buf, thin); err != nil {
			t.Fatal(err)
		}
		if _, err := Find(context.Background(), buf.Bytes()); !errors.Is(err, ErrNoGrid) {
			t.Errorf("Find(a %d×%d picture) = %v, want ErrNoGrid", size[0], size[1], err)
		}
	}
}

// pngHeader returns the start of a PNG of w×h pixels, of colour type ct
// and bit depth: enough for its size to be read, not its pixels.
func pngHeader(w, h int, ct, depth byte) []byte {
	ihdr := []byte("IHDR")
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	ihdr = append(ihdr, depth, ct, 0, 0, 0)
	out := []byte("\x89PNG\r\n\x1a\n")
	out = binary.BigEndian.AppendUint32(out, uint32(len(ihdr)-4))
	out = append(out, ihdr...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(ihdr))
}

// FuzzRead: any bytes are read into a grid of 81 cells, each a digit or
// blank with a confidence between 0 and 1, or refused with one of Find's
// errors, never a panic (a costly picture, refused from its header, too).
// Its seeds are small pictures of a grid (a big one makes each run, and
// the fuzzer's shrinking of what it finds, slow), in each format.
func FuzzRead(f *testing.F) {
	g := drawnGrid(96, 6, 81)
	img := &image.Gray{Pix: g.Pix, Stride: g.W, Rect: image.Rect(0, 0, g.W, g.H)}
	for _, enc := range []func(io.Writer, image.Image) error{
		png.Encode,
		func(w io.Writer, m image.Image) error { return jpeg.Encode(w, m, &jpeg.Options{Quality: 80}) },
	} {
		var buf bytes.Buffer
		if err := enc(&buf, img); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
	}
	f.Add([]byte("\x89PNG\r\n\x1a\n"))
	var thin bytes.Buffer // thinner than the blocks pictures are shrunk by
	if err := png.Encode(&thin, image.NewGray(image.Rect(0, 0, 1, 1200))); err != nil {
		f.Fatal(err)
	}
	f.Add(thin.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Read(context.Background(), data)
		var big *TooBigError
		if err != nil {
			if !errors.Is(err, ErrFormat) && !errors.Is(err, ErrNoGrid) && !errors.Is(err, ErrCostly) && !errors.As(err, &big) {
				t.Errorf("Read = %v, not one of its errors", err)
			}
			return
		}
		for i, c := range r.Cells {
			if c.Digit < 0 || c.Digit > 9 || !(c.Confidence >= 0 && c.Confidence <= 1.0001) || c.Digit == 0 && c.Written {
				t.Errorf("cell %d read as %+v", i, c)
			}
		}
		for _, i := range r.Corrected {
			if i < 0 || i >= 81 {
				t.Errorf("corrected cell %d is off the board", i)
			}
		}
		if len(r.Givens()) != 81 || len(r.Entries()) != 81 {
			t.Errorf("givens %q, entries %q: not 81 cells", r.Givens(), r.Entries())
		}
	})
}

func filledOf(givens, entries string) [81]bool {
	var out [81]bool
	for i := range out {
		out[i] = givens[i] != '.' || entries != "" && entries[i] != '.'
	}
	return out
}

func show(f [81]bool) string {
	var b strings.Builder
	for i, on := range f {
		if on {
			b.WriteByte('#')
		} else {
			b.WriteByte('.')
		}
		if i%9 == 8 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// picturesDir is the shared photo collection (see its README).
var picturesDir = photoset.Dir()

// readManifest returns the shared photos, or skips the test when they are
// absent.
func readManifest(t *testing.T) []photoset.Photo {
	t.Helper()
	photos, err := photoset.Read(picturesDir)
	if err != nil && os.Getenv("SUDOKUBOT_REQUIRE_PICTURES") != "" {
		t.Fatalf("no pictures in %s, and SUDOKUBOT_REQUIRE_PICTURES is set (.ci/run sets it when it finds them)", picturesDir)
	}
	if err != nil {
		t.Skipf("skipping: no pictures in %s (the shared pictures folder is absent on this machine)", picturesDir)
	}
	return photos
}

// TestFindOnPhotos measures, on the shared photos part by part (each
// source, each half of its split: photoSamples), how often the grid is
// found, how often it is found where the labels put it (kubiesa labels
// its corners), and how often all 81 cells are told filled or blank right
// (a filled cell holds a printed or a written digit); it fails when a
// part falls below its floor (findFloors).
func TestFindOnPhotos(t *testing.T) {
	readsMany(t, "reads 477 photos")
	parts := findSamples(t, photoSamples(readManifest(t), false))
	for _, name := range slices.Sorted(maps.Keys(parts)) {
		c := parts[name]
		t.Logf("%s: %d photos: grid found in %d (%.1f%%), where labelled in %d of %d (%.1f%%); every cell's filled-or-blank right in %d (%.1f%%); cells right %.2f%%",
			name, c.n, c.found, pct(c.found, c.n), c.placed, c.withCorners, pct(c.placed, c.withCorners),
			c.exact, pct(c.exact, c.n), pct(c.cellsRight, c.cells))
	}
	for name, f := range findFloors {
		c := parts[name]
		if c == nil {
			t.Errorf("%s: no photos of this part in the manifest", name)
			continue
		}
		if pct(c.found, c.n) < f.found || c.withCorners > 0 && pct(c.placed, c.withCorners) < f.placed ||
			pct(c.exact, c.n) < f.exact || pct(c.cellsRight, c.cells) < f.cells {
			t.Errorf("%s fell below its floors: found %.1f%% (floor %.1f%%), where labelled %.1f%% (%.1f%%), all 81 right %.1f%% (%.1f%%), cells right %.2f%% (%.2f%%)",
				name, pct(c.found, c.n), f.found, pct(c.placed, c.withCorners), f.placed, pct(c.exact, c.n), f.exact, pct(c.cellsRight, c.cells), f.cells)
		}
	}
}

// findFloor is the least a part may reach in TestFindOnPhotos, in
// percent: grids found, found where labelled (for a part with labelled
// corners), photos with every cell's filled-or-blank right, cells right.
type findFloor struct{ found, placed, exact, cells float64 }

// findFloors are set a little under what the grid finder reached when it
// last changed (kubiesa/train found where labelled 79 of 80, kubiesa/val
// 76 of 80; all 81 cells right in 80, 48, 93 and 57 of wichtounet's
// parts; kubiesa's ghost digits and pencil marks make its ink heights a
// poor guide to what is filled): they only rise.
var findFloors = map[string]findFloor{
	"wichtounet/images tuning":   {98, 0, 78, 98.3},
	"wichtounet/images held-out": {98, 0, 79, 98.3},
	"wichtounet/mixed tuning":    {98, 0, 92, 99.7},
	"wichtounet/mixed held-out":  {98, 0, 94, 99.8},
	"kubiesa/train":              {98, 97.5, 2.5, 93.3},
	"kubiesa/val":                {98, 93.5, 56, 97.1},
}

// findCount is what finding the grids of one part's photos came to.
type findCount struct {
	n, found, placed, withCorners int
	exact, cells, cellsRight      int
}

// findSamples finds the grid of every sample, on every core, and counts
// each part.
func findSamples(t *testing.T, samples []sample) map[string]*findCount {
	out := map[string]*findCount{}
	var mu sync.Mutex
	onEveryCore(samples, func(s sample) {
		data, err := os.ReadFile(s.file)
		if err != nil {
			t.Error(err)
			return
		}
		b, err := Find(context.Background(), data)
		mu.Lock()
		defer mu.Unlock()
		if out[s.part] == nil {
			out[s.part] = &findCount{}
		}
		out[s.part].add(s, b, err)
	})
	return out
}

// add counts one sample whose grid Find returned as b, or err.
func (c *findCount) add(s sample, b *Board, err error) {
	c.n++
	c.cells += 81
	if s.hasCorners {
		c.withCorners++
	}
	if err != nil {
		return
	}
	c.found++
	if s.hasCorners && near(b.Corners, s.corners) {
		c.placed++
	}
	got, want := b.Filled(), filledOf(s.givens, s.entries)
	n := 0
	for i := range got {
		if got[i] == want[i] {
			n++
		}
	}
	c.cellsRight += n
	if n == 81 {
		c.exact++
	}
}

// readsMany skips a test that reads many pictures under the race
// detector, which makes reading pictures ten times slower (.ci/run runs
// such tests without it), and in -short mode, saying what it would do.
func readsMany(t testing.TB, what string) {
	t.Helper()
	if raceEnabled {
		t.Skip("skipping under the race detector, which makes reading pictures ten times slower: .ci/run runs this test without it")
	}
	if testing.Short() {
		t.Skip("skipping in -short mode: " + what)
	}
}

func pct(a, b int) float64 { return 100 * float64(a) / float64(max(b, 1)) }

// BenchmarkFind times Find on the shared photos, one after the other.
func BenchmarkFind(b *testing.B) {
	var files [][]byte
	f, err := os.Open(filepath.Join(picturesDir, "manifest.tsv"))
	if err != nil {
		b.Skipf("skipping: no pictures in %s", picturesDir)
	}
	f.Close()
	for _, name := range []string{"wichtounet/images/image1.jpg", "wichtounet/images/image1019.jpg", "wichtounet/mixed/image24.jpg"} {
		data, err := os.ReadFile(filepath.Join(picturesDir, name))
		if err == nil {
			files = append(files, data)
		}
	}
	if len(files) == 0 {
		b.Skip("skipping: none of the benchmark's photos is here")
	}
	i := 0
	for b.Loop() {
		if _, err := Find(context.Background(), files[i%len(files)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
