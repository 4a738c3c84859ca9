package main

import (
	"math/rand/v2"
	"testing"

	"golang.org/x/image/font/gofont/goregular"

	"github.com/sudokubot/sudokubot/internal/nn"
	"github.com/sudokubot/sudokubot/internal/screenshot"
)

// TestScreenshotPreviews checks -previews: screenshots passed on as chat
// previews (small JPEGs) still give examples, labelled as their shots
// were: both printed and written digits.
func TestScreenshotPreviews(t *testing.T) {
	faces := []screenshot.Font{{Name: "Go", Data: goregular.TTF}}
	defer func(p float64) { previews = p }(previews)
	previews = 0
	full := screenshots(rand.New(rand.NewPCG(3, 4)), faces, 3)
	previews = 1
	small := screenshots(rand.New(rand.NewPCG(3, 4)), faces, 3)
	if len(full) == 0 || len(small) == 0 {
		t.Fatalf("%d examples from shots, %d from their previews: want both", len(full), len(small))
	}
	for name, exs := range map[string][]nn.Example{"shots": full, "previews": small} {
		var printed, written int
		for _, ex := range exs {
			switch kind := min(2, (ex.Class+8)/9); kind {
			case 1:
				printed++
			case 2:
				written++
			}
		}
		if printed == 0 || written == 0 {
			t.Errorf("%s: %d printed and %d written examples of %d, want both kinds", name, printed, written, len(exs))
		}
	}
}
