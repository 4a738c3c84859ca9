package daily

import (
	"context"
	"fmt"
	"log/slog"
	"time"
)

// Poster makes the daily posts exactly once per server and day, however
// many processes run it: a post is claimed in the Store for a lease, sent,
// and recorded; a refused post is retried after Retry; a claim whose
// process died is taken over when its lease runs out.
type Poster struct {
	Service *Service
	// Store claims and records the posts (default: Service.Store).
	Store PostStore
	// Send posts a server's message of day n in a channel and returns the
	// message's id. Its error is logged, through Log (which must redact secrets).
	Send func(ctx context.Context, guild, channel string, day int) (messageID string, err error)
	// Find looks in a channel for day n's post, made by an attempt that
	// was not recorded (the process died between sending and recording,
	// or a send timed out after Discord took it): a second attempt at a
	// post asks it first, and records what it finds instead of posting
	// again. Nil: never looked for.
	Find func(ctx context.Context, channel string, day int) (messageID string, found bool, err error)
	// Keep limits the servers this process posts for (nil: all).
	Keep func(guild string) bool
	// Lease is how long a claim holds before another process may take the
	// post over (default 10m); Retry how long after a refused post it is
	// tried again (default 5m); SendTimeout bounds one Send (default 1m).
	Lease, Retry, SendTimeout time.Duration
	// Log receives what happened to each post (default: Service.Log).
	Log *slog.Logger
	// Wait pauses between two tries to record a made post; it returns
	// early with ctx's error. Default: a timer.
	Wait func(ctx context.Context, d time.Duration) error
}

// Report counts what one Round did: posts made, posts refused (to be
// retried), refused posts whose retry falls after the server's day ends
// (missed), and posts found made by an attempt that was not recorded.
type Report struct {
	Made, Failed, Missed int
	Found                int // posts an unrecorded attempt had made, recorded instead of sent again
}

// recordTries and recordWithin bound the tries to record a made post:
// until it is recorded, another process could post again once the lease
// runs out, so the record is tried through a shutdown, briefly.
const (
	recordTries  = 5
	recordWithin = 3 * time.Second
)

// Round makes every due post that this process can claim, one after the
// other, and reports how they went. It stops early when ctx ends; the
// error is for a schedule it cannot read.
func (p *Poster) Round(ctx context.Context) (Report, error) {
	var rep Report
	due, err := p.Service.Due(ctx, p.Keep)
	if err != nil {
		return rep, fmt.Errorf("daily posts: read the schedule: %w", err)
	}
	for _, d := range due {
		if ctx.Err() != nil {
			break
		}
		p.one(ctx, d, &rep)
	}
	return rep, nil
}

// one claims, sends and records one post. A post claimed before may
// have been sent by a process that died before recording it, so it is
// looked for in the channel first, and recorded if it is there.
func (p *Poster) one(ctx context.Context, d Due, rep *Report) {
	s, log := p.Service, p.log().With("guild", d.Guild.ID, "day", d.Day)
	now := s.Now()
	ok, again, err := p.store().ClaimPost(ctx, d.Guild.ID, d.Day, now, or(p.Lease, 10*time.Minute))
	if err != nil {
		log.Warn("daily post: cannot claim", "err", err)
	}
	if !ok {
		return // another process has it, or the claim could not be made
	}
	sctx, cancel := context.WithTimeout(ctx, or(p.SendTimeout, time.Minute))
	defer cancel()
	if again && p.Find != nil {
		id, found, err := p.Find(sctx, d.Guild.Channel, d.Day)
		switch {
		case err != nil:
			p.failed(ctx, d, now, fmt.Errorf("look for an earlier attempt's post: %w", err), rep)
			return
		case found:
			rep.Found++
			log.Warn("daily post: an earlier attempt sent it without recording it; recorded now", "message", id)
			p.record(ctx, d, id)
			return
		}
	}
	id, err := p.Send(sctx, d.Guild.ID, d.Guild.Channel, d.Day)
	if err != nil {
		p.failed(ctx, d, now, err, rep)
		return
	}
	rep.Made++
	p.record(ctx, d, id)
}

// failed sets the refused post's retry time, or counts it missed when
// the retry would come after the server's day.
func (p *Poster) failed(ctx context.Context, d Due, now time.Time, err error, rep *Report) {
	s, log := p.Service, p.log().With("guild", d.Guild.ID, "day", d.Day)
	retry := or(p.Retry, 5*time.Minute)
	rep.Failed++
	if !now.Add(retry).Before(s.DayEnds(d.Guild, d.Day)) {
		rep.Missed++
		log.Error("daily post missed: the server's day ends before the retry")
	}
	log.Warn("daily post failed; will retry", "channel", d.Guild.Channel, "retry_in", retry, "err", err)
	if err := p.store().PostFailed(context.WithoutCancel(ctx), d.Guild.ID, d.Day, now.Add(retry)); err != nil {
		log.Error("daily post: cannot record the failure", "err", err)
	}
}

// record saves a made post, trying up to recordTries times within
// recordWithin, through a shutdown too (the post is made; only its record
// is missing).
func (p *Poster) record(ctx context.Context, d Due, id string) {
	log := p.log().With("guild", d.Guild.ID, "day", d.Day)
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), recordWithin)
	defer cancel()
	var err error
	for try := 1; try <= recordTries; try++ {
		if err = p.store().PostDone(ctx, d.Guild.ID, d.Day, d.Guild.Channel, id); err == nil {
			log.Info("daily post made", "channel", d.Guild.Channel, "message", id)
			return
		}
		if try == recordTries || p.wait(ctx, time.Duration(try)*200*time.Millisecond) != nil {
			break
		}
	}
	log.Error("daily post made but not recorded", "message", id, "err", err)
}

func (p *Poster) log() *slog.Logger {
	if p.Log != nil {
		return p.Log
	}
	return p.Service.Log
}

func (p *Poster) wait(ctx context.Context, d time.Duration) error {
	if p.Wait != nil {
		return p.Wait(ctx, d)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// or returns d, or def when d is not positive.
func or(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}

func (p *Poster) store() PostStore {
	if p.Store != nil {
		return p.Store
	}
	return p.Service.Store
}
