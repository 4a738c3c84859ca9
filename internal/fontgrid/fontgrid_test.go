package fontgrid

import (
	"bytes"
	"image"
	_ "image/jpeg"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
)

const (
	puzzle   = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

// TestMakeLabels draws many seeds and checks each picture decodes at its
// stated size and labels the givens exactly and entries only in blanks,
// with the solution's digits.
func TestMakeLabels(t *testing.T) {
	formats, entries := map[string]int{}, 0
	for seed := range uint64(16) {
		p, err := Make(seed, puzzle, solution, goregular.TTF, goitalic.TTF)
		if err != nil {
			t.Fatalf("Make(%d) = %v", seed, err)
		}
		cfg, format, err := image.DecodeConfig(bytes.NewReader(p.Data))
		if err != nil || format != p.Format || cfg.Width != p.Width || cfg.Height != p.Height {
			t.Fatalf("Make(%d): decodes as %s %dx%d (%v), want %s %dx%d", seed, format, cfg.Width, cfg.Height, err,
				p.Format, p.Width, p.Height)
		}
		if p.Width < 400 || p.Width > 1400 {
			t.Errorf("Make(%d): %d px wide, want 400–1400", seed, p.Width)
		}
		if p.Givens != puzzle {
			t.Errorf("Make(%d).Givens = %s, want %s", seed, p.Givens, puzzle)
		}
		for i := range 81 {
			if e := p.Entries[i]; e != '.' && (puzzle[i] != '.' || e != solution[i]) {
				t.Fatalf("Make(%d): entry %c in cell %d, which holds %c (solution %c)", seed, e, i, puzzle[i], solution[i])
			}
		}
		formats[p.Format]++
		if strings.Trim(p.Entries, ".") != "" {
			entries++
		}
	}
	if formats["png"] == 0 || formats["jpeg"] == 0 || entries == 0 || entries == 16 {
		t.Errorf("16 seeds gave formats %v and %d pictures with entries: want both formats, some with entries", formats, entries)
	}
}

// TestMakeDeterministic checks one seed gives the same bytes twice and
// another seed other bytes.
func TestMakeDeterministic(t *testing.T) {
	a, _ := Make(7, puzzle, solution, goregular.TTF, nil)
	b, _ := Make(7, puzzle, solution, goregular.TTF, nil)
	c, _ := Make(8, puzzle, solution, goregular.TTF, nil)
	if !bytes.Equal(a.Data, b.Data) || a.Style != b.Style {
		t.Errorf("Make(7) twice gave different pictures (%s, %s)", a.Style, b.Style)
	}
	if bytes.Equal(a.Data, c.Data) {
		t.Errorf("Make(7) and Make(8) gave the same picture")
	}
}

// TestMakeErrors checks bad inputs are errors, not panics.
func TestMakeErrors(t *testing.T) {
	for _, tt := range []struct {
		name          string
		givens, sol   string
		font, entries []byte
	}{
		{"short givens", puzzle[:80], solution, goregular.TTF, nil},
		{"short solution", puzzle, solution[:9], goregular.TTF, nil},
		{"bad font", puzzle, solution, []byte("not a font"), nil},
		{"bad entry font", puzzle, solution, goregular.TTF, []byte("nope")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Make(1, tt.givens, tt.sol, tt.font, tt.entries); err == nil {
				t.Errorf("Make(%s) = nil error, want one", tt.name)
			}
		})
	}
}
