package activity

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/sudokubot/sudokubot/internal/i18n"
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
	slots chan struct{}
	mu    sync.Mutex
	now   func() time.Time
	users map[string]*tokens
}

func newWork(slots int, now func() time.Time) *work {
	return &work{slots: make(chan struct{}, slots), now: now, users: map[string]*tokens{}}
}

// do runs f for user in a work slot, taking cost from their bucket; it
// returns a *TooFastError when the bucket lacks it (nothing runs, nothing
// is taken), or errBusy when no slot came free in slotWait.
func (wk *work) do(ctx context.Context, user string, cost float64, f func()) error {
	if wait, ok := wk.take(user, cost); !ok {
		return &TooFastError{Wait: wait}
	}
	wait, cancel := context.WithTimeout(ctx, slotWait)
	defer cancel()
	select {
	case wk.slots <- struct{}{}:
	case <-wait.Done():
		return errBusy
	}
	defer func() { <-wk.slots }()
	f()
	return nil
}

func (wk *work) take(user string, cost float64) (time.Duration, bool) {
	wk.mu.Lock()
	defer wk.mu.Unlock()
	now := wk.now()
	b := wk.users[user]
	if b == nil {
		if len(wk.users) >= maxAddresses {
			for u, t := range wk.users {
				if t.left+float64(now.Sub(t.last))/float64(workEvery) >= workBurst {
					delete(wk.users, u)
				}
			}
		}
		b = &tokens{left: workBurst, last: now}
		wk.users[user] = b
	}
	b.fill(now, workBurst, workEvery)
	if b.left < cost {
		return time.Duration((cost - b.left) * float64(workEvery)), false
	}
	b.left -= cost
	return 0, true
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
