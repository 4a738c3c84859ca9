package bot

import (
	"context"
	"errors"
	"time"

	"github.com/sudokubot/sudokubot/commands"
	"github.com/sudokubot/sudokubot/daily"
)

// Schedule makes the daily posts: every Every, each post that is due and
// that this process claims in the database is sent, so several processes
// post each one exactly once.
type Schedule struct {
	Daily *daily.Service
	// Post builds day n's message.
	Post func(ctx context.Context, n int) (commands.Response, error)
	// Every is how often to look for due posts (default 30s).
	Every time.Duration
	// Keep limits the servers this process posts for (nil: all).
	Keep func(guild string) bool
	// Lease is how long a claim holds before another process may take
	// the post over (default 10m); Retry how long after a failure the post
	// is tried again (default 5m).
	Lease, Retry time.Duration
}

// schedule runs the posting loop until ctx ends: every Every, a round of
// daily.Poster, which owns the exactly-once protocol; this side sends.
func (b *Bot) schedule(ctx context.Context, s *Schedule) {
	every := s.Every
	if every <= 0 {
		every = 30 * time.Second
	}
	p := &daily.Poster{Service: s.Daily, Keep: s.Keep, Log: b.log, Lease: s.Lease, Retry: s.Retry,
		Send: func(ctx context.Context, channel string, day int) (string, error) {
			msg, err := s.Post(ctx, day)
			if err != nil {
				return "", err
			}
			id, err := b.post(ctx, channel, msg)
			if err != nil {
				return "", errors.New(b.scrub(err.Error()))
			}
			return id, nil
		}}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		b.prepare(ctx) // tomorrow's puzzle is made before anyone's midnight
		rep, err := p.Round(ctx)
		if err != nil {
			b.log.Warn("daily posts: cannot read the schedule; will retry", "err", err)
		}
		b.metrics.dailyPosts.WithLabelValues("made").Add(float64(rep.Made))
		b.metrics.dailyPosts.WithLabelValues("failed").Add(float64(rep.Failed))
		b.metrics.dailyPosts.WithLabelValues("missed").Add(float64(rep.Missed))
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
