package daily

import (
	"context"
	"errors"
	"log/slog"
	"time"
)

// Reminder sends the daily's reminders, however many processes run it: a
// player who asked for one gets a DM once their local hour has come, on a
// day they have not solved the daily, claimed in the Store so it goes out
// once. A DM the player's settings refuse is not tried again that day, and
// three refused in a row drop the reminder.
type Reminder struct {
	Service *Service
	// Store claims and records the reminders (default: Service.Store).
	Store ReminderStore
	// Send DMs a player, in their language, that day n's puzzle is
	// waiting in a server ("": outside servers). An error that wraps ErrRefused means the player's
	// settings refuse the DM; other errors are tried again next round. Its
	// error is logged, through Log (which must redact secrets).
	Send func(ctx context.Context, guild string, to Reminded, day int) error
	// Limit bounds the DMs of one round (default 20), which bounds their
	// rate: a round runs every Schedule.Every.
	Limit int
	// Log receives what happened (default: Service.Log).
	Log *slog.Logger
}

// Reminded is a player who asked for a reminder, and the Discord locale
// they asked in, which the DM speaks.
type Reminded struct {
	User, Locale string
}

// RemindReport counts what one Round did: DMs sent, refused by the
// player's settings, and failed (to be tried again).
type RemindReport struct {
	Sent, Refused, Failed int
}

// Round sends the reminders that are due, at most Limit. The error is for
// a store it cannot read.
func (r *Reminder) Round(ctx context.Context) (RemindReport, error) {
	var rep RemindReport
	s := r.Service
	guilds, err := r.store().RemindedGuilds(ctx)
	if err != nil {
		return rep, err
	}
	left := r.Limit
	if left <= 0 {
		left = 20
	}
	for _, g := range guilds {
		loc, err := s.Location(ctx, g)
		if err != nil {
			return rep, err
		}
		now := s.Now().In(loc)
		n := DayOf(now, loc)
		users, err := r.store().ClaimReminders(ctx, g, n, now.Hour(), left)
		if err != nil {
			return rep, err
		}
		for _, u := range users {
			r.one(ctx, g, u, n, &rep)
		}
		if left -= len(users); left <= 0 || ctx.Err() != nil {
			break
		}
	}
	return rep, nil
}

// one sends one claimed reminder and records how it went.
func (r *Reminder) one(ctx context.Context, guild string, to Reminded, n int, rep *RemindReport) {
	user := to.User
	log := r.log().With("guild", guild, "user", user, "day", n)
	err := r.Send(ctx, guild, to, n)
	record := context.WithoutCancel(ctx)
	switch {
	case err == nil:
		rep.Sent++
		err = r.store().ReminderSent(record, guild, user)
	case errors.Is(err, ErrRefused):
		rep.Refused++
		log.Info("daily reminder: the player's settings refuse the DM; dropped for today", "err", err)
		err = r.store().ReminderFailed(record, guild, user, n, true)
	default:
		rep.Failed++
		log.Warn("daily reminder failed; will retry", "err", err)
		err = r.store().ReminderFailed(record, guild, user, n, false)
	}
	if err != nil {
		log.Error("daily reminder: cannot record how it went", "err", err)
	}
}

func (r *Reminder) log() *slog.Logger {
	if r.Log != nil {
		return r.Log
	}
	return r.Service.Log
}

func (r *Reminder) store() ReminderStore {
	if r.Store != nil {
		return r.Store
	}
	return r.Service.Store
}

// ErrBadHour is returned by RemindAt for an hour outside 0–23.
var ErrBadHour = errors.New("daily: a reminder's hour is 0 to 23")

// RemindAt asks for a player's reminder in a server ("": outside servers)
// at a local hour, 0 to 23, replacing the one they had, and returns the
// location the hour is in: the server's timezone, or UTC.
func (s *Service) RemindAt(ctx context.Context, guild string, r Reminded, hour int) (*time.Location, error) {
	if hour < 0 || hour > 23 {
		return nil, ErrBadHour
	}
	loc, err := s.Location(ctx, guild)
	if err != nil {
		return nil, err
	}
	return loc, s.Store.SetReminder(ctx, r, guild, hour)
}

// StopReminder drops a player's reminder in a server and reports whether
// there was one.
func (s *Service) StopReminder(ctx context.Context, guild, user string) (was bool, err error) {
	return s.Store.DropReminder(ctx, guild, user)
}
