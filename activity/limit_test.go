package activity

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// clock is a test's clock, moved by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func newClock() *clock { return &clock{now: time.Now()} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// signInAnswer is a sign-in's status, Retry-After and sentence.
type signInAnswer struct {
	status     int
	retryAfter string
	message    string
}

// postSignIn sends a sign-in to h from addr, as a page does.
func postSignIn(h http.Handler, addr, code, instance string) signInAnswer {
	r := httptest.NewRequest("POST", "/api/token", strings.NewReader(`{"code":"`+code+`","instance":"`+instance+`"}`))
	r.RemoteAddr = addr
	r.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	var p problem
	json.NewDecoder(w.Body).Decode(&p)
	return signInAnswer{w.Code, w.Header().Get("Retry-After"), p.Message}
}

// TestSignInsLimited: a thousand junk sign-ins from one address in an
// instant reach Discord's token endpoint at most as often as the
// address's limit allows; the rest are answered 429 with Retry-After and
// a sentence the page shows. Sign-ins from many addresses are limited
// overall. Time lets sign-ins through again.
func TestSignInsLimited(t *testing.T) {
	fake := discordtest.New("tok")
	defer fake.Close()
	clk := newClock()
	srv := New(Config{ClientID: fake.AppID, SessionKeys: testKeys, OAuth: discordOn(fake, nil), Now: clk.Now})
	limited := 0
	for i := range 1000 {
		a := postSignIn(srv, "203.0.113.7:4000", fmt.Sprint("junk-", i), "i-1")
		if a.status == http.StatusTooManyRequests {
			limited++
			if wait, err := strconv.Atoi(a.retryAfter); err != nil || wait < 1 || a.message != tooManySignIns {
				t.Fatalf("a limited sign-in: Retry-After %q, %q", a.retryAfter, a.message)
			}
		}
	}
	if n := fake.Requests("token"); n != addressBurst || limited != 1000-addressBurst {
		t.Errorf("1000 sign-ins from one address: %d reached Discord, %d limited; want %d and the rest", n, limited, addressBurst)
	}
	clk.add(addressEvery)
	if a := postSignIn(srv, "203.0.113.7:4001", "junk-later", "i-1"); a.status == http.StatusTooManyRequests {
		t.Errorf("a sign-in once the address's wait is over: %+v", a)
	}
	before := fake.Requests("token")
	for i := range 1000 {
		postSignIn(srv, fmt.Sprintf("198.51.%d.%d:4000", i/200, i%200), "junk", "i-1")
	}
	if n := fake.Requests("token") - before; n > overallBurst {
		t.Errorf("1000 sign-ins from 1000 addresses: %d reached Discord, want at most %d", n, overallBurst)
	}
}

// TestDiscordAsksToWait: when Discord answers 429, the Activity sends
// nothing more on that route until Retry-After has passed, and nothing on
// any route when the limit is global; meanwhile a sign-in is told to try
// again in a moment. The fake Discord records any request made during
// the wait.
func TestDiscordAsksToWait(t *testing.T) {
	fake := discordtest.New("tok")
	defer fake.Close()
	d := discordOn(fake, nil)
	srv := New(Config{ClientID: fake.AppID, SessionKeys: testKeys, OAuth: d, Discord: d})
	ada := discordtest.User{ID: "42", Name: "ada"}
	inst := fake.Launch("700", "800", ada.ID)
	fake.RateLimit("token", 1, 300*time.Millisecond, false)
	for range 3 {
		if a := postSignIn(srv, "203.0.113.7:4000", fake.Authorize(ada), inst); a.status != http.StatusServiceUnavailable || a.message != discordBusy {
			t.Errorf("a sign-in while Discord asks to wait on its route: %+v", a)
		}
	}
	if n := fake.Requests("token"); n != 1 {
		t.Errorf("%d token exchanges reached Discord during its wait, want 1", n)
	}
	time.Sleep(300 * time.Millisecond)
	fake.RateLimit("activity-instance", 1, 300*time.Millisecond, true)
	if a := postSignIn(srv, "203.0.113.7:4000", fake.Authorize(ada), inst); a.status != http.StatusServiceUnavailable {
		t.Errorf("a sign-in whose instance check Discord limits globally: %+v", a)
	}
	if a := postSignIn(srv, "203.0.113.7:4000", fake.Authorize(ada), inst); a.status != http.StatusServiceUnavailable || fake.Requests("token") != 2 {
		t.Errorf("a sign-in during a global wait: %+v, %d exchanges", a, fake.Requests("token"))
	}
	time.Sleep(300 * time.Millisecond)
	if a := postSignIn(srv, "203.0.113.7:4000", fake.Authorize(ada), inst); a.status != http.StatusOK {
		t.Errorf("a sign-in after the wait: %+v", a)
	}
	if v := fake.Violations(); len(v) > 0 {
		t.Errorf("the fake Discord refused: %v", v)
	}
}

// TestInstanceAnswersReused: a page that joins its room over and over,
// and its players signing in, cost one request to Discord's
// activity-instance endpoint every few seconds, not one each.
func TestInstanceAnswersReused(t *testing.T) {
	fake := discordtest.New("tok")
	defer fake.Close()
	clk := newClock()
	d := discordOn(fake, nil)
	srv := New(Config{ClientID: fake.AppID, SessionKeys: testKeys, OAuth: d, Discord: d,
		Games: roomStore(t), Now: clk.Now})
	hs := httptest.NewServer(srv)
	t.Cleanup(func() { srv.CloseSockets(); hs.Close() })
	ada := discordtest.User{ID: "ada", Name: "ada"}
	inst := fake.Launch("700", "800", ada.ID)
	if a := postSignIn(srv, "203.0.113.7:4000", fake.Authorize(ada), inst); a.status != http.StatusOK {
		t.Fatalf("sign-in: %+v", a)
	}
	p := dial(t, "ws"+strings.TrimPrefix(hs.URL, "http")+"/api/play", seatIn(ada.ID, inst))
	for range 30 {
		if st, r := p.send(clientMessage{T: "join", Level: "easy"}); st == nil {
			t.Fatalf("join: %+v", r)
		}
	}
	if n := fake.Requests("activity-instance"); n != 1 {
		t.Errorf("a sign-in and 30 joins within a second asked Discord about the instance %d times, want 1", n)
	}
	clk.add(instanceFresh + time.Second)
	p.send(clientMessage{T: "join"})
	if n := fake.Requests("activity-instance"); n != 2 {
		t.Errorf("a join after the answer went stale: %d requests, want 2", n)
	}
}

// TestJoinedSinceTheAnswer: a player who joined the Activity after
// Discord's answer about it was kept is let in (Discord asked again, once),
// not told they are not in it; one Discord does not list is refused.
func TestJoinedSinceTheAnswer(t *testing.T) {
	fake := discordtest.New("tok")
	defer fake.Close()
	clk := newClock()
	d := discordOn(fake, nil)
	srv := New(Config{ClientID: fake.AppID, SessionKeys: testKeys, OAuth: d, Discord: d,
		Games: roomStore(t), Now: clk.Now})
	ada, bob, cy := discordtest.User{ID: "ada", Name: "ada"}, discordtest.User{ID: "bob", Name: "bob"}, discordtest.User{ID: "cy", Name: "cy"}
	inst := fake.Launch("700", "800", ada.ID)
	if a := postSignIn(srv, "203.0.113.7:4000", fake.Authorize(ada), inst); a.status != http.StatusOK {
		t.Fatalf("ada's sign-in: %+v", a)
	}
	fake.Join(inst, bob.ID)
	clk.add(time.Second) // within instanceFresh
	if a := postSignIn(srv, "203.0.113.7:4000", fake.Authorize(bob), inst); a.status != http.StatusOK {
		t.Errorf("bob, who joined after ada signed in: %+v", a)
	}
	clk.add(time.Second)
	if a := postSignIn(srv, "203.0.113.7:4000", fake.Authorize(cy), inst); a.status != http.StatusForbidden || a.message != notInActivity {
		t.Errorf("cy, never in the Activity: %+v", a)
	}
	if n := fake.Requests("activity-instance"); n != 3 {
		t.Errorf("Discord was asked about the instance %d times, want 3 (once each for bob and cy, not listed before)", n)
	}
}
