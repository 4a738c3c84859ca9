package bot

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/sudokubot/sudokubot/commands"
	"github.com/sudokubot/sudokubot/daily"
)

// Schedule makes the daily posts: every Every, each post that is due and
// that this process claims in the database is sent, so several processes
// post each one exactly once.
type Schedule struct {
	Daily *daily.Service
	// Post builds a server's message of day n, and its scoreboard's edits.
	Post func(ctx context.Context, guild string, n int) (commands.Response, error)
	// Every is how often to look for due posts and edits (default 30s).
	Every time.Duration
	// EditGap is the least time between two edits of one post's
	// scoreboard (default 5s): a burst of solves makes one edit per gap.
	EditGap time.Duration
	// Remind builds the DM that reminds a player of day n's puzzle in a
	// server, in a Discord locale (the player's); nil: no reminders. RemindLimit bounds the DMs of one round
	// (default 20).
	Remind      func(ctx context.Context, guild, locale string, n int) (commands.Response, error)
	RemindLimit int
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
		Send: func(ctx context.Context, guild, channel string, day int) (string, error) {
			msg, err := s.Post(ctx, guild, day)
			if err != nil {
				return "", err
			}
			id, err := b.post(ctx, channel, msg, postNonce(guild, day))
			if err != nil {
				return "", err
			}
			return id, nil
		},
		Find: b.findPost}
	rem := &daily.Reminder{Service: s.Daily, Log: b.log, Limit: s.RemindLimit, Send: func(ctx context.Context, guild string, to daily.Reminded, day int) error {
		return b.remind(ctx, s, guild, to, day)
	}}
	ed := &daily.Editor{Service: s.Daily, Log: b.log, Gap: s.EditGap, Edit: func(ctx context.Context, e daily.PostEdit) error {
		return b.editPost(ctx, s, e)
	}}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		b.prepare(ctx) // tomorrow's puzzle is made before anyone's midnight
		rep, err := p.Round(ctx)
		if err != nil {
			b.log.Warn("daily posts: cannot read the schedule; will retry", "err", err)
		}
		tally(b.metrics.dailyPosts, map[string]int{"made": rep.Made, "failed": rep.Failed, "missed": rep.Missed,
			"found": rep.Found})
		edits, err := ed.Round(ctx)
		if err != nil {
			b.log.Warn("daily posts: cannot read the edits due; will retry", "err", err)
		}
		tally(b.metrics.dailyPosts, map[string]int{"edited": edits.Made, "edit_failed": edits.Failed, "edit_stopped": edits.Stopped})
		if s.Remind != nil {
			sent, err := rem.Round(ctx)
			if err != nil {
				b.log.Warn("daily reminders: cannot read the reminders due; will retry", "err", err)
			}
			tally(b.metrics.reminders, map[string]int{"sent": sent.Sent, "refused": sent.Refused, "failed": sent.Failed})
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// tally adds a round's counts to a counter by result.
func tally(c *prometheus.CounterVec, counts map[string]int) {
	for result, n := range counts {
		c.WithLabelValues(result).Add(float64(n))
	}
}

// editPost rewrites a daily post with its current results. Discord's
// refusal for good (the message deleted: 404; the permission removed:
// 403) is daily.ErrRefused. An edit pings nobody.
func (b *Bot) editPost(ctx context.Context, s *Schedule, e daily.PostEdit) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	msg, err := s.Post(ctx, e.Guild, e.Day)
	if err != nil {
		return err
	}
	content := b.fit(e.Message, msg.Content)
	err = b.editMessage(ctx, e.Channel, e.Message, messageEdit{Content: &content, AllowedMentions: noMentions})
	if err == nil {
		return nil
	}
	b.metrics.apiError(err)
	if refused(err) {
		return fmt.Errorf("%w: %w", daily.ErrRefused, err)
	}
	return err
}

// refused reports whether Discord refused a request for good: the thing
// is gone (404) or the bot may not (403).
func refused(err error) bool {
	var rest *discordgo.RESTError
	return errors.As(err, &rest) && rest.Response != nil &&
		(rest.Response.StatusCode == http.StatusNotFound || rest.Response.StatusCode == http.StatusForbidden)
}

// postNonce is the nonce of a server's post of day n: the same for every
// attempt, so that Discord makes one message for attempts a few minutes
// apart (a send that timed out after Discord took it). Within 25
// characters.
func postNonce(guild string, n int) string {
	sum := sha256.Sum256([]byte(guild))
	return fmt.Sprintf("d%d-%x", n, sum[:8])
}

// findPost looks among a channel's latest 50 messages for the bot's own
// post of day n.
func (b *Bot) findPost(ctx context.Context, channel string, n int) (string, bool, error) {
	me, err := b.selfID(ctx)
	if err != nil {
		return "", false, err
	}
	msgs, err := b.session.ChannelMessages(channel, 50, "", "", "", discordgo.WithContext(ctx))
	if refused(err) { // without Read Message History: post rather than never
		b.log.Warn("daily post: cannot read the channel to look for an earlier attempt's post; give the bot Read Message History there",
			"channel", channel)
		return "", false, nil
	}
	if err != nil {
		b.metrics.apiError(err)
		return "", false, err
	}
	for _, m := range msgs {
		if day, ok := commands.DailyPostDay(m.Content); ok && day == n && m.Author != nil && m.Author.ID == me {
			return m.ID, true, nil
		}
	}
	return "", false, nil
}

// selfID returns the bot's own user id: from the gateway's READY, else
// asked of Discord once (a process serving only HTTP interactions).
func (b *Bot) selfID(ctx context.Context) (string, error) {
	if u := b.session.State.User; u != nil && u.ID != "" {
		return u.ID, nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.self != "" {
		return b.self, nil
	}
	u, err := b.session.User("@me", discordgo.WithContext(ctx))
	if err != nil {
		return "", err
	}
	b.self = u.ID
	return b.self, nil
}

// remind DMs a player their reminder. A DM their settings refuse (Discord's
// 50007, or a DM channel it will not open) is daily.ErrRefused.
func (b *Bot) remind(ctx context.Context, s *Schedule, guild string, to daily.Reminded, day int) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	msg, err := s.Remind(ctx, guild, to.Locale, day)
	if err != nil {
		return err
	}
	ch, err := b.session.UserChannelCreate(to.User, discordgo.WithContext(ctx))
	if err == nil {
		_, err = b.sendMessage(ctx, ch.ID, channelMessage{Content: b.fit(to.User, msg.Content), AllowedMentions: noMentions}, nil)
	}
	if err == nil {
		return nil
	}
	b.metrics.apiError(err)
	var rest *discordgo.RESTError
	if refused(err) || (errors.As(err, &rest) && rest.Message != nil && rest.Message.Code == discordgo.ErrCodeCannotSendMessagesToThisUser) {
		return fmt.Errorf("%w: %w", daily.ErrRefused, err)
	}
	return err
}
