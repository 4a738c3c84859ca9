package commands

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/store"
)

// dailyFixture is /daily's handlers on a temporary SQLite at a fixed time.
type dailyFixture struct {
	t   *testing.T
	cmd Command
	svc *daily.Service
	st  *store.DB
}

const dailyGuild = "7"

var (
	player = discordtest.User{ID: "42", Name: "ada"}
	admin  = discordtest.User{ID: "43", Name: "grace"}
)

func newDaily(t *testing.T) *dailyFixture {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "daily.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	svc := daily.New(st, nil)
	now := time.Date(2026, 11, 18, 12, 0, 0, 0, time.UTC) // a Wednesday: medium
	svc.Now = func() time.Time { return now }
	d := deps()
	d.Daily = svc
	for _, c := range All(d) {
		if c.Def.Name == "daily" {
			return &dailyFixture{t: t, cmd: c, svc: svc, st: st}
		}
	}
	t.Fatal("no /daily")
	return nil
}

// do answers a payload as the bot would route it: a command, or a
// component by its custom id.
func (f *dailyFixture) do(payload map[string]any) (Response, *discordgo.Interaction) {
	f.t.Helper()
	i := decode(f.t, payload)
	var resp Response
	var err error
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		resp, err = f.cmd.Handle(context.Background(), i)
	case discordgo.InteractionMessageComponent, discordgo.InteractionModalSubmit:
		resp, err = component(f.cmd, i, customID(i))
	}
	var fail *Failure
	if errors.As(err, &fail) { // answered as the bot answers it: its reply
		resp, err = fail.Reply, nil
	}
	if err != nil {
		f.t.Fatalf("unexpected error %v", err)
	}
	return resp, i
}

// want checks a reply's text and who sees it.
func (f *dailyFixture) want(resp Response, i *discordgo.Interaction, private bool, parts ...string) {
	f.t.Helper()
	for _, p := range parts {
		if !strings.Contains(resp.Content, p) {
			f.t.Errorf("reply lacks %q:\n%s", p, resp.Content)
		}
	}
	if got := f.cmd.Ephemeral(i, resp); got != private {
		f.t.Errorf("private = %v, want %v: %q", got, private, resp.Content)
	}
}

func (f *dailyFixture) today() daily.Puzzle {
	f.t.Helper()
	n, err := f.svc.Today(context.Background(), dailyGuild)
	if err != nil {
		f.t.Fatal(err)
	}
	p, err := f.svc.Puzzle(context.Background(), n)
	if err != nil {
		f.t.Fatal(err)
	}
	return p
}

func sub(name string, opts map[string]any) map[string]any {
	return discordtest.Subcommand(dailyGuild, player, "daily", name, opts)
}

func TestDailyPlayAndSubmit(t *testing.T) {
	f := newDaily(t)
	resp, i := f.do(sub("play", nil))
	p := f.today()
	f.want(resp, i, true, "**Daily #", "Your clock started <t:")
	if len(resp.Files) != 1 || len(resp.Buttons) != 1 || resp.Buttons[0].CustomID != "daily:submit:"+strconv.Itoa(p.Day) {
		t.Errorf("play reply: %d files, buttons %+v", len(resp.Files), resp.Buttons)
	}
	wrong := swapTwoBlanks(t, p)
	resp, i = f.do(sub("submit", map[string]any{"answer": wrong}))
	f.want(resp, i, true, "Not yet: **2 cells are wrong**", "try 1")
	resp, i = f.do(sub("submit", map[string]any{"answer": p.Grid.String()}))
	f.want(resp, i, true, "empty cells**", "not counted")
	resp, i = f.do(sub("submit", map[string]any{"answer": "12"}))
	f.want(resp, i, true, "I couldn't read your answer", "Nothing was counted")
	resp, i = f.do(sub("submit", map[string]any{"answer": p.Solution.String()}))
	f.want(resp, i, true, "✅ **Correct!**", "1 wrong try")
	resp, i = f.do(sub("submit", map[string]any{"answer": p.Solution.String()}))
	f.want(resp, i, true, "already", "nothing changed")
	resp, i = f.do(sub("play", nil))
	f.want(resp, i, true, "You solved **Daily #", "Share:\n```\nDaily #")
}

// swapTwoBlanks returns the solution with the digits of two blank cells
// of the puzzle that differ swapped: two wrong cells, nothing empty.
func swapTwoBlanks(t *testing.T, p daily.Puzzle) string {
	t.Helper()
	g := p.Solution
	var first *solver.Cell
	for r := 0; r < 9; r++ {
		for c := 0; c < 9; c++ {
			if p.Grid.At(r, c) != 0 {
				continue
			}
			if first == nil {
				first = &solver.Cell{Row: r, Col: c}
				continue
			}
			if a, b := g.At(first.Row, first.Col), g.At(r, c); a != b {
				g.Set(first.Row, first.Col, b)
				g.Set(r, c, a)
				return g.String()
			}
		}
	}
	t.Fatal("no two blanks with different digits")
	return ""
}

func TestDailyButtonsAndForm(t *testing.T) {
	f := newDaily(t)
	resp, i := f.do(discordtest.Button(dailyGuild, player, "daily:play"))
	f.want(resp, i, true, "**Daily #")
	p := f.today()
	resp, _ = f.do(discordtest.Button(dailyGuild, player, "daily:submit:"+strconv.Itoa(p.Day)))
	if resp.Modal == nil || resp.Modal.CustomID != "daily:answer:"+strconv.Itoa(p.Day) || len(resp.Modal.Inputs) != 1 {
		t.Fatalf("Submit button = %+v, want the answer form", resp.Modal)
	}
	resp, i = f.do(discordtest.ModalSubmit(dailyGuild, player, resp.Modal.CustomID, map[string]string{"answer": p.Solution.String()}))
	f.want(resp, i, true, "✅ **Correct!**")
	resp, i = f.do(discordtest.ModalSubmit(dailyGuild, player, "daily:answer:"+strconv.Itoa(p.Day-5), map[string]string{"answer": p.Solution.String()}))
	f.want(resp, i, true, "is closed", "today's is **#")
	resp, i = f.do(discordtest.Button(dailyGuild, player, "daily:nonsense"))
	f.want(resp, i, true, "That button no longer works")
	for _, id := range []string{"daily:submit:x", "daily:submit:", "daily:submit:-3"} {
		resp, i = f.do(discordtest.Button(dailyGuild, player, id))
		f.want(resp, i, true, "That button no longer works")
	}
	resp, i = f.do(discordtest.ModalSubmit(dailyGuild, player, "daily:answer:0", map[string]string{"answer": p.Solution.String()}))
	f.want(resp, i, true, "That button no longer works")
}

func TestDailyBoardsAndStatsArePublic(t *testing.T) {
	f := newDaily(t)
	resp, i := f.do(sub("leaderboard", nil))
	f.want(resp, i, false, "fastest today", "Nobody here has solved one yet")
	resp, i = f.do(sub("stats", nil))
	f.want(resp, i, false, "<@42> has not solved a daily puzzle")
	f.do(sub("play", nil))
	f.do(sub("submit", map[string]any{"answer": f.today().Solution.String()}))
	for period, want := range map[string]string{"today": "🥇 <@42> 0:00", "week": "🥇 <@42> ", "month": "points this month",
		"all": "1 solved · best streak 1"} {
		resp, i = f.do(sub("leaderboard", map[string]any{"period": period}))
		f.want(resp, i, false, want)
	}
	resp, i = f.do(sub("leaderboard", map[string]any{"period": "decade"}))
	f.want(resp, i, true, "Choose a period")
	resp, i = f.do(sub("stats", map[string]any{"user": discordtest.Member("42")}))
	f.want(resp, i, false, "**Daily stats for <@42>**", "Streak: 1 day", "Solved: 1")
}

func TestDailySetupAndOff(t *testing.T) {
	f := newDaily(t)
	setup := func(u discordtest.User, perms int64, zone string) map[string]any {
		return discordtest.WithPermissions(discordtest.Subcommand(dailyGuild, u, "daily", "setup",
			map[string]any{"channel": discordtest.Channel("55"), "hour": 9, "timezone": zone}), perms)
	}
	resp, i := f.do(setup(player, 0, "Europe/Paris"))
	f.want(resp, i, true, "Manage Server")
	resp, i = f.do(setup(admin, discordgo.PermissionManageGuild, "Mars/Olympus"))
	f.want(resp, i, true, `I don't know the timezone "Mars/Olympus"`)
	resp, i = f.do(setup(admin, discordgo.PermissionManageGuild, "europe/paris"))
	if resp.Post == nil || resp.Post.Channel != "55" || !strings.Contains(resp.Post.Message.Content, "09:00 (Europe/Paris)") {
		t.Fatalf("setup = %+v, want an announcement in <#55> first", resp)
	}
	refused, err := resp.Post.After(context.Background(), "", context.DeadlineExceeded)
	if err != nil || !strings.Contains(refused.Content, "I can't post in <#55>") {
		t.Errorf("after a refused announcement: %q, %v", refused.Content, err)
	}
	if _, ok, _ := f.st.Guild(context.Background(), dailyGuild); ok {
		t.Error("settings saved although the announcement was refused")
	}
	done, err := resp.Post.After(context.Background(), "m1", nil)
	f.want(done, i, true, "Done: the daily puzzle will be posted in <#55>")
	if g, ok, _ := f.st.Guild(context.Background(), dailyGuild); err != nil || !ok || g.Channel != "55" || g.Timezone != "Europe/Paris" || g.Hour != 9 {
		t.Errorf("saved settings = %+v (%v, %v)", g, ok, err)
	}
	off := discordtest.WithPermissions(discordtest.Subcommand(dailyGuild, admin, "daily", "off", nil), discordgo.PermissionAdministrator)
	resp, i = f.do(off)
	f.want(resp, i, true, "Daily posts stopped")
	resp, i = f.do(off)
	f.want(resp, i, true, "is not being posted here")
}

func TestDailyTimezoneSuggestions(t *testing.T) {
	f := newDaily(t)
	i := decode(t, discordtest.Autocomplete(sub("setup", map[string]any{"timezone": "paris"}), "timezone"))
	got := f.cmd.Autocomplete(context.Background(), i)
	if len(got) == 0 || got[0].Value != "Europe/Paris" {
		t.Errorf("suggestions for paris = %+v, want Europe/Paris first", got)
	}
	i = decode(t, discordtest.Autocomplete(sub("setup", map[string]any{"timezone": ""}), "timezone"))
	if got := f.cmd.Autocomplete(context.Background(), i); len(got) == 0 || len(got) > 25 || got[0].Value != "UTC" {
		t.Errorf("suggestions for nothing typed = %d, want the common zones", len(got))
	}
}

func TestDailyInADMAndWithTheDatabaseDown(t *testing.T) {
	f := newDaily(t)
	dm := discordtest.InDM(sub("play", nil)) // a personal daily: today's puzzle, the clock started
	resp, i := f.do(dm)
	f.want(resp, i, true, fmt.Sprintf("**Daily #%d**", f.today().Day), "clock started")
	resp, i = f.do(discordtest.InDM(sub("setup", nil)))
	f.want(resp, i, true, "Daily posts go to a server's channel")
	f.st.Close()
	resp, i = f.do(sub("play", nil))
	f.want(resp, i, true, "can't reach my database", "/solve and the other commands still work")
	resp, i = f.do(sub("leaderboard", nil))
	f.want(resp, i, true, "can't reach my database")
	resp, i = f.do(sub("submit", map[string]any{"answer": solution}))
	f.want(resp, i, true, "couldn't record that", "nothing was saved")
}

// recordFails is a database that takes everything but a daily solve.
type recordFails struct{ *store.DB }

func (recordFails) Record(context.Context, daily.Solve) (daily.Entry, daily.Player, bool, error) {
	return daily.Entry{}, daily.Player{}, false, fmt.Errorf("%w: record: disk full", daily.ErrStore)
}

// TestDailyBoardSubmitNotRecorded: a full daily board submitted while the
// database refuses the solve answers with the board itself, saying that
// nothing was recorded, and hands the cause to the bot to log.
func TestDailyBoardSubmitNotRecorded(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "daily.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	d := deps()
	d.Daily, d.Games = daily.New(recordFails{st}, nil), st
	ctx, pr := context.Background(), i18n.For("")
	p, e, err := d.Daily.Play(ctx, dailyGuild, "42")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.dailyOpen(ctx, pr, dailyGuild, "42", p, e); err != nil {
		t.Fatal(err)
	}
	ref := game.DailyRef(p.Day).String()
	board, err := d.playTap(ctx, pr, dailyGuild, "42", mustMatch(t, controlID, "play:"+ref+":0:M"), p.Solution.String())
	if err != nil || len(board.Rows) == 0 {
		t.Fatalf("typing the solution = %+v, %v; want the full board", board.Content, err)
	}
	id, ok := ParseBoardID(board.Rows[len(board.Rows)-1][4].CustomID)
	if !ok || id.Control != CtlSubmit {
		t.Fatalf("the last button is %q, want Submit", board.Rows[len(board.Rows)-1][4].CustomID)
	}
	_, err = d.playTap(ctx, pr, dailyGuild, "42", mustMatch(t, controlID, id.String()), "")
	var fail *Failure
	if !errors.As(err, &fail) || !errors.Is(err, daily.ErrStore) || !strings.Contains(err.Error(), "daily board submission not recorded") {
		t.Fatalf("Submit with the solve refused = %v, want a Failure that carries the cause", err)
	}
	if !strings.Contains(fail.Reply.Footer, "couldn't record that") || len(fail.Reply.Files) != 1 || !fail.Reply.V2 ||
		strings.Contains(fail.Reply.Footer+fail.Reply.Content, "disk full") {
		t.Errorf("the reply = %q / %q, want the board saying nothing was recorded, and no cause", fail.Reply.Content, fail.Reply.Footer)
	}
}

// TestDailyPracticeWaitsUntilClosedEverywhere: yesterday's daily is still
// today somewhere (in UTC−12 until 12:00 UTC, and an hour of grace), so it
// is not opened for practice, with its hints and checks, until then.
func TestDailyPracticeWaitsUntilClosedEverywhere(t *testing.T) {
	f := newDaily(t) // 12:00 UTC
	n := f.today().Day
	resp, i := f.do(sub("play", map[string]any{"number": n - 1}))
	f.want(resp, i, true, fmt.Sprintf("Daily #%d", n-1), "still being played", "<t:")
}
