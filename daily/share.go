package daily

import (
	"fmt"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/internal/i18n"
)

// The words of a solve that every front end shows alike: the share line a
// player pastes anywhere, the parts the scoreboard lists, the clock.

// Share is what a player can paste anywhere, spoiler-free: a line with
// the time, mistakes, streak and the help taken on the board, then, for a
// solve on the board, its shape as a grid of squares (shareGrid).
func Share(p i18n.Printer, n int, e Entry, streak int) string {
	line := fmt.Sprintf("Daily #%d — %s", n, strings.Join(SolveParts(p, e, streak, p.Text("solved")), ", "))
	if grid := shareGrid(e.Shape); grid != "" {
		line += "\n" + grid
	}
	return line
}

// shapeSquares are the share grid's squares for game.Shape's letters:
// boxes completed in the first, middle and last third, a box where a
// check found a mistake, a box a hint pointed into.
var shapeSquares = map[rune]string{'a': "🟩", 'b': "🟨", 'c': "🟧", 'w': "🟥", 'h': "💡"}

// shareGrid draws a 9×9 solve's shape as three rows of three squares, the
// boxes where they stand; "" for a shape it cannot draw (none, or another
// size). Colours say when and how, never which digit.
func shareGrid(shape string) string {
	if len(shape) != 9 {
		return ""
	}
	var sb strings.Builder
	for k, letter := range shape {
		sq, ok := shapeSquares[letter]
		if !ok {
			return ""
		}
		sb.WriteString(sq)
		if k%3 == 2 && k < 8 {
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}

// Took is " in 4:12", the time a solve took, or "" for an untimed one.
func Took(p i18n.Printer, e Entry) string {
	if !e.Timed {
		return ""
	}
	return p.Sprintf(" in %s", Clock(e.Took))
}

// SolveParts are the words of one solve, for the scoreboard and the
// share: its time (untimed when it has none), mistakes, the streak when
// longer than a day, and the checks and hints taken on the board.
func SolveParts(p i18n.Printer, e Entry, streak int, untimed string) []string {
	parts := []string{untimed}
	if e.Timed {
		parts[0] = Clock(e.Took)
	}
	if e.Wrong == 0 {
		parts = append(parts, p.Text("no mistakes"))
	} else {
		parts = append(parts, p.Count(e.Wrong, "%d wrong try", "%d wrong tries"))
	}
	if streak > 1 {
		parts = append(parts, p.Sprintf("🔥 %d-day streak", streak))
	}
	if e.Checks > 0 {
		parts = append(parts, p.Count(e.Checks, "%d check", "%d checks"))
	}
	if e.Hints > 0 {
		parts = append(parts, p.Count(e.Hints, "%d hint", "%d hints"))
	}
	return parts
}

// Clock writes a time taken as m:ss, or h:mm:ss past an hour.
func Clock(t time.Duration) string {
	s := int(t.Round(time.Second).Seconds())
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
