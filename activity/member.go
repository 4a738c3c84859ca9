package activity

import (
	"context"
	"errors"
	"time"
)

// A session outlives a player's leaving the Activity (it lasts 12 hours),
// so the server asks Discord, when the bot's token allows, whether the
// player is still in the instance: when they join its room, every
// recheckEvery while they play, and a little after their page closes.
// Discord's answers come through the instance cache (place.go), so the
// checks cost a request per instance every few seconds at most.

// recheckEvery is how often a player's moves in a room check again that
// they are still in the Activity.
const recheckEvery = 30 * time.Second

// leaveTries is how many times a closed page's player is asked about when
// Discord cannot say whether they left.
const leaveTries = 3

// discordSilent is what the page reads when Discord did not answer
// whether the player is still in the Activity.
const discordSilent = "I could not ask Discord whether you are still in this Activity. Try again in a moment."

// member checks that the page's player is still in the Activity's
// instance: when joining, and when the last check is recheckEvery old. It
// fails closed: when Discord cannot say, the message is refused and the
// page told to try again; when Discord says they are not in, they leave
// the room. It returns the refusal to send, nil to go on.
func (s *Server) member(ctx context.Context, c *client, joining bool) any {
	now := s.cfg.Now()
	if s.cfg.Discord == nil || (!joining && now.Sub(c.checked) < recheckEvery) {
		return nil
	}
	w := c.seat.words()
	if now.Sub(c.absent) < instanceFresh { // told a moment ago: Discord is not asked again so soon
		return reply{T: "error", Message: w.Text(notInActivity)}
	}
	_, _, _, err := s.placeOf(ctx, c.seat.Instance, c.seat.User.ID, time.Time{})
	switch {
	case err == nil:
		c.checked = now
		return nil
	case errors.Is(err, errNotInInstance):
		c.absent = now
		if c.joined.Load() {
			s.hub.leave(c)
			c.joined.Store(false)
			s.leaveRoom(ctx, c.seat)
		}
		return reply{T: "error", Message: w.Text(notInActivity)}
	case discordWaits(err):
		return reply{T: "error", Message: w.Text(discordBusy)}
	}
	s.cfg.Log.Warn("activity: asking Discord who is in an instance failed", "err", err)
	return reply{T: "error", Message: w.Text(discordSilent)}
}

// gone is a page's socket closing: it stops hearing its room, and if it
// had joined one, the server asks Discord a little later whether the
// player is still in the Activity (a reload or a lost connection comes
// back; closing the Activity does not), and takes them out of the room
// if not.
func (s *Server) gone(c *client) {
	s.hub.leave(c)
	if !c.joined.Load() || s.cfg.Discord == nil || s.stopped() {
		return
	}
	s.askGone(c.seat, s.cfg.Now(), leaveTries)
}

// askGone asks Discord, LeaveAfter from now, whether a player whose page
// closed at closed is still in the instance, with an answer asked after
// that; when Discord cannot say, it asks again, tries times in all. A
// player Discord does not list leaves the room.
func (s *Server) askGone(seat Seat, closed time.Time, tries int) {
	time.AfterFunc(s.cfg.LeaveAfter, func() {
		if s.stopped() { // the pages went to another process, or none
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), discordWait)
		defer cancel()
		_, _, _, err := s.placeOf(ctx, seat.Instance, seat.User.ID, closed)
		switch {
		case errors.Is(err, errNotInInstance):
			s.leaveRoom(ctx, seat)
		case err != nil && tries > 1:
			s.askGone(seat, closed, tries-1) // Discord could not say: ask again
		}
	})
}

// stopped reports whether the server has stopped serving (CloseSockets):
// its pages were closed to come back elsewhere, not by their players, and
// it asks Discord nothing more.
func (s *Server) stopped() bool {
	s.sockets.mu.Lock()
	defer s.sockets.mu.Unlock()
	return s.sockets.closed
}

// leaveRoom takes a player out of their room.
func (s *Server) leaveRoom(ctx context.Context, seat Seat) {
	s.games.LeaveRoom(ctx, seat.Instance, seat.User.ID) // a room that cannot be read keeps them; they are gone from its page
}
