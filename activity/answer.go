package activity

import (
	"context"
	"errors"
	"strings"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/play"
	"github.com/sudokubot/sudokubot/solver"
)

// The page's messages are the game layer's actions (package play decides
// the rules and words the sentences both boards say); this file reads a
// message as an action and answers with the board as the page draws it.

// onBoard is one answer's game: who asks, which game, the game as stored.
type onBoard struct {
	seat Seat
	ref  game.Ref
	game *game.Game
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
	together := ref.Kind == game.RefDaily && seat.Instance != ""
	if m.T == "open" {
		return s.open(ctx, c, ref, together)
	}
	b, ev, err := s.games.Do(ctx, seat.who(), ref, m.Version, action(m))
	if err != nil {
		return s.failed(seat, "changing a game", err)
	}
	return s.told(ctx, onBoard{seat: seat, ref: ref, game: b.Game}, ev)
}

// open answers a page that opens a game: the player's, or a past daily
// they have not played yet (practice).
func (s *Server) open(ctx context.Context, c *client, ref game.Ref, together bool) any {
	seat := c.seat
	sess, err := s.games.Open(ctx, seat.who(), ref)
	switch {
	case errors.Is(err, play.ErrGone) && ref.Kind == game.RefPractice:
		return s.practice(ctx, seat, ref.Day)
	case err != nil:
		return s.failed(seat, "loading a game", err)
	}
	p := onBoard{seat: seat, ref: ref, game: sess.Game}
	st := s.stateOf(ctx, p, "")
	if together { // a page back after a reconnect: the others' progress, and what comes of it
		s.hub.join(c, dailyRoom(ref.Day, seat.Instance))
		s.withOthers(ctx, p, st)
	}
	return st
}

// actionKinds are the page's messages that are actions, by their "t".
var actionKinds = map[string]play.ActionKind{"place": play.Place, "erase": play.Erase, "note": play.Note, "undo": play.Undo,
	"redo": play.Redo, "autonotes": play.AutoNotes, "check": play.Check, "hint": play.HintStep, "submit": play.Submit,
	"share": play.Share, "start": play.Start}

// action reads a page's message as the game layer's action (an unknown
// message is the zero action, which the rules refuse).
func action(m clientMessage) play.Action {
	a := play.Action{Kind: actionKinds[m.T], Cell: solver.Cell{Row: m.Row, Col: m.Col}, Digit: m.Digit, Step: m.Step}
	if a.Kind == play.Note && m.Centre {
		a.Kind = play.Centre
	}
	return a
}

// told answers with the board and what came of the player's action.
func (s *Server) told(ctx context.Context, p onBoard, ev play.Event) any {
	words := p.seat.say()
	switch ev.Kind {
	case play.NotApplied:
		return s.notApplied(ctx, p, ev)
	case play.Checked:
		st := s.stateOf(ctx, p, words.CheckLine(len(ev.Wrong)))
		st.Wrong = p.game.Grid().Indexes(ev.Wrong)
		return st
	case play.Hinted:
		st := s.stateOf(ctx, p, "")
		st.Hint = &HintState{Step: ev.Hint.Step, Steps: ev.Hint.Steps, Text: ev.Hint.Say(p.seat.words()),
			Cells: p.game.Grid().Indexes(ev.Hint.Cells)}
		return st
	case play.HandedIn:
		st := s.stateOf(ctx, p, words.Outcome(ev.Outcome))
		out := ev.Outcome
		if out.Verdict == daily.Correct && st.Daily != nil {
			st.Daily.Share = daily.Share(p.seat.words(), out.Puzzle.Day, out.Entry, daily.CurrentStreak(out.Player, out.Today))
		}
		st.Wrong = p.game.Grid().Indexes(ev.Wrong)
		return st
	}
	return s.stateOf(ctx, p, "")
}

// notApplied answers an action that changed nothing, with the board as it
// is and why.
func (s *Server) notApplied(ctx context.Context, p onBoard, ev play.Event) any {
	w, words := p.seat.words(), p.seat.say()
	switch {
	case errors.Is(ev.Err, play.ErrUnranked):
		return s.stateOf(ctx, p, w.Text("Only the daily is handed in; this board says itself when it is solved."))
	case errors.Is(ev.Err, daily.ErrClosed):
		return s.stateOf(ctx, p, w.Sprintf("Daily #%d is closed; today's is #%d. Open it from the menu.", p.ref.Day, ev.Outcome.Today))
	case errors.Is(ev.Err, play.ErrOutdated):
		return reply{T: "refused", Message: w.Text(outdated), State: s.stateOf(ctx, p, "")}
	case errors.Is(ev.Err, play.ErrDailyDone): // as it was handed in: an erasure would undo the finish on the page
		return reply{T: "refused", Message: w.Sprintf("You solved Daily #%d: its board stays as it is.", p.ref.Day), State: s.stateOf(ctx, p, "")}
	}
	return reply{T: "refused", Message: words.Refusal(ev.Err), State: s.stateOf(ctx, p, "")}
}

// stateOf returns p's game as the page draws it, with message; a ranked
// daily's carries its standing, and its clock is the daily's.
func (s *Server) stateOf(ctx context.Context, p onBoard, message string) *State {
	g := p.game
	st := &State{T: "state", Game: p.ref.String(), Title: s.title(ctx, p), Version: g.Seq(), Size: g.Size(),
		Givens: g.Puzzle().String(), Cells: g.Grid().String(), Solved: g.Solved(),
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
		st.Message = p.seat.say().SolvedLine(g)
	}
	return st
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

// words are the seat's words of the game layer, as the page shows them.
func (s Seat) say() play.Words { return play.Words{P: s.words(), Style: play.Plain} }

// who is the seat as the game layer knows a player.
func (s Seat) who() play.Who {
	return play.Who{User: s.User.ID, Name: s.User.Name, Guild: s.Guild, Instance: s.Instance}
}
