package discordtest

import (
	"fmt"
	"net/http"
	"time"
)

// Discord's 429: once it has told a caller to wait, on a route or (global)
// on every route, it refuses that caller's requests until the wait is
// over, and each refusal counts towards the ban of an address that makes
// 10,000 invalid requests in ten minutes. The fake keeps the waits it
// asked for, answers a request made during one with another 429, and
// records it as a violation: the bot must never send one.

// RateLimit makes the next times requests to route answer 429 with
// retryAfter, for the route alone or, with global, for every route.
func (s *Server) RateLimit(route string, times int, retryAfter time.Duration, global bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for range times {
		s.failures[route] = append(s.failures[route], failure{status: http.StatusTooManyRequests, retryAfter: retryAfter, global: global})
	}
}

// holds are the waits the fake asked for: by route, and global.
type holds struct {
	routes map[string]time.Time
	global time.Time
}

// held answers 429, and records a violation, when route is under a wait
// the fake asked for; it reports whether it did. Call it with s.mu held.
func (s *Server) held(route string, w http.ResponseWriter, r *http.Request) bool {
	now := time.Now()
	until, global := s.holds.routes[route], false
	if s.holds.global.After(until) {
		until, global = s.holds.global, true
	}
	if !now.Before(until) {
		return false
	}
	s.violate("%s %s during a rate limit (%v left): Discord refuses it", r.Method, r.URL.Path, until.Sub(now).Round(time.Millisecond))
	writeRateLimit(w, until.Sub(now), global)
	return true
}

// limit answers 429 for an injected failure f and starts the wait it asks
// for. Call it with s.mu held.
func (s *Server) limit(route string, f failure, w http.ResponseWriter) {
	until := time.Now().Add(f.retryAfter)
	if f.global {
		s.holds.global = until
	} else {
		if s.holds.routes == nil {
			s.holds.routes = map[string]time.Time{}
		}
		s.holds.routes[route] = until
	}
	writeRateLimit(w, f.retryAfter, f.global)
}

// writeRateLimit is Discord's 429: Retry-After in seconds, the same (with
// a fraction) in the body, and whether the limit is global.
func writeRateLimit(w http.ResponseWriter, wait time.Duration, global bool) {
	w.Header().Set("Retry-After", fmt.Sprintf("%.3f", wait.Seconds()))
	w.Header().Set("Content-Type", "application/json")
	scope := "user"
	if global {
		w.Header().Set("X-RateLimit-Global", "true")
		scope = "global"
	}
	w.Header().Set("X-RateLimit-Scope", scope)
	w.WriteHeader(http.StatusTooManyRequests)
	fmt.Fprintf(w, `{"message": "You are being rate limited.", "retry_after": %.3f, "global": %t}`, wait.Seconds(), global)
}
