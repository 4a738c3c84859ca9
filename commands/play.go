package commands

import (
	"context"
	"crypto/sha256"
	"encoding/base32"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/logic"
)

// playCommand is /play [difficulty] [size] [puzzle]: a private board the
// player fills with taps, saved on every move.
func playCommand(d Deps) Command {
	return Command{
		Def: &discordgo.ApplicationCommand{
			Name:        "play",
			Description: "Play a Sudoku right here, with taps: a new puzzle, or one you paste",
			Options: []*discordgo.ApplicationCommandOption{difficultyOption(), sizeOption([]int{4, 6, 9}),
				{Type: discordgo.ApplicationCommandOptionString, Name: "puzzle", MaxLength: 1500,
					Description: "Play this puzzle instead: 81 digits row by row, . or 0 for blanks"}},
		},
		Private: func(*discordgo.Interaction) bool { return true },
		Updates: func(i *discordgo.Interaction) bool { return strings.HasPrefix(customID(i), "play:") },
		Heavy:   true,
		Handle:  d.playOpen,
		Component: func(ctx context.Context, i *discordgo.Interaction, arg string) (Response, error) {
			return d.playTap(ctx, i18n.For(string(i.Locale)), i.GuildID, UserID(i), arg, modalValue(i, "moves"))
		},
	}
}

// playOpen starts a board: the pasted puzzle, or a new one; the same
// pasted puzzle again resumes the saved game.
func (d Deps) playOpen(ctx context.Context, i *discordgo.Interaction) (Response, error) {
	o, pr := OptionsOf(i), i18n.For(string(i.Locale))
	var p solver.Grid
	title := ""
	if text := o.String("puzzle"); text != "" {
		sctx, cancel := context.WithTimeout(ctx, d.SolveTimeout)
		v := solver.Judge(sctx, text, 2)
		cancel()
		if reply, ok := unplayable(pr, v); !ok {
			return reply, nil
		}
		p, title = v.Puzzle, pr.Sprintf("**Your puzzle** · %s", sizeName(v.Puzzle.Size()))
	} else {
		level, size := levelAndSize(o)
		gen, err := d.generate(ctx, "play", level, size, d.Seed())
		if err != nil {
			return Response{}, err
		}
		p, title = gen.Puzzle, pr.Sprintf("**New puzzle** · %s %s", sizeName(size), pr.Text(gen.Grading.Level.String()))
	}
	g, ref, err := d.openGame(ctx, UserID(i), p)
	if err != nil {
		return d.gamesDown(pr, err), nil
	}
	v := boardView{p: pr, ref: ref, title: title + startedLine(pr, g),
		status: pr.Text("Tap a box, then a cell, then a digit; or hold a digit and tap cells.")}
	if g.Seq() > 0 {
		v.status = pr.Text("Welcome back: your saved game, as you left it.")
	}
	if g.Solved() {
		v.over, v.status = true, pr.Text("You solved this one already.")
	}
	return d.board(g, v)
}

// unplayable words why a pasted puzzle cannot be played, or ok.
func unplayable(p i18n.Printer, v solver.Verdict) (Response, bool) {
	switch v.Kind {
	case solver.Invalid:
		return userError(p.Sprintf("I couldn't read that puzzle: %s.", v.Err.Error()) + "\n" + p.Text(pasteHelp)), false
	case solver.Unique:
	case solver.NoSolution:
		return userError(p.Text("That puzzle has no solution, so it cannot be played. `/solve` says why.")), false
	case solver.NotUnique:
		return userError(p.Text("That puzzle has more than one solution, so no board could tell right from wrong. `/solve` shows two.")), false
	default:
		return userError(p.Text("I ran out of time checking that puzzle has one solution; it cannot be played.")), false
	}
	if v.Puzzle.Size() > 9 {
		return userError(p.Text("16×16 is too big for a board in Discord: 256 cells do not fit in buttons. `/solve` and `/hint` take it.")), false
	}
	return Response{}, true
}

// gameRef names a puzzle in the board's custom ids and the store: a short
// hash of its text (60 bits: no two of one player's puzzles meet).
func gameRef(p solver.Grid) string {
	sum := sha256.Sum256([]byte(p.String()))
	return "h" + strings.ToLower(base32.StdEncoding.EncodeToString(sum[:])[:12])
}

// openGame loads the player's game of p, or starts and stores one.
func (d Deps) openGame(ctx context.Context, user string, p solver.Grid) (*game.Game, string, error) {
	ref := gameRef(p)
	key := game.Key{User: user, Puzzle: ref}
	if g, _, ok, err := d.loadGame(ctx, key); err != nil || ok {
		return g, ref, err
	}
	res, err := solver.Solve(ctx, p, 1)
	if err != nil || res.Count == 0 {
		return nil, ref, fmt.Errorf("solve %s for a board: %v", p, err)
	}
	g, err := d.createGame(ctx, key, p, res.Solutions[0])
	return g, ref, err
}

// createGame starts and stores a game of p, or loads the one another
// device stored first.
func (d Deps) createGame(ctx context.Context, key game.Key, p, solution solver.Grid) (*game.Game, error) {
	g, err := game.New(p, solution)
	if err != nil {
		return nil, err
	}
	g.Begin(d.Now())
	data, err := g.Encode()
	if err != nil {
		return nil, err
	}
	created, err := d.Games.CreateGame(ctx, key, data, d.Now())
	if err != nil || created {
		return g, err
	}
	g, _, _, err = d.loadGame(ctx, key)
	return g, err
}

// loadGame reads a stored game and its version.
func (d Deps) loadGame(ctx context.Context, key game.Key) (*game.Game, int, bool, error) {
	data, version, ok, err := d.Games.Game(ctx, key)
	if err != nil || !ok {
		return nil, 0, ok, err
	}
	g, err := game.Decode(data)
	if err != nil {
		return nil, 0, false, fmt.Errorf("stored game %s/%s: %w", key.User, key.Puzzle, err)
	}
	return g, version, true, nil
}

// gamesDown is the reply when the games cannot be read or saved.
func (d Deps) gamesDown(p i18n.Printer, err error) Response {
	d.Log.Error("board: games store failed", "err", err)
	return userError(p.Text("I can't reach my database right now, so the board cannot be saved; nothing was lost. Please try again in a moment."))
}

// playTap answers a tap, "<ref>:<seq>:<control>": it applies it to the
// stored game if the board tapped is the current one, saves, and redraws.
func (d Deps) playTap(ctx context.Context, pr i18n.Printer, guild, user, arg, typed string) (Response, error) {
	ref, seqText, control := cut3(arg)
	seq, err := strconv.Atoi(seqText)
	if err != nil || ref == "" || control == "" {
		return userError(pr.Text("That button no longer works. Start a board with /play.")), nil
	}
	key, v := game.Key{User: user, Puzzle: ref}, boardView{p: pr, ref: ref}
	day, isDaily := dailyDay(ref)
	practice, isPractice := practiceDay(ref)
	switch {
	case isDaily:
		key = dailyKey(user, guild, day)
	case isPractice:
		key = practiceKey(user, practice)
	}
	g, version, ok, err := d.loadGame(ctx, key)
	switch {
	case err != nil:
		return d.gamesDown(pr, err), nil
	case !ok:
		return userError(pr.Text("That board is gone. Start a new one with /play.")), nil
	}
	v.title = d.boardTitle(ctx, pr, guild, user, day, g)
	if isPractice {
		if p, err := d.Daily.Puzzle(ctx, practice); err == nil {
			v.title = practiceTitle(pr, p)
		}
	}
	if seq != g.Seq() {
		return d.outdated(g, v)
	}
	switch {
	case control == "m":
		return Response{Modal: movesForm(pr, ref, g)}, nil
	case isDaily && control == "s" && g.Left() == 0:
		d.dailySubmitBoard(ctx, guild, user, day, g, &v)
	case control == "M":
		typedMoves(g, typed, &v)
	default:
		if err := d.apply(ctx, g, control, &v); err != nil {
			return Response{}, err
		}
	}
	if g.Seq() == version {
		return d.board(g, v)
	}
	saved, err := d.saveGame(ctx, key, version, g)
	if err == nil && !saved { // another tap was saved first: show that
		g, _, ok, err = d.loadGame(ctx, key)
		if err == nil && ok {
			return d.outdated(g, v)
		}
	}
	if err != nil {
		return d.gamesDown(pr, err), nil
	}
	return d.board(g, v)
}

// outdated shows the board as stored, for a tap on an older copy of it.
func (d Deps) outdated(g *game.Game, v boardView) (Response, error) {
	v.status = v.p.Text("⚠️ This board is out of date (it changed since, perhaps on another device), so that tap was not applied. Here it is as it is now.")
	v.over = g.Solved()
	return d.board(g, v)
}

// boardTitle is a board's first line: the daily's, or the grid's size.
func (d Deps) boardTitle(ctx context.Context, pr i18n.Printer, guild, user string, day int, g *game.Game) string {
	if day == 0 || d.Daily == nil {
		return pr.Sprintf("**Board** · %s", sizeName(g.Size())) + startedLine(pr, g)
	}
	p, err := d.Daily.Puzzle(ctx, day)
	if err != nil {
		return pr.Sprintf("**Daily #%d**", day)
	}
	e, _, err := d.Daily.Store.Entry(ctx, guild, user, day)
	if err != nil || e.Started.IsZero() {
		return pr.Sprintf("**Daily #%d** · %s", day, pr.Text(p.Level.String()))
	}
	return dailyTitle(pr, p, e)
}

func cut3(s string) (a, b, c string) {
	a, rest, _ := strings.Cut(s, ":")
	b, c, _ = strings.Cut(rest, ":")
	return a, b, c
}

// startedLine is when a board was first opened, as a Discord timestamp
// ("started 5 minutes ago", in the reader's language and time), or "".
func startedLine(p i18n.Printer, g *game.Game) string {
	if g.Started().IsZero() {
		return ""
	}
	return p.Sprintf(" · started <t:%d:R>", g.Started().Unix())
}

func sizeName(n int) string { return fmt.Sprintf("%d×%d", n, n) }

// saveGame stores g over version.
func (d Deps) saveGame(ctx context.Context, key game.Key, version int, g *game.Game) (bool, error) {
	data, err := g.Encode()
	if err != nil {
		return false, err
	}
	return d.Games.SaveGame(ctx, key, version, g.Seq(), data, d.Now())
}

// apply makes one control's change to g and says what happened in v.
func (d Deps) apply(ctx context.Context, g *game.Game, control string, v *boardView) error {
	switch control {
	case "k":
		v.wrong = g.Check()
		v.status = "✔ " + checkLine(v.p, len(v.wrong))
		return nil
	case "h":
		return d.hintOn(ctx, g, v)
	case "s":
		submit(g, v)
		return nil
	}
	tap, ok := parseTap(control)
	if !ok {
		v.status = v.p.Text("That button no longer works.")
		return nil
	}
	m, err := g.Press(tap)
	switch {
	case errors.Is(err, game.ErrGiven):
		v.status = v.p.Text("That cell is a given: it cannot change.")
	case errors.Is(err, game.ErrNoUndo):
		v.status = v.p.Text("Nothing to undo.")
	case err != nil:
		v.status = v.p.Text("That does not fit the board as it is; choose a box first.")
	case m != nil:
		v.status = moveLine(v.p, *m)
	}
	return nil
}

func parseTap(control string) (game.Tap, bool) {
	kinds := map[byte]game.TapKind{'b': game.TapBox, 'c': game.TapCell, 'd': game.TapDigit, 'e': game.TapErase,
		'n': game.TapNotes, 'u': game.TapUndo}
	k, ok := kinds[control[0]]
	if !ok {
		return game.Tap{}, false
	}
	n := 0
	if len(control) > 1 {
		var err error
		if n, err = strconv.Atoi(control[1:]); err != nil {
			return game.Tap{}, false
		}
	}
	return game.Tap{Kind: k, N: n}, true
}

func moveLine(p i18n.Printer, m game.Move) string {
	switch m.Kind {
	case game.Place:
		return p.Sprintf("Placed %d at %s.", m.Digit, m.Cell)
	case game.Erase:
		return p.Sprintf("Erased %s.", m.Cell)
	}
	return p.Sprintf("Pencil mark %s at %s.", m.Notes, m.Cell)
}

func checkLine(p i18n.Printer, wrong int) string {
	if wrong == 0 {
		return p.Text("Check: no mistakes so far.")
	}
	return p.Sprintf("Check: %s, marked in red.", p.Count(wrong, "%d cell is wrong", "%d cells are wrong"))
}

// hintOn counts a hint and shows it: a mistake first, else the next
// logical step.
func (d Deps) hintOn(ctx context.Context, g *game.Game, v *boardView) error {
	if wrong := g.Wrong(); len(wrong) > 0 {
		g.UseHint(wrong[0])
		v.wrong, v.status = wrong[:1], v.p.Sprintf("💡 %s is wrong: fix it first.", wrong[0])
		return nil
	}
	hctx, cancel := context.WithTimeout(ctx, d.SolveTimeout)
	defer cancel()
	a, err := logic.Hint(hctx, g.Grid())
	if err != nil {
		g.UseHint()
		v.status = v.p.Text("💡 I could not find a step in time; try Check.")
		return nil
	}
	g.UseHint(a.Focus...)
	v.hint, v.status = append(a.Focus, a.Targets...), "💡 "+a.Text(v.p)
	return nil
}

// submit ends the game when the board is the solution.
func submit(g *game.Game, v *boardView) {
	if g.Left() > 0 {
		v.status = v.p.Sprintf("Fill every cell first: %s.", v.p.Count(g.Left(), "%d cell is empty", "%d cells are empty"))
		return
	}
	if wrong := g.Wrong(); len(wrong) > 0 {
		v.wrong = wrong
		v.status = v.p.Sprintf("❌ Not yet: %s, marked in red. Keep going!", v.p.Count(len(wrong), "%d cell is wrong", "%d cells are wrong"))
		return
	}
	v.over = true
	v.status = v.p.Sprintf("✅ **Correct!** Solved with %s and %s.", v.p.Count(g.Checks(), "%d check", "%d checks"),
		v.p.Count(g.Hints(), "%d hint", "%d hints"))
}
