package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/commands"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/internal/limit"
)

func TestRegistersEveryCommand(t *testing.T) {
	for _, g := range []string{"", guild} {
		t.Run("guild="+g, func(t *testing.T) {
			h := start(t, func(m *Main) { m.Options.GuildID = g })
			cmds := h.fake.Commands(g, wait)
			var names []string
			for _, c := range cmds {
				names = append(names, c.Name)
			}
			if got := strings.Join(names, ","); got != "solve,check,hint,generate,help,Solve this puzzle" {
				t.Errorf("registered %q, want solve,check,hint,generate,help,Solve this puzzle", got)
			}
			if h.fake.Requests("commands") != 1 {
				t.Errorf("%d registration requests, want one bulk overwrite", h.fake.Requests("commands"))
			}
		})
	}
}

// TestAttachmentOptionsPickPictures: every attachment option is
// registered with file_types naming the pictures the reader decodes, so
// Discord's file picker offers those (and not AVIF or GIF).
func TestAttachmentOptionsPickPictures(t *testing.T) {
	h := start(t, func(m *Main) { m.Options.GuildID = guild })
	h.fake.Commands(guild, wait)
	var cmds []struct {
		Name    string `json:"name"`
		Options []struct {
			Name      string   `json:"name"`
			Type      int      `json:"type"`
			FileTypes []string `json:"file_types"`
		} `json:"options"`
	}
	if err := json.Unmarshal(h.fake.Overwrite(guild), &cmds); err != nil {
		t.Fatal(err)
	}
	var seen []string
	for _, c := range cmds {
		for _, o := range c.Options {
			if o.Type != int(discordgo.ApplicationCommandOptionAttachment) {
				continue
			}
			seen = append(seen, c.Name+"."+o.Name)
			if got := strings.Join(o.FileTypes, " "); got != ".png .jpg .jpeg .webp" {
				t.Errorf("%s.%s file_types %q, want .png .jpg .jpeg .webp", c.Name, o.Name, got)
			}
		}
	}
	if got := strings.Join(seen, " "); got != "solve.image check.image check.answer_image hint.image" {
		t.Errorf("attachment options %q", got)
	}
	if v := h.fake.Violations(); len(v) > 0 {
		t.Errorf("violations: %v", v)
	}
}

// TestRegistersKeepingTheEntryPoint: with the app's Activities enabled
// (Discord then holds an entry-point command), the global overwrite
// keeps that command as it is, so it is not refused (50240) and every
// command is registered.
func TestRegistersKeepingTheEntryPoint(t *testing.T) {
	fake := discordtest.New(testToken)
	t.Cleanup(fake.Close)
	fake.EnableActivities()
	before := fake.EntryPoint()
	h := startOn(t, fake, nil, nil)
	if cmds := h.fake.Commands("", wait); len(cmds) != 6 {
		t.Fatalf("registered %d commands, want 6", len(cmds))
	}
	var was, is struct {
		ID      string `json:"id"`
		Handler int    `json:"handler"`
		Type    int    `json:"type"`
	}
	if err := json.Unmarshal(before, &was); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(h.fake.EntryPoint(), &is); err != nil {
		t.Fatal(err)
	}
	if is != was {
		t.Errorf("the entry point is now %+v, was %+v", is, was)
	}
	if v := h.fake.Violations(); len(v) > 0 {
		t.Errorf("the fake Discord refused: %v", v)
	}
}

func TestSolveEndToEnd(t *testing.T) {
	eachTransport(t, func(t *testing.T, over func(*Main)) {
		h := start(t, over)
		tests := []struct {
			name      string
			opts      map[string]any
			want      []string
			file      string
			ephemeral bool
		}{
			{"image", map[string]any{"puzzle": classic}, []string{"**Solved.** The solution is unique", solution}, "solution.png", false},
			{"text", map[string]any{"puzzle": classic, "format": "text"}, []string{"5 3 4 | 6 7 8 | 9 1 2"}, "", false},
			{"both", map[string]any{"puzzle": classic, "format": "both"}, []string{"5 3 4 | 6 7 8", solution}, "solution.png", false},
			{"spoiler", map[string]any{"puzzle": classic, "format": "both", "spoiler": true}, []string{"||```\n5 3 4", "||```\n" + solution}, "SPOILER_solution.png", false},
			{"private", map[string]any{"puzzle": classic, "private": true}, []string{"**Solved.**"}, "solution.png", true},
			{"bad input", map[string]any{"puzzle": classic[:79]}, []string{"found 79 cells; a 9×9 puzzle needs 81"}, "", true},
			{"bad character", map[string]any{"puzzle": "53..7....6..195.k.." + classic[19:]}, []string{"unexpected character 'k' at position 17"}, "", true},
			{"clash", map[string]any{"puzzle": "55" + classic[2:]}, []string{"**No solution:** row 1 has two 5s, at r1c1 and r1c2"}, "solution.png", false},
			{"too few givens", map[string]any{"puzzle": "1" + strings.Repeat(".", 80)}, []string{"**Not unique.**", "Only 1 given: 9×9 puzzles"}, "solution.png", false},
		}
		for k, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				u := discordtest.User{ID: fmt.Sprint(900000000000000000 + k), Name: "user"}
				r := h.ask(u, "solve", tt.opts)
				checkMessage(t, r.Final, tt.want, tt.file, tt.ephemeral)
				if len(r.Callbacks) != 1 || r.First > 3*time.Second {
					t.Errorf("callbacks = %d, first after %v", len(r.Callbacks), r.First)
				}
			})
		}
	})
}

func checkMessage(t *testing.T, m discordtest.Message, want []string, file string, ephemeral bool) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(m.Content, w) {
			t.Errorf("reply lacks %q:\n%s", w, m.Content)
		}
	}
	if m.Ephemeral() != ephemeral {
		t.Errorf("ephemeral = %v, want %v", m.Ephemeral(), ephemeral)
	}
	switch {
	case file == "" && len(m.Files) > 0:
		t.Errorf("unexpected attachment %s", m.Files[0].Name)
	case file != "" && (len(m.Files) != 1 || m.Files[0].Name != file):
		t.Errorf("attachments %v, want %s", m.Files, file)
	case file != "":
		if _, err := png.Decode(bytes.NewReader(m.Files[0].Data)); err != nil {
			t.Errorf("%s is not a PNG: %v", file, err)
		}
	}
}

func TestMessageCommandEndToEnd(t *testing.T) {
	eachTransport(t, func(t *testing.T, over func(*Main)) {
		h := start(t, over)
		grid := "Stuck on this:\n```\n" + strings.Join(rowsOf(classic), "\n") + "\n```"
		id := h.fake.Send(discordtest.MessageCommand(guild, ada, "Solve this puzzle", grid))
		r, ok := h.fake.Reply(id, wait)
		if !ok {
			t.Fatal("no reply")
		}
		checkMessage(t, r.Final, []string{solution}, "solution.png", false)
	})
}

func rowsOf(p string) []string {
	var out []string
	for i := 0; i < len(p); i += 9 {
		out = append(out, p[i:i+9])
	}
	return out
}

func TestCheckEndToEnd(t *testing.T) {
	eachTransport(t, func(t *testing.T, over func(*Main)) {
		h := start(t, over)
		tests := []struct {
			name   string
			answer string
			want   string
			file   string
		}{
			{"correct", solution, "**Correct!**", ""},
			{"incomplete", classic, "**Incomplete:**", ""},
			{"wrong", solution[:2] + "64" + solution[4:], "**Not quite:** 2 cells are wrong: ||r1c3, r1c4||", "SPOILER_check.png"},
			{"unreadable", "nope", "I couldn't read the answer", ""},
		}
		for k, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				u := discordtest.User{ID: fmt.Sprint(910000000000000000 + k), Name: "user"}
				r := h.ask(u, "check", map[string]any{"puzzle": classic, "answer": tt.answer})
				checkMessage(t, r.Final, []string{tt.want}, tt.file, tt.name == "unreadable")
			})
		}
	})
}

func TestHelpEndToEnd(t *testing.T) {
	eachTransport(t, func(t *testing.T, over func(*Main)) {
		h := start(t, over)
		r := h.ask(ada, "help", nil)
		checkMessage(t, r.Final, []string{"/solve", "/check", "Solve this puzzle"}, "", true)
	})
}

// slowCommand sleeps before answering, and panics when asked to.
func slowCommand(name string, d time.Duration, private bool) commands.Command {
	return commands.Command{
		Def:     &discordgo.ApplicationCommand{Name: name, Description: "test"},
		Private: func(*discordgo.Interaction) bool { return private },
		Handle: func(ctx context.Context, i *discordgo.Interaction) (commands.Response, error) {
			time.Sleep(d)
			if name == "panic" {
				panic("handler bug")
			}
			if name == "fail" {
				return commands.Response{}, fmt.Errorf("database on fire at postgres://secret@db")
			}
			return commands.Response{Content: "done after " + d.String()}, nil
		},
	}
}

func withCommands(extra ...commands.Command) func(*Main) {
	return func(m *Main) {
		m.Options.Commands = append(m.Options.Commands, extra...)
		m.Options.DeferAfter = 100 * time.Millisecond
	}
}

func TestDeferralWhenSlow(t *testing.T) {
	eachTransport(t, func(t *testing.T, over func(*Main)) {
		h := start(t, both(over, withCommands(slowCommand("slow", 400*time.Millisecond, true), slowCommand("quick", 0, false))))
		r := h.ask(ada, "slow", nil)
		if len(r.Callbacks) != 1 || r.Callbacks[0].Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
			t.Fatalf("callbacks = %+v, want one deferred", r.Callbacks)
		}
		if !r.Callbacks[0].Message.Ephemeral() {
			t.Error("the deferred answer to a private command is not ephemeral")
		}
		if len(r.Edits) != 1 || r.Final.Content != "done after 400ms" || !r.Final.Ephemeral() {
			t.Errorf("edits = %+v, final = %+v", r.Edits, r.Final)
		}
		if r.First > time.Second {
			t.Errorf("deferred after %v, want about 100ms", r.First)
		}
		q := h.ask(ada, "quick", nil)
		if len(q.Callbacks) != 1 || q.Callbacks[0].Type != discordgo.InteractionResponseChannelMessageWithSource || len(q.Edits) != 0 {
			t.Errorf("a quick answer should be one direct callback: %+v", q)
		}
	})
}

// TestQueuedWorkIsDeferredAtOnce: a heavy command that finds every work
// slot taken sends its deferral at once, not after DeferAfter: in a burst
// the wait for a slot and DeferAfter together could pass Discord's 3 s.
func TestQueuedWorkIsDeferredAtOnce(t *testing.T) {
	heavy := slowCommand("heavy", 600*time.Millisecond, false)
	heavy.Heavy = true
	h := start(t, both(withCommands(heavy), func(m *Main) {
		m.Options.Slots, m.Options.DeferAfter = limit.NewSlots(1), 5*time.Second
	}))
	first := h.fake.Send(discordtest.SlashCommand(guild, ada, "heavy", nil))
	time.Sleep(150 * time.Millisecond) // the first holds the one slot
	r := h.ask(discordtest.User{ID: "800000000000000002", Name: "bob"}, "heavy", nil)
	if len(r.Callbacks) != 1 || r.Callbacks[0].Type != discordgo.InteractionResponseDeferredChannelMessageWithSource ||
		r.First > time.Second || r.Final.Content != "done after 600ms" {
		t.Errorf("the queued command: callbacks %+v after %v, final %q; want a deferral at once, then its answer", r.Callbacks, r.First, r.Final.Content)
	}
	if f, ok := h.fake.Reply(first, wait); !ok || len(f.Callbacks) != 1 || f.Callbacks[0].Type != discordgo.InteractionResponseChannelMessageWithSource {
		t.Errorf("the first command, which found a free slot, should answer in one direct callback: %+v", f)
	}
}

// TestBusyWorkIsDeferredAtOnce: heavy work that comes while more
// interactions are in flight than there are work slots is deferred at
// once, though a slot is free: in a burst its reply, a picture sent as
// the first callback, could reach Discord after the 3 s.
func TestBusyWorkIsDeferredAtOnce(t *testing.T) {
	heavy := slowCommand("heavy", 0, false)
	heavy.Heavy = true
	h := start(t, both(withCommands(heavy, slowCommand("hold", time.Second, false)), func(m *Main) {
		m.Options.Slots, m.Options.DeferAfter = limit.NewSlots(2), 5*time.Second
	}))
	holds := make([]string, 2) // two light commands in flight: as many as the slots, which they leave free
	for k := range holds {
		holds[k] = h.fake.Send(discordtest.SlashCommand(guild, discordtest.User{ID: fmt.Sprint(810000000000000000 + k), Name: "holder"}, "hold", nil))
	}
	time.Sleep(200 * time.Millisecond)
	r := h.ask(ada, "heavy", nil)
	if len(r.Callbacks) != 1 || r.Callbacks[0].Type != discordgo.InteractionResponseDeferredChannelMessageWithSource ||
		r.Final.Content != "done after 0s" {
		t.Errorf("heavy work in a busy process: callbacks %+v, final %q; want a deferral, then its answer", r.Callbacks, r.Final.Content)
	}
	for _, id := range holds {
		if _, ok := h.fake.Reply(id, wait); !ok {
			t.Fatalf("hold %s was not answered", id)
		}
	}
	// A hold's reply reaches the fake a moment before the bot stops
	// counting it in flight: a few askers, a tenth of a second apart.
	var q discordtest.Reply
	for k := range 10 {
		q = h.ask(discordtest.User{ID: fmt.Sprint(820000000000000000 + k), Name: "after"}, "heavy", nil)
		if len(q.Callbacks) == 1 && q.Callbacks[0].Type == discordgo.InteractionResponseChannelMessageWithSource {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Errorf("heavy work once the burst is over should answer in one direct callback: %+v", q.Callbacks)
}

func TestHandlerPanicAndError(t *testing.T) {
	eachTransport(t, func(t *testing.T, over func(*Main)) {
		h := start(t, both(over, withCommands(slowCommand("panic", 0, false), slowCommand("fail", 0, false))))
		for _, name := range []string{"panic", "fail"} {
			r := h.ask(ada, name, nil)
			checkMessage(t, r.Final, []string{"Sorry, something went wrong on my side"}, "", true)
		}
		logs := h.logs.String()
		if strings.Count(logs, "command panicked") != 1 || !strings.Contains(logs, "handler bug") {
			t.Errorf("want one log line for the panic:\n%s", logs)
		}
		if !strings.Contains(logs, "command failed") {
			t.Errorf("the handler's error is not logged:\n%s", logs)
		}
		// The bot still works after a panic.
		checkMessage(t, h.ask(ada, "help", nil).Final, []string{"/solve"}, "", true)
	})
}

func TestRateLimitedCallbackIsRetried(t *testing.T) {
	h := start(t, nil)
	h.fake.Fail("callback", http.StatusTooManyRequests, 1, 200*time.Millisecond)
	r := h.ask(ada, "help", nil)
	checkMessage(t, r.Final, []string{"/solve"}, "", true)
	if n := h.fake.Requests("callback"); n != 2 {
		t.Errorf("%d callback requests, want 2 (one refused with 429, one retried)", n)
	}
	if !strings.Contains(h.logs.String(), "Discord rate limit") {
		t.Errorf("the 429 is not logged:\n%s", h.logs)
	}
}

func TestFailedCallbackIsLoggedNotRetried(t *testing.T) {
	h := start(t, nil)
	h.fake.Fail("callback", http.StatusInternalServerError, 1, 0)
	id := h.fake.Send(discordtest.SlashCommand(guild, ada, "help", nil))
	if _, ok := h.fake.Reply(id, time.Second); ok {
		t.Fatal("a reply arrived although the callback failed")
	}
	if n := h.fake.Requests("callback"); n != 1 {
		t.Errorf("%d callback requests, want 1: a failed reply is not retried", n)
	}
	logs := h.logs.String()
	if !strings.Contains(logs, `msg="reply failed"`) || !strings.Contains(logs, id) {
		t.Errorf("the failure is not logged with the interaction id %s:\n%s", id, logs)
	}
	// The next interaction is answered normally.
	checkMessage(t, h.ask(ada, "help", nil).Final, []string{"/solve"}, "", true)
}

func TestSurvivesDroppedGateway(t *testing.T) {
	h := start(t, nil)
	h.fake.DropGateway()
	// Sent while the bot is disconnected: it arrives when the bot resumes.
	r := h.ask(ada, "solve", map[string]any{"puzzle": classic, "format": "text"})
	checkMessage(t, r.Final, []string{solution}, "", false)
	if _, resumes := h.fake.Sessions(); resumes < 1 {
		t.Errorf("the bot did not resume its session")
	}
}

func TestPerUserRateLimit(t *testing.T) {
	eachTransport(t, func(t *testing.T, over func(*Main)) {
		h := start(t, both(over, func(m *Main) { m.Options.RateBurst, m.Options.RateInterval = 3, time.Minute }))
		for k := 0; k < 3; k++ {
			checkMessage(t, h.ask(ada, "help", nil).Final, []string{"/solve"}, "", true)
		}
		r := h.ask(ada, "help", nil)
		checkMessage(t, r.Final, []string{"Slow down a little: try again in"}, "", true)
		other := discordtest.User{ID: "800000000000000002", Name: "bob"}
		checkMessage(t, h.ask(other, "help", nil).Final, []string{"/solve"}, "", true)
	})
}

// TestBurstIsAllAnswered: a burst of solves, far more than the work
// slots, is answered in full, each first callback within Discord's 3 s
// (the fake's rule). The fake Discord shares the machine with the bot, and
// the race detector makes both several times slower: under it the burst
// is a quarter as large, still twelve times the slots on two cores.
func TestBurstIsAllAnswered(t *testing.T) {
	n := 200
	if raceEnabled {
		n = 50
	}
	eachTransport(t, func(t *testing.T, over func(*Main)) {
		h := start(t, over)
		ids := make([]string, n)
		var wg sync.WaitGroup
		for k := range ids {
			wg.Go(func() {
				u := discordtest.User{ID: fmt.Sprint(920000000000000000 + k), Name: "user"}
				ids[k] = h.fake.Send(discordtest.SlashCommand(guild, u, "solve", map[string]any{"puzzle": classic}))
			})
		}
		wg.Wait()
		for _, id := range ids {
			r, ok := h.fake.Reply(id, 30*time.Second)
			if !ok || !strings.Contains(r.Final.Content, solution) || len(r.Final.Files) != 1 {
				t.Fatalf("interaction %s: answered %v, final %+v", id, ok, r.Final.Content)
			}
		}
	})
}

func TestShutdownFinishesInFlight(t *testing.T) {
	eachTransport(t, func(t *testing.T, over func(*Main)) {
		h := start(t, both(over, withCommands(slowCommand("slow", 500*time.Millisecond, false))))
		id := h.fake.Send(discordtest.SlashCommand(guild, ada, "slow", nil))
		time.Sleep(150 * time.Millisecond) // the interaction is in flight
		stopped := make(chan struct{})
		go func() { h.stop(); close(stopped) }()
		r, ok := h.fake.Reply(id, wait)
		if !ok || r.Final.Content != "done after 500ms" {
			t.Fatalf("the interaction in flight was not finished: %v %+v", ok, r.Final)
		}
		<-stopped
	})
}

func TestGenerateAndButtonEndToEnd(t *testing.T) {
	eachTransport(t, func(t *testing.T, over func(*Main)) {
		h := start(t, over)
		r := h.ask(ada, "generate", map[string]any{"difficulty": "easy"})
		checkMessage(t, r.Final, []string{"**New 9×9 puzzle** · easy"}, "puzzle.png", false)
		if len(r.Final.Buttons) != 1 {
			t.Fatalf("buttons = %v, want Show solution", r.Final.Buttons)
		}
		id := h.fake.Send(discordtest.Button(guild, ada, r.Final.Buttons[0]))
		shown, ok := h.fake.Reply(id, wait)
		if !ok {
			t.Fatal("no answer to the button")
		}
		checkMessage(t, shown.Final, []string{"Solution:", "||```"}, "", true)
		expired := h.fake.Send(discordtest.Button(guild, ada, "nosuch:thing"))
		if r, ok := h.fake.Reply(expired, wait); !ok || !strings.Contains(r.Final.Content, "no longer works") {
			t.Errorf("unknown button: %+v", r.Final)
		}
	})
}

func TestHintEndToEnd(t *testing.T) {
	eachTransport(t, func(t *testing.T, over func(*Main)) {
		h := start(t, over)
		r := h.ask(ada, "hint", map[string]any{"puzzle": classic})
		checkMessage(t, r.Final, []string{"**Hint:**"}, "hint.png", true)
	})
}

// boardCommand answers its buttons by updating the message they are on,
// after d.
func boardCommand(d time.Duration) commands.Command {
	return commands.Command{
		Def:     &discordgo.ApplicationCommand{Name: "board", Description: "test"},
		Private: func(*discordgo.Interaction) bool { return true },
		Handle: func(context.Context, *discordgo.Interaction) (commands.Response, error) {
			return commands.Response{Content: "board"}, nil
		},
		Routes: []commands.Route{{Pattern: "board:{arg...}", Updates: true,
			Handle: func(_ context.Context, _ *discordgo.Interaction, a commands.Args) (commands.Response, error) {
				time.Sleep(d)
				arg := a["arg"]
				return commands.Response{Content: "tapped " + arg, Buttons: []commands.Button{{Label: "again", CustomID: "board:" + arg + "+"}},
					Files: []commands.File{{Name: "board.png", ContentType: "image/png", Data: []byte("png")}}}, nil
			}}},
	}
}

// TestButtonsUpdateTheirMessage: a tap's answer replaces the message the
// button is on (type 7), or, when slow, is deferred as an update (type 6)
// and edited in; either way its picture replaces the old one. Over HTTP a
// picture always comes by REST: the response defers (type 6).
func TestButtonsUpdateTheirMessage(t *testing.T) {
	for _, tr := range transports {
		for _, tt := range []struct {
			name      string
			delay     time.Duration
			wantFirst discordgo.InteractionResponseType
		}{
			{"quick", 0, discordgo.InteractionResponseUpdateMessage},
			{"slow", 400 * time.Millisecond, discordgo.InteractionResponseDeferredMessageUpdate},
		} {
			if tr.name == "http" {
				tt.wantFirst = discordgo.InteractionResponseDeferredMessageUpdate
			}
			t.Run(tr.name+"/"+tt.name, func(t *testing.T) {
				h := start(t, both(tr.set, withCommands(boardCommand(tt.delay))))
				r := h.send(discordtest.Button(guild, ada, "board:b5"))
				if len(r.Callbacks) != 1 || r.Callbacks[0].Type != tt.wantFirst {
					t.Fatalf("callbacks = %+v, want one of type %d", r.Callbacks, tt.wantFirst)
				}
				if r.Final.Content != "tapped b5" || len(r.Final.Buttons) != 1 || len(r.Final.Files) != 1 {
					t.Errorf("final = %q with %d buttons and %d files, want the new board with one picture",
						r.Final.Content, len(r.Final.Buttons), len(r.Final.Files))
				}
			})
		}
	}
}

// TestCleanShutdownWarnsOfNothing: a clean stop, over either transport,
// logs no lost gateway connection (an operator's alert would fire on
// every deploy) and no warning at all.
func TestCleanShutdownWarnsOfNothing(t *testing.T) {
	eachTransport(t, func(t *testing.T, over func(*Main)) {
		h := start(t, over)
		h.ask(ada, "solve", map[string]any{"puzzle": classic, "format": "text"})
		h.stop()
		time.Sleep(100 * time.Millisecond) // the gateway's events come on their own goroutine
		logs := h.logs.String()
		if !strings.Contains(logs, `msg=stopped`) || strings.Contains(logs, "level=WARN") {
			t.Errorf("a clean stop logged a warning, or did not say it stopped:\n%s", logs)
		}
	})
}
