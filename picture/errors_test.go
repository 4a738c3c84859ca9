package picture

import (
	"context"
	"fmt"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// TestSay: each error of a read is worded for a person, wrapped or not;
// anything else is a grid not found.
func TestSay(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"bytes", &TooBigError{Bytes: 30 << 20}, "That picture is 30 MB; I read pictures up to 25 MB."},
		{"pixels", &TooBigError{Width: 9000, Height: 8000, Limit: 12e6},
			"That picture is 9000×8000 pixels; I read pictures up to 12 megapixels."},
		{"format, wrapped", fmt.Errorf("reading: %w", ErrFormat), "That file is not a picture I can read: send a PNG, JPEG or WebP."},
		{"costly", ErrCostly, "That picture is stored in a way that takes far longer to read than a photo or a screenshot. " +
			"Save it again as an ordinary JPEG or PNG and send it again."},
		{"busy", ErrBusy, "Many pictures are being read right now. Please try again in a moment."},
		{"deadline", context.DeadlineExceeded, "Reading that picture took too long. Send a smaller picture, or paste the puzzle as text."},
		{"no givens", ErrNoGivens, "I found a grid in that picture, but no printed digits in it.\n" + tips},
		{"no grid", ErrNoGrid, "I couldn't find a Sudoku grid in that picture.\n" + tips},
		{"anything else", context.Canceled, "I couldn't find a Sudoku grid in that picture.\n" + tips},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Say(solver.English, tt.err); got != tt.want {
				t.Errorf("Say(%v) = %q, want %q", tt.err, got, tt.want)
			}
		})
	}
}
