// Package limit holds the limits every face of the bot plays by: a token
// bucket per player (commands, taps, the big board's heavy work) and the
// work slots heavy work waits for (making a puzzle, searching a hint,
// reading a picture), one pool for the commands and the big board, so a
// flood on one face cannot take every CPU from the other.
package limit

import (
	"context"
	"math"
	"sync"
	"time"
)

// Buckets is a token bucket per key (a player): Burst at once, then one
// more every Every. Allow answers at once instead of queueing. It is safe
// for concurrent use.
type Buckets struct {
	mu    sync.Mutex
	burst float64
	every time.Duration
	now   func() time.Time
	keys  map[string]*bucket
}

type bucket struct {
	left float64
	last time.Time
}

// maxKeys bounds the keys kept; past it, those whose bucket is full again
// are forgotten (about 100 bytes each).
const maxKeys = 10000

// NewBuckets returns buckets of burst tokens that fill by one every
// every, on the clock now (time.Now when nil).
func NewBuckets(burst float64, every time.Duration, now func() time.Time) *Buckets {
	if now == nil {
		now = time.Now
	}
	return &Buckets{burst: burst, every: every, now: now, keys: map[string]*bucket{}}
}

// Allow takes cost tokens from key's bucket; when there are not enough it
// takes nothing and returns how long until there will be.
func (b *Buckets) Allow(key string, cost float64) (wait time.Duration, ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.now()
	k := b.keys[key]
	if k == nil {
		if len(b.keys) >= maxKeys {
			b.forgetFull(now)
		}
		k = &bucket{left: b.burst, last: now}
		b.keys[key] = k
	}
	k.left = math.Min(b.burst, k.left+float64(now.Sub(k.last))/float64(b.every))
	k.last = now
	if k.left < cost {
		return time.Duration((cost - k.left) * float64(b.every)), false
	}
	k.left -= cost
	return 0, true
}

// Give puts back cost tokens Allow took from key (work refused for
// another reason after all), up to the burst.
func (b *Buckets) Give(key string, cost float64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if k := b.keys[key]; k != nil {
		k.left = math.Min(b.burst, k.left+cost)
	}
}

func (b *Buckets) forgetFull(now time.Time) {
	for key, k := range b.keys {
		if k.left+float64(now.Sub(k.last))/float64(b.every) >= b.burst {
			delete(b.keys, key)
		}
	}
}

// Slots bounds the heavy work running at once. Make it with NewSlots; it
// is safe for concurrent use.
type Slots struct{ c chan struct{} }

// NewSlots returns n slots (at least one).
func NewSlots(n int) *Slots { return &Slots{c: make(chan struct{}, max(n, 1))} }

// Take waits for a free slot until ctx ends; ok is false when it ended
// first. A slot taken is given back with release.
func (s *Slots) Take(ctx context.Context) (release func(), ok bool) {
	select {
	case s.c <- struct{}{}:
		return func() { <-s.c }, true
	case <-ctx.Done():
		return nil, false
	}
}

// Full reports whether every slot is taken just now: work that comes
// now will wait.
func (s *Slots) Full() bool { return len(s.c) == cap(s.c) }

// Size returns how many slots there are.
func (s *Slots) Size() int { return cap(s.c) }
