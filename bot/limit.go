package bot

import (
	"math"
	"sync"
	"time"
)

// limiter is a token bucket per user: burst requests at once, then one
// every interval. It answers at once instead of queueing.
type limiter struct {
	mu       sync.Mutex
	burst    float64
	interval time.Duration
	now      func() time.Time
	users    map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

// maxTracked bounds the map; past it, users whose bucket is full again are
// forgotten.
const maxTracked = 10000

func newLimiter(burst int, interval time.Duration, now func() time.Time) *limiter {
	return &limiter{burst: float64(burst), interval: interval, now: now, users: map[string]*bucket{}}
}

// allow takes cost tokens (1 for a command) for user; when there are not
// enough it returns how long until there will be.
func (l *limiter) allow(user string, cost float64) (wait time.Duration, ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b := l.users[user]
	if b == nil {
		if len(l.users) >= maxTracked {
			l.forgetFull(now)
		}
		b = &bucket{tokens: l.burst, last: now}
		l.users[user] = b
	}
	b.tokens = math.Min(l.burst, b.tokens+float64(now.Sub(b.last))/float64(l.interval))
	b.last = now
	if b.tokens >= cost {
		b.tokens -= cost
		return 0, true
	}
	return time.Duration((cost - b.tokens) * float64(l.interval)), false
}

func (l *limiter) forgetFull(now time.Time) {
	for u, b := range l.users {
		if b.tokens+float64(now.Sub(b.last))/float64(l.interval) >= l.burst {
			delete(l.users, u)
		}
	}
}
