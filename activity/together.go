package activity

import (
	"context"
	"errors"
	"sort"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/play"
	"github.com/sudokubot/sudokubot/room"
	"github.com/sudokubot/sudokubot/solver"
)

// Playing together: everyone in one Activity instance fills one board,
// the room (package room holds its rules). The page joins with
// {"t":"join","level":L} and then sends the board's moves with "game":
// "room"; every change reaches every player of the room, on this process
// or another (the hub), as a {"t":"room",…} board. Where a player's
// selection is goes with {"t":"select","cell":N}, unanswered.

// What the page is told about playing together.
const (
	noRoom   = "Playing together needs the Activity launched from Discord in a channel or DM. Close it and open it again."
	roomFull = "This board is full: 25 players already play it. Play on your own from the menu, or wait for a seat."
	notInYet = "Join the board first: open Play together from the menu."
	// notInActivity is a player Discord does not count in the instance:
	// one who left it, or one who was never in it.
	notInActivity = "Discord does not list you in this Activity: you left it, or never joined it. Open it again from Discord."
)

// together answers a message about the seat's room, and notes whether
// the board it answers with is a race's (hub.go, client.race).
func (s *Server) together(ctx context.Context, c *client, m clientMessage) any {
	out := s.inRoom(ctx, c, m)
	st, _ := out.(*State)
	if r, ok := out.(reply); ok {
		st = r.State
	}
	if st != nil && st.Together != nil {
		c.race.Store(st.Together.Race != nil)
	}
	return out
}

// inRoom answers a message about the seat's room. A racer's selection is
// told to nobody: the others see how far a racer has got, not where.
func (s *Server) inRoom(ctx context.Context, c *client, m clientMessage) any {
	seat, w := c.seat, c.seat.words()
	if seat.Instance == "" {
		return reply{T: "error", Message: w.Text(noRoom)}
	}
	if m.T == "select" {
		if c.joined.Load() && !c.race.Load() && m.Row >= 0 && m.Col >= 0 && m.Row < 9 && m.Col < 9 {
			cell := m.Row*9 + m.Col // the page's numbering: rooms are 9×9
			s.hub.send(ctx, word{Room: seat.Instance, User: seat.User.ID, Cell: &cell})
		}
		return nil
	}
	if refusal := s.member(ctx, c, m.T == "join"); refusal != nil {
		return refusal
	}
	if m.T == "tell" {
		return s.tell(ctx, seat)
	}
	if m.T == "join" {
		s.hub.join(c, seat.Instance) // before reading the room: no change after the reading is missed
	}
	var r *room.Room
	var err error
	if m.T == "join" {
		r, _, err = s.games.JoinRoom(ctx, seat.Instance, room.Player{ID: seat.User.ID, Name: seat.User.Name, Avatar: seat.User.Avatar},
			m.Level, m.Mode == "race")
	} else {
		r, _, err = s.games.InRoom(ctx, seat.Instance, seat.who(), seat.say(), m.Version, action(m))
	}
	if failed, ok := s.failure(seat, "changing a room", err); ok {
		if m.T == "join" {
			s.hub.leave(c)
		}
		return failed
	}
	if err != nil {
		if m.T == "join" {
			s.hub.leave(c)
		}
		return s.roomRefusal(r, seat, err)
	}
	return s.roomState(r, seat, s.hub.selections(seat.Instance))
}

// roomRefusal words a change the room refuses, with the board as it is.
func (s *Server) roomRefusal(r *room.Room, seat Seat, err error) any {
	w := seat.words()
	text, ok := raceRefusal(w, err)
	switch {
	case ok:
	case errors.Is(err, room.ErrNotIn):
		text = w.Text(notInYet)
	case play.IsRefusal(err):
		text = seat.say().Refusal(err)
	default:
		text = w.Text("That is not a cell or digit of this board.")
	}
	return reply{T: "refused", Message: text, State: s.roomState(r, seat, s.hub.selections(seat.Instance))}
}

// roomState returns r as the seat's page draws it: the digits, the
// seat's own pencil marks and those the others share, who placed what,
// and the shared check or hint.
func (s *Server) roomState(r *room.Room, seat Seat, sel map[string]int) *State {
	if r.Race != nil {
		st := s.raceState(r, seat)
		st.Together.Over, st.Together.Told = r.Over(s.cfg.Now()), r.Told
		return st
	}
	n := r.Puzzle.Size()
	st := &State{T: "state", Game: "room", Version: r.Version, Size: n, Givens: r.Puzzle.String(), Cells: r.Cells.String(),
		Solved: r.Solved(), CanUndo: r.CanUndo(seat.User.ID), Started: r.Started.Unix(),
		Together: &Together{You: seat.User.ID, Players: r.Players, By: r.By, Placed: r.Placed(), Sel: sel, Over: r.Over(s.cfg.Now()), Told: r.Told}}
	w := seat.words()
	st.Title = w.Sprintf("Together · %d playing", r.Present())
	marks := make([]game.Notes, n*n)
	for _, p := range r.Players {
		if own := r.Marks[p.ID]; own != nil && (p.ID == seat.User.ID || p.Share) {
			for i := range marks {
				marks[i] |= own[i]
			}
		}
	}
	st.Notes = marksText(func(c solver.Cell) game.Notes { return marks[r.Puzzle.Index(c)] }, r.Puzzle)
	if sh := r.Shown; sh != nil {
		if sh.Kind == "check" {
			st.Wrong = sh.Cells
		}
		if sh.Kind == "hint" {
			st.Hint = &HintState{Step: sh.Step, Steps: sh.Steps, Text: sh.Text, Cells: sh.Cells}
		} else {
			st.Message = sh.Text
		}
	}
	if !r.Finished.IsZero() {
		st.Together.Finished = r.Finished.Unix()
		st.Message = finishLine(w, r)
	}
	return st
}

// finishLine is what everyone reads once the board is solved: the time,
// the players, who placed most. It gives no digit away, so it can be
// posted where anyone reads it.
func finishLine(p i18n.Printer, r *room.Room) string {
	placed := r.Placed()
	type who struct {
		name string
		n    int
	}
	var ws []who
	for k, p := range r.Players {
		if placed[k] > 0 {
			ws = append(ws, who{p.Name, placed[k]})
		}
	}
	sort.SliceStable(ws, func(a, b int) bool { return ws[a].n > ws[b].n })
	names := make([]string, len(ws))
	for k, w := range ws {
		names[k] = w.name
	}
	took := daily.Clock(r.Finished.Sub(r.Started))
	if len(ws) == 0 {
		return p.Sprintf("Solved together in %s.", took)
	}
	return p.Sprintf("Solved together in %s by %s; %s placed most (%d).", took, solver.JoinAnd(p, names), ws[0].name, ws[0].n)
}
