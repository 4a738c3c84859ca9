package activity

import (
	"errors"
	"sort"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/room"
)

// A race in the room: the page joins with {"t":"join","mode":"race"},
// anyone starts the countdown with {"t":"start","game":"room"}, and then
// each racer's moves change their own board (the same messages as a game
// of one's own). Every racer's page gets the others' progress, never
// their digits.

// raceState returns a racer's view of a race: their own board, and the
// others' progress.
func (s *Server) raceState(r *room.Room, seat Seat) *State {
	g := r.Race.Boards[seat.User.ID]
	n := r.Puzzle.Size()
	st := &State{T: "state", Game: "room", Version: r.Version, Size: n, Givens: r.Puzzle.String(), Cells: r.Puzzle.String(),
		Notes: make([]string, n*n), Title: seat.words().Sprintf("Race · %d racing", r.Present())}
	now := s.cfg.Now()
	race := &RaceState{Now: now.Unix(), NowMs: now.UnixMilli()}
	if !r.Race.Start.IsZero() {
		race.Start, race.StartMs, st.Started = r.Race.Start.Unix(), r.Race.Start.UnixMilli(), r.Race.Start.Unix()
	}
	if g != nil {
		st.Cells, st.Solved, st.CanUndo, st.CanRedo = g.Grid().String(), g.Solved(), g.CanUndo(), g.CanRedo()
		st.Notes, st.Centre = marksText(g.Notes, g.Grid()), marksText(g.Centre, g.Grid())
	}
	for _, p := range r.Players {
		if p.Gone {
			continue
		}
		pr := r.Progress(p.ID)
		race.Racers = append(race.Racers, Racer{ID: p.ID, Name: p.Name, Color: p.Color, Filled: pr.Filled, Empty: pr.Empty,
			Mistakes: pr.Mistakes, Place: pr.Place, Took: int64(pr.Took.Seconds())})
	}
	sort.SliceStable(race.Racers, func(a, b int) bool { return placeOrder(race.Racers[a]) < placeOrder(race.Racers[b]) })
	st.Together = &Together{You: seat.User.ID, Players: r.Players, Race: race}
	st.Message = raceLine(r, seat, race)
	return st
}

// placeOrder sorts finishers first, by place.
func placeOrder(r Racer) int {
	if r.Place == 0 {
		return 1 << 30
	}
	return r.Place
}

// raceLine is what a racer reads above the board.
func raceLine(r *room.Room, seat Seat, race *RaceState) string {
	me, w := r.Progress(seat.User.ID), seat.words()
	switch {
	case race.Start == 0:
		return w.Text("Everyone in this Activity races on the same puzzle. Press Start when all are here.")
	case race.NowMs < race.StartMs:
		return w.Sprintf("The race starts in %d…", (race.StartMs-race.NowMs+999)/1000)
	case me.Place > 0:
		return w.Sprintf("You finished %s in %s!", w.Ordinal(me.Place), daily.Clock(me.Took))
	}
	return ""
}

// raceRefusal words what a race refuses; ok is false for another error.
func raceRefusal(w i18n.Printer, err error) (string, bool) {
	switch {
	case errors.Is(err, room.ErrNotStarted):
		return w.Text("The race has not started yet."), true
	case errors.Is(err, room.ErrNoHints):
		return w.Text("No hints in a race: it is everyone for themselves."), true
	case errors.Is(err, room.ErrNotRace):
		return w.Text("That is for a race; this board is played together."), true
	}
	return "", false
}
