package app

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/sudokubot/sudokubot/activity"
	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/store"
)

// TestActivityServed: with ACTIVITY_ADDR and the application's OAuth2
// credentials set, the bot serves the big board's page and signs a
// player in through the fake Discord's token exchange; the client
// secret never reaches the logs.
func TestActivityServed(t *testing.T) {
	fake := discordtest.New(testToken)
	t.Cleanup(fake.Close)
	h := startOn(t, fake, nil, nil, activityOn(fake)...)
	base := (&url.URL{Scheme: "http", Host: h.main.ActivityAddr()}).String()
	resp, err := http.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(page), `src="/assets/app.`) {
		t.Fatalf("GET / answered %d:\n%s", resp.StatusCode, page)
	}
	code := fake.Authorize(discordtest.User{ID: "42", Name: "ada"})
	resp, err = http.Post(base+"/api/token", "application/json", strings.NewReader(`{"code":"`+code+`","instance":"`+fake.Launch("", "801", "42")+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	var signed struct {
		Session string `json:"session"`
		User    struct {
			ID string `json:"id"`
		} `json:"user"`
	}
	json.NewDecoder(resp.Body).Decode(&signed)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || signed.Session == "" || signed.User.ID != "42" {
		t.Errorf("sign-in answered %d, %+v", resp.StatusCode, signed)
	}
	if n := metric(t, h.main.Metrics, `sudokubot_board_sign_ins_total{result="ok"}`); n != 1 {
		t.Errorf("the sign-ins metric counts %v, want 1", n)
	}
	if strings.Contains(h.logs.String(), discordtest.ClientSecret) {
		t.Errorf("the client secret appears in the logs:\n%s", h.logs)
	}
}

// TestWebBoardContinuesAButtonGame: a game begun on the buttons (/play) is
// continued on the web board, over its WebSocket after signing in; a tap
// on the buttons' older board is refused and shows the web's move; the
// game is finished on the buttons.
func TestWebBoardContinuesAButtonGame(t *testing.T) {
	dsn := filepath.Join(t.TempDir(), "games.db")
	games, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { games.Close() })
	fake := discordtest.New(testToken)
	t.Cleanup(fake.Close)
	h, st := startDailyOn(t, fake, dsn, func(m *Main) {
		m.Config.ActivityAddr = "127.0.0.1:0"
		oauth := bot.NewREST(bot.RESTOptions{ClientID: fake.AppID, ClientSecret: discordtest.ClientSecret, APIURL: m.Config.APIURL, Log: m.Log})
		m.Activity = activity.New(activity.Config{ClientID: fake.AppID, OAuth: oauth, Games: games})
	})
	const puzzle = "...1...44...2..."
	b := openBoard(t, h, st, ada, map[string]any{"puzzle": puzzle})
	before := b.seq

	// Sign in as the Activity's page does, and place r1c1 over the WebSocket.
	code := h.fake.Authorize(ada)
	resp, err := http.Post("http://"+h.main.ActivityAddr()+"/api/token", "application/json", strings.NewReader(`{"code":"`+code+`","instance":"i-1"}`))
	if err != nil {
		t.Fatal(err)
	}
	var signed struct{ Session string }
	json.NewDecoder(resp.Body).Decode(&signed)
	resp.Body.Close()
	conn, _, err := websocket.DefaultDialer.Dial("ws://"+h.main.ActivityAddr()+"/api/play", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	p, _ := solver.Parse(puzzle)
	res, _ := solver.Solve(context.Background(), p, 1)
	sol := res.Solutions[0]
	var state struct {
		T       string
		Version int
		Cells   string
	}
	for _, m := range []map[string]any{
		{"t": "hello", "session": signed.Session},
		{"t": "open", "game": b.ref},
		{"t": "place", "game": b.ref, "version": b.stored().Seq(), "row": 0, "col": 0, "digit": sol.At(0, 0)},
	} {
		conn.WriteJSON(m)
		if m["t"] == "hello" {
			continue
		}
		conn.SetReadDeadline(time.Now().Add(10 * time.Second))
		if err := conn.ReadJSON(&state); err != nil || state.T != "state" {
			t.Fatalf("the web board answered %+v, %v", state, err)
		}
	}
	if g := b.stored(); g.Grid().At(0, 0) != sol.At(0, 0) || g.Seq() != state.Version {
		t.Fatalf("stored after the web's move: r1c1 %d at version %d, want %d at %d", g.Grid().At(0, 0), g.Seq(), sol.At(0, 0), state.Version)
	}

	// The buttons' board still shows the version before: a tap is refused.
	b.seq = before
	b.tap("b1")
	if !strings.Contains(b.content, "out of date") {
		t.Errorf("a tap on the board before the web's move: %q", b.content)
	}
	var rest []string
	for i := 1; i < 16; i++ {
		if p.At(i/4, i%4) == 0 {
			rest = append(rest, fmt.Sprintf("r%dc%d %d", i/4+1, i%4+1, sol.At(i/4, i%4)))
		}
	}
	b.typeMoves(strings.Join(rest, ", "))
	if g := b.stored(); !g.Solved() {
		t.Errorf("after the rest typed on the buttons, the game is not solved: %s (board says %q)", g.Grid(), b.content)
	}
}
