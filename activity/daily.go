package activity

import (
	"context"
	"errors"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/play"
)

// The daily on the big board is the one the buttons play, by the same
// rules (daily.Service): today's in the server the Activity was launched
// in (a DM's is the player's own, as /daily play there), one clock from the
// first open on any front end, handed in through daily.Submit, which
// counts tries, points and streaks and marks the server's post for its
// scoreboard edit. A past daily is practice: unranked, counted nowhere.

// What the page is told about the daily.
const (
	noDailyHere = "The daily is not available here: this bot runs without its database."
	dailyDown   = "The daily puzzle is unavailable right now (I can't reach my database). Please try again later."
)

// today opens today's daily for the seat, starting its clock as /daily
// play does, on the board the buttons keep under the same key.
func (s *Server) today(ctx context.Context, c *client) any {
	seat := c.seat
	sess, pz, err := s.games.Today(ctx, seat.who())
	if err != nil {
		return s.failed(seat, "opening the daily's board", err)
	}
	p := onBoard{seat: seat, ref: game.DailyRef(pz.Day), game: sess.Game}
	if seat.Instance != "" {
		if err := s.games.Rooms().Enter(ctx, pz.Day, seat.Instance, seat.User.ID, seat.User.Name); err != nil {
			s.cfg.Log.Warn("activity: listing a daily's player in an instance failed", "err", err)
		}
		s.hub.join(c, dailyRoom(pz.Day, seat.Instance))
		s.hub.send(ctx, word{Room: dailyRoom(pz.Day, seat.Instance)})
	}
	st := s.stateOf(ctx, p, "")
	s.withOthers(ctx, p, st)
	return st
}

// withOthers adds the progress of the daily's players in the seat's
// instance to a board opened there; later changes come as pushes
// ("others"), so a move does not read every player's board again.
func (s *Server) withOthers(ctx context.Context, p onBoard, st *State) {
	if p.seat.Instance == "" || st.Daily == nil {
		return
	}
	st.Daily.Others, _ = s.dailyOthers(ctx, p.seat.Guild, p.ref.Day, p.seat.Instance) // without them, the board still plays
}

// withDaily adds the daily's standing to its board's state: the clock is
// the daily's, which started at the first open anywhere.
func (s *Server) withDaily(ctx context.Context, p onBoard, st *State) {
	e, ok, err := s.cfg.Daily.Entry(ctx, p.seat.Guild, p.seat.User.ID, p.ref.Day)
	if err != nil || !ok {
		return // the board still plays; the standing comes with the next answer
	}
	d := &Daily{Day: p.ref.Day, Solved: !e.Solved.IsZero(), Tries: e.Wrong, Started: e.Started.Unix()}
	if d.Solved {
		d.Share = daily.Share(p.seat.words(), p.ref.Day, e, 0)
		if e.Timed {
			d.Took = int64(e.Took.Round(time.Second).Seconds())
		}
	}
	st.Daily, st.Started = d, d.Started
}

// practice starts a past daily, unranked, for a player who has no board
// of it yet; today's and those still today somewhere are not practice.
func (s *Server) practice(ctx context.Context, seat Seat, n int) any {
	sess, err := s.games.Practice(ctx, seat.who(), n)
	if errors.Is(err, play.ErrNotYet) {
		return reply{T: "error", Message: seat.words().Sprintf("Daily #%d cannot be practised yet: it is still today somewhere.", n)}
	}
	if err != nil {
		return s.failed(seat, "opening a practice board", err)
	}
	p := onBoard{seat: seat, ref: game.PracticeRef(n), game: sess.Game}
	return s.stateOf(ctx, p, seat.words().Text("Practice: nothing is counted, so take your time."))
}

// title is a board's heading, as the button board's.
func (s *Server) title(ctx context.Context, p onBoard) string {
	words := p.seat.say()
	if p.ref.Kind == game.RefPuzzle || s.cfg.Daily == nil {
		return words.BoardTitle(p.game.Size())
	}
	pz, err := s.cfg.Daily.Puzzle(ctx, p.ref.Day)
	switch {
	case err != nil:
		return words.DailyTitle(p.ref.Day, nil)
	case p.ref.Kind == game.RefPractice:
		return words.PracticeTitle(pz)
	}
	return words.DailyTitle(p.ref.Day, &pz)
}

// archiveDays is how far back the menu lists past dailies.
const archiveDays = 14

// archive returns the past dailies that can be practised, newest first.
func (s *Server) archive(ctx context.Context, guild string, now time.Time) ([]int, error) {
	today, err := s.cfg.Daily.Today(ctx, guild)
	if err != nil {
		return nil, err
	}
	var days []int
	for n := today - 1; n >= 1 && n >= today-archiveDays; n-- {
		if daily.Practicable(n, today, now) {
			days = append(days, n)
		}
	}
	return days, nil
}
