package activity

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/internal/limit"
	"github.com/sudokubot/sudokubot/play"
)

// Issue 40: the board holds under hostile input.

// bareServer serves the Activity without a store (every game message is
// answered at once, with a sentence) and returns its WebSocket's address.
func bareServer(t *testing.T, change func(*Config)) string {
	t.Helper()
	cfg := Config{ClientID: "100000000000000001", SessionKeys: testKeys}
	if change != nil {
		change(&cfg)
	}
	hs := httptest.NewServer(New(cfg))
	t.Cleanup(hs.Close)
	return "ws" + strings.TrimPrefix(hs.URL, "http") + "/api/play"
}

// TestPacedPerPlayer: a player's messages are paced over all their
// sockets: four pages sending at once get no more turns than one.
func TestPacedPerPlayer(t *testing.T) {
	addr := bareServer(t, nil)
	const pages, each = 4, 25
	began := time.Now()
	var wg sync.WaitGroup
	for k := 0; k < pages; k++ {
		p := dial(t, addr, seatIn("ada", ""))
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < each; j++ {
				p.conn.WriteJSON(clientMessage{T: "open", Game: "x"})
			}
			for j := 0; j < each; j++ {
				var r reply
				p.conn.SetReadDeadline(time.Now().Add(10 * time.Second))
				if err := p.conn.ReadJSON(&r); err != nil || r.T != "error" {
					t.Errorf("answer %d: %+v %v", j, r, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	took := time.Since(began)
	if least := (pages*each - 1) * messageEvery * 3 / 4; took < least {
		t.Errorf("%d messages of one player on %d pages were answered in %v, want at least %v (one each %v)", pages*each, pages, took, least, messageEvery)
	}
	one := dial(t, addr, seatIn("bob", "")) // another player is not slowed by ada
	start := time.Now()
	if _, r := one.send(clientMessage{T: "open", Game: "x"}); r.T != "error" || time.Since(start) > time.Second {
		t.Errorf("another player's message: %+v after %v", r, time.Since(start))
	}
}

// TestLateMoveOnUntouchedCell: a move made on a version many changes old
// applies when nothing since touched its cell, however many changes to
// other cells came in between (there is no window past which it is
// refused).
func TestLateMoveOnUntouchedCell(t *testing.T) {
	db := roomStore(t)
	addr, _ := roomServer(t, db, nil)
	ada := dial(t, addr, seatIn("ada", "i-late"))
	st, r := ada.send(clientMessage{T: "join", Level: "easy"})
	if st == nil {
		t.Fatalf("ada's join: %+v", r)
	}
	bob := dial(t, addr, seatIn("bob", "i-late"))
	seen, r := bob.send(clientMessage{T: "join"})
	if seen == nil {
		t.Fatalf("bob's join: %+v", r)
	}
	bob.conn.Close() // bob's page goes away with its move unsent, and comes back later
	empty := strings.IndexByte(st.Givens, '.')
	other := strings.IndexByte(st.Givens[empty+1:], '.') + empty + 1
	version := seen.Version
	for k := 0; k < 100; k++ { // ada changes another cell, a hundred times
		next, r := ada.send(clientMessage{T: "note", Game: "room", Version: version, Row: empty / 9, Col: empty % 9, Digit: 1 + k%9})
		if next == nil {
			t.Fatalf("ada's change %d: %+v", k, r)
		}
		version = next.Version
	}
	back := dial(t, addr, seatIn("bob", "i-late"))
	got, r := back.send(clientMessage{T: "place", Game: "room", Version: seen.Version, Row: other / 9, Col: other % 9, Digit: 7})
	if got == nil || got.Cells[other] != '7' {
		t.Errorf("bob's move on a cell nobody touched, made 100 changes ago, was refused: %+v", r)
	}
	if _, r := back.send(clientMessage{T: "note", Game: "room", Version: seen.Version, Row: empty / 9, Col: empty % 9, Digit: 3}); r.T != "refused" {
		t.Errorf("bob's mark on ada's cell, made before her changes, got %+v; want it refused", r)
	}
}

// refusedWith reads a refused socket's sentence and close code.
func refusedWith(t *testing.T, conn *websocket.Conn) (string, int) {
	t.Helper()
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	var r reply
	if err := conn.ReadJSON(&r); err != nil || r.T != "error" {
		t.Fatalf("a refused socket read %+v, %v; want an error", r, err)
	}
	_, _, err := conn.ReadMessage()
	var closed *websocket.CloseError
	if !errors.As(err, &closed) {
		t.Fatalf("a refused socket was not closed with a code: %v", err)
	}
	if closed.Text != r.Message {
		t.Errorf("the close reason %q is not the sentence %q", closed.Text, r.Message)
	}
	return r.Message, closed.Code
}

// TestSocketsCapped: a player's pages are capped, and all pages: past
// either cap a page is told why and its socket closed with a code, in the
// player's language (or, before they say who they are, their browser's);
// a page that closes frees its place.
func TestSocketsCapped(t *testing.T) {
	addr := bareServer(t, func(c *Config) { c.MaxSockets, c.MaxUserSockets = 4, 2 })
	answered := func(p *page) {
		t.Helper()
		if _, r := p.send(clientMessage{T: "open", Game: "x"}); r.T != "error" || !strings.Contains(r.Message, "database") {
			t.Fatalf("a page within the caps: %+v", r)
		}
	}
	ada1, ada2 := dial(t, addr, seatIn("ada", "")), dial(t, addr, seatIn("ada", ""))
	answered(ada1)
	answered(ada2)
	third := dial(t, addr, issue(testKey, Seat{User: User{ID: "ada", Name: "ada", Locale: "fr"}}, time.Now().Add(time.Hour)))
	if text, code := refusedWith(t, third.conn); code != websocket.ClosePolicyViolation || !strings.Contains(text, "2") || !strings.Contains(strings.ToLower(text), "vous") {
		t.Errorf("ada's third page: %d %q, want 1008 and, in French, that 2 are open", code, text)
	}
	bob, cy := dial(t, addr, seatIn("bob", "")), dial(t, addr, seatIn("cy", ""))
	answered(bob)
	answered(cy)
	header := http.Header{"Accept-Language": {"de-DE,de;q=0.9,en;q=0.5"}}
	full, _, err := websocket.DefaultDialer.Dial(addr, header)
	if err != nil {
		t.Fatal(err)
	}
	defer full.Close()
	if text, code := refusedWith(t, full); code != websocket.CloseTryAgainLater || text == serverFull || text == "" {
		t.Errorf("a fifth page: %d %q, want 1013 and the sentence in German", code, text)
	}
	bob.conn.Close()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		again, _, err := websocket.DefaultDialer.Dial(addr, nil)
		if err != nil {
			t.Fatal(err)
		}
		again.WriteJSON(clientMessage{T: "hello", Session: seatIn("di", "")})
		p := &page{t: t, conn: again}
		p.conn.WriteJSON(clientMessage{T: "open", Game: "x"})
		var r reply
		p.conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		p.conn.ReadJSON(&r)
		again.Close()
		if r.Message != i18n.For("").Text(serverFull) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("a page that closed did not free its place")
		}
	}
}

// TestHelloDeadline: a socket that does not say hello is closed within a
// few seconds.
func TestHelloDeadline(t *testing.T) {
	addr := bareServer(t, nil)
	conn, _, err := websocket.DefaultDialer.Dial(addr, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	began := time.Now()
	conn.SetReadDeadline(began.Add(15 * time.Second))
	if _, _, err := conn.ReadMessage(); err == nil {
		t.Fatal("a socket that said nothing was answered")
	}
	if took := time.Since(began); took > helloWait+2*time.Second {
		t.Errorf("a socket that said nothing was kept %v, want at most a few seconds", took.Round(time.Millisecond))
	}
}

// TestWorkShared: new puzzles and hint steps come from each player's
// share: a player asking faster than it fills is told to wait (and the
// refused hint is not counted), while another player is served.
func TestWorkShared(t *testing.T) {
	addr, _, ref, session := playServer(t)
	ada := dial(t, addr, session)
	for k := 0; k < workBurst/play.CostPuzzle; k++ {
		if st, r := ada.send(clientMessage{T: "new", Level: "easy"}); st == nil {
			t.Fatalf("new puzzle %d: %+v", k+1, r)
		}
	}
	if _, r := ada.send(clientMessage{T: "new", Level: "easy"}); r.T != "error" || !strings.Contains(r.Message, "faster than I can make them") {
		t.Errorf("a new puzzle past the share: %+v", r)
	}
	bob := dial(t, addr, issue(testKey, Seat{User: User{ID: "43", Name: "bob"}}, time.Now().Add(time.Hour)))
	if st, r := bob.send(clientMessage{T: "new", Level: "easy"}); st == nil {
		t.Errorf("another player's new puzzle: %+v", r)
	}
	st, r := ada.send(clientMessage{T: "open", Game: ref.String()})
	if st == nil {
		t.Fatalf("open: %+v", r)
	}
	next, r := ada.send(clientMessage{T: "hint", Game: st.Game, Version: st.Version, Step: 1})
	if r.T != "error" || !strings.Contains(r.Message, "Try again in") {
		t.Fatalf("a hint with the share spent on puzzles: %+v %+v", next, r)
	}
	if again, _ := ada.send(clientMessage{T: "open", Game: ref.String()}); again == nil || again.Version != st.Version {
		t.Errorf("a refused hint changed the game: version %d, was %d", again.Version, st.Version)
	}
}

// TestWorkSlots: work waits for a free slot, and past slotWait the player
// is told the server is busy.
func TestWorkSlots(t *testing.T) {
	wk := newWork(limit.NewSlots(1), time.Now)
	held, release := make(chan struct{}), make(chan struct{})
	go wk.do(context.Background(), "ada", 1, func() { close(held); <-release })
	<-held
	began := time.Now()
	ran := false
	if err := wk.do(context.Background(), "bob", 1, func() { ran = true }); !errors.Is(err, errBusy) || ran {
		t.Errorf("work with every slot taken: %v, ran %v; want errBusy", err, ran)
	}
	if took := time.Since(began); took < slotWait {
		t.Errorf("gave up after %v, want %v", took, slotWait)
	}
	close(release)
	if err := wk.do(context.Background(), "bob", 1, func() { ran = true }); err != nil || !ran {
		t.Errorf("work with a slot free: %v, ran %v", err, ran)
	}
}
