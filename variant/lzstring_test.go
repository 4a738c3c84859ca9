package variant

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/variant/varianttest"
)

func TestDecompress(t *testing.T) {
	abab := varianttest.NewStream()
	abab.Lit('a')
	abab.Lit('b')
	abab.Ref(3)               // "a"
	abab.Ref(5)               // "ab"
	abab.Ref(abab.DictSize()) // the entry being made: "ab" + "a"
	ababText := abab.End()
	wide := varianttest.NewStream()
	wide.Lit('π')
	wide.Lit('x')
	wide.Ref(3)
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", ""},
		{"only the end", func() string { s := varianttest.NewStream(); return s.End() }(), ""},
		{"repeats", ababText, "abaababa"},
		{"16-bit literal", wide.End(), "πxπ"},
		{"padding", ababText + "A==", "abaababa"},
		{"url alphabet", strings.NewReplacer("/", "-", "=", "$").Replace(ababText), "abaababa"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Decompress(tt.in)
			if err != nil || got != tt.want {
				t.Errorf("Decompress(%q) = %q, %v, want %q", tt.in, got, err, tt.want)
			}
		})
	}
}

func TestDecompressRejects(t *testing.T) {
	noEntry := varianttest.NewStream()
	noEntry.Lit('a')
	noEntry.Ref(7)
	cut := varianttest.NewStream()
	cut.Lit('a')
	cut.Lit('b')
	cutText := cut.End()
	badStart := varianttest.NewStream()
	badStart.Bits(3, 2)
	tests := []struct {
		name, in string
		want     error
	}{
		{"code naming nothing", noEntry.End(), ErrCorrupt},
		{"cut short", cutText[:len(cutText)-2], ErrCutShort},
		{"text after the end", cutText + "+thanks", ErrCorrupt},
		{"bad character", "N4Ig*", ErrCorrupt},
		{"space", "N4Ig gzg", ErrCorrupt},
		{"bomb", bomb(), ErrTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decompress(tt.in)
			if !errors.Is(err, tt.want) {
				t.Errorf("Decompress(%.40q) = %v, want %v", tt.in, err, tt.want)
			}
		})
	}
}

// bomb returns a few kilobytes whose every code names the entry being made
// (the previous phrase plus its first unit): the text grows by one unit a
// step more than the last, past MaxDecoded in about 1,500 steps.
func bomb() string {
	s := varianttest.NewStream()
	s.Lit('a')
	for range 3000 {
		s.Ref(s.DictSize())
	}
	return s.End()
}

func FuzzDecompress(f *testing.F) {
	for _, seed := range []string{"", "N4Ig", "N4IgzglgXgpiBcBGAbAGhAFwhgNneIKAHiiOgOYBOE", bomb()[:60]} {
		f.Add(seed)
	}
	for _, p := range seedPayloads() {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, err := Decompress(s)
		if err == nil && len(out) > 3*MaxDecoded {
			t.Errorf("Decompress gave %d bytes, over the limit", len(out))
		}
	})
}

// TestDecompressShared decodes every f-puzzles payload of the shared set
// to JSON.
func TestDecompressShared(t *testing.T) {
	for _, r := range mustRows(t) {
		_, p, _ := strings.Cut(r.FPuzzles, "load=")
		out, err := Decompress(p)
		if err != nil || !json.Valid([]byte(out)) {
			t.Errorf("%s: Decompress = %.60q, %v, want JSON", r.Name, out, err)
		}
	}
}
