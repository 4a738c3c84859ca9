package activity

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/store"
)

// TestInstanceCheckFailsClosed: when Discord answers the membership check
// with 503 or 429, a player who left the Activity does not join its room
// again: they are told to try again in a moment.
func TestInstanceCheckFailsClosed(t *testing.T) {
	fake := discordtest.New("tok")
	defer fake.Close()
	clk := newClock()
	url, _ := memberServer(t, fake, clk)
	instance := fake.Launch("700", "800", "ada")
	fake.Join(instance, "bob")
	bob := dial(t, url, seatIn("bob", instance))
	if st, r := bob.send(clientMessage{T: "join", Level: "easy"}); st == nil {
		t.Fatalf("bob's join: %+v", r)
	}
	fake.LeaveInstance(instance, "bob")
	for _, tt := range []struct {
		name string
		fail func()
		want string
	}{
		{"503", func() { fake.Fail("activity-instance", http.StatusServiceUnavailable, 1, 0) }, discordSilent},
		{"429", func() { fake.RateLimit("activity-instance", 1, 100*time.Millisecond, false) }, discordBusy},
	} {
		clk.add(instanceFresh + time.Second) // Discord's last answer is stale
		tt.fail()
		if st, r := bob.send(clientMessage{T: "join"}); st != nil || r.Message != tt.want {
			t.Errorf("bob joining again after leaving, Discord answering %s: %+v %+v; want %q", tt.name, st, r, tt.want)
		}
	}
	time.Sleep(100 * time.Millisecond) // the 429's wait
	clk.add(time.Second)
	if _, r := bob.send(clientMessage{T: "join"}); r.Message != notInActivity {
		t.Errorf("bob joining again once Discord answers: %+v", r)
	}
	if v := fake.Violations(); len(v) > 0 {
		t.Errorf("the fake Discord refused: %v", v)
	}
}

// TestMovesCheckTheInstance: a player who leaves the Activity with their
// page open is asked about again as they play (every 30 s of moves, not
// only when joining): once Discord no longer lists them, their move is
// refused with a sentence, they leave the room, and the others see it.
// While Discord cannot say, a move is refused, not applied.
func TestMovesCheckTheInstance(t *testing.T) {
	fake := discordtest.New("tok")
	defer fake.Close()
	clk := newClock()
	url, db := memberServer(t, fake, clk)
	instance := fake.Launch("700", "800", "ada")
	fake.Join(instance, "bob")
	ada, bob := dial(t, url, seatIn("ada", instance)), dial(t, url, seatIn("bob", instance))
	st, r := ada.send(clientMessage{T: "join", Level: "easy"})
	if st == nil {
		t.Fatalf("ada's join: %+v", r)
	}
	if st, r = bob.send(clientMessage{T: "join"}); st == nil {
		t.Fatalf("bob's join: %+v", r)
	}
	empty := strings.IndexByte(st.Givens, '.')
	other := strings.IndexByte(st.Givens[empty+1:], '.') + empty + 1
	moveAt := func(p *page, cell int) (*State, reply) {
		return p.send(clientMessage{T: "note", Game: "room", Version: st.Version, Row: cell / 9, Col: cell % 9, Digit: 1})
	}
	move := func(p *page) (*State, reply) { return moveAt(p, empty) }
	fake.LeaveInstance(instance, "bob")
	if got, r := move(bob); got == nil {
		t.Fatalf("bob's move before the next check: %+v", r)
	}
	clk.add(recheckEvery)
	fake.Fail("activity-instance", http.StatusServiceUnavailable, 1, 0)
	if got, r := move(bob); got != nil || r.Message != discordSilent {
		t.Errorf("bob's move while Discord cannot say: %+v %+v; want %q", got, r, discordSilent)
	}
	if got, r := move(bob); got != nil || r.Message != notInActivity {
		t.Errorf("bob's move once Discord says he left: %+v %+v; want %q", got, r, notInActivity)
	}
	if rm := storedRoom(t, db, instance); !rm.Players[1].Gone {
		t.Errorf("bob is still seated: %+v", rm.Players)
	}
	if got, r := moveAt(ada, other); got == nil || got.Title != "Together · 1 playing" {
		t.Errorf("ada's move after bob left: %+v %+v", got, r)
	}
	if v := fake.Violations(); len(v) > 0 {
		t.Errorf("the fake Discord refused: %v", v)
	}
}

// memberServer serves the Activity with the bot's token, a store of
// rooms and the clock clk, and returns its WebSocket's address and the
// store.
func memberServer(t *testing.T, fake *discordtest.Server, clk *clock) (string, *store.DB) {
	t.Helper()
	db := roomStore(t)
	d := discordOn(fake, nil)
	srv := New(Config{ClientID: fake.AppID, SessionKeys: testKeys, OAuth: d, Discord: d,
		Games: db, Now: clk.Now})
	hs := httptest.NewServer(srv)
	t.Cleanup(func() { srv.CloseSockets(); hs.Close() })
	return "ws" + strings.TrimPrefix(hs.URL, "http") + "/api/play", db
}

// TestNoLeaveCheckAfterStopping: once the server has stopped serving
// (CloseSockets, as the process does when it stops), the pages it closed
// are not asked about: nothing more goes to Discord, even LeaveAfter
// later (a timer left running asked a later test's Discord).
func TestNoLeaveCheckAfterStopping(t *testing.T) {
	fake := discordtest.New("tok")
	defer fake.Close()
	db := roomStore(t)
	d := discordOn(fake, nil)
	srv := New(Config{ClientID: fake.AppID, SessionKeys: testKeys, OAuth: d, Discord: d,
		Games: db, LeaveAfter: 50 * time.Millisecond})
	hs := httptest.NewServer(srv)
	defer hs.Close()
	instance := fake.Launch("700", "800", "ada")
	ada := dial(t, "ws"+strings.TrimPrefix(hs.URL, "http")+"/api/play", seatIn("ada", instance))
	if st, r := ada.send(clientMessage{T: "join", Level: "easy"}); st == nil {
		t.Fatalf("ada's join: %+v", r)
	}
	asked := fake.Requests("activity-instance")
	srv.CloseSockets()
	time.Sleep(200 * time.Millisecond) // four times LeaveAfter
	if n := fake.Requests("activity-instance"); n != asked {
		t.Errorf("%d requests about the instance after the server stopped, want none", n-asked)
	}
}

// TestAbsentPlayerAskedOnceAWhile: a page whose player Discord no longer
// lists, sending message after message, costs Discord one question, not
// one a message (each is asked afresh, so they would all reach Discord).
func TestAbsentPlayerAskedOnceAWhile(t *testing.T) {
	fake := discordtest.New("tok")
	defer fake.Close()
	clk := newClock()
	url, _ := memberServer(t, fake, clk)
	instance := fake.Launch("700", "800", "ada")
	fake.Join(instance, "bob")
	bob := dial(t, url, seatIn("bob", instance))
	if st, r := bob.send(clientMessage{T: "join", Level: "easy"}); st == nil {
		t.Fatalf("bob's join: %+v", r)
	}
	fake.LeaveInstance(instance, "bob")
	clk.add(instanceFresh + time.Second)
	asked := fake.Requests("activity-instance")
	for range 20 {
		if st, r := bob.send(clientMessage{T: "join"}); st != nil || r.Message != notInActivity {
			t.Fatalf("bob joining after leaving: %+v %+v", st, r)
		}
	}
	if n := fake.Requests("activity-instance") - asked; n > 2 {
		t.Errorf("20 joins by a player no longer in the Activity asked Discord %d times, want at most 2", n)
	}
}
