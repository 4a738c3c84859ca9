package app

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// waitDMs waits until a user has n DMs from the bot and returns them.
func (h *harness) waitDMs(user string, n int) []discordtest.Message {
	h.t.Helper()
	for deadline := time.Now().Add(wait); ; time.Sleep(10 * time.Millisecond) {
		if dms := h.fake.DMs(user); len(dms) >= n {
			return dms
		}
		if time.Now().After(deadline) {
			h.t.Fatalf("%d DMs to %s, want %d; logs:\n%s", len(h.fake.DMs(user)), user, n, h.logs)
		}
	}
}

// TestDailyReminderEndToEnd: a player who asked for a reminder gets one
// DM once their hour has come, not two; one who solved gets none; one
// whose settings refuse DMs is not tried again that day; off stops it.
func TestDailyReminderEndToEnd(t *testing.T) {
	h, st := startDaily(t, "")
	n := daily.DayOf(time.Now(), time.UTC)
	bob := discordtest.User{ID: "800000000000000002", Name: "bob"}
	cy := discordtest.User{ID: "800000000000000003", Name: "cy"}
	p, _, err := st.Puzzle(t.Context(), n)
	if err != nil {
		t.Fatal(err)
	}
	h.send(discordtest.Subcommand(guild, cy, "daily", "submit", map[string]any{"answer": p.Solution.String()}))
	h.fake.RefuseDMs(bob.ID)
	for _, u := range []discordtest.User{ada, bob, cy} {
		r := h.send(discordtest.Subcommand(guild, u, "daily", "remind", map[string]any{"state": "on", "hour": 0}))
		checkMessage(t, r.Final, []string{"Reminder on: I'll DM you at 00:00 (UTC)"}, "", true)
	}
	dm := h.waitDMs(ada.ID, 1)[0]
	if !strings.Contains(dm.Content, fmt.Sprintf("**Daily #%d** is waiting for you", n)) || strings.Contains(dm.Content, p.Solution.String()) {
		t.Errorf("the reminder reads:\n%s", dm.Content)
	}
	for deadline := time.Now().Add(wait); !strings.Contains(h.logs.String(), "refuse the DM"); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("bob's refused DM was not logged; logs:\n%s", h.logs)
		}
	}
	tries := h.fake.Requests("message")
	time.Sleep(200 * time.Millisecond) // ten more rounds
	if got := len(h.fake.DMs(ada.ID)); got != 1 {
		t.Errorf("ada got %d reminders today, want 1", got)
	}
	if got := len(h.fake.DMs(cy.ID)); got != 0 {
		t.Errorf("cy, who solved, got %d reminders", got)
	}
	if got := h.fake.Requests("message"); got != tries {
		t.Errorf("%d more messages sent after bob's refusal, want none today", got-tries)
	}
	r := h.send(discordtest.Subcommand(guild, ada, "daily", "remind", map[string]any{"state": "off"}))
	checkMessage(t, r.Final, []string{"Reminder off"}, "", true)
	r = h.send(discordtest.Subcommand(guild, ada, "daily", "remind", map[string]any{"state": "off"}))
	checkMessage(t, r.Final, []string{"You had no reminder"}, "", true)
}
