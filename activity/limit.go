package activity

import (
	"math"
	"net"
	"net/http"
	"sync"
	"time"
)

// Each sign-in costs requests to Discord (the code's exchange, with the
// client secret, then /users/@me and the instance), and anyone can ask
// for one: sign-ins are limited for each client address and overall, so
// that junk sign-ins cannot make the bot hammer Discord.
const (
	addressBurst = 20              // sign-ins an address may make at once
	addressEvery = 2 * time.Second // then one every …
	overallBurst = 60              // sign-ins the whole server may take at once
	overallEvery = 200 * time.Millisecond
	// maxAddresses bounds the addresses kept; past it, those whose bucket
	// is full again are forgotten (about 100 bytes each).
	maxAddresses = 10000
)

// signIns is a token bucket for each client address and one for all.
type signIns struct {
	mu      sync.Mutex
	now     func() time.Time
	all     tokens
	address map[string]*tokens
}

// tokens is one bucket: how many were left when last taken from.
type tokens struct {
	left float64
	last time.Time
}

func newSignIns(now func() time.Time) *signIns {
	return &signIns{now: now, all: tokens{left: overallBurst, last: now()}, address: map[string]*tokens{}}
}

// allow takes a sign-in for addr, or returns how long until one may be
// made; a refused sign-in takes nothing.
func (l *signIns) allow(addr string) (wait time.Duration, ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b := l.address[addr]
	if b == nil {
		if len(l.address) >= maxAddresses {
			l.forgetFull(now)
		}
		b = &tokens{left: addressBurst, last: now}
		l.address[addr] = b
	}
	b.fill(now, addressBurst, addressEvery)
	l.all.fill(now, overallBurst, overallEvery)
	if b.left < 1 {
		return time.Duration((1 - b.left) * float64(addressEvery)), false
	}
	if l.all.left < 1 {
		return time.Duration((1 - l.all.left) * float64(overallEvery)), false
	}
	b.left--
	l.all.left--
	return 0, true
}

func (t *tokens) fill(now time.Time, burst float64, every time.Duration) {
	t.left = math.Min(burst, t.left+float64(now.Sub(t.last))/float64(every))
	t.last = now
}

func (l *signIns) forgetFull(now time.Time) {
	for a, b := range l.address {
		if b.left+float64(now.Sub(b.last))/float64(addressEvery) >= addressBurst {
			delete(l.address, a)
		}
	}
}

// clientAddress is who a request comes from, for the sign-in limit: the
// connection's address without its port. The configuration has no
// setting that says the server is behind a proxy we trust, so a
// forwarded address (X-Forwarded-For, which anyone can write) is not
// read; behind Discord's proxy many players may share one address, which
// the address's limit allows for.
func clientAddress(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
