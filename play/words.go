package play

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/room"
)

// Every sentence both boards say is worded here, once, in the catalogue's
// English (internal/i18n translates it). Emphasis is marked in the
// sentences as the catalogue keeps it, **so**; a Style renders it for the
// face: Discord renders Markdown, the web page shows plain text.

// Style is how a face shows emphasis.
type Style uint8

// The styles.
const (
	Markdown Style = iota // Discord: **bold** and `code` stay
	Plain                 // the web page: the marks go
)

// Words says the game layer's sentences in a reader's language and a
// face's style.
type Words struct {
	P     i18n.Printer
	Style Style
}

// WordsFor returns the sentences in a Discord locale ("fr"; English where
// the catalogue has none), in style.
func WordsFor(locale string, style Style) Words { return Words{P: i18n.For(locale), Style: style} }

// show renders a worded sentence in the style.
func (w Words) show(s string) string {
	if w.Style == Plain {
		return unmark.Replace(s)
	}
	return s
}

// unmark takes the catalogue's emphasis out, for the Plain style; made
// once, as every state the page is sent is worded through it.
var unmark = strings.NewReplacer("**", "", "`", "")

func (w Words) text(s string) string                 { return w.show(w.P.Text(s)) }
func (w Words) sprintf(f string, args ...any) string { return w.show(w.P.Sprintf(f, args...)) }

// GamesDown is what a player is told when the games cannot be read or
// saved.
func (w Words) GamesDown() string {
	return w.text("I can't reach my database right now, so the board cannot be saved; nothing was lost. Please try again in a moment.")
}

// NotRecorded is what a player is told when a daily answer could not be
// recorded.
func (w Words) NotRecorded() string {
	return w.text("I couldn't record that just now; nothing was saved. Please try again in a moment.")
}

// IsRefusal reports whether err is a change the board rules refuse, which
// Refusal words: game's errors, and a room's.
func IsRefusal(err error) bool {
	for _, rule := range []error{game.ErrGiven, game.ErrFilled, game.ErrNoUndo, game.ErrNoRedo, game.ErrOutside,
		room.ErrNoUndo, room.ErrSolved, room.ErrOutdated} {
		if errors.Is(err, rule) {
			return true
		}
	}
	return false
}

// Refusal words a change the board rules refuse: game's errors, and a
// room's.
func (w Words) Refusal(err error) string {
	switch {
	case errors.Is(err, game.ErrGiven):
		return w.text("That cell is a given: it cannot change.")
	case errors.Is(err, game.ErrFilled):
		return w.text("Pencil marks go in empty cells.")
	case errors.Is(err, game.ErrNoUndo):
		return w.text("Nothing to undo.")
	case errors.Is(err, game.ErrNoRedo):
		return w.text("There is nothing to redo.")
	case errors.Is(err, room.ErrNoUndo):
		return w.text("There is nothing of yours to undo.")
	case errors.Is(err, room.ErrSolved):
		return w.text("The board is solved: start another from the menu.")
	case errors.Is(err, room.ErrOutdated):
		return w.text("Someone changed that cell just before you, so your move was not applied. Here is the board now.")
	case errors.Is(err, game.ErrOutside):
		return w.text("That is not a cell or digit of this board.")
	}
	return w.text("The board does not know that message.")
}

// CheckLine says what a check found.
func (w Words) CheckLine(wrong int) string {
	if wrong == 0 {
		return w.text("Check: no mistakes so far.")
	}
	return w.sprintf("Check: %s, marked in red.", w.P.Count(wrong, "%d cell is wrong", "%d cells are wrong"))
}

// SolvedLine is what an unranked board says once it is solved.
func (w Words) SolvedLine(g *game.Game) string {
	return w.sprintf("✅ **Correct!** Solved with %s and %s.", w.P.Count(g.Checks(), "%d check", "%d checks"),
		w.P.Count(g.Hints(), "%d hint", "%d hints"))
}

// Outcome words what handing in a daily came to (without its share
// lines).
func (w Words) Outcome(out daily.Outcome) string {
	n := out.Puzzle.Day
	switch out.Verdict {
	case daily.Correct:
		return w.sprintf("✅ **Correct!** Daily #%d solved%s.", n, daily.Took(w.P, out.Entry))
	case daily.Wrong:
		return w.sprintf("❌ Not yet: **%s**. That was try %d on Daily #%d; your clock keeps running. Keep going!",
			w.P.Count(out.Wrong, "%d cell is wrong", "%d cells are wrong"), out.Entry.Wrong, n)
	case daily.Incomplete:
		return w.sprintf("Your answer has **%s**: fill in every cell, then submit again. This was not counted as a try.",
			w.P.Count(out.Empty, "%d empty cell", "%d empty cells"))
	case daily.BadSize:
		return w.text("Daily puzzles are 9×9: paste all 81 cells, row by row. This was not counted as a try.")
	}
	return w.sprintf("You solved Daily #%d already%s; only the first correct answer counts, so nothing changed.",
		n, daily.Took(w.P, out.Entry))
}

// BoardTitle is an unranked board's heading: its size.
func (w Words) BoardTitle(size int) string { return w.sprintf("**Board** · %s", SizeName(size)) }

// NewPuzzleTitle is a new puzzle's heading: its size and level.
func (w Words) NewPuzzleTitle(size int, level fmt.Stringer) string {
	return w.sprintf("**New puzzle** · %s %s", SizeName(size), w.P.Text(level.String()))
}

// DailyTitle is a daily board's heading: its number and level (just its
// number when the puzzle could not be read, p nil).
func (w Words) DailyTitle(day int, p *daily.Puzzle) string {
	if p == nil {
		return w.sprintf("**Daily #%d**", day)
	}
	return w.sprintf("**Daily #%d** · %s", day, w.P.Text(p.Level.String()))
}

// PracticeTitle is a past daily's heading, played unranked.
func (w Words) PracticeTitle(p daily.Puzzle) string {
	return w.sprintf("**Daily #%d, practice** · %s · %s · unranked: no clock, no points, no streak", p.Day,
		w.P.Date(daily.Date(p.Day)), w.P.Text(p.Level.String()))
}

// SizeName writes a grid's size: "9×9".
func SizeName(n int) string { return fmt.Sprintf("%d×%d", n, n) }
