package activity

import (
	"context"
	"sort"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/play"
	"github.com/sudokubot/sudokubot/room"
)

// The daily stays each player's own, by its rules; but the players who
// open it in the same Activity instance see each other's progress, as
// bars (cells filled, and the time of those who solved it), Wordle-style,
// never a digit. The instance keeps the list of who opened it there.

// dailyRoom names what the players of day n's daily in an instance hear:
// its roster's name.
func dailyRoom(n int, instance string) string { return room.RosterName(n, instance) }

// parseDailyRoom reads dailyRoom's text back.
func parseDailyRoom(name string) (n int, instance string, ok bool) { return room.ParseRosterName(name) }

// dailyOthers returns the progress of everyone who opened day n's daily
// in the seat's instance: solvers first, by time; then by cells filled.
func (s *Server) dailyOthers(ctx context.Context, guild string, n int, instance string) ([]Racer, error) {
	if s.cfg.Daily == nil {
		return nil, play.ErrNoDaily
	}
	ms, err := s.games.Rooms().Roster(ctx, n, instance)
	if err != nil {
		return nil, err
	}
	sessions := game.Sessions{Store: s.cfg.Games}
	out := make([]Racer, 0, len(ms))
	for _, m := range ms {
		r := Racer{ID: m.ID, Name: m.Name, Color: m.Color}
		if sess, ok, err := sessions.Load(ctx, game.DailyRef(n).Key(m.ID, guild)); err == nil && ok {
			g := sess.Game
			r.Empty = g.Puzzle().Cells() - g.Puzzle().Givens()
			r.Filled = r.Empty - g.Left()
		}
		if e, ok, err := s.cfg.Daily.Entry(ctx, guild, m.ID, n); err == nil && ok && !e.Solved.IsZero() {
			r.Place, r.Took, r.Filled = 1, int64(e.Took.Seconds()), r.Empty
		}
		out = append(out, r)
	}
	sort.SliceStable(out, func(a, b int) bool {
		if (out[a].Place > 0) != (out[b].Place > 0) {
			return out[a].Place > 0
		}
		if out[a].Place > 0 {
			return out[a].Took < out[b].Took
		}
		return out[a].Filled > out[b].Filled
	})
	place := 0
	for k := range out {
		if out[k].Place > 0 {
			place++
			out[k].Place = place
		}
	}
	return out, nil
}

// others is the daily's players' progress, pushed to each of them.
type others struct {
	T      string  `json:"t"`
	Day    int     `json:"day"`
	Racers []Racer `json:"racers"`
}

// pushDaily sends the progress of day n's players in an instance to its
// pages here.
func (h *hub) pushDaily(ctx context.Context, subs *roomSubs, n int, instance string) {
	h.mu.Lock()
	clients := make([]*client, 0, len(subs.clients))
	for c := range subs.clients {
		clients = append(clients, c)
	}
	h.mu.Unlock()
	if len(clients) == 0 {
		return
	}
	racers, err := h.pages.dailyOthers(ctx, clients[0].seat.Guild, n, instance)
	if err != nil {
		return
	}
	for _, c := range clients {
		c.push(others{T: "others", Day: n, Racers: racers})
	}
}
