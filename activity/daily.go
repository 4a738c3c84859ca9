package activity

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/internal/i18n"
)

// The daily on the big board is the one the buttons play, by the same
// rules (daily.Service): today's in the server the Activity was launched
// in (a DM's is the player's own, as /daily play there), one clock from the
// first open on any front end, handed in through daily.Submit, which
// counts tries, points and streaks and marks the server's post for its
// scoreboard edit. A past daily is practice: unranked, counted nowhere.

// Daily is a ranked daily's standing, sent with its board.
type Daily struct {
	Day     int    `json:"day"`
	Solved  bool   `json:"solved"`
	Tries   int    `json:"tries,omitempty"` // wrong answers handed in
	Share   string `json:"share,omitempty"` // the share line, once solved
	Took    int64  `json:"took,omitempty"`  // seconds the solve took, as recorded (a timed solve)
	Started int64  `json:"started,omitempty"`
	// Others are the players of this daily in the same Activity instance,
	// the player among them: how far each has got, never a digit.
	Others []Racer `json:"others,omitempty"`
}

// What the page is told about the daily.
const (
	noDailyHere = "The daily is not available here: this bot runs without its database."
	dailyDown   = "The daily puzzle is unavailable right now (I can't reach my database). Please try again later."
	notRecorded = "I couldn't record that just now; nothing was saved. Please try again in a moment."
)

// today opens today's daily for the seat, starting its clock as /daily
// play does, on the board the buttons keep under the same key.
func (s *Server) today(ctx context.Context, c *client) any {
	seat, w := c.seat, c.seat.words()
	if s.cfg.Daily == nil {
		return reply{T: "error", Message: w.Text(noDailyHere)}
	}
	pz, _, err := s.cfg.Daily.Play(ctx, seat.Guild, seat.User.ID)
	if err != nil {
		s.cfg.Log.Error("activity: opening the daily failed", "err", err)
		return reply{T: "error", Message: w.Text(dailyDown)}
	}
	p := play{seat: seat, ref: game.DailyRef(pz.Day), sessions: game.Sessions{Store: s.cfg.Games, Now: s.cfg.Now}}
	p.sess, err = p.sessions.LoadOrCreate(ctx, p.ref.Key(seat.User.ID, seat.Guild), func() (*game.Game, error) {
		return game.New(pz.Grid, pz.Solution)
	})
	if err != nil {
		return s.storeFailed(w, "opening the daily's board", err)
	}
	if seat.Instance != "" {
		if err := s.rooms().Enter(ctx, pz.Day, seat.Instance, seat.User.ID, seat.User.Name); err != nil {
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
func (s *Server) withOthers(ctx context.Context, p play, st *State) {
	if p.seat.Instance == "" || st.Daily == nil {
		return
	}
	st.Daily.Others, _ = s.dailyOthers(ctx, p.seat.Guild, p.ref.Day, p.seat.Instance) // without them, the board still plays
}

// withDaily adds the daily's standing to its board's state: the clock is
// the daily's, which started at the first open anywhere.
func (s *Server) withDaily(ctx context.Context, p play, st *State) {
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

// submit hands in a full daily board, with the checks, hints and shape of
// the play, as the buttons' Submit does.
func (s *Server) submit(ctx context.Context, p play) any {
	g, w := p.sess.Game, p.seat.words()
	if p.ref.Kind != game.RefDaily {
		return s.stateOf(ctx, p, w.Text("Only the daily is handed in; this board says itself when it is solved."))
	}
	out, err := s.cfg.Daily.Submit(ctx, p.seat.Guild, p.seat.User.ID, p.ref.Day, g.Grid(),
		daily.Aids{Checks: g.Checks(), Hints: g.Hints(), Shape: g.Shape()})
	switch {
	case errors.Is(err, daily.ErrClosed):
		return s.stateOf(ctx, p, w.Sprintf("Daily #%d is closed; today's is #%d. Open it from the menu.", p.ref.Day, out.Today))
	case err != nil:
		s.cfg.Log.Error("activity: a daily answer was not recorded", "day", p.ref.Day, "err", err)
		return reply{T: "error", Message: w.Text(notRecorded)}
	}
	st := s.stateOf(ctx, p, outcomeLine(w, out))
	if out.Verdict == daily.Correct && st.Daily != nil {
		st.Daily.Share = daily.Share(w, out.Puzzle.Day, out.Entry, daily.CurrentStreak(out.Player, out.Today))
	}
	if out.Verdict == daily.Wrong {
		st.Wrong = g.Grid().Indexes(g.Wrong())
	}
	return st
}

// outcomeLine words what handing in a daily came to, as /daily submit
// does.
func outcomeLine(w i18n.Printer, out daily.Outcome) string {
	n := out.Puzzle.Day
	switch out.Verdict {
	case daily.Correct:
		return plain(w.Sprintf("✅ **Correct!** Daily #%d solved%s.", n, daily.Took(w, out.Entry)))
	case daily.Wrong:
		return plain(w.Sprintf("❌ Not yet: **%s**. That was try %d on Daily #%d; your clock keeps running. Keep going!",
			w.Count(out.Wrong, "%d cell is wrong", "%d cells are wrong"), out.Entry.Wrong, n))
	case daily.Incomplete:
		return plain(w.Sprintf("Your answer has **%s**: fill in every cell, then submit again. This was not counted as a try.",
			w.Count(out.Empty, "%d empty cell", "%d empty cells")))
	}
	return w.Sprintf("You solved Daily #%d already%s; only the first correct answer counts, so nothing changed.",
		n, daily.Took(w, out.Entry))
}

// practice starts a past daily, unranked, for a player who has no board
// of it yet; today's and those still today somewhere are not practice.
func (s *Server) practice(ctx context.Context, seat Seat, n int) any {
	w := seat.words()
	if s.cfg.Daily == nil {
		return reply{T: "error", Message: w.Text(noDailyHere)}
	}
	today, err := s.cfg.Daily.Today(ctx, seat.Guild)
	if err != nil {
		s.cfg.Log.Error("activity: reading today's daily failed", "err", err)
		return reply{T: "error", Message: w.Text(dailyDown)}
	}
	if !daily.Practicable(n, today, s.cfg.Now()) {
		return reply{T: "error", Message: w.Sprintf("Daily #%d cannot be practised yet: it is still today somewhere.", n)}
	}
	pz, err := s.cfg.Daily.Puzzle(ctx, n)
	if err != nil {
		s.cfg.Log.Error("activity: reading a past daily failed", "day", n, "err", err)
		return reply{T: "error", Message: w.Text(dailyDown)}
	}
	p := play{seat: seat, ref: game.PracticeRef(n), sessions: game.Sessions{Store: s.cfg.Games, Now: s.cfg.Now}}
	p.sess, err = p.sessions.LoadOrCreate(ctx, p.ref.Key(seat.User.ID, seat.Guild), func() (*game.Game, error) {
		return game.New(pz.Grid, pz.Solution)
	})
	if err != nil {
		return s.storeFailed(w, "opening a practice board", err)
	}
	return s.stateOf(ctx, p, w.Text("Practice: nothing is counted, so take your time."))
}

// title is a board's heading, as the button board's.
func (s *Server) title(ctx context.Context, p play) string {
	w, n := p.seat.words(), p.sess.Game.Size()
	if p.ref.Kind == game.RefPuzzle || s.cfg.Daily == nil {
		return plain(w.Sprintf("**Board** · %s", fmt.Sprintf("%d×%d", n, n)))
	}
	pz, err := s.cfg.Daily.Puzzle(ctx, p.ref.Day)
	switch {
	case err != nil:
		return plain(w.Sprintf("**Daily #%d**", p.ref.Day))
	case p.ref.Kind == game.RefPractice:
		return plain(w.Sprintf("**Daily #%d, practice** · %s · %s · unranked: no clock, no points, no streak", p.ref.Day,
			w.Date(daily.Date(p.ref.Day)), w.Text(pz.Level.String())))
	}
	return plain(w.Sprintf("**Daily #%d** · %s", p.ref.Day, w.Text(pz.Level.String())))
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
