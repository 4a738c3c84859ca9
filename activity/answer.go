package activity

import (
	"context"
	"errors"
	"strings"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/solver"
)

// play is one message's work on one stored game: who asks, which game,
// the game as read, and the sessions it is saved through.
type play struct {
	seat     Seat
	ref      game.Ref
	sess     game.Session
	sessions game.Sessions
}

// answer returns the reply to one of a player's messages (nil for none),
// and makes the page hear of the game it answers with (follow.go).
func (s *Server) answer(ctx context.Context, c *client, m clientMessage) any {
	s.hub.answering(c)
	if ref, ok := game.ParseRef(m.Game); ok && m.T == "open" {
		s.hub.follow(c, ref, -1) // before the game is read: no change after the reading is missed
	}
	out := s.respond(ctx, c, m)
	s.hub.followed(c, out)
	return out
}

// respond returns the reply to one of a player's messages (nil for none).
func (s *Server) respond(ctx context.Context, c *client, m clientMessage) any {
	ctx, cancel := context.WithTimeout(ctx, storeWait)
	defer cancel()
	seat := c.seat
	w := seat.words()
	if s.cfg.Games == nil {
		return reply{T: "error", Message: w.Text(noBoard)}
	}
	if m.Game == "room" || m.T == "join" || m.T == "select" {
		return s.together(ctx, c, m)
	}
	switch m.T {
	case "today":
		return s.today(ctx, c)
	case "new":
		return s.newPuzzle(ctx, seat, m.Level)
	}
	ref, ok := game.ParseRef(m.Game)
	if !ok {
		return reply{T: "error", Message: w.Text("That is not a game of this board.")}
	}
	if ref.Kind == game.RefDaily && s.cfg.Daily == nil { // a DM's daily (no server) is the player's own, as /daily play there

		return reply{T: "error", Message: w.Text(noDailyHere)}
	}
	p := play{seat: seat, ref: ref, sessions: game.Sessions{Store: s.cfg.Games, Now: s.cfg.Now}}
	sess, ok, err := p.sessions.Load(ctx, ref.Key(seat.User.ID, seat.Guild))
	switch {
	case err != nil:
		return s.storeFailed(w, "loading a game", err)
	case !ok && m.T == "open" && ref.Kind == game.RefPractice:
		return s.practice(ctx, seat, ref.Day)
	case !ok:
		return reply{T: "error", Message: w.Text("That game is gone. Start a new one from the menu.")}
	}
	p.sess = sess
	together := ref.Kind == game.RefDaily && seat.Instance != ""
	if m.T == "open" {
		st := s.stateOf(ctx, p, "")
		if together { // a page back after a reconnect: the others' progress, and what comes of it
			s.hub.join(c, dailyRoom(ref.Day, seat.Instance))
			s.withOthers(ctx, p, st)
		}
		return st
	}
	if together { // the others here hear of this player's progress
		defer s.hub.send(ctx, word{Room: dailyRoom(ref.Day, seat.Instance)})
	}
	if m.Version < sess.Game.Seq() && placed(sess.Game, m) { // a resend of a move whose answer was lost
		return s.stateOf(ctx, p, "")
	}
	if m.Version != sess.Game.Seq() {
		return reply{T: "refused", Message: w.Text(outdated), State: s.stateOf(ctx, p, "")}
	}
	return s.change(ctx, p, m)
}

// placed reports whether m places the digit g's cell holds already.
func placed(g *game.Game, m clientMessage) bool {
	n := g.Size()
	return m.T == "place" && m.Row >= 0 && m.Col >= 0 && m.Row < n && m.Col < n && g.Puzzle().At(m.Row, m.Col) == 0 &&
		g.Grid().At(m.Row, m.Col) == m.Digit
}

// change makes the change m asks of p's game, saves it and returns the
// game as stored, or the refusal.
func (s *Server) change(ctx context.Context, p play, m clientMessage) any {
	g, w := p.sess.Game, p.seat.words()
	var st *State
	switch m.T {
	case "check":
		wrong := g.Check()
		st = s.stateOf(ctx, p, checkLine(w, len(wrong)))
		st.Wrong = g.Grid().Indexes(wrong)
	case "hint":
		var refusal *reply
		if st, refusal = s.hint(ctx, p, m.Step); refusal != nil {
			return *refusal
		}
	case "submit":
		return s.submit(ctx, p)
	default:
		if p.ref.Kind == game.RefDaily && g.Solved() { // as it was handed in: an erasure would undo the finish on the page
			return reply{T: "refused", Message: w.Sprintf("You solved Daily #%d: its board stays as it is.", p.ref.Day), State: s.stateOf(ctx, p, "")}
		}
		if err := move(g, m); err != nil {
			return reply{T: "refused", Message: refusalText(w, err), State: s.stateOf(ctx, p, "")}
		}
	}
	switch err := p.sessions.Save(ctx, &p.sess); {
	case errors.Is(err, game.ErrOutdated):
		return reply{T: "refused", Message: w.Text(outdated), State: s.stateOf(ctx, p, "")}
	case err != nil:
		return s.storeFailed(w, "saving a game", err)
	}
	if p.ref.Kind == game.RefDaily && g.Solved() && m.T == "place" {
		return s.submit(ctx, p) // a right grid cannot cost a try: it is handed in at once
	}
	if st == nil {
		st = s.stateOf(ctx, p, "")
	}
	return st
}

// storeFailed logs a store error and words it for the page.
func (s *Server) storeFailed(w i18n.Printer, doing string, err error) reply {
	s.cfg.Log.Error("activity: "+doing+" failed", "err", err)
	return reply{T: "error", Message: w.Text(gamesDown)}
}

// errUnknownMessage is a message no page of ours sends.
var errUnknownMessage = errors.New("activity: unknown message")

// move makes the change to the board message m asks of g.
func move(g *game.Game, m clientMessage) error {
	at := solver.Cell{Row: m.Row, Col: m.Col}
	switch m.T {
	case "place":
		return g.Apply(game.Move{Kind: game.Place, Cell: at, Digit: m.Digit})
	case "erase":
		return g.Apply(game.Move{Kind: game.Erase, Cell: at})
	case "note":
		if m.Digit < 1 || m.Digit > g.Size() {
			return game.ErrOutside
		}
		kind := game.Note
		if m.Centre {
			kind = game.Centre
		}
		return g.Apply(game.Move{Kind: kind, Cell: at, Notes: game.Notes(0).With(m.Digit)})
	case "undo":
		return g.Undo()
	case "redo":
		return g.Redo()
	case "autonotes":
		g.AutoNotes()
		return nil
	}
	return errUnknownMessage
}

// refusalText words a change the rules refuse.
func refusalText(w i18n.Printer, err error) string {
	switch {
	case errors.Is(err, game.ErrGiven):
		return w.Text("That cell is a given: it cannot change.")
	case errors.Is(err, game.ErrFilled):
		return w.Text("Pencil marks go in empty cells.")
	case errors.Is(err, game.ErrNoUndo):
		return w.Text("Nothing to undo.")
	case errors.Is(err, game.ErrNoRedo):
		return w.Text("There is nothing to redo.")
	case errors.Is(err, game.ErrOutside):
		return w.Text("That is not a cell or digit of this board.")
	}
	return w.Text("The board does not know that message.")
}

// checkLine says what a check found, as the button board does.
func checkLine(w i18n.Printer, wrong int) string {
	if wrong == 0 {
		return w.Text("Check: no mistakes so far.")
	}
	return w.Sprintf("Check: %s, marked in red.", w.Count(wrong, "%d cell is wrong", "%d cells are wrong"))
}

// stateOf returns p's game as the page draws it, with message; a ranked
// daily's carries its standing, and its clock is the daily's.
func (s *Server) stateOf(ctx context.Context, p play, message string) *State {
	g := p.sess.Game
	n := g.Size()
	st := &State{T: "state", Game: p.ref.String(), Title: s.title(ctx, p), Version: g.Seq(), Size: n,
		Givens: g.Puzzle().String(), Cells: g.Grid().String(), Notes: make([]string, n*n), Solved: g.Solved(),
		CanUndo: g.CanUndo(), CanRedo: g.CanRedo(), Message: message}
	if !g.Started().IsZero() {
		st.Started = g.Started().Unix()
	}
	st.Notes, st.Centre = marksText(g.Notes, g.Grid()), marksText(g.Centre, g.Grid())
	if strings.Join(st.Centre, "") == "" {
		st.Centre = nil
	}
	if p.ref.Kind == game.RefDaily {
		s.withDaily(ctx, p, st)
	} else if st.Solved && message == "" {
		st.Message = solvedLine(p.seat.words(), g)
	}
	return st
}

// solvedLine is what an unranked game says once it is solved, as the
// button board does.
func solvedLine(w i18n.Printer, g *game.Game) string {
	return plain(w.Sprintf("✅ **Correct!** Solved with %s and %s.", w.Count(g.Checks(), "%d check", "%d checks"),
		w.Count(g.Hints(), "%d hint", "%d hints")))
}

// marksText returns each cell of grid's marks of one kind as digits.
func marksText(marks func(solver.Cell) game.Notes, grid solver.Grid) []string {
	out := make([]string, grid.Cells())
	for i := range out {
		for _, d := range marks(grid.CellAt(i)).Digits() {
			out[i] += string(rune('0' + d))
		}
	}
	return out
}
