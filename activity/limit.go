package activity

import (
	"net"
	"net/http"
	"time"

	"github.com/sudokubot/sudokubot/internal/limit"
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
)

// signIns is a token bucket for each client address and one for all.
type signIns struct {
	address, all *limit.Buckets
}

func newSignIns(now func() time.Time) *signIns {
	return &signIns{address: limit.NewBuckets(addressBurst, addressEvery, now), all: limit.NewBuckets(overallBurst, overallEvery, now)}
}

// allow takes a sign-in for addr, or returns how long until one may be
// made; a refused sign-in takes nothing.
func (l *signIns) allow(addr string) (wait time.Duration, ok bool) {
	if wait, ok := l.address.Allow(addr, 1); !ok {
		return wait, false
	}
	if wait, ok := l.all.Allow("", 1); !ok {
		l.address.Give(addr, 1)
		return wait, false
	}
	return 0, true
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
