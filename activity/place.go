package activity

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"sync"
	"time"
)

// errNotInInstance is a sign-in from a user Discord does not list in the
// Activity instance the page names (or an instance that is not running).
var errNotInInstance = errors.New("activity: the user is not in that instance")

// instanceFresh is how long Discord's answer about an instance (where it
// runs, who is in it) is used again rather than asked anew: a page that
// joins over and over, or a room of players joining at once, costs one
// request to Discord every few seconds, not one each.
const instanceFresh = 5 * time.Second

// maxInstances bounds the answers kept; past it, stale ones are dropped
// (an answer is about 200 bytes and 20 a user).
const maxInstances = 10000

// instance is Discord's answer about an instance: where it was launched
// and who is in it, or that it is not running (gone).
type instance struct {
	guild, channel string
	users          []string
	gone           bool
}

// asked is one question to Discord about an instance, asked at a time,
// answered when done is closed.
type asked struct {
	at   time.Time
	done chan struct{}
	in   instance
	err  error
}

// instances keeps Discord's latest answer about each instance.
type instances struct {
	mu  sync.Mutex
	all map[string]*asked
}

// placeOf asks Discord (with the bot token) where the Activity instance
// the page runs in was launched, and checks that user is in it: the
// server whose daily the board plays, and the instance whose room they
// play together in, come from Discord, not from the page. A DM's instance
// has no server (""); a page that names no instance, or a bot configured
// without its token, has neither. An answer asked at since or later is
// used again; since zero takes one a few seconds old, and a user missing
// from it is asked about again.
func (s *Server) placeOf(ctx context.Context, id, user string, since time.Time) (guild, checked, channel string, err error) {
	if id == "" || s.cfg.Discord == nil {
		return "", "", "", nil
	}
	if since.IsZero() {
		since = s.cfg.Now().Add(-instanceFresh)
	}
	in, err := s.instanceOf(ctx, id, since)
	if err == nil && !in.gone && !slices.Contains(in.users, user) {
		// A player who joined after the answer was asked is not in it:
		// ask again, once (players joining one after another are each
		// asked about afresh; those in the answer are not).
		in, err = s.instanceOf(ctx, id, s.cfg.Now().Add(time.Nanosecond))
	}
	switch {
	case err != nil:
		return "", "", "", err
	case in.gone || !slices.Contains(in.users, user):
		return "", "", "", errNotInInstance
	}
	return in.guild, id, in.channel, nil
}

// instanceOf returns Discord's answer about an instance asked at since or
// later, waiting for one being asked, or asking.
func (s *Server) instanceOf(ctx context.Context, id string, since time.Time) (instance, error) {
	s.instances.mu.Lock()
	a := s.instances.all[id]
	if a == nil || a.at.Before(since) {
		a = s.instances.start(id, s.cfg.Now())
		s.instances.mu.Unlock()
		a.in, a.err = s.askInstance(ctx, id)
		close(a.done)
		if a.err != nil { // not kept: the next question asks again
			s.instances.forget(id, a)
		}
		return a.in, a.err
	}
	s.instances.mu.Unlock()
	select {
	case <-a.done:
		return a.in, a.err
	case <-ctx.Done():
		return instance{}, ctx.Err()
	}
}

// start records a question about an instance. Call it with is.mu held.
func (is *instances) start(id string, now time.Time) *asked {
	if is.all == nil {
		is.all = map[string]*asked{}
	}
	if len(is.all) >= maxInstances {
		for k, a := range is.all {
			if now.Sub(a.at) > instanceFresh {
				delete(is.all, k)
			}
		}
	}
	a := &asked{at: now, done: make(chan struct{})}
	is.all[id] = a
	return a
}

func (is *instances) forget(id string, a *asked) {
	is.mu.Lock()
	defer is.mu.Unlock()
	if is.all[id] == a {
		delete(is.all, id)
	}
}

// askInstance asks Discord's activity-instance endpoint about an instance.
func (s *Server) askInstance(ctx context.Context, id string) (instance, error) {
	guild, channel, users, err := s.cfg.Discord.Instance(ctx, id)
	switch {
	case discordStatus(err) == http.StatusNotFound:
		return instance{gone: true}, nil
	case err != nil:
		return instance{}, err
	}
	return instance{guild: guild, channel: channel, users: users}, nil
}
