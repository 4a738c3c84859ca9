package app

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/store"
)

// startActivity runs the process with the Activity on (ACTIVITY_ADDR and
// the application's OAuth2 credentials) over a database of its own,
// posting the daily every 20 ms, on a fake Discord whose app has
// Activities enabled.
func startActivity(t *testing.T, over func(*Main)) (*harness, *store.DB) {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "daily.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	fake := discordtest.New(testToken)
	t.Cleanup(fake.Close)
	fake.EnableActivities()
	often := func(m *Main) { m.Options.Schedule.Every, m.Options.RateBurst = 20*time.Millisecond, 100 }
	return startOn(t, fake, st, both(often, over), activityOn(fake)...), st
}

// TestPlayInDiscordLaunches: with the Activity on, the daily post and the
// board offer Play in Discord, and pressing it launches the Activity
// (callback type 12), over the gateway and the HTTP endpoint.
func TestPlayInDiscordLaunches(t *testing.T) {
	eachTransport(t, func(t *testing.T, over func(*Main)) {
		h, _ := startActivity(t, over)
		h.send(setupCmd(admin, "UTC", discordgo.PermissionManageGuild))
		post := h.waitPosts(2)[1]
		if strings.Join(post.Buttons, " ") != "daily:play play:launch" {
			t.Errorf("the daily post's buttons: %v", post.Buttons)
		}
		t.Logf("the daily post's buttons: %s", post.Outline)
		r := h.send(discordtest.Button(guild, ada, "play:launch"))
		if len(r.Callbacks) != 1 || r.Callbacks[0].Type != discordtest.LaunchActivity {
			t.Errorf("Play in Discord answered %+v, want one launch", r.Callbacks)
		}
		board := h.send(discordtest.SlashCommand(guild, ada, "play", map[string]any{"puzzle": "...1...44...2..."}))
		if b := board.Final.Buttons; len(b) == 0 || b[len(b)-1] != "play:launch" {
			t.Errorf("the board's buttons end with %v, want Play in Discord", b)
		}
	})
}

// TestDailyOnTheWebUpdatesThePost: a player launches the Activity in the
// server's channel, plays today's daily over the big board's WebSocket to
// Correct!, and the server's daily post shows them on its scoreboard.
func TestDailyOnTheWebUpdatesThePost(t *testing.T) {
	h, st := startActivity(t, nil)
	h.send(setupCmd(admin, "UTC", discordgo.PermissionManageGuild))
	post := h.waitPosts(2)[1]
	conn := openWebBoard(t, h, h.fake.Launch(guild, post.ChannelID, ada.ID))
	type state struct {
		T, Game, Cells, Message string
		Version                 int
		Daily                   *struct{ Solved bool }
	}
	ask := func(m map[string]any) state {
		t.Helper()
		conn.WriteJSON(m)
		conn.SetReadDeadline(time.Now().Add(wait))
		for {
			var s state
			err := conn.ReadJSON(&s)
			if err == nil && s.T == "others" {
				continue // the progress of the daily's players in this instance, pushed between answers
			}
			if err != nil || s.T != "state" {
				t.Fatalf("%v answered %+v, %v", m, s, err)
			}
			return s
		}
	}
	s := ask(map[string]any{"t": "today"})
	n := daily.DayOf(time.Now(), time.UTC)
	p, _, err := st.Puzzle(context.Background(), n)
	if err != nil || s.Game != fmt.Sprintf("d%d", n) {
		t.Fatalf("today opened %q (%v), want d%d", s.Game, err, n)
	}
	for i := range 81 {
		if s.Cells[i] == '.' {
			s = ask(map[string]any{"t": "place", "game": s.Game, "version": s.Version, "row": i / 9, "col": i % 9, "digit": p.Solution.At(i/9, i%9)})
		}
	}
	if s.Daily == nil || !s.Daily.Solved || !strings.Contains(s.Message, "Correct!") {
		t.Fatalf("the last digit gave %+v", s)
	}
	h.waitPost(post.ID, func(m discordtest.Message) bool {
		return strings.Contains(m.Content, "1 solved") && strings.Contains(m.Content, "<@"+ada.ID+">")
	})
	placed, sockets := metric(t, h.main.Metrics, `sudokubot_board_messages_total{kind="place",outcome="state"}`), metric(t, h.main.Metrics, "sudokubot_board_sockets")
	if placed < 40 || sockets != 1 {
		t.Errorf("the board's metrics: %v placements answered, %v sockets; want every placement and one socket", placed, sockets)
	}
}

// openWebBoard signs Ada in as the Activity's page does, in instance, and
// returns the board's WebSocket, hello said.
func openWebBoard(t *testing.T, h *harness, instance string) *websocket.Conn {
	t.Helper()
	resp, err := http.Post("http://"+h.main.ActivityAddr()+"/api/token", "application/json",
		strings.NewReader(fmt.Sprintf(`{"code":%q,"instance":%q}`, h.fake.Authorize(ada), instance)))
	if err != nil {
		t.Fatal(err)
	}
	var signed struct{ Session string }
	json.NewDecoder(resp.Body).Decode(&signed)
	resp.Body.Close()
	if signed.Session == "" {
		t.Fatalf("the sign-in answered %d without a session", resp.StatusCode)
	}
	conn, _, err := websocket.DefaultDialer.Dial("ws://"+h.main.ActivityAddr()+"/api/play", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	conn.WriteJSON(map[string]any{"t": "hello", "session": signed.Session})
	return conn
}

// TestStoppingClosesTheBoards: when the bot stops, it closes the pages'
// WebSockets saying it is going away (an HTTP server's shutdown leaves
// them open), so they reconnect to a process that runs.
func TestStoppingClosesTheBoards(t *testing.T) {
	h, _ := startActivity(t, nil)
	conn := openWebBoard(t, h, h.fake.Launch(guild, "900", ada.ID))
	conn.WriteJSON(map[string]any{"t": "new", "level": "easy"})
	conn.SetReadDeadline(time.Now().Add(wait))
	if _, _, err := conn.ReadMessage(); err != nil {
		t.Fatalf("no board: %v", err)
	}
	h.stop()
	_, _, err := conn.ReadMessage()
	if !websocket.IsCloseError(err, websocket.CloseGoingAway) {
		t.Errorf("after the bot stopped, the socket read %v, want a going-away close", err)
	}
}
