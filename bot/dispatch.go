package bot

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime/debug"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/commands"
	"github.com/sudokubot/sudokubot/internal/i18n"
)

// Replies the bot chooses itself, for what goes wrong around a handler,
// in English; notice words them in the reader's language.
const (
	replyApology    = "Sorry, something went wrong on my side. It has been logged; please try again."
	replyRestarting = "sudokubot is restarting. Please try again in a few seconds."
	replyUnknown    = "I don't know that command any more. It may have been removed; try `/help`."
	replyExpired    = "That button no longer works. Run the command again."
	replyBusy       = "I'm too busy right now. Please try again in a minute."
	replySlowDown   = "Slow down a little: try again in %d s."
	replyLaunchLate = "The board did not open in time. Press ▶ Play in Discord again."
)

// interactionLimit is how long a handler may take: a deferred reply can
// be edited for 15 minutes.
const interactionLimit = 14 * time.Minute

// notice is one of the bot's own replies, in the language of the person
// who asked.
func notice(i *discordgo.Interaction, english string, args ...any) commands.Response {
	return commands.Response{Content: i18n.For(string(i.Locale)).Sprintf(english, args...), Notice: true}
}

// onInteraction is the gateway's entry: its first callback goes over REST.
func (b *Bot) onInteraction(_ *discordgo.Session, ic *discordgo.InteractionCreate) {
	i := ic.Interaction
	if i == nil || i.Type == discordgo.InteractionPing {
		return
	}
	b.dispatch(&call{Interaction: i, first: func(cb callback) error { return b.restCallback(i, cb) }})
}

// dispatch is the one entry for every interaction type, whichever
// transport brought it.
func (b *Bot) dispatch(c *call) {
	if !b.enter() {
		b.respond(c, "", notice(c.Interaction, replyRestarting))
		return
	}
	defer b.leave()
	switch c.Type {
	case discordgo.InteractionApplicationCommand:
		b.command(c)
	case discordgo.InteractionApplicationCommandAutocomplete:
		b.autocomplete(c)
	case discordgo.InteractionMessageComponent:
		b.component(c, c.MessageComponentData().CustomID)
	case discordgo.InteractionModalSubmit:
		b.component(c, c.ModalSubmitData().CustomID)
	default:
		b.respond(c, "", notice(c.Interaction, replyExpired))
	}
}

// commandName returns the command an interaction is for: a command's
// name, or a button's or form's custom id up to its ":".
func commandName(i *discordgo.Interaction) string {
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		return i.ApplicationCommandData().Name
	case discordgo.InteractionMessageComponent:
		name, _, _ := strings.Cut(i.MessageComponentData().CustomID, ":")
		return name
	case discordgo.InteractionModalSubmit:
		name, _, _ := strings.Cut(i.ModalSubmitData().CustomID, ":")
		return name
	}
	return ""
}

// component routes a button click or a modal submission by its custom id
// to its command, named by the id up to its ":", and there to the first
// route whose pattern matches it, with the parts the pattern names. An id
// no route matches is a button that no longer works.
func (b *Bot) component(c *call, customID string) {
	name, _, _ := strings.Cut(customID, ":")
	cmd := b.commands[name]
	route, args, ok := cmd.Route(customID)
	if !ok {
		b.respond(c, name, notice(c.Interaction, replyExpired))
		return
	}
	b.limited(c, name, tapCost(cmd, c.Interaction), func() {
		b.answer(c, commands.Command{Def: cmd.Def, Private: cmd.Private, Routes: cmd.Routes, Heavy: cmd.Heavy,
			Handle: func(ctx context.Context, i *discordgo.Interaction) (commands.Response, error) {
				return route.Handle(ctx, i, args)
			}})
	})
}

// tapCost is what an interaction takes from its user's rate: a tap on a
// board (a message update) a tenth of a command, since a whole puzzle is
// some 150 taps and each is cheap.
func tapCost(cmd commands.Command, i *discordgo.Interaction) float64 {
	if cmd.IsUpdate(i) {
		return 0.1
	}
	return 1
}

// limited runs f unless the user has used up their rate, in which case it
// tells them when to come back.
func (b *Bot) limited(c *call, name string, cost float64, f func()) {
	if wait, ok := b.limiter.Allow(commands.UserID(c.Interaction), cost); !ok {
		b.metrics.rateLimited.Inc()
		b.metrics.interactions.WithLabelValues(name, "rate_limited").Inc()
		b.respond(c, name, notice(c.Interaction, replySlowDown, int(math.Ceil(wait.Seconds()))))
		return
	}
	f()
}

// stopping reports whether the bot is shutting down.
func (b *Bot) stopping() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.closing
}

// enter counts an interaction in flight unless the bot is shutting down.
func (b *Bot) enter() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closing {
		return false
	}
	b.inflight.Add(1)
	b.active.Add(1)
	return true
}

// leave ends what enter counted.
func (b *Bot) leave() {
	b.active.Add(-1)
	b.inflight.Done()
}

// busy reports whether more interactions are in flight than there are
// work slots: the process is in a burst, where a handler's time (and a
// direct reply's upload) says little about when its answer will reach
// Discord.
func (b *Bot) busy() bool { return b.active.Load() > int64(b.slots.Size()) }

func (b *Bot) command(c *call) {
	name := c.ApplicationCommandData().Name
	cmd, ok := b.commands[name]
	if !ok {
		b.log.Warn("interaction for an unknown command", "command", name, "interaction", c.ID)
		b.metrics.interactions.WithLabelValues("unknown", "unknown").Inc()
		b.respond(c, name, notice(c.Interaction, replyUnknown))
		return
	}
	b.limited(c, name, tapCost(cmd, c.Interaction), func() { b.answer(c, cmd) })
}

// autocomplete answers with the command's suggestions (none when it has
// no Autocomplete, or when that panics).
func (b *Bot) autocomplete(c *call) {
	choices := []*discordgo.ApplicationCommandOptionChoice{}
	if cmd, ok := b.commands[c.ApplicationCommandData().Name]; ok && cmd.Autocomplete != nil {
		func() {
			defer func() {
				if p := recover(); p != nil {
					b.log.Error("autocomplete panicked", "command", cmd.Def.Name, "panic", fmt.Sprint(p))
				}
			}()
			ctx, cancel := context.WithTimeout(context.Background(), b.opt.DeferAfter)
			defer cancel()
			if got := cmd.Autocomplete(ctx, c.Interaction); got != nil {
				choices = got[:min(len(got), 25)]
			}
		}()
	}
	b.callback(c, "autocomplete", asCallback(&discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices},
	}))
}

// answer runs the handler and replies directly when it is quick; when it
// is not, it sends a deferred answer after DeferAfter and edits it later.
// Exactly one callback goes out per interaction.
func (b *Bot) answer(c *call, cmd commands.Command) {
	start := b.opt.Now()
	queued := cmd.Heavy && (b.slots.Full() || b.busy())
	result := make(chan outcome, 1)
	go func() { resp, how := b.run(c.Interaction, cmd); result <- outcome{resp, how} }()
	timer := time.NewTimer(b.opt.DeferAfter)
	defer timer.Stop()
	name := cmd.Def.Name
	var out outcome
	var first time.Duration
	ready := result
	// A nil channel is never ready: the deferral goes first when asked
	// to, and for heavy work when it will wait for a slot or the process
	// is busy (in a burst, waiting DeferAfter first, or sending a picture
	// in the first callback, could miss Discord's three seconds).
	if b.opt.AlwaysDefer || queued {
		ready = nil
		timer.Reset(0)
	}
	select {
	case out = <-ready:
		b.respondAs(c, name, reply{ephemeral: cmd.Ephemeral(c.Interaction, out.resp), update: cmd.IsUpdate(c.Interaction)}, out.resp)
		first = b.opt.Now().Sub(start)
	case <-timer.C:
		how := reply{ephemeral: cmd.IsPrivate(c.Interaction), update: cmd.IsUpdate(c.Interaction)}
		deferred := b.deferReply(c, name, how)
		first = b.opt.Now().Sub(start)
		out = <-result
		if deferred {
			b.edit(c, name, how, out.resp)
		}
	}
	took := b.opt.Now().Sub(start)
	b.metrics.answered(name, out.how, first, took)
	b.log.Debug("interaction answered", "command", name, "interaction", c.ID, "took", took)
}

// outcome is a handler's reply and how it went, for metrics: ok, failed
// (a worded failure), apology (an error or a panic) or busy.
type outcome struct {
	resp commands.Response
	how  string
}

// run calls the handler in a work slot when it is heavy, turning an error
// or a panic into one log line and a reply: a *commands.Failure's own, or
// the apology.
func (b *Bot) run(i *discordgo.Interaction, cmd commands.Command) (resp commands.Response, how string) {
	ctx, cancel := context.WithTimeout(context.Background(), interactionLimit)
	defer cancel()
	defer func() {
		if p := recover(); p != nil {
			b.log.Error("command panicked", "command", cmd.Def.Name, "interaction", i.ID, "user", commands.UserID(i),
				"panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			resp, how = notice(i, replyApology), "apology"
		}
	}()
	if cmd.Heavy {
		release, ok := b.slots.Take(ctx)
		if !ok {
			return notice(i, replyBusy), "busy"
		}
		defer release()
	}
	resp, err := cmd.Handle(ctx, i)
	if err == nil && resp.Post != nil {
		resp, err = b.postFirst(ctx, cmd.Def.Name, resp.Post)
	}
	if err != nil {
		b.log.Error("command failed", "command", cmd.Def.Name, "interaction", i.ID, "user", commands.UserID(i),
			"guild", i.GuildID, "err", err)
		var f *commands.Failure
		if errors.As(err, &f) {
			return f.Reply, "failed"
		}
		return notice(i, replyApology), "apology"
	}
	return resp, "ok"
}

// postFirst sends a handler's channel message, then asks the handler what
// to reply.
func (b *Bot) postFirst(ctx context.Context, command string, p *commands.ChannelPost) (commands.Response, error) {
	id, err := b.post(ctx, p.Channel, p.Message, "")
	if err != nil {
		b.log.Warn("posting to a channel failed", "command", command, "channel", p.Channel, "err", err)
	}
	return p.After(ctx, id, err)
}
