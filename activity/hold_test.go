package activity

import (
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// Issue 40: the board holds under hostile input.

// bareServer serves the Activity without a store (every game message is
// answered at once, with a sentence) and returns its WebSocket's address.
func bareServer(t *testing.T, change func(*Config)) string {
	t.Helper()
	cfg := Config{ClientID: "100000000000000001", ClientSecret: discordtest.ClientSecret, SessionKeys: testKeys, APIURL: "http://127.0.0.1:1"}
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
	if _, r := one.send(clientMessage{T: "open", Game: "x"}); r.T != "error" || time.Since(start) > 10*messageEvery {
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
