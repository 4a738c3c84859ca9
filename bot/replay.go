package bot

import (
	"context"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// seenIDs remembers the interaction ids answered over HTTP for at least
// signatureWindow, so a captured request sent again while its timestamp is
// still accepted is refused: the timestamp check stops replays after the
// window, this one within it. Two generations of ids are kept and the
// older dropped every window: at 1,000 interactions a second that is
// about 600,000 ids, some 15 MB.
type seenIDs struct {
	mu        sync.Mutex
	cur, prev map[uint64]struct{}
	rotated   time.Time
}

// first records id and reports whether it was not seen before.
func (s *seenIDs) first(id uint64, now time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur == nil || now.Sub(s.rotated) >= signatureWindow {
		s.prev, s.cur, s.rotated = s.cur, make(map[uint64]struct{}, len(s.cur)), now
	}
	if _, ok := s.cur[id]; ok {
		return false
	}
	if _, ok := s.prev[id]; ok {
		return false
	}
	s.cur[id] = struct{}{}
	return true
}

// Replays keeps the ids of interactions received over HTTP where every
// process sees them (store.DB, in the shared database), so that a replay
// sent to another process, or after a restart, is refused too.
type Replays interface {
	// FirstSeen records id, to be kept until until, and reports whether
	// no process had recorded it before.
	FirstSeen(ctx context.Context, id uint64, until time.Time) (bool, error)
	// ForgetSeen deletes the ids kept until before now.
	ForgetSeen(ctx context.Context, now time.Time) (int64, error)
}

const (
	// seenLookup bounds the shared check; Discord waits 3 s for the
	// whole answer.
	seenLookup = 500 * time.Millisecond
	// clockSkew is how far the clocks of two processes may differ: an id
	// is kept until its signed timestamp is older than the window by
	// that much on every clock.
	clockSkew = time.Minute
)

// replyUnchecked answers an interaction that changes state when the
// database cannot say whether it is new.
const replyUnchecked = "I can't take that right now: my database is not answering, so nothing was changed. " +
	"Please try again in a minute."

// firstEverywhere reports whether no process has received interaction i
// (id, signed at stamp) before, recording it in the shared database, and
// when not, has answered the request. A command that changes nothing
// stored is not recorded: a replay of it does no harm, Discord takes one
// answer to an interaction, and the process's own guard has refused it
// already (at 1,000 interactions a second most are solves, and a write
// each cost the database more than the solves). When the database cannot
// tell, any other is refused with a private notice: failing closed keeps
// a captured /daily submit or a tap from counting twice during an outage,
// and such a command needs the database anyway.
func (b *Bot) firstEverywhere(w http.ResponseWriter, r *http.Request, i *discordgo.Interaction, id uint64, stamp time.Time) bool {
	if b.opt.Replays == nil || b.readOnly(i) {
		return true
	}
	b.forgetSeen()
	ctx, cancel := context.WithTimeout(r.Context(), seenLookup)
	defer cancel()
	first, err := b.opt.Replays.FirstSeen(ctx, id, stamp.Add(signatureWindow+clockSkew))
	switch {
	case err == nil && first:
		return true
	case err == nil:
		b.refuseReplay(w, i)
		return false
	}
	b.metrics.endpoint.WithLabelValues("unchecked_refused").Inc()
	b.log.Error("cannot check an interaction for replays; refused", "interaction", i.ID, "err", err)
	_ = writeCallback(w, callback{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: notice(i, replyUnchecked).Content, Flags: discordgo.MessageFlagsEphemeral}})
	return false
}

// refuseReplay answers a request whose interaction was received before.
func (b *Bot) refuseReplay(w http.ResponseWriter, i *discordgo.Interaction) {
	b.metrics.endpoint.WithLabelValues("replayed").Inc()
	b.log.Warn("interaction replayed; refused", "interaction", i.ID)
	http.Error(w, "interaction already received", http.StatusConflict)
}

// forgetSeen deletes the expired ids once a signature window, for
// whichever request comes first after it, on a goroutine of its own
// beside the request rather than in its way (a request has half a second
// for its own check).
func (b *Bot) forgetSeen() {
	now := b.opt.Now()
	last := b.forgot.Load()
	if now.UnixMilli()-last < signatureWindow.Milliseconds() || !b.forgot.CompareAndSwap(last, now.UnixMilli()) {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if _, err := b.opt.Replays.ForgetSeen(ctx, now.Add(-clockSkew)); err != nil {
			b.log.Warn("forgetting old interaction ids failed; the next window tries again", "err", err)
		}
	}()
}

// readOnly reports whether i is for a command whose answers change
// nothing stored (commands.Command.ReadOnly); autocomplete never does.
func (b *Bot) readOnly(i *discordgo.Interaction) bool {
	return i.Type == discordgo.InteractionApplicationCommandAutocomplete || b.commands[commandName(i)].ReadOnly
}
