package daily

import (
	"cmp"
	"context"
	"slices"
	"time"

	"github.com/sudokubot/sudokubot/solver"
)

// The fair daily: while a day's puzzle is open anywhere in the world, the
// bot solves, hints and checks it for nobody, nor a copy in disguise
// (solver.Canonical), nor the puzzle as posted with digits filled in, nor
// a part of it (solver.Embeds), and shows no solution that is nearly its
// (solver.Resembles).

// A day begins first at UTC+14 and ends last at UTC−12.
const (
	firstZone = 14 * time.Hour
	lastZone  = 12 * time.Hour
)

// Opens returns when day n's puzzle first opens anywhere: its midnight at
// UTC+14.
func Opens(n int) time.Time { return Start(n, time.UTC).Add(-firstZone) }

// Closes returns when day n's puzzle has closed everywhere: the end of its
// day at UTC−12, and the Grace after it in which a player who started it
// may still submit.
func Closes(n int) time.Time { return Start(n+1, time.UTC).Add(lastZone + Grace) }

// OpenDays returns, in order, the days whose puzzle is open somewhere at
// t: two or three.
func OpenDays(t time.Time) []int {
	n := DayOf(t, time.UTC)
	var out []int
	for d := n - 2; d <= n+1; d++ {
		if !t.Before(Opens(d)) && t.Before(Closes(d)) {
			out = append(out, d)
		}
	}
	return out
}

// Lock is why a puzzle may not be solved yet: it is daily Day, open
// somewhere until Until.
type Lock struct {
	Day   int
	Until time.Time
}

// fingerprint is what Locked compares a puzzle with, for one day.
type fingerprint struct {
	puzzle, solution solver.Grid
	signature        solver.Signature
	canonical        solver.Grid
	shape            solver.Shape // the solution's
}

// Locked reports whether g is the puzzle of a day still open somewhere:
// as posted (with or without digits filled in), or in disguise (digits
// relabelled, rows, columns, bands or stacks swapped, turned, mirrored),
// or a part of it: a grid of at least solver.MinCanonicalGivens givens
// that the day's solution, in some disguise, agrees with everywhere
// (solver.Embeds). Such a grid was made from the daily (the day's
// solution is among its solutions), and solving it would give most of
// that away; a sparser one has too many solutions for that, and what is
// shown of it is checked by LockedSolution. A grid with the signature of
// an open daily is searched (solver.Canonical); whether it is a part is
// told by solving it first (partTest). The error is for a daily puzzle
// that cannot be read. It does not modify g.
func (s *Service) Locked(ctx context.Context, g solver.Grid) (Lock, bool, error) {
	if g.Size() != 9 {
		return Lock{}, false, nil
	}
	sig, part := solver.SignatureOf(g), partTest(ctx, g)
	return s.lockedBy(ctx, func(f fingerprint) bool {
		return holds(g, f.puzzle) || sig == f.signature && canonicalOf(g) == f.canonical || part(f)
	})
}

// partSolve bounds the solve partTest makes first: most puzzles take
// microseconds; a harder one is searched for the daily instead.
const partSolve = 20 * time.Millisecond

// partTest returns how to tell whether the day of fingerprint f, in some
// disguise, fits every given of g (solver.Embeds). It solves g first: a
// disguise of the day's solution that fits g is a solution of g, so a
// puzzle with one solution fits exactly the days whose solution is that
// one in disguise (compared by shape, a microsecond, then
// solver.Equivalent), and one with none fits no day; only a puzzle with
// several solutions, or not settled within partSolve, is searched
// (solver.Embeds, about half a millisecond a day). Grids of fewer than
// solver.MinCanonicalGivens givens fit none: what is shown of them is
// checked by LockedSolution.
func partTest(ctx context.Context, g solver.Grid) func(fingerprint) bool {
	if g.Givens() < solver.MinCanonicalGivens {
		return func(fingerprint) bool { return false }
	}
	sctx, cancel := context.WithTimeout(ctx, partSolve)
	defer cancel()
	res, err := solver.Solve(sctx, g, 2)
	switch {
	case err == nil && res.Count == 1:
		u := res.Solutions[0]
		shape := solver.ShapeOf(u)
		return func(f fingerprint) bool {
			return u == f.solution || shape == f.shape && solver.Equivalent(u, f.solution)
		}
	case err == nil && res.Count == 0:
		return func(fingerprint) bool { return false }
	}
	return func(f fingerprint) bool { return solver.Embeds(g, f.solution) }
}

// LockedSolution reports whether a complete grid is, or nearly is, the
// solution of a day still open somewhere, as it is or in disguise: the
// same in at least solver.ResembleCells of 81 cells. A puzzle made from
// the daily by taking givens away, or by changing one, is not the daily,
// but solving it gives the daily's solution or one a few cells from it,
// so front ends ask this of what they found before they show it. It costs
// a fraction of a millisecond a day (solver.Resembles).
func (s *Service) LockedSolution(ctx context.Context, sol solver.Grid) (Lock, bool, error) {
	if sol.Size() != 9 || !sol.Complete() {
		return Lock{}, false, nil
	}
	return s.lockedBy(ctx, func(f fingerprint) bool {
		return sol == f.solution || solver.Resembles(sol, f.solution)
	})
}

// lockedBy returns the first open day whose fingerprint matches. A day
// whose puzzle cannot be read is passed over; its error is returned only
// when no day matched.
func (s *Service) lockedBy(ctx context.Context, match func(fingerprint) bool) (Lock, bool, error) {
	var firstErr error
	for _, n := range OpenDays(s.Now()) {
		f, err := s.fingerprint(ctx, n)
		if err != nil {
			firstErr = cmp.Or(firstErr, err)
			continue
		}
		if match(f) {
			return Lock{Day: n, Until: Closes(n)}, true, nil
		}
	}
	return Lock{}, false, firstErr
}

// holds reports whether g has every given of p, each in its place.
func holds(g, p solver.Grid) bool {
	for i := range 81 {
		if v := p.AtIndex(i); v != 0 && g.AtIndex(i) != v {
			return false
		}
	}
	return true
}

func canonicalOf(g solver.Grid) solver.Grid {
	c, ok := solver.Canonical(g)
	if !ok {
		return solver.Grid{}
	}
	return c
}

// fingerprint returns day n's fingerprint, made once a process.
func (s *Service) fingerprint(ctx context.Context, n int) (fingerprint, error) {
	if f, ok := s.prints.Load(n); ok {
		return f.(fingerprint), nil
	}
	p, err := s.Puzzle(ctx, n)
	if err != nil {
		return fingerprint{}, err
	}
	f := fingerprint{puzzle: p.Grid, solution: p.Solution, signature: solver.SignatureOf(p.Grid), canonical: canonicalOf(p.Grid),
		shape: solver.ShapeOf(p.Solution)}
	s.prints.Range(func(day, _ any) bool {
		if day.(int) < n-3 {
			s.prints.Delete(day)
		}
		return true
	})
	s.prints.Store(n, f)
	return f, nil
}

// Practicable reports whether day n can be played for practice at now,
// when a server's today is today: it is out, not today, and no longer
// today anywhere (until then its solution must not be given away).
func Practicable(n, today int, now time.Time) bool {
	return n >= 1 && n < today && !slices.Contains(OpenDays(now), n)
}
