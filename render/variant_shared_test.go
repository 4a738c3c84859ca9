package render

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/variant"
)

// variantsDir is the shared set of variant puzzles, found as variant's
// tests find it: $SUDOKUBOT_VARIANTS, else shared/variants beside the
// repository.
func variantsDir() string {
	if d := os.Getenv("SUDOKUBOT_VARIANTS"); d != "" {
		return d
	}
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "shared", "variants")
}

// sharedLink is one puzzle of the shared set: its name and f-puzzles link.
type sharedLink struct{ name, link string }

// sharedLinks returns the shared set's f-puzzles links, or skips the test
// saying why.
func sharedLinks(t *testing.T) []sharedLink {
	t.Helper()
	f, err := os.Open(filepath.Join(variantsDir(), "puzzles.tsv"))
	if err != nil {
		t.Skipf("skipping: no shared variant puzzles in %s (set SUDOKUBOT_VARIANTS): %v", variantsDir(), err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	var head []string
	var out []sharedLink
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if head == nil {
			head = fields
			continue
		}
		name, link := slices.Index(head, "name"), slices.Index(head, "fpuzzles_link")
		if name >= 0 && link >= 0 && link < len(fields) && fields[link] != "" {
			out = append(out, sharedLink{fields[name], fields[link]})
		}
	}
	if err := sc.Err(); err != nil || len(out) == 0 {
		t.Skipf("skipping: no f-puzzles links in %s: %v", variantsDir(), err)
	}
	return out
}

// TestVariantShared draws the shared set's puzzles (every tenth with
// -short) from their f-puzzles links and reports the time a drawing
// takes. With SUDOKUBOT_RENDER_OUT set, it writes the PNGs there to be
// looked at.
func TestVariantShared(t *testing.T) {
	links := sharedLinks(t)
	out := os.Getenv("SUDOKUBOT_RENDER_OUT")
	var drawn, unsupported int
	var total, worst time.Duration
	for i, l := range links {
		if testing.Short() && i%10 != 0 {
			continue
		}
		p, ok := decodeShared(t, l)
		if !ok {
			unsupported++
			continue
		}
		start := time.Now()
		b, err := Variant(*p, VariantOptions{})
		took := time.Since(start)
		if err != nil {
			t.Errorf("%s: Variant = %v", l.name, err)
			continue
		}
		drawn++
		total, worst = total+took, max(worst, took)
		if out != "" {
			if err := os.WriteFile(filepath.Join(out, fileName(l.name)+".png"), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if drawn == 0 {
		t.Fatalf("no puzzle of %d drawn", len(links))
	}
	t.Logf("drew %d puzzles (%d not decoded), %.1f ms each on average, %.1f ms at most",
		drawn, unsupported, float64(total.Microseconds())/1000/float64(drawn), float64(worst.Microseconds())/1000)
}

// decodeShared reads a shared puzzle's link; ok is false for a rule the
// variant package does not read.
func decodeShared(t *testing.T, l sharedLink) (*variant.Puzzle, bool) {
	t.Helper()
	link, err := variant.ParseLink(l.link)
	if err != nil {
		t.Errorf("%s: ParseLink = %v", l.name, err)
		return nil, false
	}
	p, err := variant.Decode(link)
	var u *variant.UnsupportedError
	if errors.As(err, &u) {
		return nil, false
	}
	if err != nil {
		t.Errorf("%s: Decode = %v", l.name, err)
		return nil, false
	}
	return p, true
}

// fileName returns name with only letters, digits, '-' and '_'.
func fileName(name string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, name)
}
