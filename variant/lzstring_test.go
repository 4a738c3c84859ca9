package variant

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// stream writes an lz-string bit stream by hand, keeping the code width
// the way the decoder does, so that tests can build inputs that lz-string's
// own compressor would not (bombs, codes that name nothing).
type stream struct {
	out      strings.Builder
	cur, n   int // bits of the character being filled, and how many
	bits     int
	enlarge  int
	dictSize int
	started  bool
}

func newStream() *stream { return &stream{bits: 2, enlarge: 4, dictSize: 3} }

func (s *stream) write(v, n int) {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	for i := range n {
		s.cur = s.cur<<1 | (v>>i)&1
		if s.n++; s.n == 6 {
			s.out.WriteByte(alphabet[s.cur])
			s.cur, s.n = 0, 0
		}
	}
}

func (s *stream) grow() {
	if s.enlarge--; s.enlarge == 0 {
		s.enlarge, s.bits = 1<<s.bits, s.bits+1
	}
}

// lit writes a literal unit (8 or 16 bits wide).
func (s *stream) lit(u uint16) {
	wide := 0
	if u > 0xff {
		wide = 1
	}
	s.write(wide, s.bits)
	s.write(int(u), 8<<wide)
	s.dictSize++
	if !s.started {
		s.started, s.bits = true, 3
		return
	}
	s.grow()
	s.dictSize++
	s.grow()
}

// ref writes a dictionary code.
func (s *stream) ref(code int) {
	s.write(code, s.bits)
	s.dictSize++
	s.grow()
}

// end writes the end marker and returns the text, padded as lz-string
// pads; call it once.
func (s *stream) end() string {
	s.write(2, s.bits)
	if s.n > 0 {
		s.write(0, 6-s.n)
	}
	return s.out.String()
}

func TestDecompress(t *testing.T) {
	abab := newStream()
	abab.lit('a')
	abab.lit('b')
	abab.ref(3)             // "a"
	abab.ref(5)             // "ab"
	abab.ref(abab.dictSize) // the entry being made: "ab" + "a"
	ababText := abab.end()
	wide := newStream()
	wide.lit('π')
	wide.lit('x')
	wide.ref(3)
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", ""},
		{"only the end", func() string { s := newStream(); return s.end() }(), ""},
		{"repeats", ababText, "abaababa"},
		{"16-bit literal", wide.end(), "πxπ"},
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
	noEntry := newStream()
	noEntry.lit('a')
	noEntry.ref(7)
	cut := newStream()
	cut.lit('a')
	cut.lit('b')
	cutText := cut.end()
	badStart := newStream()
	badStart.write(3, 2)
	tests := []struct {
		name, in string
		want     error
	}{
		{"code naming nothing", noEntry.end(), ErrCorrupt},
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
	s := newStream()
	s.lit('a')
	for range 3000 {
		s.ref(s.dictSize)
	}
	return s.end()
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
