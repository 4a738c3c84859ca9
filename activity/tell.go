package activity

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/play"
	"github.com/sudokubot/sudokubot/room"
)

// A room that is over can tell its channel, once: a message that names
// the players and times and gives no digit away, pinging nobody.

// tell posts the room's finish to the channel the Activity runs in.
func (s *Server) tell(ctx context.Context, seat Seat) any {
	if seat.Channel == "" || s.cfg.Discord == nil {
		return reply{T: "error", Message: seat.words().Text("I cannot post in this channel.")}
	}
	r, refusal := s.claimTelling(ctx, seat, true)
	if refusal != nil {
		return refusal
	}
	if err := s.cfg.Discord.Post(ctx, seat.Channel, tellText(seat.words(), r)); err != nil {
		s.cfg.Log.Warn("activity: telling the channel failed", "err", err)
		undo, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeWait) // ctx may have run out on the post
		defer cancel()
		s.claimTelling(undo, seat, false) // let it be tried again
		return reply{T: "error", Message: seat.words().Text("Discord did not take the message. Try again in a moment.")}
	}
	st := s.roomState(r, seat, s.hub.selections(seat.Instance))
	st.Message = seat.words().Text("The channel has been told.")
	return st
}

// claimTelling marks the room told (or, on, false, untold again after a
// failed post), so two players pressing at once post once; it returns
// the room, or a refusal to send the page.
func (s *Server) claimTelling(ctx context.Context, seat Seat, on bool) (*room.Room, any) {
	w := seat.words()
	r, _, err := s.games.MarkTold(ctx, seat.Instance, seat.User.ID, on)
	if failed, ok := s.failure(seat, "changing a room", err); ok {
		return nil, failed
	}
	switch {
	case errors.Is(err, play.ErrNotOver):
		return nil, reply{T: "refused", Message: w.Text("Finish first: then the channel can be told."), State: s.roomState(r, seat, nil)}
	case errors.Is(err, play.ErrTold):
		return nil, reply{T: "refused", Message: w.Text("The channel has been told already."), State: s.roomState(r, seat, nil)}
	}
	return r, nil
}

// tellText is the channel's message about a room's finish, in the
// language of the player who tells it.
func tellText(w i18n.Printer, r *room.Room) string {
	if r.Race == nil {
		return "🧩 " + finishLine(w, r)
	}
	type finish struct {
		name  string
		place int
		took  string
	}
	var fs []finish
	for _, p := range r.Players {
		if pr := r.Progress(p.ID); pr.Place > 0 {
			fs = append(fs, finish{p.Name, pr.Place, daily.Clock(pr.Took)})
		}
	}
	parts := make([]string, len(fs))
	for _, f := range fs {
		parts[f.place-1] = fmt.Sprintf("%d. %s %s", f.place, f.name, f.took)
	}
	return w.Sprintf("🏁 Sudoku race: %s", strings.Join(parts, " · "))
}
