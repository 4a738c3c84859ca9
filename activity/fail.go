package activity

import (
	"errors"

	"github.com/sudokubot/sudokubot/play"
	"github.com/sudokubot/sudokubot/room"
)

// The page's one error path, as Failure is the commands': a failure of the
// game layer, the store or the work slots is worded here for the page,
// once, and logged when the player is not told why. A refusal of the
// rules is not a failure: it is answered with the board (answer.go,
// together.go).

// failure words err for the page as an "error"; ok is false for an error
// that is none of these (a refusal of the rules).
func (s *Server) failure(seat Seat, doing string, err error) (reply, bool) {
	w := seat.words()
	if refusal, ok := workRefused(w, err); ok {
		return refusal, true
	}
	text := ""
	switch {
	case errors.Is(err, play.ErrStore), errors.Is(err, room.ErrStore):
		return s.storeFailed(seat, doing, err), true
	case errors.Is(err, play.ErrGone):
		text = w.Text("That game is gone. Start a new one from the menu.")
	case errors.Is(err, play.ErrNoDaily): // a DM's daily (no server) is the player's own, as /daily play there
		text = w.Text(noDailyHere)
	case errors.Is(err, play.ErrNoPuzzle):
		s.cfg.Log.Warn("activity: making a puzzle failed", "err", err)
		text = w.Text(noPuzzleInTime)
	case errors.Is(err, play.ErrNotRecorded):
		s.cfg.Log.Error("activity: a daily answer was not recorded", "err", err)
		text = seat.say().NotRecorded()
	case errors.Is(err, play.ErrDailyDown):
		s.cfg.Log.Error("activity: reading the daily failed", "err", err)
		text = w.Text(dailyDown)
	case errors.Is(err, room.ErrFull):
		text = w.Text(roomFull)
	case errors.Is(err, room.ErrBusy):
		text = w.Text("The board is very busy; that was not applied. Try again.")
	case errors.Is(err, play.ErrNoRoomYet):
		text = w.Text(notInYet)
	default:
		return reply{}, false
	}
	return reply{T: "error", Message: text}, true
}

// failed is failure for an answer with no board to show: any other error
// is the store's.
func (s *Server) failed(seat Seat, doing string, err error) reply {
	if r, ok := s.failure(seat, doing, err); ok {
		return r
	}
	return s.storeFailed(seat, doing, err)
}

// storeFailed logs a store error and words it for the page.
func (s *Server) storeFailed(seat Seat, doing string, err error) reply {
	s.cfg.Log.Error("activity: "+doing+" failed", "err", err)
	return reply{T: "error", Message: seat.say().GamesDown()}
}
