package commands

import (
	"context"
	"errors"
	"fmt"

	"github.com/bwmarrin/discordgo"
	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/play"
	"github.com/sudokubot/sudokubot/solver"
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
					Description: "Play this puzzle instead: 81 digits row by row, . or 0 for blanks"},
				imageOption("image", "Or play the puzzle in a picture: a photo or a screenshot")},
		},
		Private: func(*discordgo.Interaction) bool { return true },
		Heavy:   true,
		Handle:  d.playOpen,
		Routes:  d.playRoutes(),
	}
}

// The patterns of the play command's custom ids besides a board's
// (controlID): Play in Discord, which launches the Activity, and Play
// under a reply about a picture, with the reading packed (packReading).
const (
	launchID  Pattern = "play:launch"
	readingID Pattern = "play:read:{reading...}"
)

// playRoutes answer Play in Discord, Play under a picture's reply, and
// the board's buttons and form, which update the board. Any other play
// id is a board's no longer read: the tap refuses it, as an update too.
func (d Deps) playRoutes() []Route {
	tap := func(ctx context.Context, i *discordgo.Interaction, a Args) (Response, error) {
		return d.playTap(ctx, i18n.For(string(i.Locale)), i.GuildID, UserID(i), a, modalValue(i, "moves"))
	}
	return []Route{
		{Pattern: launchID, Handle: func(context.Context, *discordgo.Interaction, Args) (Response, error) {
			return Response{Launch: true}, nil
		}},
		{Pattern: readingID, Handle: func(ctx context.Context, i *discordgo.Interaction, a Args) (Response, error) {
			return d.playReading(ctx, i18n.For(string(i.Locale)), i, a["reading"])
		}},
		{Pattern: controlID, Updates: true, Handle: tap},
		{Pattern: "play:{id...}", Updates: true, Handle: tap},
	}
}

// playOpen starts a board: the pasted puzzle, or a new one; the same
// pasted puzzle again resumes the saved game.
func (d Deps) playOpen(ctx context.Context, i *discordgo.Interaction) (Response, error) {
	o, pr := OptionsOf(i), i18n.For(string(i.Locale))
	if o.Attachment("image") != "" {
		return d.playPicture(ctx, pr, i, attachmentOption(i, "image"))
	}
	var p solver.Grid
	title := ""
	if text := o.String("puzzle"); text != "" {
		if reply, ok, err := d.playDaily(ctx, i, text); ok {
			return reply, err
		}
		sctx, cancel := context.WithTimeout(ctx, d.SolveTimeout)
		v := solver.Judge(sctx, text, 2)
		cancel()
		if reply, ok := unplayable(pr, v); !ok {
			return reply, nil
		}
		if l, locked := d.solvesDaily(ctx, v.Solution()); locked {
			return lockedReply(pr, l), nil
		}
		p, title = v.Puzzle, pr.Sprintf("**Your puzzle** · %s", sizeName(v.Puzzle.Size()))
	} else {
		level, size := levelAndSize(o)
		gen, err := d.generate(ctx, "play", level, size, d.Seed())
		if err != nil {
			return Response{}, err
		}
		p, title = gen.Puzzle, wordsOf(pr).NewPuzzleTitle(size, gen.Grading.Level)
	}
	g, ref, err := d.openGame(ctx, UserID(i), p)
	if err != nil {
		return Response{}, gamesDown(pr, err)
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

// playDaily answers /play with a pasted puzzle that is an open daily: the
// player's own board of it (ranked, on their clock) when it is today's
// here, else the refusal. ok is false for any other puzzle.
func (d Deps) playDaily(ctx context.Context, i *discordgo.Interaction, text string) (Response, bool, error) {
	g, err := solver.Parse(text)
	if err != nil {
		return Response{}, false, nil
	}
	l, locked := d.dailyLock(ctx, g)
	if !locked {
		return Response{}, false, nil
	}
	pr := i18n.For(string(i.Locale))
	if today, err := d.Daily.Today(ctx, i.GuildID); err != nil || today != l.Day || d.Games == nil {
		return lockedReply(pr, l), true, nil
	}
	resp, err := d.dailyPlay(ctx, i)
	if err == nil {
		resp.Content = pr.Sprintf("🧩 That's today's **Daily #%d**, so here is your own board of it: ranked, on your clock.", l.Day) +
			"\n" + resp.Content
	}
	return resp, true, err
}

// unplayable words why a pasted puzzle cannot be played, or ok.
func unplayable(p i18n.Printer, v solver.Verdict) (Response, bool) {
	switch v.Outcome {
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

// sessions is the stored games' protocol, on this process's store and clock.
func (d Deps) sessions() game.Sessions { return d.games().Sessions() }

// openGame loads the player's game of p, or starts and stores one.
func (d Deps) openGame(ctx context.Context, user string, p solver.Grid) (*game.Game, game.Ref, error) {
	sess, ref, err := d.games().Begin(ctx, play.Who{User: user}, p)
	return sess.Game, ref, err
}

// openDaily loads the player's game of a daily puzzle under ref, or starts
// and stores one.
func (d Deps) openDaily(ctx context.Context, ref game.Ref, guild, user string, p daily.Puzzle) (*game.Game, error) {
	sess, err := d.sessions().LoadOrCreate(ctx, ref.Key(user, guild), func() (*game.Game, error) {
		return game.New(p.Grid, p.Solution)
	})
	return sess.Game, err
}

// gamesDown is the failure when the games cannot be read or saved.
func gamesDown(p i18n.Printer, err error) error {
	return failed(wordsOf(p).GamesDown(), fmt.Errorf("board: games store failed: %w", err))
}

// wordsOf is the game layer's sentences as Discord shows them.
func wordsOf(p i18n.Printer) play.Words { return play.Words{P: p, Style: play.Markdown} }

// games is the game layer on this process's store, daily and limits.
func (d Deps) games() play.Service {
	return play.Service{Games: d.Games, Daily: d.Daily, Now: d.Now, SolveTimeout: d.SolveTimeout, GenerateTimeout: d.GenerateTimeout}
}

// playTap answers a tap on a board, the parts a of its custom id
// (controlID): the game layer applies it to the stored game if the board
// tapped is the current one and saves it (play.Service.Do); the board is
// drawn again with what came of it.
func (d Deps) playTap(ctx context.Context, pr i18n.Printer, guild, user string, a Args, typed string) (Response, error) {
	id, ok := boardIDOf(a)
	if !ok {
		return userError(pr.Text("That button no longer works. Start a board with /play.")), nil
	}
	who := play.Who{User: user, Guild: guild}
	act, ok := id.action(typed)
	if !ok || id.Control == CtlTypeForm { // nothing to apply: the board as it is, or its form
		return d.tapShown(ctx, pr, who, id, ok)
	}
	b, ev, err := d.games().Do(ctx, who, id.Ref, id.Seq, act)
	if err != nil && !errors.Is(err, play.ErrNotRecorded) {
		return d.tapFailed(pr, err)
	}
	v := boardView{p: pr, ref: id.Ref, title: d.boardTitle(ctx, pr, guild, user, id.Ref, b.Game)}
	if err != nil { // the daily answer was not recorded: the board says so
		v.status = wordsOf(pr).NotRecorded()
		return Response{}, d.onBoard(b.Game, v, &onBoardError{fmt.Errorf("daily board submission not recorded (day %d): %w", id.Ref.Day, err)})
	}
	if ev.Kind == play.NotApplied && errors.Is(ev.Err, play.ErrOutdated) { // another tap was saved first: show that
		return d.outdated(b.Game, v)
	}
	tapped(b.Game, act, ev, &v)
	return d.board(b.Game, v)
}

// tapShown answers a tap that changes nothing: the typed moves' form, or
// (known false) a button no version of the board has now.
func (d Deps) tapShown(ctx context.Context, pr i18n.Printer, who play.Who, id BoardID, known bool) (Response, error) {
	sess, err := d.games().Open(ctx, who, id.Ref)
	if err != nil {
		return d.tapFailed(pr, err)
	}
	v := boardView{p: pr, ref: id.Ref, title: d.boardTitle(ctx, pr, who.Guild, who.User, id.Ref, sess.Game)}
	switch {
	case id.Seq != sess.Game.Seq():
		return d.outdated(sess.Game, v)
	case known:
		return Response{Modal: movesForm(pr, id.Ref, sess.Game)}, nil
	}
	v.status = pr.Text("That button no longer works.")
	return d.board(sess.Game, v)
}

// tapFailed words a tap the game layer could not answer.
func (d Deps) tapFailed(pr i18n.Printer, err error) (Response, error) {
	if errors.Is(err, play.ErrGone) || errors.Is(err, play.ErrNoDaily) {
		return userError(pr.Text("That board is gone. Start a new one with /play.")), nil
	}
	return Response{}, gamesDown(pr, err)
}

// tapped says on the board what came of a tap's action a.
func tapped(g *game.Game, a play.Action, ev play.Event, v *boardView) {
	w := wordsOf(v.p)
	switch ev.Kind {
	case play.Checked:
		v.wrong, v.status = ev.Wrong, "✔ "+w.CheckLine(len(ev.Wrong))
	case play.Hinted:
		hinted(ev.Hint, v)
	case play.Finished:
		finished(g, ev, v)
	case play.HandedIn:
		handedIn(g, ev, v)
	case play.NotApplied:
		notApplied(ev, a.Kind == play.Typed, v)
	case play.Moved:
		switch {
		case ev.Moves > 0:
			v.status = v.p.Sprintf("⌨ Applied %s.", v.p.Count(ev.Moves, "%d move", "%d moves"))
		case ev.Move != nil:
			v.status = moveLine(v.p, *ev.Move)
		}
	}
}

// notApplied says why a tap (typed moves, when typed) changed nothing.
func notApplied(ev play.Event, typed bool, v *boardView) {
	var me *game.MoveError
	switch {
	case errors.Is(ev.Err, daily.ErrClosed):
		v.over, v.status = true, v.p.Sprintf("Daily #%d is closed; today's is **#%d**. Start it with `/daily play`.", v.ref.Day, ev.Outcome.Today)
	case errors.Is(ev.Err, play.ErrNoMoves):
		v.status = v.p.Text("⌨ No moves typed.")
	case errors.As(ev.Err, &me):
		v.status = v.p.Sprintf("⌨ Nothing was applied: %s.", me.Say(v.p))
	case ev.Move != nil: // a typed move the rules refuse
		v.status = v.p.Sprintf("⌨ Nothing was applied: `%s` %s.", ev.Move, v.p.Text(refusal(ev.Err)))
	case errors.Is(ev.Err, game.ErrGiven), errors.Is(ev.Err, game.ErrNoUndo), errors.Is(ev.Err, play.ErrDailyDone):
		v.status = wordsOf(v.p).Refusal(ev.Err)
	case typed:
		v.status = v.p.Sprintf("⌨ Nothing was applied: %s.", ev.Err.Error())
	default:
		v.status = v.p.Text("That does not fit the board as it is; choose a box first.")
	}
}

// onBoardError is a control's failure that the board's status words: the
// board, as it is, answers it.
type onBoardError struct{ cause error }

func (e *onBoardError) Error() string { return e.cause.Error() }
func (e *onBoardError) Unwrap() error { return e.cause }

// onBoard makes an *onBoardError a Failure answered with the board as v
// shows it; any other error passes as it is (the apology).
func (d Deps) onBoard(g *game.Game, v boardView, err error) error {
	var be *onBoardError
	if !errors.As(err, &be) {
		return err
	}
	reply, berr := d.board(g, v)
	if berr != nil {
		return errors.Join(be.cause, berr)
	}
	return &Failure{Reply: reply, Cause: be.cause}
}

// outdated shows the board as stored, for a tap on an older copy of it.
func (d Deps) outdated(g *game.Game, v boardView) (Response, error) {
	v.status = v.p.Text("⚠️ This board is out of date (it changed since, perhaps on another device), so that tap was not applied. Here it is as it is now.")
	v.over = g.Solved()
	return d.board(g, v)
}

// boardTitle is a board's first line: the daily's, the practice's, or the
// grid's size.
func (d Deps) boardTitle(ctx context.Context, pr i18n.Printer, guild, user string, ref game.Ref, g *game.Game) string {
	if ref.Kind == game.RefPractice && d.Daily != nil {
		if p, err := d.Daily.Puzzle(ctx, ref.Day); err == nil {
			return wordsOf(pr).PracticeTitle(p)
		}
	}
	day := ref.Day
	if ref.Kind != game.RefDaily || d.Daily == nil {
		return wordsOf(pr).BoardTitle(g.Size()) + startedLine(pr, g)
	}
	p, err := d.Daily.Puzzle(ctx, day)
	if err != nil {
		return wordsOf(pr).DailyTitle(day, nil)
	}
	e, _, err := d.Daily.Entry(ctx, guild, user, day)
	if err != nil || e.Started.IsZero() {
		return wordsOf(pr).DailyTitle(day, &p)
	}
	return dailyTitle(pr, p, e)
}

// startedLine is when a board was first opened, as a Discord timestamp
// ("started 5 minutes ago", in the reader's language and time), or "".
func startedLine(p i18n.Printer, g *game.Game) string {
	if g.Started().IsZero() {
		return ""
	}
	return p.Sprintf(" · started <t:%d:R>", g.Started().Unix())
}

func sizeName(n int) string { return play.SizeName(n) }

func moveLine(p i18n.Printer, m game.Move) string {
	switch m.Kind {
	case game.Place:
		return p.Sprintf("Placed %d at %s.", m.Digit, m.Cell)
	case game.Erase:
		return p.Sprintf("Erased %s.", m.Cell)
	}
	return p.Sprintf("Pencil mark %s at %s.", m.Notes, m.Cell)
}

// hinted shows a whole hint: a mistake first, else the next logical
// step (the game layer finds it, as for the big board).
func hinted(h play.Hint, v *boardView) {
	v.status = h.Say(v.p)
	switch {
	case h.FromAdvice():
		v.hint, v.status = h.Cells, "💡 "+v.status
	case len(h.Cells) > 0:
		v.wrong = h.Cells
	}
}

// finished says a board's own verdict on Submit: how far it is, or that it
// is solved.
func finished(g *game.Game, ev play.Event, v *boardView) {
	switch {
	case ev.Left > 0:
		v.status = v.p.Sprintf("Fill every cell first: %s.", v.p.Count(ev.Left, "%d cell is empty", "%d cells are empty"))
	case len(ev.Wrong) > 0:
		v.wrong = ev.Wrong
		v.status = v.p.Sprintf("❌ Not yet: %s, marked in red. Keep going!", v.p.Count(len(ev.Wrong), "%d cell is wrong", "%d cells are wrong"))
	default:
		v.over, v.status = true, wordsOf(v.p).SolvedLine(g)
	}
}
