package app

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// TestOpsUpWithTheActivityFull: with the big board's sockets at their cap
// (ACTIVITY_MAX_SOCKETS) and a flood of connections on top, a page past
// the cap is told the board is full (close code 1013), and the operations
// endpoint, on its own listener, still answers /healthz at once: the
// Activity's listener accepts no more than its cap and a margin, so it
// cannot take the descriptors the rest of the process needs.
func TestOpsUpWithTheActivityFull(t *testing.T) {
	fake := discordtest.New(testToken)
	t.Cleanup(fake.Close)
	const cap = 8
	h := startOn(t, fake, nil, func(m *Main) { m.Config.MetricsAddr = "127.0.0.1:0" },
		append(activityOn(fake), "ACTIVITY_MAX_SOCKETS", fmt.Sprint(cap))...)
	act := h.main.ActivityAddr()
	for k := 0; k < cap; k++ { // the cap's worth of signed-in pages
		conn := dialBoard(t, act)
		conn.WriteJSON(map[string]string{"t": "hello", "session": signInAs(t, h, fmt.Sprint(100+k))})
	}
	time.Sleep(200 * time.Millisecond) // the hellos are read
	past := dialBoard(t, act)
	past.SetReadDeadline(time.Now().Add(5 * time.Second))
	var r struct{ T, Message string }
	if err := past.ReadJSON(&r); err != nil || r.T != "error" || !strings.Contains(r.Message, "too many pages") {
		t.Errorf("a page past the cap read %+v, %v", r, err)
	}
	var closed *websocket.CloseError
	if _, _, err := past.ReadMessage(); !errors.As(err, &closed) || closed.Code != websocket.CloseTryAgainLater {
		t.Errorf("a page past the cap was closed with %v, want 1013", err)
	}
	for k := 0; k < 300; k++ { // connections that say nothing, past the listener's cap
		c, err := net.DialTimeout("tcp", act, time.Second)
		if err != nil {
			break // the system's backlog is full: they wait there, not in the process
		}
		t.Cleanup(func() { c.Close() })
	}
	began := time.Now()
	status, body := get(t, "http://"+h.main.OpsAddr()+"/healthz")
	if status != http.StatusOK || strings.TrimSpace(body) != "ok" || time.Since(began) > 2*time.Second {
		t.Errorf("/healthz with the Activity full: %d %q after %v", status, body, time.Since(began))
	}
}

// dialBoard opens a page's WebSocket on the Activity at addr.
func dialBoard(t *testing.T, addr string) *websocket.Conn {
	t.Helper()
	conn, _, err := websocket.DefaultDialer.Dial("ws://"+addr+"/api/play", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// signInAs signs a user in on the Activity, as its page does, and returns
// the session.
func signInAs(t *testing.T, h *harness, id string) string {
	t.Helper()
	code := h.fake.Authorize(discordtest.User{ID: id, Name: "player " + id})
	instance := h.fake.Launch(guild, "900", id) // a sign-in names the instance it comes from
	resp, err := http.Post("http://"+h.main.ActivityAddr()+"/api/token", "application/json",
		strings.NewReader(`{"code":"`+code+`","instance":"`+instance+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var signed struct{ Session string }
	if err := json.NewDecoder(resp.Body).Decode(&signed); err != nil || signed.Session == "" {
		t.Fatalf("sign-in of %s answered %d, %v", id, resp.StatusCode, err)
	}
	return signed.Session
}
