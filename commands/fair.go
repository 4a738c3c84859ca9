package commands

import (
	"context"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/solver"
)

// The fair daily: every way a puzzle comes in from a person (/solve,
// /hint, /check, Solve this puzzle, /play) asks dailyLock first, so an
// open daily, or a copy in disguise, is never solved, hinted or checked.

// lockLookup bounds the look at the open dailies that a Private function
// makes before the handler runs; the puzzles are in memory by then.
const lockLookup = 200 * time.Millisecond

// dailyLock reports whether g is a daily still open somewhere (see
// daily.Service.Locked). When the daily puzzles cannot be read, no puzzle
// is held back: the daily is down then, and /solve must still work.
func (d Deps) dailyLock(ctx context.Context, g solver.Grid) (daily.Lock, bool) {
	if d.Daily == nil {
		return daily.Lock{}, false
	}
	l, ok, err := d.Daily.Locked(ctx, g)
	return l, ok && err == nil
}

// solvesDaily reports whether one of the solutions found, which a reply
// would show, is an open daily's, as it is or in disguise: the puzzle
// asked about may be the daily with givens taken away.
func (d Deps) solvesDaily(ctx context.Context, sols ...solver.Grid) (daily.Lock, bool) {
	if d.Daily == nil {
		return daily.Lock{}, false
	}
	for _, s := range sols {
		if l, ok, err := d.Daily.LockedSolution(ctx, s); ok && err == nil {
			return l, true
		}
	}
	return daily.Lock{}, false
}

// solvesOpenDaily solves g, within the solve limit, and reports whether
// what it finds is an open daily's solution (see solvesDaily): for the
// replies that do not show a solution but would lead to it, a check or a
// hint.
func (d Deps) solvesOpenDaily(ctx context.Context, g solver.Grid) (daily.Lock, bool) {
	if d.Daily == nil {
		return daily.Lock{}, false
	}
	sctx, cancel := context.WithTimeout(ctx, d.SolveTimeout)
	defer cancel()
	res, err := solver.Solve(sctx, g, 2)
	if err != nil {
		return daily.Lock{}, false
	}
	return d.solvesDaily(ctx, shownSolutions(res)...)
}

// shownSolutions is the solutions a reply about res shows: the first two.
func shownSolutions(res solver.Result) []solver.Grid {
	return res.Solutions[:min(2, len(res.Solutions))]
}

// lockedReply refuses an open daily: which it is, when it may be solved
// here, and how to play it. It is a notice, so only the person sees it.
func lockedReply(pr i18n.Printer, l daily.Lock) Response {
	return userError(pr.Sprintf("🔒 That's **Daily #%d**, and it is still being played. I don't solve, hint or check it "+
		"until every server's day is over: <t:%d:R> (<t:%d:f>). Play it yourself with `/daily play`.",
		l.Day, l.Until.Unix(), l.Until.Unix()))
}

// lockedText reports whether the puzzle written in text is an open daily.
func (d Deps) lockedText(text string) bool {
	g, err := solver.Parse(text)
	if err != nil {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), lockLookup)
	defer cancel()
	_, locked := d.dailyLock(ctx, g)
	return locked
}

// privateOrLocked is the Private function of a command whose puzzle is the
// text puzzleOf(i): its replies are private when the person asks, and
// always when the puzzle is an open daily, so that the refusal stays
// private even after a deferral.
func (d Deps) privateOrLocked(asked func(*discordgo.Interaction) bool, puzzleOf func(*discordgo.Interaction) string) func(*discordgo.Interaction) bool {
	return func(i *discordgo.Interaction) bool {
		return asked(i) || d.lockedText(puzzleOf(i))
	}
}

// puzzleOption is the text of a command's puzzle option.
func puzzleOption(i *discordgo.Interaction) string { return OptionsOf(i).String("puzzle") }
