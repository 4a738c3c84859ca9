package variant

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/variant/varianttest"
)

// small is the f-puzzles JSON of a 4x4 puzzle with one given, compressed
// by hand with the test's stream writer (literals only).
func smallPayload() string {
	return varianttest.Compress(`{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"antiknight":true}`)
}

func TestParseLink(t *testing.T) {
	p := smallPayload()
	tests := []struct {
		name, in string
		format   Format
		payload  string
	}{
		{"f-puzzles", "https://www.f-puzzles.com/?load=" + p, FPuzzles, p},
		{"no www, http", "http://f-puzzles.com/?load=" + p, FPuzzles, p},
		{"angle brackets, comma", "<https://f-puzzles.com/?load=" + p + ">,", FPuzzles, p},
		{"sudokupad", "https://sudokupad.app/fpuzzles" + p, FPuzzles, p},
		{"fpuz", "sudokupad.app/fpuz" + p, FPuzzles, p},
		{"sudoku path", "https://sudokupad.app/sudoku/fpuzzles" + p, FPuzzles, p},
		{"puzzleid query", "https://sudokupad.app/?puzzleid=fpuzzles" + strings.NewReplacer("+", "%2B", "/", "%2F", "=", "%3D").Replace(p), FPuzzles, p},
		{"in a sentence", "is this unique? https://sudokupad.app/fpuzzles" + p + " thanks", FPuzzles, p},
		{"trailing punctuation", "(https://sudokupad.app/fpuzzles" + p + ").", FPuzzles, p},
		{"the same link twice", "https://sudokupad.app/fpuzzles" + p + " <https://sudokupad.app/fpuzzles" + p + ">", FPuzzles, p},
		{"short id", "https://sudokupad.app/x5f2mo0bj7", ShortID, "x5f2mo0bj7"},
		{"named short id", "<https://sudokupad.app/clover/gremlins>.", ShortID, "clover/gremlins"},
		{"ctc app", "https://app.crackingthecryptic.com/sudoku/PgRbMtjmmm", ShortID, "PgRbMtjmmm"},
		{"classic", "https://sudokupad.app/classic" + strings.Repeat("1........", 9) + ".", Classic, strings.Repeat("1........", 9)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := ParseLink(tt.in)
			if err != nil || l.Format != tt.format || l.Payload != tt.payload {
				t.Fatalf("ParseLink(%.60q) = %v %.30q, %v, want %v %.30q", tt.in, l.Format, l.Payload, err, tt.format, tt.payload)
			}
			if tt.format == FPuzzles {
				if _, err := Decode(l); err != nil {
					t.Errorf("Decode(%.60q) = %v", tt.in, err)
				}
			}
		})
	}
}

func TestParseLinkRejects(t *testing.T) {
	p := smallPayload()
	tests := []struct {
		name, in string
		want     error
	}{
		{"nothing", "hello there", ErrNoLink},
		{"other site", "https://example.com/?load=" + p, ErrNoLink},
		{"f-puzzles without load", "https://f-puzzles.com/", ErrNoLink},
		{"sudokupad root", "https://sudokupad.app/", ErrNoLink},
		{"cut short", "https://f-puzzles.com/?load=" + p[:len(p)/2], ErrCutShort},
		{"no payload", "https://sudokupad.app/fpuzzles", ErrCutShort},
		{"damaged", "https://f-puzzles.com/?load=" + p[:5] + "zz" + p[7:], ErrDamaged},
		{"bad id", "https://sudokupad.app/a/b/c/d/e", ErrBadID},
		{"two puzzles", "https://sudokupad.app/abc https://sudokupad.app/def", ErrSeveralLinks},
		{"bomb", "https://sudokupad.app/scl" + bomb(), ErrTooLarge},
		{"short classic", "https://sudokupad.app/classic123", ErrDamaged},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseLink(tt.in)
			var le *LinkError
			if !errors.Is(err, tt.want) || !errors.As(err, &le) {
				t.Errorf("ParseLink(%.60q) = %v, want a *LinkError of %v", tt.in, err, tt.want)
			}
		})
	}
}

// TestParseLinkSlashes collapses the // of shared payloads to / and reads
// them back, as SudokuPad repairs them (the shared set names the damage but
// holds no example of it).
func TestParseLinkSlashes(t *testing.T) {
	n := 0
	for _, r := range mustRows(t) {
		_, p, _ := strings.Cut(r.FPuz, "/fpuzzles")
		if !strings.Contains(p, "//") {
			continue
		}
		n++
		l, err := ParseLink("https://sudokupad.app/fpuzzles" + strings.ReplaceAll(p, "//", "/"))
		if err != nil || l.Payload != p {
			t.Errorf("%s: ParseLink(collapsed) = %.30q, %v, want %.30q", r.Name, l.Payload, err, p)
		}
	}
	t.Logf("%d payloads with // read back", n)
}

func FuzzParseLink(f *testing.F) {
	p := smallPayload()
	f.Add("https://www.f-puzzles.com/?load=" + p)
	f.Add("<https://sudokupad.app/sudoku/fpuz" + strings.ReplaceAll(p, "+", " ") + ">.")
	f.Add("https://sudokupad.app/scf5NlQ19j9mGca3OIN1bWGk2m41TjS79x")
	f.Add("https://sudokupad.app/?puzzleid=abc/def")
	f.Add(`{"size":6,"grid":[[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}]],` +
		`"xsum":[{"cell":"R0C1","value":"9"}],"skyscraper":[{"cell":"R3C7","value":"3"}],"zipperline":[{"lines":[["R1C1","R1C2","R1C3"]]}],` +
		`"regionsumline":[{"lines":[["R2C3","R2C4"]]}],"doublearrow":[{"lines":[["R5C1","R5C2","R5C3"]]}],"parityline":[{"lines":[["R6C1","R6C2"]]}],` +
		`"entropicline":[{"lines":[["R4C4","R4C5","R4C6"]]}],"modularline":[{"lines":[["R3C1","R3C2","R3C3"]]}],"numberedroom":[{"cell":"R0C2","value":"4"}]}`)
	rows, _ := readRows()
	for i, r := range rows {
		if i%10 == 0 {
			f.Add(r.Mangled)
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLink(s)
		if err == nil && l.Format == 0 {
			t.Errorf("ParseLink(%q) = a link without a format", s)
		}
		if err == nil {
			_, _ = Decode(l)
		}
	})
}

func FuzzDecodeFPuzzles(f *testing.F) {
	f.Add(`{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"antiknight":true}`)
	f.Add(`{"size":4,"grid":[[{"region":0},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"arrow":[{"cells":["R1C1"],"lines":[["R1C1","R1C2"]]}]}`)
	f.Add(`{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"betweenline":[{"lines":[["R1C1","R2C2","R3C3"]]}],"minimum":[{"cell":"R4C4"}],"maximum":[{"cell":"R1C4"}],"clone":[{"cells":["R1C1"],"cloneCells":["R4C2"]}],"dutchwhispers":[{"lines":[["R3C1","R4C1"]]}],"quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[1,2]}]}`)
	rows, _ := readRows()
	for i, r := range rows {
		if i%10 == 0 {
			l, err := ParseLink(r.FPuzzles)
			if err == nil {
				f.Add(l.Data())
			}
		}
	}
	f.Fuzz(func(t *testing.T, data string) {
		p, err := DecodeFPuzzles(data)
		if err != nil {
			return
		}
		if len(p.Givens) != p.Size*p.Size {
			t.Errorf("DecodeFPuzzles gave %d givens for size %d", len(p.Givens), p.Size)
		}
		_ = p.Types()
		if p.Size <= 6 { // what was read is solved, or refused, without a panic
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			defer cancel()
			_, _ = Solve(ctx, *p, 2)
		}
	})
}

func TestMessage(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{"hello", "That doesn't look like a SudokuPad or f-puzzles link."},
		{"https://f-puzzles.com/?load=" + smallPayload()[:8], "This link is cut short: copy the whole link and try again."},
	}
	for _, tt := range tests {
		_, err := ParseLink(tt.in)
		if got, ok := Say(solver.English, err); !ok || got != tt.want {
			t.Errorf("Say(ParseLink(%q)) = %q, %v, want %q", tt.in, got, ok, tt.want)
		}
	}
	got, _ := Say(solver.English, &UnsupportedError{Names: []string{"Nabner lines"}})
	if want := "This puzzle uses a constraint I don't support yet: Nabner lines."; got != want {
		t.Errorf("Say(unsupported) = %q, want %q", got, want)
	}
	if _, ok := Say(solver.English, errors.New("disk on fire")); ok {
		t.Errorf("Say(another error) = ok, want a generic reply")
	}
}
