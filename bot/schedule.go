package bot

import (
	"context"
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

// schedule runs the posting loop until ctx ends.
func (b *Bot) schedule(ctx context.Context, s *Schedule) {
	if s.Every <= 0 {
		s.Every = 30 * time.Second
	}
	if s.Lease <= 0 {
		s.Lease = 10 * time.Minute
	}
	if s.Retry <= 0 {
		s.Retry = 5 * time.Minute
	}
	t := time.NewTicker(s.Every)
	defer t.Stop()
	for {
		b.postDue(ctx, s)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// postDue makes every due post this process can claim.
func (b *Bot) postDue(ctx context.Context, s *Schedule) {
	b.prepare(ctx) // tomorrow's puzzle is made before anyone's midnight
	due, err := s.Daily.Due(ctx, s.Keep)
	if err != nil {
		b.log.Warn("daily posts: cannot read the schedule; will retry", "err", err)
		return
	}
	for _, d := range due {
		if ctx.Err() != nil {
			return
		}
		b.postOne(ctx, s, d)
	}
}

func (b *Bot) postOne(ctx context.Context, s *Schedule, d daily.Due) {
	st := s.Daily.Store
	now := b.opt.Now()
	ok, err := st.ClaimPost(ctx, d.Guild.ID, d.Day, now, s.Lease)
	if err != nil || !ok {
		if err != nil {
			b.log.Warn("daily post: cannot claim", "guild", d.Guild.ID, "day", d.Day, "err", err)
		}
		return
	}
	msg, err := s.Post(ctx, d.Day)
	var id string
	if err == nil {
		pctx, cancel := context.WithTimeout(ctx, time.Minute)
		id, err = b.post(pctx, d.Guild.Channel, msg)
		cancel()
	}
	if err != nil {
		b.metrics.dailyPosts.WithLabelValues("failed").Inc()
		if !now.Add(s.Retry).Before(s.Daily.DayEnds(d.Guild, d.Day)) {
			b.metrics.dailyPosts.WithLabelValues("missed").Inc()
			b.log.Error("daily post missed: the server's day ends before the retry", "guild", d.Guild.ID, "day", d.Day)
		}
		b.log.Warn("daily post failed; will retry", "guild", d.Guild.ID, "channel", d.Guild.Channel, "day", d.Day,
			"retry_in", s.Retry, "err", b.scrub(err.Error()))
		if err := st.PostFailed(context.WithoutCancel(ctx), d.Guild.ID, d.Day, now.Add(s.Retry)); err != nil {
			b.log.Error("daily post: cannot record the failure", "guild", d.Guild.ID, "day", d.Day, "err", err)
		}
		return
	}
	b.metrics.dailyPosts.WithLabelValues("made").Inc()
	b.markPosted(ctx, st, d, id)
}

// markPosted records a made post, retrying a few times: until it is
// recorded, another process could post again once the lease runs out. It
// keeps trying through a shutdown (the post is made; only the record is
// missing), for 3 seconds at most.
func (b *Bot) markPosted(ctx context.Context, st daily.Store, d daily.Due, id string) {
	ctx = context.WithoutCancel(ctx)
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = st.PostDone(ctx, d.Guild.ID, d.Day, id); err == nil {
			b.log.Info("daily post made", "guild", d.Guild.ID, "channel", d.Guild.Channel, "day", d.Day, "message", id)
			return
		}
		time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
	}
	b.log.Error("daily post made but not recorded", "guild", d.Guild.ID, "day", d.Day, "err", err)
}
