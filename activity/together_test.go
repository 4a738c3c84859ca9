package activity

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/room"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// roomServer serves the Activity on db, with notifier (nil: in-process),
// and returns its WebSocket's address and a function that stops it as a
// process that dies does (its sockets closed, nothing more answered).
func roomServer(t testing.TB, db *store.DB, notifier Notifier) (string, func()) {
	t.Helper()
	srv := New(Config{ClientID: "100000000000000001", SessionKeys: testKeys,
		Games: db, Notifier: notifier, Watcher: db})
	hs := httptest.NewServer(srv)
	kill := func() { srv.CloseSockets(); hs.Close() }
	t.Cleanup(kill)
	return "ws" + strings.TrimPrefix(hs.URL, "http") + "/api/play", kill
}

// roomStore opens a SQLite store for a test's rooms.
func roomStore(t testing.TB) *store.DB {
	t.Helper()
	db, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "rooms.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// storedRoom reads an instance's room from the store, as the server
// keeps it.
func storedRoom(t testing.TB, db *store.DB, instance string) *room.Room {
	t.Helper()
	data, _, _, err := db.Room(context.Background(), instance)
	if err != nil {
		t.Fatal(err)
	}
	r, err := room.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// seatIn is a session for user in instance.
func seatIn(user, instance string) string {
	return issue(testKey, Seat{User: User{ID: user, Name: user}, Instance: instance}, time.Now().Add(time.Hour))
}

// pushed reads the page's messages until a room board that satisfies ok.
func (p *page) pushed(ok func(*State) bool) *State {
	p.t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
		var st State
		p.conn.SetReadDeadline(deadline)
		if err := p.conn.ReadJSON(&st); err != nil {
			p.t.Fatalf("no room board came: %v", err)
		}
		if (st.T == "room" || st.T == "state") && ok(&st) {
			return &st
		}
	}
	p.t.Fatal("no room board came in time")
	return nil
}

// playTogether runs two players of one instance, ada and bob, on the
// WebSocket addresses a and b (one process, or two): both join, a move of
// each reaches the other with who made it, a move on the same cell made
// on an older version is refused, one on another cell is rebased, and a
// selection is seen.
func playTogether(t *testing.T, a, b string) {
	ada, bob := dial(t, a, seatIn("ada", "i-room")), dial(t, b, seatIn("bob", "i-room"))
	st, r := ada.send(clientMessage{T: "join", Level: "easy"})
	if st == nil || st.Together == nil || len(st.Together.Players) != 1 {
		t.Fatalf("ada's join: %+v %+v", st, r)
	}
	seen, r := bob.send(clientMessage{T: "join"})
	if seen == nil || len(seen.Together.Players) != 2 || seen.Givens != st.Givens {
		t.Fatalf("bob's join: %+v %+v", seen, r)
	}
	ada.pushed(func(s *State) bool { return len(s.Together.Players) == 2 })
	empty := strings.IndexByte(st.Givens, '.')
	other := strings.IndexByte(st.Givens[empty+1:], '.') + empty + 1
	version := seen.Version
	mine, _ := ada.send(clientMessage{T: "place", Game: "room", Version: version, Row: empty / 9, Col: empty % 9, Digit: 5})
	if mine == nil || mine.Cells[empty] != '5' || mine.Together.By[empty] != 0 {
		t.Fatalf("ada's move: %+v", mine)
	}
	got := bob.pushed(func(s *State) bool { return s.Cells[empty] == '5' })
	if got.Together.By[empty] != 0 || got.T != "room" {
		t.Errorf("bob sees r%dc%d=5 placed by %d (%s)", empty/9+1, empty%9+1, got.Together.By[empty], got.T)
	}
	if _, r := bob.send(clientMessage{T: "place", Game: "room", Version: version, Row: empty / 9, Col: empty % 9, Digit: 6}); r.T != "refused" ||
		!strings.Contains(r.Message, "just before you") || r.State.Cells[empty] != '5' {
		t.Errorf("bob's move on ada's cell, made before hers: %+v", r)
	}
	if st, r := bob.send(clientMessage{T: "place", Game: "room", Version: version, Row: other / 9, Col: other % 9, Digit: 7}); st == nil ||
		st.Cells[other] != '7' || st.Together.By[other] != 1 {
		t.Errorf("bob's move on another cell, made before ada's: %+v %+v", st, r)
	}
	ada.pushed(func(s *State) bool { return s.Cells[other] == '7' })
	bob.conn.WriteJSON(clientMessage{T: "select", Row: 4, Col: 4})
	for deadline := time.Now().Add(10 * time.Second); ; {
		var p presence
		ada.conn.SetReadDeadline(deadline)
		if err := ada.conn.ReadJSON(&p); err != nil {
			t.Fatalf("ada never saw bob's selection: %v", err)
		}
		if p.T == "presence" && p.User == "bob" && p.Cell == 40 {
			break
		}
	}
}

// TestPlayTogether: two players of one instance on one process (SQLite,
// the hub in the process).
func TestPlayTogether(t *testing.T) {
	db := roomStore(t)
	url, _ := roomServer(t, db, nil)
	playTogether(t, url, url)
	// A player of another instance has a room of their own.
	eve := dial(t, url, seatIn("eve", "i-other"))
	if st, r := eve.send(clientMessage{T: "join"}); st == nil || len(st.Together.Players) != 1 || st.Together.Players[0].ID != "eve" {
		t.Errorf("eve's room: %+v %+v", st, r)
	}
	if _, r := eve.send(clientMessage{T: "join", Game: "room"}); r.T == "error" {
		t.Errorf("eve joining again: %+v", r)
	}
	noRoomYet := dial(t, url, seatIn("zed", "i-none"))
	if _, r := noRoomYet.send(clientMessage{T: "place", Game: "room", Row: 0, Col: 2, Digit: 1}); r.Message != notInYet {
		t.Errorf("a move before joining: %+v", r)
	}
}

// TestPlayTogetherAcrossProcesses: ada on one process and bob on another,
// sharing PostgreSQL, see each other's moves through NOTIFY and LISTEN.
func TestPlayTogetherAcrossProcesses(t *testing.T) {
	urls, _ := processes(t, 2)
	playTogether(t, urls[0], urls[1])
}

// processes starts n Activity servers sharing one PostgreSQL database, as
// n bot processes behind a load balancer, and returns their addresses and
// kill functions.
func processes(t testing.TB, n int) ([]string, []func()) {
	t.Helper()
	dsn := storetest.PostgresURL(t)
	var urls []string
	var kills []func()
	for range n {
		db, err := store.Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		url, kill := roomServer(t, db, db)
		urls, kills = append(urls, url), append(kills, kill)
	}
	return urls, kills
}

// TestPlayTogetherSurvivesAKill: ada plays on one process and bob on
// another; ada's process dies mid-game. She reconnects to the other and
// finds the board as it was; the move she had sent before, sent again as
// her page does, is answered as made, not applied twice; her next move
// reaches bob.
func TestPlayTogetherSurvivesAKill(t *testing.T) {
	urls, kills := processes(t, 2)
	ada, bob := dial(t, urls[0], seatIn("ada", "i-kill")), dial(t, urls[1], seatIn("bob", "i-kill"))
	st, _ := ada.send(clientMessage{T: "join", Level: "easy"})
	if st == nil {
		t.Fatal("ada could not join")
	}
	bob.send(clientMessage{T: "join"})
	var empty []int
	for i, c := range st.Givens {
		if c == '.' {
			empty = append(empty, i)
		}
	}
	sent := clientMessage{T: "place", Game: "room", Row: empty[0] / 9, Col: empty[0] % 9, Digit: 3}
	st = ada.pushed(func(s *State) bool { return len(s.Together.Players) == 2 })
	sent.Version = st.Version
	if st, r := ada.send(sent); st == nil || st.Cells[empty[0]] != '3' {
		t.Fatalf("ada's move: %+v", r)
	}
	bob.pushed(func(s *State) bool { return s.Cells[empty[0]] == '3' })

	kills[0]()
	ada = dial(t, urls[1], seatIn("ada", "i-kill"))
	back, _ := ada.send(clientMessage{T: "join"})
	if back == nil || back.Cells[empty[0]] != '3' || len(back.Together.Players) != 2 {
		t.Fatalf("ada back on the other process: %+v", back)
	}
	if again, r := ada.send(sent); again == nil || again.Version != back.Version || again.Cells[empty[0]] != '3' {
		t.Errorf("ada's move sent again: %+v %+v, want it answered as made, the board unchanged", again, r)
	}
	next := clientMessage{T: "place", Game: "room", Version: back.Version, Row: empty[1] / 9, Col: empty[1] % 9, Digit: 4}
	if st, r := ada.send(next); st == nil {
		t.Fatalf("ada's next move: %+v", r)
	}
	bob.pushed(func(s *State) bool { return s.Cells[empty[1]] == '4' && s.Together.By[empty[1]] == 0 })
}

// TestTellTheChannel: a finished board can tell its channel, once: the
// message names the players and the time, gives no digit, pings nobody;
// an unfinished board cannot. A player who left the Activity cannot join
// its room again on their old session, once Discord's answer about the
// instance, reused for a few seconds, is asked again.
func TestTellTheChannel(t *testing.T) {
	fake := newFake(t)
	db := roomStore(t)
	clk := newClock()
	d := discordOn(fake, nil)
	srv := New(Config{ClientID: fake.AppID, SessionKeys: testKeys, OAuth: d, Discord: d, Games: db,
		Now: clk.Now})
	hs := httptest.NewServer(srv)
	t.Cleanup(func() { srv.CloseSockets(); hs.Close() })
	instance := fake.Launch("700", "800", "ada")
	fake.Join(instance, "bob") // the instance outlives ada's leaving
	session := issue(testKey, Seat{User: User{ID: "ada", Name: "Ada"}, Instance: instance, Channel: "800"}, time.Now().Add(time.Hour))
	ada := dial(t, "ws"+strings.TrimPrefix(hs.URL, "http")+"/api/play", session)
	st, r := ada.send(clientMessage{T: "join", Level: "easy"})
	if st == nil {
		t.Fatalf("join: %+v", r)
	}
	fake.LeaveInstance(instance, "ada")
	clk.add(instanceFresh + time.Second)
	if _, r := ada.send(clientMessage{T: "join"}); !strings.Contains(r.Message, "does not list you in this Activity") {
		t.Errorf("joining again after leaving the Activity: %+v", r)
	}
	fake.Join(instance, "ada") // back in the Activity, she joins the board again
	clk.add(instanceFresh + time.Second)
	if st, r = ada.send(clientMessage{T: "join"}); st == nil {
		t.Fatalf("joining again once back in the Activity: %+v", r)
	}
	if _, r := ada.send(clientMessage{T: "tell", Game: "room"}); !strings.Contains(r.Message, "Finish first") {
		t.Errorf("telling before the finish: %+v", r)
	}
	rm := storedRoom(t, db, instance)
	for i := range 81 {
		if st.Givens[i] == '.' {
			st, _ = ada.send(clientMessage{T: "place", Game: "room", Version: st.Version, Row: i / 9, Col: i % 9, Digit: rm.Solution.At(i/9, i%9)})
		}
	}
	if st == nil || st.Together == nil || !st.Together.Over {
		t.Fatalf("the board is not over: %+v", st)
	}
	if st, r := ada.send(clientMessage{T: "tell", Game: "room"}); st == nil || !st.Together.Told {
		t.Fatalf("telling: %+v %+v", st, r)
	}
	if _, r := ada.send(clientMessage{T: "tell", Game: "room"}); !strings.Contains(r.Message, "told already") {
		t.Errorf("telling twice: %+v", r)
	}
	msgs := fake.Messages()
	if len(msgs) > 0 {
		t.Logf("the channel was told: %s", msgs[0].Content)
	}
	if len(msgs) != 1 || msgs[0].ChannelID != "800" || !strings.HasPrefix(msgs[0].Content, "🧩 Solved together in ") ||
		!strings.Contains(msgs[0].Content, "Ada placed most") || msgs[0].Mentions == nil || len(msgs[0].Mentions.Parse) != 0 {
		t.Errorf("the channel got %+v", msgs)
	}
	if v := fake.Violations(); len(v) > 0 {
		t.Errorf("the fake Discord refused: %v", v)
	}
}

// TestLeavingTheActivity: a player whose page closes and who is no longer
// in the Activity's instance (Discord says) leaves the room; one who is
// still in it (a reload) keeps their seat.
func TestLeavingTheActivity(t *testing.T) {
	fake := newFake(t)
	db := roomStore(t)
	d := discordOn(fake, nil)
	srv := New(Config{ClientID: fake.AppID, SessionKeys: testKeys, OAuth: d, Discord: d, Games: db,
		LeaveAfter: 50 * time.Millisecond})
	hs := httptest.NewServer(srv)
	t.Cleanup(func() { srv.CloseSockets(); hs.Close() })
	url := "ws" + strings.TrimPrefix(hs.URL, "http") + "/api/play"
	instance := fake.Launch("700", "800", "ada")
	fake.Join(instance, "bob")
	fake.Join(instance, "cy")
	seat := func(id string) string {
		return issue(testKey, Seat{User: User{ID: id, Name: id}, Instance: instance}, time.Now().Add(time.Hour))
	}
	ada, bob, cy := dial(t, url, seat("ada")), dial(t, url, seat("bob")), dial(t, url, seat("cy"))
	for _, p := range []*page{ada, bob, cy} {
		if st, r := p.send(clientMessage{T: "join", Level: "easy"}); st == nil {
			t.Fatalf("join: %+v", r)
		}
	}
	fake.LeaveInstance(instance, "bob")
	bob.conn.Close()
	cy.conn.Close() // a reload: cy is still in the instance
	st := ada.pushed(func(s *State) bool { return len(s.Together.Players) == 3 && s.Together.Players[1].Gone })
	if st.Together.Players[2].Gone || st.Title != "Together · 2 playing" {
		t.Errorf("after bob left and cy reloaded: %+v, %q", st.Together.Players, st.Title)
	}
}
