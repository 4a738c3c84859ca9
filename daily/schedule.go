package daily

import (
	"context"
	"time"
)

// Due is a post to make: day Day's puzzle in a server's channel.
type Due struct {
	Guild Guild
	Day   int
}

// Due returns the posts whose local hour has come today and which are
// not made yet. A post missed while the bot was down is due until the
// server's day ends, so a restart catches up.
func (s *Service) Due(ctx context.Context, keep func(guild string) bool) ([]Due, error) {
	guilds, err := s.Store.Posting(ctx)
	if err != nil {
		return nil, err
	}
	now := s.Now()
	var hourCame []Due
	for _, g := range guilds {
		if keep != nil && !keep(g.ID) {
			continue
		}
		loc := s.zone(g.Timezone)
		if n := DayOf(now, loc); !now.Before(At(n, g.Hour, loc)) {
			hourCame = append(hourCame, Due{Guild: g, Day: n})
		}
	}
	if len(hourCame) == 0 {
		return nil, nil
	}
	today := DayOf(now, time.UTC) // every timezone is within a day of UTC
	made, err := s.Store.PostsMade(ctx, today-1, today+1)
	if err != nil {
		return nil, err
	}
	var due []Due
	for _, d := range hourCame {
		if !made[PostKey{d.Guild.ID, d.Day}] {
			due = append(due, d)
		}
	}
	return due, nil
}

// DayEnds returns when day n ends in a server's timezone: a post not made
// by then is missed, since Due no longer returns it.
func (s *Service) DayEnds(g Guild, n int) time.Time { return Start(n+1, s.zone(g.Timezone)) }

// Setup saves where and when a server's post goes out, and its timezone.
func (s *Service) Setup(ctx context.Context, g Guild) error {
	s.places.Delete(g.ID)
	return s.Store.SaveGuild(ctx, g)
}

// Settings returns a server's settings: the zero Guild but for its ID (no
// channel, no timezone: UTC) when it has none.
func (s *Service) Settings(ctx context.Context, guild string) (Guild, error) {
	g, ok, err := s.Store.Guild(ctx, guild)
	if err != nil || !ok {
		return Guild{ID: guild}, err
	}
	return g, nil
}

// Off stops a server's posts and keeps its timezone.
func (s *Service) Off(ctx context.Context, guild string) (was bool, err error) {
	g, ok, err := s.Store.Guild(ctx, guild)
	if err != nil || !ok || g.Channel == "" {
		return false, err
	}
	g.Channel = ""
	return true, s.Store.SaveGuild(ctx, g)
}
