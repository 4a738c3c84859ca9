package variant

import (
	"errors"
	"strings"
)

// Message returns the text to show a user for an error of this package,
// and false for any other error (which deserves a generic reply and a log
// line instead).
func Message(err error) (string, bool) {
	var u *UnsupportedError
	if errors.As(err, &u) {
		return "This puzzle uses a constraint I don't support yet: " + strings.Join(u.Names, ", ") + ".", true
	}
	for _, m := range messages {
		if errors.Is(err, m.err) {
			return m.text, true
		}
	}
	return "", false
}

// messages are the user's words for each reason, most specific first.
var messages = []struct {
	err  error
	text string
}{
	{ErrNoLink, "That doesn't look like a SudokuPad or f-puzzles link."},
	{ErrSeveralLinks, "That holds more than one puzzle link: send them one at a time."},
	{ErrCutShort, "This link is cut short: copy the whole link and try again."},
	{ErrTooLarge, "This link's puzzle is too large for me to read."},
	{ErrBadID, "That SudokuPad link's puzzle id doesn't look right."},
	{ErrDamaged, "This link's puzzle data is damaged: I can't read it."},
	{ErrCorrupt, "This link's puzzle data is damaged: I can't read it."},
}
