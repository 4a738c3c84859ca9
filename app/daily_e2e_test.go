package app

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/store/storetest"
)

const channel = "510000000000000001"

var admin = discordtest.User{ID: "800000000000000009", Name: "admin"}

// startDaily runs a bot with /daily over a store at dsn (a SQLite file in
// a temporary folder when empty), posting every 20ms.
func startDaily(t *testing.T, dsn string) (*harness, *store.DB) {
	t.Helper()
	return startDailyWith(t, dsn, nil)
}

// startDailyWith is startDaily with further changes to the process.
func startDailyWith(t *testing.T, dsn string, change func(*Main)) (*harness, *store.DB) {
	t.Helper()
	fake := discordtest.New(testToken)
	t.Cleanup(fake.Close)
	return startDailyOn(t, fake, dsn, change)
}

// startDailyOn is startDailyWith on a fake Discord of the test's.
func startDailyOn(t *testing.T, fake *discordtest.Server, dsn string, change func(*Main)) (*harness, *store.DB) {
	t.Helper()
	if dsn == "" {
		dsn = filepath.Join(t.TempDir(), "daily.db")
	}
	st, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	h := startOn(t, fake, st, func(m *Main) {
		m.Options.Schedule.Every, m.Options.RateBurst = 20*time.Millisecond, 100
		if change != nil {
			change(m)
		}
	})
	return h, st
}

// send dispatches a payload and waits for the final reply.
func (h *harness) send(p map[string]any) discordtest.Reply {
	h.t.Helper()
	r, ok := h.fake.Reply(h.fake.Send(p), wait)
	if !ok {
		h.t.Fatalf("no reply to %v; logs:\n%s", p["data"], h.logs)
	}
	return r
}

// waitPosts waits until the channel messages reach n and returns them.
func (h *harness) waitPosts(n int) []discordtest.Message {
	h.t.Helper()
	deadline := time.Now().Add(wait)
	for time.Now().Before(deadline) {
		if m := h.fake.Messages(); len(m) >= n {
			return m
		}
		time.Sleep(10 * time.Millisecond)
	}
	h.t.Fatalf("%d channel messages, want %d; logs:\n%s", len(h.fake.Messages()), n, h.logs)
	return nil
}

func setupCmd(u discordtest.User, zone string, perms int64) map[string]any {
	return discordtest.WithPermissions(discordtest.Subcommand(guild, u, "daily", "setup", map[string]any{
		"channel": discordtest.Channel(channel), "hour": 0, "timezone": zone}), perms)
}

func TestDailySetupEndToEnd(t *testing.T) {
	eachTransport(t, func(t *testing.T, over func(*Main)) {
		h, _ := startDailyWith(t, "", over)
		r := h.send(setupCmd(ada, "Europe/Paris", 0))
		checkMessage(t, r.Final, []string{"Manage Server"}, "", true)
		r = h.send(setupCmd(admin, "Mars/Olympus", discordgo.PermissionManageGuild))
		checkMessage(t, r.Final, []string{`I don't know the timezone "Mars/Olympus"`}, "", true)
		h.fake.Fail("message", 403, 1, 0)
		r = h.send(setupCmd(admin, "europe/paris", discordgo.PermissionManageGuild))
		checkMessage(t, r.Final, []string{"I can't post in <#" + channel + ">", "Nothing was changed"}, "", true)
		r = h.send(setupCmd(admin, "europe/paris", discordgo.PermissionAdministrator))
		checkMessage(t, r.Final, []string{"Done:", "00:00 (Europe/Paris)"}, "", true)
		posts := h.waitPosts(2) // the announcement, then today's puzzle (00:00 has passed)
		if !strings.Contains(posts[0].Content, "every day at 00:00 (Europe/Paris)") || posts[0].ChannelID != channel {
			t.Errorf("announcement = %+v", posts[0])
		}
		auto := h.send(discordtest.Autocomplete(discordtest.Subcommand(guild, admin, "daily", "setup",
			map[string]any{"timezone": "paris"}), "timezone"))
		if c := auto.Final.Choices; len(c) == 0 || c[0] != "Europe/Paris" {
			t.Errorf("autocomplete for paris = %v", c)
		}
		r = h.send(discordtest.WithPermissions(discordtest.Subcommand(guild, admin, "daily", "off", nil), discordgo.PermissionManageGuild))
		checkMessage(t, r.Final, []string{"Daily posts stopped"}, "", true)
	})
}

func TestDailyPostPlaySubmitEndToEnd(t *testing.T) {
	eachTransport(t, func(t *testing.T, over func(*Main)) {
		h, st := startDailyWith(t, "", over)
		h.send(setupCmd(admin, "UTC", discordgo.PermissionManageGuild))
		post := h.waitPosts(2)[1]
		n := daily.DayOf(time.Now(), time.UTC)
		if !strings.Contains(post.Content, fmt.Sprintf("**Daily #%d**", n)) || len(post.Files) != 1 ||
			post.Files[0].Name != fmt.Sprintf("daily-%d.png", n) || len(post.Buttons) != 1 || post.Buttons[0] != "daily:play" {
			t.Fatalf("daily post = %+v", post)
		}
		if !strings.Contains(post.Content, fmt.Sprintf("Yesterday's solution (#%d): ||```", n-1)) {
			t.Errorf("the post lacks yesterday's solution in a spoiler:\n%s", post.Content)
		}
		play := h.send(discordtest.Button(guild, ada, "daily:play"))
		checkMessage(t, play.Final, []string{fmt.Sprintf("**Daily #%d**", n), "clock started <t:"}, "board.png", true)
		if len(play.Final.Buttons) != 25 || !strings.HasPrefix(play.Final.Buttons[0], fmt.Sprintf("play:d%d:0:", n)) {
			t.Fatalf("play buttons = %v, want the board's 25", play.Final.Buttons)
		}
		submitID := fmt.Sprintf("daily:submit:%d", n) // the form of older Play replies still answers
		form := h.send(discordtest.Button(guild, ada, submitID))
		if cb := form.Callbacks[0]; cb.Type != discordgo.InteractionResponseModal || cb.Message.ModalID != fmt.Sprintf("daily:answer:%d", n) ||
			len(cb.Message.Inputs) != 1 {
			t.Fatalf("Submit button answered %+v, want a form", cb)
		}
		p, ok, err := st.Puzzle(context.Background(), n)
		if !ok || err != nil {
			t.Fatalf("today's puzzle not stored: %v", err)
		}
		wrong := []byte(p.Solution.String())
		wrong[0], wrong[1] = wrong[1], wrong[0]
		r := h.send(discordtest.ModalSubmit(guild, ada, fmt.Sprintf("daily:answer:%d", n), map[string]string{"answer": string(wrong)}))
		checkMessage(t, r.Final, []string{"2 cells are wrong", "try 1"}, "", true)
		r = h.send(discordtest.Subcommand(guild, ada, "daily", "submit", map[string]any{"answer": p.Solution.String()}))
		checkMessage(t, r.Final, []string{"✅ **Correct!**", fmt.Sprintf("Share:\n```\nDaily #%d — 0:0", n), "1 wrong try\n```"}, "", true)
		if strings.Contains(r.Final.Content, p.Solution.String()) {
			t.Error("the share line gives the solution away")
		}
		r = h.send(discordtest.Subcommand(guild, ada, "daily", "submit", map[string]any{"answer": p.Solution.String()}))
		checkMessage(t, r.Final, []string{"already", "nothing changed"}, "", true)
		board := h.send(discordtest.Subcommand(guild, ada, "daily", "leaderboard", nil))
		if !regexp.MustCompile(`🥇 <@`+ada.ID+`> 0:0\d`).MatchString(board.Final.Content) || board.Final.Ephemeral() {
			t.Errorf("leaderboard = %q", board.Final.Content)
		}
		stats := h.send(discordtest.Subcommand(guild, admin, "daily", "stats", map[string]any{"user": discordtest.Member(ada.ID)}))
		checkMessage(t, stats.Final, []string{"Daily stats for <@" + ada.ID + ">", "Solved: 1", "Streak: 1 day"}, "", false)
		time.Sleep(100 * time.Millisecond) // several scheduler rounds
		if got := len(h.fake.Messages()); got != 2 {
			t.Errorf("%d channel messages after more rounds, want 2 (one post a day)", got)
		}
	})
}

func TestDailyDatabaseDown(t *testing.T) {
	h, st := startDailyWith(t, "", func(m *Main) { m.Config.MetricsAddr = "127.0.0.1:0" })
	st.Close()
	r := h.send(discordtest.Subcommand(guild, ada, "daily", "submit", map[string]any{"answer": solution}))
	checkMessage(t, r.Final, []string{"couldn't record", "nothing was saved"}, "", true)
	r = h.send(discordtest.Subcommand(guild, ada, "daily", "play", nil))
	checkMessage(t, r.Final, []string{"unavailable right now"}, "", true)
	r = h.ask(ada, "solve", map[string]any{"puzzle": classic, "format": "text"})
	checkMessage(t, r.Final, []string{solution[:9]}, "", false)
	logs := h.logs.String()
	if n := strings.Count(logs, "daily submission not recorded"); n != 1 || !strings.Contains(logs, "database is closed") {
		t.Errorf("the failed submission was logged %d times, want once with its cause:\n%s", n, logs)
	}
	if strings.Contains(r.Final.Content, "database is closed") {
		t.Errorf("the cause reached the player: %q", r.Final.Content)
	}
	want := `sudokubot_interactions_total{command="daily",outcome="failed"} 2`
	_, body := get(t, "http://"+h.main.OpsAddr()+"/metrics")
	for deadline := time.Now().Add(wait); !strings.Contains(body, want) && time.Now().Before(deadline); { // counted after the reply
		time.Sleep(10 * time.Millisecond)
		_, body = get(t, "http://"+h.main.OpsAddr()+"/metrics")
	}
	if !strings.Contains(body, want) {
		t.Errorf("/metrics lacks %s (the two the database refused):\n%s", want, grepLines(body, "interactions_total"))
	}
}

// TestTwoSchedulersOnPostgres runs two bots sharing one PostgreSQL schema:
// every server's post is made exactly once between them.
func TestTwoSchedulersOnPostgres(t *testing.T) {
	dsn := storetest.PostgresURL(t)
	a, st := startDaily(t, dsn)
	b, _ := startDaily(t, dsn)
	const servers = 6
	for k := 0; k < servers; k++ {
		g := daily.Guild{ID: fmt.Sprintf("70000000000000010%d", k), Channel: fmt.Sprintf("52000000000000000%d", k), Timezone: "UTC"}
		if err := st.SaveGuild(context.Background(), g); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(wait)
	for time.Now().Before(deadline) && len(a.fake.Messages())+len(b.fake.Messages()) < servers {
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(200 * time.Millisecond) // many more rounds on both
	seen := map[string]int{}
	for _, m := range append(a.fake.Messages(), b.fake.Messages()...) {
		seen[m.ChannelID]++
	}
	if len(seen) != servers {
		t.Errorf("posts went to %d channels, want %d", len(seen), servers)
	}
	for ch, k := range seen {
		if k != 1 {
			t.Errorf("channel %s got %d posts, want 1", ch, k)
		}
	}
	t.Logf("bot A made %d posts, bot B %d", len(a.fake.Messages()), len(b.fake.Messages()))
}

// TestShardPostsForItsServersOnly runs shard 1 of 2: it identifies as
// such, leaves registration to shard 0, and posts only for its servers.
func TestShardPostsForItsServersOnly(t *testing.T) {
	h, st := startDailyWith(t, "", func(m *Main) { m.Options.ShardID, m.Options.ShardCount = 1, 2 })
	if got := h.fake.Shard(); len(got) != 2 || got[0] != 1 || got[1] != 2 {
		t.Errorf("IDENTIFY shard = %v, want [1 2]", got)
	}
	for k := uint64(10); k < 16; k++ {
		id := fmt.Sprint(k<<22 | 777)
		if err := st.SaveGuild(context.Background(), daily.Guild{ID: id, Channel: "ch-" + id, Timezone: "UTC"}); err != nil {
			t.Fatal(err)
		}
	}
	posts := h.waitPosts(3)
	time.Sleep(100 * time.Millisecond)
	posts = h.fake.Messages()
	for _, m := range posts {
		if bot.ShardOf(strings.TrimPrefix(m.ChannelID, "ch-"), 2) != 1 {
			t.Errorf("shard 1 posted for %s", m.ChannelID)
		}
	}
	if len(posts) != 3 {
		t.Errorf("%d posts, want 3 (servers 11, 13, 15)", len(posts))
	}
	if cmds := h.fake.Commands("", 50*time.Millisecond); len(cmds) != 0 {
		t.Errorf("shard 1 registered %d commands; shard 0 does that", len(cmds))
	}
}

// TestFailedPostIsRetried makes Discord refuse the first post: the
// scheduler logs it, waits its retry time and posts once.
func TestFailedPostIsRetried(t *testing.T) {
	h, st := startDailyWith(t, "", func(m *Main) { m.Options.Schedule.Retry = 150 * time.Millisecond })
	h.fake.Fail("message", 500, 1, 0)
	if err := st.SaveGuild(context.Background(), daily.Guild{ID: guild, Channel: channel, Timezone: "UTC"}); err != nil {
		t.Fatal(err)
	}
	posts := h.waitPosts(1)
	time.Sleep(300 * time.Millisecond)
	if n := len(h.fake.Messages()); n != 1 || posts[0].ChannelID != channel {
		t.Errorf("%d posts after a refused one, want exactly 1", n)
	}
	if h.fake.Requests("message") < 2 || !strings.Contains(h.logs.String(), "daily post failed; will retry") {
		t.Errorf("the refused post was not logged and retried (%d requests)", h.fake.Requests("message"))
	}
}

// TestPostMissedWhenTheDayEnds: a refusal whose retry falls after the
// server's day is counted and logged as missed, not retried.
func TestPostMissedWhenTheDayEnds(t *testing.T) {
	h, st := startDailyWith(t, "", func(m *Main) { m.Options.Schedule.Retry = 25 * time.Hour })
	h.fake.Fail("message", 403, 1, 0)
	if err := st.SaveGuild(context.Background(), daily.Guild{ID: guild, Channel: channel, Timezone: "UTC"}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(wait)
	for metric(t, h.main.Metrics, `sudokubot_daily_posts_total{result="missed"}`) != 1 {
		if time.Now().After(deadline) {
			t.Fatalf("no missed post counted; logs:\n%s", h.logs)
		}
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond) // several scheduler rounds
	if n := h.fake.Requests("message"); n != 1 || !strings.Contains(h.logs.String(), "daily post missed") {
		t.Errorf("%d post requests, want 1 (no retry within the day), and a log line", n)
	}
}
