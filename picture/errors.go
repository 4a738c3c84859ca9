package picture

import (
	"context"
	"errors"
	"fmt"

	"github.com/sudokubot/sudokubot/solver"
)

// Errors Find returns. Their texts are the terminal's (sudokubot read
// prints them); Say words each for a person, in a language.
var (
	ErrFormat = errors.New("that picture is not in a format I can read: send a PNG, JPEG or WebP")
	ErrCostly = errors.New("that picture is stored in a way that takes far longer to read than a photo or a screenshot " +
		"(more scans than any camera or app writes): save it again as an ordinary JPEG or PNG")
	ErrNoGrid = errors.New("I couldn't find a Sudoku grid in that picture: take it straight on, with the whole grid " +
		"in the frame and in good light")
)

// TooBigError is Find's error for a picture over the limits.
type TooBigError struct {
	Bytes         int
	Width, Height int
	// Limit is how many pixels are read of a picture of its kind:
	// MaxPixels, or fewer for a deep colour one.
	Limit float64
}

// Error says how big the picture is and up to what size pictures are read.
func (e *TooBigError) Error() string {
	if e.Bytes > MaxBytes {
		return fmt.Sprintf("that picture is %d MB; I read pictures up to %d MB", e.Bytes>>20, MaxBytes>>20)
	}
	return fmt.Sprintf("that picture is %d×%d, %.0f megapixels; I read pictures up to %.0f", e.Width, e.Height,
		float64(e.Width)*float64(e.Height)/1e6, e.MaxPixels()/1e6)
}

// MaxPixels is how many pixels are read of a picture of its kind.
func (e *TooBigError) MaxPixels() float64 {
	if e.Limit > 0 {
		return e.Limit
	}
	return MaxPixels
}

// ErrBusy is Read's error when the memory for a picture did not come free
// before its context was done: many pictures were being read at once.
var ErrBusy = errors.New("many pictures are being read right now: try again in a moment")

// ErrNoGivens is the error for a grid read with no printed digit in it,
// which is no puzzle. Read returns such a reading as it is; a caller that
// needs a puzzle from it says why not with this error (and Say).
var ErrNoGivens = errors.New("I found a grid in that picture, but no printed digits in it")

// Say returns the sentence that tells a person why a picture was not
// read, in w's language, for each of the errors of Read, Reader.Read and
// Find (*TooBigError, ErrFormat, ErrCostly, ErrBusy, the context's
// deadline), for ErrNoGivens, and for anything else ErrNoGrid's, with
// tips for a better picture. Each sentence is an English text that w may
// translate (the catalogue of internal/i18n holds them). The errors' own
// texts are the terminal's: sudokubot read prints them.
func Say(w solver.Words, err error) string {
	var big *TooBigError
	switch {
	case errors.As(err, &big):
		if big.Bytes > 0 {
			return w.Sprintf("That picture is %d MB; I read pictures up to %d MB.", max(1, big.Bytes>>20), MaxBytes>>20)
		}
		return w.Sprintf("That picture is %d×%d pixels; I read pictures up to %.0f megapixels.", big.Width, big.Height,
			big.MaxPixels()/1e6)
	case errors.Is(err, ErrFormat):
		return w.Text("That file is not a picture I can read: send a PNG, JPEG or WebP.")
	case errors.Is(err, ErrCostly):
		return w.Text("That picture is stored in a way that takes far longer to read than a photo or a screenshot. " +
			"Save it again as an ordinary JPEG or PNG and send it again.")
	case errors.Is(err, ErrBusy):
		return w.Text("Many pictures are being read right now. Please try again in a moment.")
	case errors.Is(err, context.DeadlineExceeded):
		return w.Text("Reading that picture took too long. Send a smaller picture, or paste the puzzle as text.")
	case errors.Is(err, ErrNoGivens):
		return w.Text("I found a grid in that picture, but no printed digits in it.") + "\n" + w.Text(tips)
	}
	return w.Text("I couldn't find a Sudoku grid in that picture.") + "\n" + w.Text(tips)
}

// tips says how to take a picture that reads.
const tips = "Tips: take it straight on, with the whole grid in the frame, in good light."
