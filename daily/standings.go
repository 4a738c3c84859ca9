package daily

import (
	"context"
	"slices"
	"time"
)

// TopRows is how many rows a leaderboard shows.
const TopRows = 10

// Stats is a player's record as /daily stats shows it.
type Stats struct {
	Player
	Current int // the streak still alive today (0 when broken)
	Median  time.Duration
	Fastest time.Duration
	Timed   int
	Today   int     // today's number in the server
	Recent  []Entry // the solves of the last RecentDays days, today's included, in day order
}

// RecentDays is how far back Stats.Recent reaches: four weeks.
const RecentDays = 28

// Stats returns a player's record in a server.
func (s *Service) Stats(ctx context.Context, guild, user string) (Stats, error) {
	today, err := s.Today(ctx, guild)
	if err != nil {
		return Stats{}, err
	}
	p, err := s.Store.Player(ctx, guild, user)
	if err != nil {
		return Stats{}, err
	}
	times, err := s.Store.Times(ctx, guild, user)
	if err != nil {
		return Stats{}, err
	}
	recent, err := s.Store.History(ctx, guild, user, today-RecentDays+1, today)
	if err != nil {
		return Stats{}, err
	}
	st := Stats{Player: p, Current: CurrentStreak(p, today), Timed: len(times), Today: today, Recent: recent}
	if len(times) > 0 {
		slices.Sort(times)
		st.Fastest, st.Median = times[0], median(times)
	}
	return st, nil
}

// CurrentStreak returns p's streak as of day today: alive while its last
// day is today or yesterday, else broken.
func CurrentStreak(p Player, today int) int {
	if p.Streak == 0 || p.StreakEnd < today-1 {
		return 0
	}
	return p.Streak
}

func median(sorted []time.Duration) time.Duration {
	n := len(sorted)
	if n%2 == 1 {
		return sorted[n/2]
	}
	return (sorted[n/2-1] + sorted[n/2]) / 2
}

// Leaderboard returns a server's board for a period ending today, and the
// user's own row.
func (s *Service) Leaderboard(ctx context.Context, guild, user string, period Period) (Standings, error) {
	today, err := s.Today(ctx, guild)
	if err != nil {
		return Standings{}, err
	}
	return s.Store.Leaderboard(ctx, guild, user, period, today, TopRows)
}
