package activity

import (
	"sync"
	"time"
)

// A player's messages are paced across all their sockets, not each
// socket on its own: a player with eight pages open gets no more turns
// than one with one, so they cannot crowd out the others of a room.

// pacer hands each player their turns, messageEvery apart, whichever of
// their sockets a message comes on.
type pacer struct {
	mu    sync.Mutex
	every time.Duration
	next  map[string]time.Time // by player: when their next turn is
}

// maxPaced bounds the players kept; past it, those whose next turn has
// come are forgotten (about 100 bytes each).
const maxPaced = 10000

func newPacer(every time.Duration) *pacer {
	return &pacer{every: every, next: map[string]time.Time{}}
}

// wait takes the player's next turn and returns how long until it comes:
// 0 for a player who has not sent for messageEvery. It uses the real
// clock, as the sockets' deadlines do.
func (p *pacer) wait(user string) time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	turn, ok := p.next[user]
	if !ok && len(p.next) >= maxPaced {
		for u, t := range p.next {
			if !t.After(now) {
				delete(p.next, u)
			}
		}
	}
	if turn.Before(now) {
		turn = now
	}
	p.next[user] = turn.Add(p.every)
	return turn.Sub(now)
}
