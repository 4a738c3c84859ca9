package daily

import (
	"context"
	"fmt"
	"time"

	"github.com/sudokubot/sudokubot/solver"
)

// Verdict is what a submission came to.
type Verdict int

// The verdicts. Only Wrong counts as an attempt; Incomplete and BadSize
// are mistakes in pasting, not in solving.
const (
	Correct Verdict = iota
	Wrong
	Incomplete
	BadSize
	AlreadySolved
)

// Outcome is a submission's verdict and what it changed.
type Outcome struct {
	Verdict Verdict
	Puzzle  Puzzle
	Entry   Entry
	Player  Player // after a correct first submission
	First   bool   // this submission is the one that counts
	Wrong   int    // filled cells that differ from the solution
	Empty   int    // cells left empty
	Today   int    // today's number in the server
}

// Submit checks a player's answer to day n's puzzle (0: whichever of
// today's, or yesterday's within Grace, the player is playing) and records
// it, with the aids the player used on the board. A store error means
// nothing was recorded and the player should try again; ErrClosed that
// day n cannot be submitted any more.
func (s *Service) Submit(ctx context.Context, guild, user string, n int, answer solver.Grid, aids Aids) (Outcome, error) {
	loc, err := s.Location(ctx, guild)
	if err != nil {
		return Outcome{}, err
	}
	now := s.Now()
	today := DayOf(now, loc)
	n, err = s.dayOf(ctx, guild, user, n, today, now, loc, answer)
	if err != nil {
		return Outcome{Today: today}, err
	}
	p, err := s.Puzzle(ctx, n)
	if err != nil {
		return Outcome{}, err
	}
	out := Outcome{Puzzle: p, Today: today}
	if answer.Size() != p.Grid.Size() {
		out.Verdict = BadSize
		return out, nil
	}
	out.Wrong, out.Empty = compare(answer, p.Solution)
	switch {
	case out.Empty > 0:
		out.Verdict = Incomplete
	case out.Wrong > 0:
		out.Verdict = Wrong
		out.Entry, err = s.Store.Miss(ctx, guild, user, n)
		if err == nil && !out.Entry.Solved.IsZero() {
			out.Verdict = AlreadySolved
		}
	default:
		out.Verdict = Correct
		out.Entry, out.Player, out.First, err = s.Store.Record(ctx, Solve{Guild: guild, User: user, Day: n, At: now, Level: p.Level, Aids: aids})
		if err == nil && !out.First {
			out.Verdict = AlreadySolved
		}
		if err == nil && out.First {
			s.behind(ctx, guild, n)
		}
	}
	return out, err
}

// dayOf decides which day a submission is for. Yesterday's puzzle is
// accepted within Grace after midnight from a player who started it and
// has not solved it, when asked for by number or when the answer fits
// yesterday's givens and not today's.
func (s *Service) dayOf(ctx context.Context, guild, user string, n, today int, now time.Time, loc *time.Location, answer solver.Grid) (int, error) {
	if n == today {
		return n, nil
	}
	if n != 0 && n != today-1 {
		return 0, fmt.Errorf("day %d on day %d: %w", n, today, ErrClosed)
	}
	late, err := s.lateAllowed(ctx, guild, user, today, now, loc)
	if err != nil || !late {
		if n == 0 {
			return today, err
		}
		return 0, fmt.Errorf("day %d on day %d: %w", n, today, ErrClosed)
	}
	if n != 0 {
		return n, nil
	}
	yesterday, err := s.Puzzle(ctx, today-1)
	if err != nil {
		return 0, err
	}
	current, err := s.Puzzle(ctx, today)
	if err != nil {
		return 0, err
	}
	if fits(answer, yesterday.Grid) && !fits(answer, current.Grid) {
		return today - 1, nil
	}
	return today, nil
}

// lateAllowed reports whether yesterday's puzzle may still be submitted.
func (s *Service) lateAllowed(ctx context.Context, guild, user string, today int, now time.Time, loc *time.Location) (bool, error) {
	if now.Sub(Start(today, loc)) > Grace {
		return false, nil
	}
	e, ok, err := s.Store.Entry(ctx, guild, user, today-1)
	if err != nil || !ok {
		return false, err
	}
	return !e.Started.IsZero() && e.Solved.IsZero(), nil
}

// compare counts the filled cells of a that differ from solution, and the
// empty ones.
func compare(a, solution solver.Grid) (wrong, empty int) {
	return len(a.Mistakes(solution)), a.Cells() - a.Givens()
}

// fits reports whether a has every given of puzzle in place.
func fits(a, puzzle solver.Grid) bool {
	if a.Size() != puzzle.Size() {
		return false
	}
	for r := 0; r < a.Size(); r++ {
		for c := 0; c < a.Size(); c++ {
			if v := puzzle.At(r, c); v != 0 && a.At(r, c) != v {
				return false
			}
		}
	}
	return true
}
