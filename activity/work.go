package activity

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/internal/limit"
)

// Making a puzzle and searching for a hint are the board's heavy work
// (milliseconds to seconds of CPU each): they run in a few work slots
// shared by every player, so a flood of them waits its turn instead of
// taking every CPU from the others' moves, and each player has a token
// bucket, so one player cannot keep the slots to themself.

// A player's share of the heavy work: a new puzzle costs play.CostPuzzle,
// a hint step play.CostHint, from a bucket of workBurst that fills by one
// every workEvery (4 puzzles at once, then one every 5 s; or 20 hint
// steps, then one a second).
const (
	workBurst = 20
	workEvery = time.Second
	// slotWait is how long a piece of work waits for a slot before the
	// player is told the server is busy.
	slotWait = 2 * time.Second
)

// What a player is told when their work is not done.
const (
	workTooFast = "You are asking for puzzles and hints faster than I can make them. Try again in %d s."
	workBusy    = "I'm too busy right now. Please try again in a minute."
)

// errBusy is work that found no free slot in time.
var errBusy = errors.New("activity: every work slot is taken")

// TooFastError is work a player asked for past their share; Wait is how
// long until they may ask again.
type TooFastError struct{ Wait time.Duration }

func (e *TooFastError) Error() string {
	return fmt.Sprintf("activity: too much work asked; wait %v", e.Wait)
}

// work is the slots and the players' buckets.
type work struct {
	slots *limit.Slots
	users *limit.Buckets
}

// newWork returns work in slots (the bot's, shared with its heavy
// commands, or the board's own) with a bucket for each player.
func newWork(slots *limit.Slots, now func() time.Time) *work {
	return &work{slots: slots, users: limit.NewBuckets(workBurst, workEvery, now)}
}

// do runs f for user in a work slot, taking cost from their bucket; it
// returns a *TooFastError when the bucket lacks it (nothing runs, nothing
// is taken), or errBusy when no slot came free in slotWait.
func (wk *work) do(ctx context.Context, user string, cost float64, f func()) error {
	if wait, ok := wk.users.Allow(user, cost); !ok {
		return &TooFastError{Wait: wait}
	}
	wait, cancel := context.WithTimeout(ctx, slotWait)
	defer cancel()
	release, ok := wk.slots.Take(wait)
	if !ok {
		return errBusy
	}
	defer release()
	f()
	return nil
}

// Do runs the game layer's heavy work (play.Work).
func (wk *work) Do(ctx context.Context, user string, cost int, f func()) error {
	return wk.do(ctx, user, float64(cost), f)
}

// Refused reports whether err is work this refused (play.Work).
func (wk *work) Refused(err error) bool { return refusedWork(err) }

// refusedWork reports whether err is work that was not done: asked past
// the player's share, or no slot in time.
func refusedWork(err error) bool {
	var fast *TooFastError
	return errors.As(err, &fast) || errors.Is(err, errBusy)
}

// workRefused words work that was not done, or reports false for another
// error.
func workRefused(w i18n.Printer, err error) (reply, bool) {
	var fast *TooFastError
	switch {
	case errors.As(err, &fast):
		return reply{T: "error", Message: w.Sprintf(workTooFast, int(math.Ceil(fast.Wait.Seconds())))}, true
	case errors.Is(err, errBusy):
		return reply{T: "error", Message: w.Text(workBusy)}, true
	}
	return reply{}, false
}
