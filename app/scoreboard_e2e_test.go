package app

import (
	"context"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/commands"
	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// waitPost waits until the channel message id satisfies ok.
func (h *harness) waitPost(id string, ok func(discordtest.Message) bool) discordtest.Message {
	h.t.Helper()
	var last discordtest.Message
	for deadline := time.Now().Add(wait); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		for _, m := range h.fake.Messages() {
			if m.ID == id {
				if last = m; ok(m) {
					return m
				}
			}
		}
	}
	h.t.Fatalf("the post never got there; it reads:\n%s\nlogs:\n%s", last.Content, h.logs)
	return last
}

// solveDay records a solve of day n that took took (untimed when 0).
func solveDay(t *testing.T, st *store.DB, user string, n int, took time.Duration) {
	t.Helper()
	ctx, at := context.Background(), daily.Date(n).Add(9*time.Hour)
	if took > 0 {
		if _, err := st.Start(ctx, guild, user, n, at); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, _, err := st.Record(ctx, daily.Solve{Guild: guild, User: user, Day: n, At: at.Add(took), Level: daily.LevelOf(n)}); err != nil {
		t.Fatal(err)
	}
}

// TestDailyScoreboardEndToEnd: the morning's post recaps yesterday with
// the group streak, pinging yesterday's solvers and the role set up, and
// nobody else; as
// people solve, the post is edited into a scoreboard, a burst of solves
// making a handful of edits, which ping nobody and give no digit away;
// once the post is deleted its edits stop and the solves still count.
func TestDailyScoreboardEndToEnd(t *testing.T) {
	const puzzlers = "520000000000000042" // the role the post pings
	const gap = 300 * time.Millisecond
	h, st := startDailyWith(t, "", func(m *Main) { m.Options.Schedule.EditGap = gap })
	n := daily.DayOf(time.Now(), time.UTC)
	solveDay(t, st, "700000000000000001", n-2, 4*time.Minute)
	for user, took := range map[string]time.Duration{"700000000000000001": 3 * time.Minute,
		"700000000000000002": 12 * time.Minute, "700000000000000003": 0} {
		solveDay(t, st, user, n-1, took)
	}
	setup := discordtest.WithPermissions(discordtest.Subcommand(guild, admin, "daily", "setup", map[string]any{
		"channel": discordtest.Channel(channel), "hour": 0, "timezone": "UTC", "role": discordtest.Role(puzzlers)}),
		discordgo.PermissionManageGuild)
	checkMessage(t, h.send(setup).Final, []string{"pinging <@&" + puzzlers + ">"}, "", true)
	post := h.waitPosts(2)[1]
	if !strings.HasPrefix(post.Content, "<@&"+puzzlers+"> 🧩 **Daily #") {
		t.Errorf("the post does not ping the role first:\n%s", post.Content)
	}
	for _, want := range []string{fmt.Sprintf("**Yesterday, #%d** · 🔥 group streak: 2 days in a row", n-1),
		"🏆 <@700000000000000001> 3:00", "10–20 min: <@700000000000000002> 12:00", "Without a clock: <@700000000000000003>",
		"**Today** · no one has solved it yet"} {
		if !strings.Contains(post.Content, want) {
			t.Errorf("the post lacks %q:\n%s", want, post.Content)
		}
	}
	pinged := []string{"700000000000000001", "700000000000000002", "700000000000000003"}
	if m := post.Mentions; m == nil || len(m.Parse) != 0 || !reflect.DeepEqual(m.Users, pinged) ||
		!reflect.DeepEqual(m.Roles, []string{puzzlers}) {
		t.Errorf("the post may ping %+v, want yesterday's solvers %v and the role %s only", m, pinged, puzzlers)
	}

	p, _, err := st.Puzzle(context.Background(), n)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	const solvers = 12
	for k := range solvers {
		u := discordtest.User{ID: fmt.Sprint(810000000000000000 + k), Name: "solver"}
		if k < 4 { // these start their clock on the board, and one slips once
			h.send(discordtest.Button(guild, u, "daily:play"))
		}
		if k == 1 {
			h.send(discordtest.Subcommand(guild, u, "daily", "submit", map[string]any{"answer": wrongBy2(p.Solution.String())}))
		}
		r := h.send(discordtest.Subcommand(guild, u, "daily", "submit", map[string]any{"answer": p.Solution.String()}))
		checkMessage(t, r.Final, []string{"✅ **Correct!**"}, "", true)
	}
	post = h.waitPost(post.ID, func(m discordtest.Message) bool {
		return strings.Contains(m.Content, fmt.Sprintf("**Today** · %d solved", solvers))
	})
	took := time.Since(start)
	if max := int(took/gap) + 2; post.Edits > max || post.Edits == 0 {
		t.Errorf("%d solves in %v made %d edits, want between 1 and %d (one per %v)", solvers, took, post.Edits, max, gap)
	}
	if strings.Contains(post.Content, p.Solution.String()) || !strings.Contains(post.Content, "· 1 wrong try") ||
		!strings.Contains(post.Content, "… and 2 more") {
		t.Errorf("the scoreboard:\n%s", post.Content)
	}
	if m := post.Mentions; m == nil || len(m.Parse) != 0 || len(m.Users) != 0 || len(m.Roles) != 0 {
		t.Errorf("an edit may ping %+v, want nobody", m)
	}
	t.Logf("the post after %d solves in %v, %d edits:\n%s", solvers, took.Round(time.Millisecond), post.Edits, post.Content)
	if len(post.Files) != 1 || len(post.Buttons) != 1 {
		t.Errorf("the edit lost the picture or the Play button: %+v", post)
	}

	h.fake.DeleteMessage(post.ID)
	r := h.send(discordtest.Subcommand(guild, ada, "daily", "submit", map[string]any{"answer": p.Solution.String()}))
	checkMessage(t, r.Final, []string{"✅ **Correct!**"}, "", true)
	for deadline := time.Now().Add(wait); !strings.Contains(h.logs.String(), "its scoreboard stops"); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("a refused edit was not logged; logs:\n%s", h.logs)
		}
	}
	edits := h.fake.Requests("message-edit")
	r = h.send(discordtest.Subcommand(guild, admin, "daily", "submit", map[string]any{"answer": p.Solution.String()}))
	checkMessage(t, r.Final, []string{"✅ **Correct!**"}, "", true)
	time.Sleep(3 * gap)
	if got := h.fake.Requests("message-edit"); got != edits {
		t.Errorf("%d more edits of a deleted post, want none", got-edits)
	}
}

// wrongBy2 swaps an answer's first two digits.
func wrongBy2(answer string) string {
	b := []byte(answer)
	b[0], b[1] = b[1], b[0]
	return string(b)
}

// neverRecords is a store whose process dies between sending a post and
// recording it: every record fails.
type neverRecords struct{ daily.Store }

func (neverRecords) PostDone(context.Context, string, int, string, string) error {
	return daily.ErrStore
}

// TestDailyPostCrashBetweenSendAndRecordOnPostgres: a process posts the
// day's puzzle and dies before recording it; once its claim runs out the
// next process finds the post in the channel and records it. One post,
// not two.
func TestDailyPostCrashBetweenSendAndRecordOnPostgres(t *testing.T) {
	t.Run("found", func(t *testing.T) { crashBetweenSendAndRecord(t, false) })
	// Without Read Message History the search is refused: the post goes
	// out again with the same nonce, and Discord returns the first.
	t.Run("history refused", func(t *testing.T) { crashBetweenSendAndRecord(t, true) })
}

func crashBetweenSendAndRecord(t *testing.T, forbid bool) {
	dsn := storetest.PostgresURL(t)
	open := func() *store.DB {
		st, err := store.Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}
	fake := discordtest.New(testToken)
	t.Cleanup(fake.Close)
	stA := open()
	if err := stA.SaveGuild(context.Background(), daily.Guild{ID: guild, Channel: channel, Timezone: "UTC"}); err != nil {
		t.Fatal(err)
	}
	often := func(m *Main) {
		m.Options.Schedule.Every, m.Options.Schedule.Lease = 20*time.Millisecond, 500*time.Millisecond
	}
	a := startOn(t, fake, stA, func(m *Main) {
		m.Options.Schedule.Every, m.Options.Schedule.Lease = 20*time.Millisecond, time.Minute // it holds its claim until it dies
		m.Options.Schedule.Daily = daily.New(neverRecords{stA}, m.Options.Log)
	})
	a.waitPosts(1)
	for deadline := time.Now().Add(wait); !strings.Contains(a.logs.String(), "daily post made but not recorded"); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the first process never gave up recording; logs:\n%s", a.logs)
		}
	}
	a.stop() // it dies with the post sent and not recorded
	stB := open()
	if forbid {
		fake.Fail("messages", http.StatusForbidden, 1, 0)
	}
	b := startOn(t, fake, stB, often)
	n := daily.DayOf(time.Now(), time.UTC)
	for deadline := time.Now().Add(wait); ; time.Sleep(10 * time.Millisecond) {
		made, err := stB.PostsMade(context.Background(), n, n)
		if err == nil && made[daily.PostKey{Guild: guild, Day: n}] {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the post was never recorded (%v); logs:\n%s\nthe first process's:\n%s", fake.Messages(), b.logs, a.logs)
		}
	}
	said := map[bool]string{false: "an earlier attempt sent it without recording it", true: "give the bot Read Message History"}[forbid]
	if !strings.Contains(b.logs.String(), said) {
		t.Errorf("the second process did not say %q; logs:\n%s", said, b.logs)
	}
	time.Sleep(100 * time.Millisecond) // more rounds
	if posts := fake.Messages(); len(posts) != 1 {
		t.Errorf("%d posts in the channel, want 1", len(posts))
	}
}

// TestDailyPostInTheServersLanguage: a server whose language is French
// gets its post, recap and scoreboard in French; the post is still found
// as the day's after a crash (its title keeps the form DailyPostDay reads).
func TestDailyPostInTheServersLanguage(t *testing.T) {
	h, st := startDailyWith(t, "", func(m *Main) { m.Options.Schedule.EditGap = 100 * time.Millisecond })
	setup := discordtest.WithGuildLocale(setupCmd(admin, "UTC", discordgo.PermissionManageGuild), "fr")
	h.send(setup)
	post := h.waitPosts(2)[1]
	n := daily.DayOf(time.Now(), time.UTC)
	for _, want := range []string{"Appuyez sur **Jouer**", "**Hier, #", "**Aujourd'hui** · personne ne l'a encore résolue"} {
		if !strings.Contains(post.Content, want) {
			t.Errorf("the French post lacks %q:\n%s", want, post.Content)
		}
	}
	if day, ok := commands.DailyPostDay(post.Content); !ok || day != n || !strings.Contains(post.Outline, "[Jouer]") {
		t.Errorf("the French post: day %d (%v), buttons %q; want day %d and [Jouer]", day, ok, post.Outline, n)
	}
	p, _, err := st.Puzzle(t.Context(), n)
	if err != nil {
		t.Fatal(err)
	}
	h.send(discordtest.Subcommand(guild, ada, "daily", "submit", map[string]any{"answer": p.Solution.String()}))
	post = h.waitPost(post.ID, func(m discordtest.Message) bool { return strings.Contains(m.Content, "**Aujourd'hui** · 1 a résolu") })
	t.Logf("the French post after a solve:\n%s", post.Content)
}
