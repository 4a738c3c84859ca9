package daily

import (
	"context"
	"errors"
	"log/slog"
	"time"
)

// ErrRefused marks an edit Discord will never take: the post's message
// was deleted, or the bot may no longer edit it. Its edits stop.
var ErrRefused = errors.New("daily: Discord refuses edits of that post")

// Editor keeps the daily posts' scoreboards current, however many
// processes run it: a post that is behind (a player began or solved) is
// claimed in the Store, edited and recorded, at most once per Gap, so a
// burst of solves makes one edit per Gap rather than one each. An edit
// whose process died is taken over after Lease.
type Editor struct {
	Service *Service
	// Store claims and records the edits (default: Service.Store).
	Store EditStore
	// Edit rewrites a post with its day's current results. An error that
	// wraps ErrRefused stops the post's edits; others are retried in a
	// later round. Its error is logged, through Log (which must redact secrets).
	Edit func(ctx context.Context, e PostEdit) error
	// Gap is the least time between two edits of one post (default 5s);
	// Lease how long a claim holds (default 1m).
	Gap, Lease time.Duration
	// Log receives what went wrong (default: Service.Log).
	Log *slog.Logger
}

// EditReport counts what one Round did: edits made, edits that failed
// (to be retried) and posts whose edits stopped.
type EditReport struct {
	Made, Failed, Stopped int
}

// Round edits every post that is due and that this process claims. The
// error is for a store it cannot read; a failed edit is in the report.
func (ed *Editor) Round(ctx context.Context) (EditReport, error) {
	var rep EditReport
	s := ed.Service
	now := s.Now()
	edits, err := ed.store().ClaimEdits(ctx, DayOf(now, time.UTC)-2, now, or(ed.Gap, 5*time.Second), or(ed.Lease, time.Minute))
	if err != nil {
		return rep, err
	}
	for _, e := range edits {
		ed.one(ctx, e, &rep)
	}
	return rep, nil
}

// one edits a claimed post and records how it went.
func (ed *Editor) one(ctx context.Context, e PostEdit, rep *EditReport) {
	s, log := ed.Service, ed.log().With("guild", e.Guild, "day", e.Day, "message", e.Message)
	err := ed.Edit(ctx, e)
	record := context.WithoutCancel(ctx) // the edit is made or refused; say so
	switch {
	case err == nil:
		rep.Made++
		err = ed.store().EditDone(record, e, s.Now())
	case errors.Is(err, ErrRefused):
		rep.Stopped++
		log.Warn("daily post: Discord refuses edits of it; its scoreboard stops", "err", err)
		err = ed.store().EditFailed(record, e, true)
	default:
		rep.Failed++
		log.Warn("daily post: editing its scoreboard failed; will retry", "err", err)
		err = ed.store().EditFailed(record, e, false)
	}
	if err != nil {
		log.Error("daily post: cannot record its edit", "err", err)
	}
}

func (ed *Editor) log() *slog.Logger {
	if ed.Log != nil {
		return ed.Log
	}
	return ed.Service.Log
}

func (ed *Editor) store() EditStore {
	if ed.Store != nil {
		return ed.Store
	}
	return ed.Service.Store
}

// behind counts a change the server's post of day n does not show yet. A
// failure is logged and costs the player nothing: the scoreboard catches
// up with the next change.
func (s *Service) behind(ctx context.Context, guild string, n int) {
	if err := s.Store.Behind(context.WithoutCancel(ctx), guild, n); err != nil {
		s.Log.Warn("daily post: cannot mark its scoreboard behind", "guild", guild, "day", n, "err", err)
	}
}

// Results returns day n's results in a server: its top solvers, how many
// solved and how many are playing.
func (s *Service) Results(ctx context.Context, guild string, n, top int) (Results, error) {
	return s.Store.Results(ctx, guild, n, top)
}

// GroupStreak returns a server's run of consecutive days, ending on day
// n, on which someone solved that day's puzzle (0 when no one solved day
// n), and the run that ended before day n when day n broke it.
func (s *Service) GroupStreak(ctx context.Context, guild string, n int) (run, broken int, err error) {
	days, err := s.Store.SolvedDays(ctx, guild, max(1, n-400), n)
	if err != nil {
		return 0, 0, err
	}
	run = runEnding(days, n)
	if run == 0 {
		broken = runEnding(days, n-1)
	}
	return run, broken, nil
}

// runEnding returns how many consecutive days end on day n in days,
// which are sorted.
func runEnding(days []int, n int) int {
	k := len(days) - 1
	for k >= 0 && days[k] > n {
		k--
	}
	run := 0
	for ; k >= 0 && days[k] == n-run; k-- {
		run++
	}
	return run
}
