package variant

import (
	"errors"
	"strings"

	"github.com/sudokubot/sudokubot/solver"
)

// Say returns the text to show a user for an error of this package, in
// w's language, and false for any other error (which deserves a generic
// reply and a log line instead). The command line and Discord both word
// a link's failures here.
func Say(w solver.Words, err error) (string, bool) {
	var u *UnsupportedError
	switch {
	case errors.As(err, &u):
		return w.Sprintf("This puzzle uses a constraint I don't support yet: %s.", strings.Join(u.Names, ", ")), true
	case errors.Is(err, ErrUnknownID):
		return w.Text("SudokuPad has no puzzle by that id: check the link, or paste the puzzle's long link (sudokupad.app/scl…) or its f-puzzles link."), true
	case errors.Is(err, ErrUnavailable):
		return w.Text("I couldn't get that puzzle from SudokuPad just now (it didn't answer in time, or answered with an error): " +
			"try again in a minute, or paste the puzzle's long link (sudokupad.app/scl…) or its f-puzzles link."), true
	case errors.Is(err, ErrUnreadable):
		return w.Text("SudokuPad sent that puzzle in a form I can't read: paste its f-puzzles link instead."), true
	case errors.Is(err, ErrNoLink):
		return w.Text("That doesn't look like a SudokuPad or f-puzzles link."), true
	case errors.Is(err, ErrSeveralLinks):
		return w.Text("That holds more than one puzzle link: send them one at a time."), true
	case errors.Is(err, ErrCutShort):
		return w.Text("This link is cut short: copy the whole link and try again."), true
	case errors.Is(err, ErrTooLarge):
		return w.Text("This link's puzzle is too large for me to read."), true
	case errors.Is(err, ErrBadID):
		return w.Text("That SudokuPad link's puzzle id doesn't look right."), true
	case errors.Is(err, ErrDamaged), errors.Is(err, ErrCorrupt):
		return w.Text("This link's puzzle data is damaged: I can't read it."), true
	case errors.Is(err, ErrNeedsFetch):
		return w.Text("This SudokuPad link names its puzzle by a short id, which only SudokuPad's server knows, and I can't ask it here: " +
			"paste the puzzle's f-puzzles link or SudokuPad's long link (sudokupad.app/scl…) instead."), true
	}
	return "", false
}
