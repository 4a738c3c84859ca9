package app

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/store"
	"github.com/sudokubot/sudokubot/store/storetest"
)

// board is the board message a player sees, read back from the fake.
type board struct {
	t       *testing.T
	h       *harness
	st      *store.DB
	u       discordtest.User
	ref     string
	seq     string
	last    discordtest.Reply
	content string
}

// openBoard sends /play with opts and reads the board it answers with.
func openBoard(t *testing.T, h *harness, st *store.DB, u discordtest.User, opts map[string]any) *board {
	t.Helper()
	b := &board{t: t, h: h, st: st, u: u}
	b.read(h.send(discordtest.SlashCommand(guild, u, "play", opts)), discordgo.InteractionResponseChannelMessageWithSource)
	if !b.last.Final.Ephemeral() {
		t.Error("the board is not private")
	}
	return b
}

// read takes a reply as the board's current state: its move counter
// comes from its buttons' custom ids, "play:<ref>:<seq>:<control>". The
// reply is one callback of type want, or, when the bot was slow (a busy
// machine, the race detector), its deferral and an edit.
func (b *board) read(r discordtest.Reply, want discordgo.InteractionResponseType) {
	b.t.Helper()
	deferral := map[discordgo.InteractionResponseType]discordgo.InteractionResponseType{
		discordgo.InteractionResponseChannelMessageWithSource: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		discordgo.InteractionResponseUpdateMessage:            discordgo.InteractionResponseDeferredMessageUpdate,
	}[want]
	direct := len(r.Callbacks) == 1 && r.Callbacks[0].Type == want
	deferred := len(r.Callbacks) == 1 && r.Callbacks[0].Type == deferral && len(r.Edits) == 1
	if !direct && !deferred {
		b.t.Fatalf("callbacks = %+v and %d edits, want one of type %d (or its deferral and an edit); logs:\n%s",
			r.Callbacks, len(r.Edits), want, b.h.logs)
	}
	if len(r.Final.Files) != 1 || r.Final.Files[0].Name != "board.png" || len(r.Final.Files[0].Data) > 40<<10 {
		b.t.Errorf("the board's picture: %+v", r.Final.Files)
	}
	if !r.Final.V2() || !r.Final.Ephemeral() {
		b.t.Errorf("the board is not a private Components V2 message: flags %b", r.Final.Flags)
	}
	b.last, b.content = r, r.Final.Content
	if len(r.Final.Buttons) == 0 {
		return // play is over
	}
	parts := strings.Split(r.Final.Buttons[0], ":")
	if len(parts) != 4 || parts[0] != "play" || len(r.Final.Buttons[0]) > 100 {
		b.t.Fatalf("button id %q", r.Final.Buttons[0])
	}
	b.ref, b.seq = parts[1], parts[2]
}

// tap presses a control on the current board.
func (b *board) tap(control string) {
	b.t.Helper()
	b.read(b.h.send(discordtest.At(discordtest.Button(guild, b.u, fmt.Sprintf("play:%s:%s:%s", b.ref, b.seq, control)), b.last.Final)),
		discordgo.InteractionResponseUpdateMessage)
}

// stored reads the player's game from the database.
func (b *board) stored() *game.Game {
	b.t.Helper()
	data, _, ok, err := b.st.Game(context.Background(), game.Key{User: b.u.ID, Puzzle: b.ref})
	if err != nil || !ok {
		b.t.Fatalf("no stored game: %v", err)
	}
	g, err := game.Decode(data)
	if err != nil {
		b.t.Fatal(err)
	}
	return g
}

// fill places every missing digit with box, cell and digit taps.
func (b *board) fill() int {
	b.t.Helper()
	return b.fill2(b.stored())
}

// fill2 fills g's missing digits on the board.
func (b *board) fill2(g *game.Game) int {
	b.t.Helper()
	n, br, bc := g.Size(), g.Puzzle().BoxRows(), g.Puzzle().BoxCols()
	taps := 0
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if g.Grid().At(r, c) != 0 {
				continue
			}
			box, k := r/br*(n/bc)+c/bc+1, r%br*bc+c%bc+1
			b.tap(fmt.Sprintf("b%d", box))
			b.tap(fmt.Sprintf("c%d", k))
			b.tap(fmt.Sprintf("d%d", g.Solution().At(r, c)))
			taps += 3
		}
	}
	return taps
}

// TestPlayAWholeBoardByTaps opens /play, fills the board by taps and
// submits it, over both transports; the taps are stored as they come.
func TestPlayAWholeBoardByTaps(t *testing.T) {
	eachTransport(t, func(t *testing.T, over func(*Main)) {
		h, st := startDailyWith(t, "", over)
		b := openBoard(t, h, st, ada, map[string]any{"size": 4, "difficulty": "easy"})
		if !strings.Contains(b.content, "**New puzzle** · 4×4") {
			t.Errorf("board = %q", b.content)
		}
		b.tap("s")
		if !strings.Contains(b.content, "Fill every cell first") {
			t.Errorf("an early submit = %q", b.content)
		}
		if started := fmt.Sprintf("· started <t:%d:R>", b.stored().Started().Unix()); b.stored().Started().IsZero() ||
			!strings.Contains(b.content, started) {
			t.Errorf("the board's clock: %q, want %q", b.content, started)
		}
		taps := b.fill()
		if g := b.stored(); !g.Solved() || fmt.Sprint(g.Seq()) != b.seq {
			t.Fatalf("after %d taps the stored game is solved %v at seq %d, board at %s", taps, g.Solved(), g.Seq(), b.seq)
		}
		b.tap("s")
		if !strings.Contains(b.content, "✅ **Correct!**") || len(b.last.Final.Buttons) != 0 {
			t.Errorf("submit = %q with %d buttons, want Correct! and no controls", b.content, len(b.last.Final.Buttons))
		}
	})
}

// TestPlayRefusesAnOutdatedTapAndResumes: a tap carrying an old move
// counter is not applied; /play with the same puzzle resumes the game;
// a restarted bot takes the next tap.
func TestPlayRefusesAnOutdatedTapAndResumes(t *testing.T) {
	dsn := t.TempDir() + "/play.db"
	h, st := startDailyWith(t, dsn, nil)
	const puzzle = "...1...44...2..." // one solution; r1c1 and r1c2 are blank
	b := openBoard(t, h, st, ada, map[string]any{"puzzle": puzzle})
	b.tap("b1")
	old := b.seq
	b.tap("c2")
	b.tap("d3")
	before := b.stored()
	b.seq = old // a second device still shows the board before those taps
	b.tap("c2")
	if !strings.Contains(b.content, "out of date") || b.stored().Seq() != before.Seq() {
		t.Errorf("an outdated tap: %q; seq %d → %d", b.content, before.Seq(), b.stored().Seq())
	}
	again := openBoard(t, h, st, ada, map[string]any{"puzzle": puzzle})
	if !strings.Contains(again.content, "Welcome back") || again.seq != b.seq {
		t.Errorf("reopening the same puzzle: %q at %s, want the saved game at %s", again.content, again.seq, b.seq)
	}
	h.stop()
	st.Close()
	h2, st2 := startDailyWith(t, dsn, nil)
	b.h, b.st = h2, st2
	b.tap("u") // undo the 3, on a new process
	if g := b.stored(); g.Grid().At(0, 1) != 0 {
		t.Errorf("after a restart, undo left %d at r1c2", g.Grid().At(0, 1))
	}
}

// TestDailyPlayedByTaps: the daily post's Play opens the board; a check
// and a hint count; the full board submitted is recorded like /daily
// submit, with the checks and hints on the share line.
func TestDailyPlayedByTaps(t *testing.T) {
	eachTransport(t, func(t *testing.T, over func(*Main)) {
		h, st := startDailyWith(t, "", over)
		b := &board{t: t, h: h, st: st, u: ada}
		b.read(h.send(discordtest.Button(guild, ada, "daily:play")), discordgo.InteractionResponseChannelMessageWithSource)
		b.tap("k")
		b.tap("h")
		if !strings.Contains(b.content, "💡") {
			t.Errorf("hint = %q", b.content)
		}
		g := b.storedDaily()
		b.fill2(g)
		b.tap("s")
		if !strings.Contains(b.content, "✅ **Correct!** Daily #") || !strings.Contains(b.content, "1 check, 1 hint\n") ||
			!regexp.MustCompile(`\n([🟩🟨🟧🟥💡]{3}\n){2}[🟩🟨🟧🟥💡]{3}\n`+"```").MatchString(b.content) ||
			len(b.last.Final.Buttons) != 0 {
			t.Errorf("daily submit = %q (%d buttons)", b.content, len(b.last.Final.Buttons))
		}
		board := h.send(discordtest.Subcommand(guild, ada, "daily", "leaderboard", nil))
		if !strings.Contains(board.Final.Content, "🥇 <@"+ada.ID+">") {
			t.Errorf("the board's solve is not on the leaderboard: %q", board.Final.Content)
		}
		again := h.send(discordtest.Subcommand(guild, ada, "daily", "play", nil))
		checkMessage(t, again.Final, []string{"You solved **Daily #"}, "", true)
		stats := h.send(discordtest.Subcommand(guild, ada, "daily", "stats", nil))
		checkMessage(t, stats.Final, []string{"Last 4 weeks:", "Latest:\n```\nDaily #", "1 check, 1 hint"}, "", false)
		t.Logf("the board's answer:\n%s\n/daily stats:\n%s", b.content, stats.Final.Content)
	})
}

// storedDaily reads the player's daily game, in the test's server.
func (b *board) storedDaily() *game.Game {
	b.t.Helper()
	data, _, ok, err := b.st.Game(context.Background(), game.Key{User: b.u.ID, Puzzle: b.ref + "/" + guild})
	if err != nil || !ok {
		b.t.Fatalf("no stored daily game %s: %v", b.ref, err)
	}
	g, err := game.Decode(data)
	if err != nil {
		b.t.Fatal(err)
	}
	return g
}

// typeMoves opens the board's form and submits text in it.
func (b *board) typeMoves(text string) {
	b.t.Helper()
	r := b.h.send(discordtest.At(discordtest.Button(guild, b.u, fmt.Sprintf("play:%s:%s:m", b.ref, b.seq)), b.last.Final))
	if len(r.Callbacks) != 1 || r.Callbacks[0].Type != discordgo.InteractionResponseModal || len(r.Callbacks[0].Message.Inputs) != 1 {
		b.t.Fatalf("Type answered %+v, want a form", r.Callbacks)
	}
	modal := r.Callbacks[0].Message.ModalID
	b.read(b.h.send(discordtest.At(discordtest.ModalSubmit(guild, b.u, modal, map[string]string{"moves": text}), b.last.Final)),
		discordgo.InteractionResponseUpdateMessage)
}

// TestPlayTypedMoves: the board's form takes moves (all or none, errors
// naming the token) and a whole pasted grid.
func TestPlayTypedMoves(t *testing.T) {
	eachTransport(t, func(t *testing.T, over func(*Main)) {
		h, st := startDailyWith(t, "", over)
		const puzzle = "...1...44...2..."
		b := openBoard(t, h, st, ada, map[string]any{"puzzle": puzzle})
		sol := b.stored().Solution()
		b.typeMoves(fmt.Sprintf("r1c1 %d, r1c2=%d\nn r1c3 12", sol.At(0, 0), sol.At(0, 1)))
		if g := b.stored(); !strings.Contains(b.content, "Applied 3 moves") || g.Grid().At(0, 0) != sol.At(0, 0) || g.Notes(solver.Cell{Row: 0, Col: 2}) == 0 {
			t.Errorf("typed moves: %q", b.content)
		}
		seq := b.seq
		b.typeMoves("r2c2 4, r1c4 2")
		if !strings.Contains(b.content, "Nothing was applied: `r1c4 2` changes a given") || b.seq != seq {
			t.Errorf("a move on a given: %q (seq %s → %s)", b.content, seq, b.seq)
		}
		b.typeMoves("r2c 4")
		if !strings.Contains(b.content, `move 1 ("r2c 4"): "c"`) {
			t.Errorf("a bad token: %q", b.content)
		}
		b.typeMoves(sol.String())
		b.tap("s")
		if !strings.Contains(b.content, "✅ **Correct!**") {
			t.Errorf("after pasting the solution and submitting: %q", b.content)
		}
	})
}

// TestPlayMovesToTheOtherProcessOnPostgres: two bots share PostgreSQL;
// the board opened and tapped on one is tapped on after that one stops
// (a process gone between two taps), on the other, and nothing is lost.
func TestPlayMovesToTheOtherProcessOnPostgres(t *testing.T) {
	dsn := storetest.PostgresURL(t)
	a, st := startDaily(t, dsn)
	bb, _ := startDaily(t, dsn)
	b := openBoard(t, a, st, ada, map[string]any{"puzzle": "...1...44...2..."})
	sol := b.stored().Solution()
	b.tap("b1")
	b.tap("c1")
	b.tap(fmt.Sprintf("d%d", sol.At(0, 0)))
	a.stop()
	b.h = bb // the balancer sends the next tap to the other process
	b.tap("c2")
	b.tap(fmt.Sprintf("d%d", sol.At(0, 1)))
	g := b.stored()
	if g.Grid().At(0, 0) != sol.At(0, 0) || g.Grid().At(0, 1) != sol.At(0, 1) || fmt.Sprint(g.Seq()) != b.seq {
		t.Errorf("after moving processes: r1c1 %d, r1c2 %d, seq %d (board %s)", g.Grid().At(0, 0), g.Grid().At(0, 1), g.Seq(), b.seq)
	}
	b.fill()
	b.tap("s")
	if !strings.Contains(b.content, "✅ **Correct!**") {
		t.Errorf("the game finished on the other process: %q", b.content)
	}
}

// walkthrough, when set, is where TestPlayWalkthrough writes the board
// pictures the README shows: go test ./app -run Walkthrough -walkthrough ../docs
var walkthrough = flag.String("walkthrough", "", "write the README's board walk-through pictures to this folder")

// TestPlayWalkthrough plays the classic puzzle through the real bot and
// the fake Discord, and with -walkthrough keeps a picture of each step.
func TestPlayWalkthrough(t *testing.T) {
	h, st := startDailyWith(t, "", nil)
	b := openBoard(t, h, st, ada, map[string]any{"puzzle": classic})
	sol := b.stored().Solution()
	var steps []string
	keep := func(name string) {
		steps = append(steps, fmt.Sprintf("%s: %s", name, strings.ReplaceAll(b.content, "\n", " / ")))
		if *walkthrough != "" {
			if err := os.WriteFile(filepath.Join(*walkthrough, "board-"+name+".png"), b.last.Final.Files[0].Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	keep("1-open")
	b.tap("b1")
	keep("2-box")
	if *walkthrough != "" { // the whole card of step 2, as the README shows it
		if err := os.WriteFile(filepath.Join(*walkthrough, "board-card.txt"), []byte(b.last.Final.Outline+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b.tap("c3")
	b.tap(fmt.Sprintf("d%d", sol.At(0, 2)))
	keep("3-placed")
	b.tap("d8") // hold an 8: every 8 lights up
	b.tap("b0")
	b.tap("b5")
	b.tap("c5") // an 8 at r5c5, where a 5 belongs: the check finds it
	keep("4-held")
	b.tap("d8") // let go of the 8
	b.tap("k")
	keep("5-check")
	b.typeMoves(sol.String())
	b.tap("s")
	keep("6-correct")
	if !strings.Contains(b.content, "✅ **Correct!**") {
		t.Errorf("the walk-through did not end in Correct!: %s", strings.Join(steps, "\n"))
	}
	t.Log("\n" + strings.Join(steps, "\n"))
}

// TestDailyPractice: /daily play number:N opens a past daily on the board,
// unranked: solving it puts nobody on the leaderboard.
func TestDailyPractice(t *testing.T) {
	h, st := startDailyWith(t, "", nil)
	n := daily.DayOf(time.Now(), time.UTC)
	r := h.send(discordtest.Subcommand(guild, ada, "daily", "play", map[string]any{"number": n + 1}))
	checkMessage(t, r.Final, []string{"is not out yet"}, "", true)
	b := &board{t: t, h: h, st: st, u: ada}
	b.read(h.send(discordtest.Subcommand(guild, ada, "daily", "play", map[string]any{"number": n - 2})),
		discordgo.InteractionResponseChannelMessageWithSource)
	if !strings.Contains(b.content, fmt.Sprintf("**Daily #%d, practice**", n-2)) || b.ref != fmt.Sprintf("q%d", n-2) {
		t.Fatalf("practice board = %q (ref %s)", b.content, b.ref)
	}
	data, _, ok, err := st.Game(context.Background(), game.Key{User: ada.ID, Puzzle: b.ref})
	if err != nil || !ok {
		t.Fatalf("no practice game stored: %v", err)
	}
	g, _ := game.Decode(data)
	b.fill2(g)
	b.tap("s")
	if !strings.Contains(b.content, "✅ **Correct!**") {
		t.Errorf("practice submit = %q", b.content)
	}
	board := h.send(discordtest.Subcommand(guild, ada, "daily", "leaderboard", map[string]any{"period": "all"}))
	if strings.Contains(board.Final.Content, ada.ID) {
		t.Errorf("a practice solve reached the leaderboard: %q", board.Final.Content)
	}
}

// TestBoardIsComponentsV2 answers every tap after a deferral, over both
// transports: the deferral cannot carry the V2 flag, so the edit sends it
// (discordgo's WebhookEdit cannot); the card shows its picture, stays
// private, and a plain reply to a tap on it (a board that is gone) is a
// card too, since Discord refuses content on a V2 message.
func TestBoardIsComponentsV2(t *testing.T) {
	eachTransport(t, func(t *testing.T, over func(*Main)) {
		h, _ := startDailyWith(t, "", both(over, func(m *Main) { m.Options.AlwaysDefer = true }))
		r := h.send(discordtest.SlashCommand(guild, ada, "play", map[string]any{"size": 4}))
		checkCard := func(what string, r discordtest.Reply, kind discordgo.InteractionResponseType, text string) {
			t.Helper()
			if len(r.Callbacks) != 1 || r.Callbacks[0].Type != kind || len(r.Edits) != 1 {
				t.Fatalf("%s: callbacks %+v and %d edits, want a deferral of type %d and one edit", what, r.Callbacks, len(r.Edits), kind)
			}
			f := r.Final
			if !f.V2() || !f.Ephemeral() || !strings.Contains(f.Content, text) {
				t.Errorf("%s: flags %b, text %q, want a private V2 card with %q", what, f.Flags, f.Content, text)
			}
		}
		checkCard("/play", r, discordgo.InteractionResponseDeferredChannelMessageWithSource, "cells left")
		if m := r.Final.Media; len(m) != 1 || m[0] != "attachment://board.png" || len(r.Final.Buttons) != 15 {
			t.Errorf("the card shows %v with %d buttons, want the board's picture and a 4×4's 15 controls", m, len(r.Final.Buttons))
		}
		ref := strings.Split(r.Final.Buttons[0], ":")[1]
		tap := h.send(discordtest.At(discordtest.Button(guild, ada, "play:"+ref+":0:b1"), r.Final))
		checkCard("a tap", tap, discordgo.InteractionResponseDeferredMessageUpdate, "cells left")
		gone := h.send(discordtest.At(discordtest.Button(guild, ada, "play:hzzzzzzzzzzzz:0:b1"), tap.Final))
		checkCard("a tap on a board that is gone", gone, discordgo.InteractionResponseDeferredMessageUpdate, "That board is gone")
	})
}

// TestBoardInFrench: a French client gets the board in French: the title,
// the status lines, the buttons and the form; the numbers and cell names
// stay as they are.
func TestBoardInFrench(t *testing.T) {
	h, st := startDailyWith(t, "", nil)
	fr := func(p map[string]any) map[string]any { return discordtest.WithLocale(p, "fr") }
	b := &board{t: t, h: h, st: st, u: ada}
	b.read(h.send(fr(discordtest.SlashCommand(guild, ada, "play", map[string]any{"puzzle": classic}))),
		discordgo.InteractionResponseChannelMessageWithSource)
	for _, want := range []string{"**Votre grille** · 9×9 · commencée <t:", "51 cases restantes", "Touchez un bloc"} {
		if !strings.Contains(b.content, want) {
			t.Errorf("the French board lacks %q:\n%s", want, b.content)
		}
	}
	if o := b.last.Final.Outline; !strings.Contains(o, "[⌫ Effacer]") && !strings.Contains(o, "(⌫ Effacer)") ||
		!strings.Contains(o, "(↩ Annuler) [✔ Vérifier] [💡 Indice] [⌨ Saisir] (Valider)") {
		t.Errorf("the French controls:\n%s", o)
	}
	tap := func(control string) {
		t.Helper()
		b.read(h.send(fr(discordtest.At(discordtest.Button(guild, ada, fmt.Sprintf("play:%s:%s:%s", b.ref, b.seq, control)), b.last.Final))),
			discordgo.InteractionResponseUpdateMessage)
	}
	tap("b1")
	tap("c3")
	tap("d4")
	tap("s")
	for _, want := range []string{"50 cases restantes", "Remplissez d'abord toutes les cases : 50 cases vides."} {
		if !strings.Contains(b.content, want) {
			t.Errorf("after a placement and an early submit, the board lacks %q:\n%s", want, b.content)
		}
	}
	t.Logf("the French card:\n%s", b.last.Final.Outline)
	form := h.send(fr(discordtest.At(discordtest.Button(guild, ada, fmt.Sprintf("play:%s:%s:m", b.ref, b.seq)), b.last.Final)))
	if m := form.Callbacks[0]; m.Type != discordgo.InteractionResponseModal {
		t.Fatalf("Type answered %+v, want a form", form.Callbacks)
	}
	if r := h.send(discordtest.SlashCommand(guild, ada, "play", map[string]any{"puzzle": classic})); !strings.Contains(r.Final.Content, "Welcome back") {
		t.Errorf("an English client sees the same board in English: %q", r.Final.Content)
	}
	n := daily.DayOf(time.Now(), time.UTC)
	p, _, err := st.Puzzle(t.Context(), n)
	if err != nil {
		t.Fatal(err)
	}
	r := h.send(fr(discordtest.Subcommand(guild, ada, "daily", "submit", map[string]any{"answer": p.Solution.String()})))
	checkMessage(t, r.Final, []string{fmt.Sprintf("✅ **Bravo !** Daily #%d résolu.", n),
		fmt.Sprintf("Partager :\n```\nDaily #%d — résolu, sans erreur", n)}, "", true)
}
