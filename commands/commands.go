// Package commands defines sudokubot's application commands: for each, the
// definition Discord registers and a handler that returns the reply, and
// the messages the bot sends on its own (the daily post and its scoreboard,
// the reminder DM). Handlers make no network calls; the bot package sends
// what they return (a channel post first when a reply asks for one), defers
// when they are slow, logs and answers their errors, and recovers when they
// panic.
package commands

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/variant"
)

// Command is one application command.
type Command struct {
	// Def is what Discord registers.
	Def *discordgo.ApplicationCommand
	// Handle answers one interaction with this command. It returns the reply;
	// an error means something went wrong, which the bot logs once and
	// answers: with a *Failure's own reply, or else a generic apology.
	// Mistakes a person made are replies, not errors.
	Handle func(ctx context.Context, i *discordgo.Interaction) (Response, error)
	// Private reports, before Handle runs, whether the replies to i are
	// shown only to the person who asked. It is the one source of a
	// reply's privacy: the bot flags a deferred answer by it, and a reply
	// cannot say otherwise (see Ephemeral). Nil: public.
	Private func(i *discordgo.Interaction) bool
	// Heavy marks commands that solve or draw and so take a work slot.
	Heavy bool
	// ReadOnly marks commands whose answers, buttons and forms included,
	// change nothing stored: when the database that keeps interaction ids
	// for every process cannot be asked, the HTTP endpoint still answers
	// them (a replay of one changes nothing) and refuses the others.
	ReadOnly bool
	// Routes answer the clicks on the buttons this command put in its
	// replies, and its forms: the first whose pattern matches the custom
	// id, which starts with the command's name and a colon. Nil for
	// commands without buttons.
	Routes []Route
	// Autocomplete suggests values for the option being typed. Nil for
	// commands without autocompleted options.
	Autocomplete func(ctx context.Context, i *discordgo.Interaction) []*discordgo.ApplicationCommandOptionChoice
}

// Response is a reply: text, attached files, buttons. Who sees it is the
// command's Private, not the reply's.
type Response struct {
	Content string
	Files   []File
	// Footer is text under the files (in a classic message, Content's
	// last line).
	Footer string
	// V2 lays the reply out with Discord's Components V2, in one card:
	// Content, the files as a gallery, Footer, then the buttons. A message
	// sent so stays so: every reply that updates it is laid out so too.
	V2 bool
	// Buttons are one row of buttons under the reply; Rows, for a reply
	// with more, are up to 5 rows of up to 5 (Rows wins when both are set).
	Buttons []Button
	Rows    [][]Button
	// Notice marks a reply about a mistake (the person's, such as an
	// unreadable puzzle, or the bot's): answered directly, only the
	// person who asked sees it, even for a public command. It never makes
	// a private reply public.
	Notice bool
	// Modal, when set, opens a form instead of replying; its submission
	// comes back to the command's route for the modal's custom id.
	Modal *Modal
	// Ping names whom a channel message may ping; nobody else is pinged,
	// never @everyone or @here.
	Ping Ping
	// Post, when set, asks the bot to send a message to a channel first;
	// the reply is then what Post.After returns.
	Post *ChannelPost
	// Launch answers by launching the app's Activity (the big board) for
	// the person who pressed, instead of a message.
	Launch bool
}

// Ping is whom a message may ping: these users and roles.
type Ping struct {
	Users, Roles []string
}

// Modal is a form with text inputs. Its CustomID follows Button's rule.
type Modal struct {
	CustomID, Title string
	Inputs          []TextInput
}

// TextInput is one field of a modal.
type TextInput struct {
	CustomID, Label, Placeholder string
	Value                        string // filled in when the form opens
	Paragraph                    bool
	MinLength, MaxLength         int
}

// ChannelPost is a message to send to a channel before replying. After
// gets the sent message's id, or the error that kept it from being sent,
// and returns the reply.
type ChannelPost struct {
	Channel string
	Message Response
	After   func(ctx context.Context, messageID string, err error) (Response, error)
}

// Button is a button under a reply. Its CustomID is written by a Pattern
// of one of the routes of the command that answers it, and fits
// Discord's 100 characters.
type Button struct {
	Label    string
	CustomID string
	Style    ButtonStyle
	Disabled bool
	// URL, when set, makes a link button that opens it in the browser (at
	// most 512 characters, Discord's limit); it has no CustomID.
	URL string
}

// ButtonStyle is a button's colour: Plain (grey), Chosen (blurple: the
// one selected), Go (green: the step forward).
type ButtonStyle int

// The button styles.
const (
	Plain ButtonStyle = iota
	Chosen
	Go
)

// File is an attachment. A name starting with SPOILER_ hides it until
// clicked.
type File struct {
	Name        string
	ContentType string
	Data        []byte
}

// Deps is what the handlers need from outside.
type Deps struct {
	// SolveTimeout bounds one solve.
	SolveTimeout time.Duration
	// DefaultFormat is image, text or both, for /solve without a format.
	DefaultFormat string
	// DarkImages draws images in the dark theme, which suits most Discord users.
	DarkImages bool
	// Now is the clock, for measuring how long a solve took.
	Now func() time.Time
	// GenerateTimeout bounds making a puzzle (GENERATE_TIMEOUT; 3s when
	// 0, as in tests); past it the closest puzzle found so far is used and
	// logged.
	GenerateTimeout time.Duration
	// VariantTimeout bounds solving a variant puzzle from a link, and
	// finding its true candidates (VARIANT_TIMEOUT; 10s when 0).
	VariantTimeout time.Duration
	// Links keeps the variant puzzles' links for the buttons under a reply
	// about one; nil leaves those buttons out.
	Links Links
	// answers keeps what searches learned of the puzzles of the last
	// links, for their buttons (made by All).
	answers *answers
	// Seed returns a fresh seed for /generate (default: from Now).
	Seed func() uint64
	// Log records what users are not told, such as a generated puzzle that
	// missed its level (default slog.Default()).
	Log *slog.Logger
	// Daily runs the daily challenge; nil leaves /daily out.
	Daily *daily.Service
	// Launch says the app has an Activity (the big board): the daily post
	// and the board then offer Play in Discord, which launches it.
	Launch bool
	// Games keeps the boards of /play between taps; nil leaves /play out.
	Games game.Store
	// Meter receives solver timings (nil: dropped).
	Meter Meter
	// Renders keeps drawn images by content; share one with the
	// scheduler (default: 256 of them; nil in a Deps not passed through
	// All draws every time).
	Renders *render.Cache
	// Pictures downloads the pictures people attach; nil leaves reading
	// pictures out (the commands say so and ask for text).
	Pictures Pictures
	// Reader reads them within one bound on the memory of all the reads
	// at once; nil bounds each read alone.
	Reader *picture.Reader
	// Puzzles resolves SudokuPad links' short ids (variant.Resolve with
	// it); nil leaves them unread (variant.ErrNeedsFetch).
	Puzzles variant.Fetcher
}

// Meter receives what handlers measure, for the bot's metrics.
type Meter interface {
	// Solved records one solver run for a command (solve, check, hint,
	// generate): how long it took and whether it ran out of time.
	Solved(command string, took time.Duration, timedOut bool)
}

// measured reports a solver run that started at start and ended with err.
func (d Deps) measured(command string, start time.Time, err error) {
	d.solved(command, d.Now().Sub(start), errors.Is(err, context.DeadlineExceeded))
}

// solved reports a solver run that took took and ran out of time or not.
func (d Deps) solved(command string, took time.Duration, timedOut bool) {
	if d.Meter != nil {
		d.Meter.Solved(command, took, timedOut)
	}
}

// All returns every command this build serves with d, in the order
// /help lists them: /daily with a daily service, /play with a games store.
func All(d Deps) []Command {
	return commandsOf(d.withDefaults(), d.Daily != nil, d.Games != nil)
}

// Definitions returns what Discord registers for every command this
// build serves, /daily and /play included, in the order of All: for
// registering without serving (sudokubot register).
func Definitions() []*discordgo.ApplicationCommand {
	var defs []*discordgo.ApplicationCommand
	for _, c := range commandsOf(Deps{}.withDefaults(), true, true) {
		defs = append(defs, c.Def)
	}
	return defs
}

func commandsOf(d Deps, withDaily, withPlay bool) []Command {
	all := []Command{solveCommand(d), checkCommand(d), hintCommand(d), generateCommand(d)}
	if withDaily {
		all = append(all, dailyCommand(d))
	}
	if withPlay {
		all = append(all, playCommand(d))
	}
	all = append(all, helpCommand(), solveMessageCommand(d))
	for _, c := range all {
		anywhere(c.Def)
		localize(c.Def)
	}
	return all
}

// anywhere declares a command installable by servers and by users, and
// usable in servers, in DMs with the bot and in group DMs: every command
// works in each (the daily, outside a server, as a personal daily).
func anywhere(def *discordgo.ApplicationCommand) {
	def.IntegrationTypes = &[]discordgo.ApplicationIntegrationType{
		discordgo.ApplicationIntegrationGuildInstall, discordgo.ApplicationIntegrationUserInstall}
	def.Contexts = &[]discordgo.InteractionContextType{
		discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM, discordgo.InteractionContextPrivateChannel}
}

func (d Deps) withDefaults() Deps {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.GenerateTimeout <= 0 {
		d.GenerateTimeout = 3 * time.Second
	}
	if d.VariantTimeout <= 0 {
		d.VariantTimeout = 10 * time.Second
	}
	if d.Seed == nil {
		d.Seed = func() uint64 { return uint64(d.Now().UnixNano()) }
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	if d.answers == nil {
		d.answers = newAnswers(256)
	}
	if d.Renders == nil {
		d.Renders = render.NewCache(256)
	}
	return d
}

// Ephemeral reports whether resp, the direct answer to i, is shown only
// to the person who asked: always when the command is private for i, and
// for a notice. A deferred answer keeps the privacy of its deferral,
// which is the command's Private alone.
func (c Command) Ephemeral(i *discordgo.Interaction, resp Response) bool {
	return resp.Notice || c.IsPrivate(i)
}

// IsUpdate reports whether the reply to i replaces the message its
// button is on (or, for a form opened by a button, that message): when
// the route of its custom id says so.
func (c Command) IsUpdate(i *discordgo.Interaction) bool {
	fromMessage := i.Type == discordgo.InteractionMessageComponent || (i.Type == discordgo.InteractionModalSubmit && i.Message != nil)
	if !fromMessage {
		return false
	}
	r, _, ok := c.Route(customID(i))
	return ok && r.Updates
}

// IsPrivate reports whether the command's replies to i are private: by
// the command's Private, or for a click, by its route's.
func (c Command) IsPrivate(i *discordgo.Interaction) bool {
	if i.Type == discordgo.InteractionMessageComponent {
		if r, _, ok := c.Route(customID(i)); ok && r.Private {
			return true
		}
	}
	return c.Private != nil && c.Private(i)
}

// userError is the reply to a mistake a person made: short, a notice.
func userError(text string) Response {
	return Response{Content: text, Notice: true}
}

// Failure is an error a handler has chosen words for: the bot logs Cause
// once, as it logs every error, and sends Reply instead of its apology.
// Cause must hold no secret; Reply shows nothing of it.
type Failure struct {
	Reply Response
	Cause error
}

// Error returns the cause's text, for the log.
func (f *Failure) Error() string { return f.Cause.Error() }

// Unwrap returns the cause.
func (f *Failure) Unwrap() error { return f.Cause }

// failed returns a Failure answered with text, as a notice: the database
// is down, say, and the person is told so in their language.
func failed(text string, cause error) error {
	return &Failure{Reply: userError(text), Cause: cause}
}

// privateOption is the Private function of commands with a private option.
func privateOption(i *discordgo.Interaction) bool { return OptionsOf(i).Bool("private") }
