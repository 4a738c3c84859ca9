package app

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/sudokubot/sudokubot/solver"
)

// webState is the part of the web board's messages this test reads.
type webState struct {
	T       string
	Message string
	Version int
	Cells   string
}

// TestTwoBoardsOneGame: a game open on the web board (the Activity, as
// New composes it) and on the buttons at once. A digit placed with
// taps on the buttons shows on the open web page at once, pushed over its
// socket; choosing a box or a cell on the buttons (looking) is no change
// of the game's version, so the web page's next digit, made on the version
// it was sent, is accepted.
func TestTwoBoardsOneGame(t *testing.T) {
	h, st := startActivity(t, nil)
	const puzzle = "...1...44...2..." // r1c1, r1c2 and r1c3 are blank
	p, _ := solver.Parse(puzzle)
	res, _ := solver.Solve(context.Background(), p, 1)
	sol := res.Solutions[0]
	b := openBoard(t, h, st, ada, map[string]any{"puzzle": puzzle})
	web := openWeb(t, h, b.ref)

	b.tap("b1")
	b.tap("c1")
	b.tap(fmt.Sprintf("d%d", sol.At(0, 0)))
	if g := b.stored(); g.Grid().At(0, 0) != sol.At(0, 0) || g.Seq() != 1 {
		t.Fatalf("after box, cell and digit on the buttons, the game is at version %d with r1c1 %d, want 1 and %d",
			g.Seq(), g.Grid().At(0, 0), sol.At(0, 0))
	}
	pushed := web.until(func(s webState) bool { return s.T == "state" && s.Version == 1 })
	if pushed.Cells[0] != byte('0'+sol.At(0, 0)) {
		t.Errorf("the web page was sent %q, want r1c1 %d", pushed.Cells, sol.At(0, 0))
	}
	b.tap("c2") // looking: the buttons' cursor on r1c2
	web.send(map[string]any{"t": "place", "game": b.ref, "version": pushed.Version, "row": 0, "col": 2, "digit": sol.At(0, 2)})
	if got := web.until(func(s webState) bool { return s.T != "state" || s.Version != pushed.Version }); got.T != "state" || got.Version != 2 {
		t.Errorf("the web page's digit after a look on the buttons: %+v, want it applied at version 2", got)
	}
}

// web is the Activity's page over its WebSocket, signed in.
type web struct {
	t    *testing.T
	conn *websocket.Conn
}

// openWeb signs ada in as the Activity's page does and opens game ref on
// its WebSocket.
func openWeb(t *testing.T, h *harness, ref string) *web {
	t.Helper()
	session := signInAs(t, h, ada.ID)
	conn, _, err := websocket.DefaultDialer.Dial("ws://"+h.main.ActivityAddr()+"/api/play", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	w := &web{t: t, conn: conn}
	w.send(map[string]any{"t": "hello", "session": session})
	w.send(map[string]any{"t": "open", "game": ref})
	if s := w.until(func(webState) bool { return true }); s.T != "state" || s.Version != 0 {
		t.Fatalf("the web board opened %+v", s)
	}
	return w
}

func (w *web) send(m map[string]any) {
	w.t.Helper()
	if err := w.conn.WriteJSON(m); err != nil {
		w.t.Fatal(err)
	}
}

// until reads the page's messages until one satisfies ok.
func (w *web) until(ok func(webState) bool) webState {
	w.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		var s webState
		w.conn.SetReadDeadline(deadline)
		if err := w.conn.ReadJSON(&s); err != nil {
			w.t.Fatalf("the web page heard nothing more: %v", err)
		}
		if ok(s) {
			return s
		}
	}
}
