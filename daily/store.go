package daily

import (
	"context"
	"errors"
	"time"

	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/logic"
)

// Puzzle is one day's puzzle.
type Puzzle struct {
	Day      int
	Level    logic.Level
	Score    float64
	Hardest  string
	Grid     solver.Grid
	Solution solver.Grid
}

// Guild is a server's settings: its timezone, and where and when its post
// goes out (Channel empty: no posts).
type Guild struct {
	ID       string
	Channel  string
	Hour     int
	Timezone string
	Role     string // the role the post pings (empty: none)
	Locale   string // the server's language, a Discord locale (empty: English)
}

// Entry is one player's play of one day's puzzle in one server.
type Entry struct {
	Guild, User string
	Day         int
	Started     time.Time // zero when the player never pressed Play
	Solved      time.Time // zero until the first correct submission
	Took        time.Duration
	Timed       bool // Took is measured (the player pressed Play first)
	Wrong       int  // wrong submissions before the correct one
	Points      int
	Aids        // the checks and hints a board used, recorded with the solve
}

// Aids are the help a player took on the board: checks (wrong cells
// marked) and hints. They are shown beside a solve, never held against it.
type Aids struct {
	Checks, Hints int
	// Shape says how a board's solve went, a letter a box (game.Shape);
	// empty for an answer typed whole.
	Shape string
}

// Player is a player's record in one server.
type Player struct {
	Guild, User string
	Solved      int
	Streak      int // the run of consecutive days ending at StreakEnd
	StreakEnd   int
	Best        int
}

// Solve is a correct submission to record.
type Solve struct {
	Guild, User string
	Day         int
	At          time.Time
	Level       logic.Level
	Aids        Aids
}

// PostKey names one server's post of one day.
type PostKey struct {
	Guild string
	Day   int
}

// PostEdit is a made post whose scoreboard is behind: the message to
// edit, and how many changes it does not show yet (an edit that shows
// them clears that many).
type PostEdit struct {
	Guild, Channel, Message string
	Day                     int
	Behind                  int
}

// Results are one day's results in one server: the first solvers,
// fastest first (timed solves before untimed ones), how many solved, and
// how many began without solving.
type Results struct {
	Day     int
	Solvers []Entry
	Solved  int
	Playing int
}

// Period is a leaderboard's span.
type Period int

// The leaderboards: today's fastest times, this week's points, all-time
// solves, and this month's points.
const (
	PeriodToday Period = iota
	PeriodWeek
	PeriodAll
	PeriodMonth
)

// Row is a leaderboard line: Value is a time in milliseconds
// (PeriodToday), points (PeriodWeek and PeriodMonth, with the solves in
// Extra) or solves (PeriodAll, with the best streak in Extra).
type Row struct {
	Rank  int
	User  string
	Value int64
	Extra int64
}

// Standings is a leaderboard's top rows and, when the caller is on it, their
// own row.
type Standings struct {
	Period Period
	Day    int
	Top    []Row
	Own    *Row
}

// ErrStore wraps every error a Store returns, so callers can tell a
// database failure from a rule.
var ErrStore = errors.New("daily: store")

// Store keeps the daily challenge's state: every consumer's interface in
// one. Implementations must be safe for concurrent use by several
// goroutines and, for a shared database, several processes. Each worker
// takes only its own part (the Poster a PostStore, say), so a test double
// implements a few methods, not 29.
type Store interface {
	PuzzleStore
	GuildStore
	PostStore
	EditStore
	PlayStore
	ResultStore
	ReminderStore
}

// PuzzleStore keeps the puzzle of each day (Service.Puzzle).
type PuzzleStore interface {
	// Puzzle returns the stored puzzle of day n; ok is false when none is.
	Puzzle(ctx context.Context, n int) (p Puzzle, ok bool, err error)
	// SavePuzzle stores p unless a puzzle for its day is stored, and
	// returns the one stored.
	SavePuzzle(ctx context.Context, p Puzzle) (Puzzle, error)
}

// GuildStore keeps servers' settings (Service.Setup, Off, Location, Due).
type GuildStore interface {
	// Guild returns a server's settings; ok is false when it has none.
	Guild(ctx context.Context, id string) (g Guild, ok bool, err error)
	// SaveGuild creates or replaces a server's settings.
	SaveGuild(ctx context.Context, g Guild) error
	// Posting returns the servers with a channel set.
	Posting(ctx context.Context) ([]Guild, error)
}

// PostStore claims and records the daily posts: the Poster's, and
// Service.Due's PostsMade.
type PostStore interface {
	// ClaimPost reserves the post of day n in a server for the caller:
	// claimed when no post is made or under way (a claim older than lease
	// is taken over), and no retry is pending after now; again when the
	// post was claimed before (it may have been sent without being
	// recorded).
	ClaimPost(ctx context.Context, guild string, n int, now time.Time, lease time.Duration) (claimed, again bool, err error)
	// PostDone marks a claimed post made, as message in channel.
	PostDone(ctx context.Context, guild string, n int, channel, message string) error
	// PostFailed gives a claimed post up until retry.
	PostFailed(ctx context.Context, guild string, n int, retry time.Time) error
	// PostsMade returns the posts of days from to to (inclusive) that were
	// made, in every server.
	PostsMade(ctx context.Context, from, to int) (map[PostKey]bool, error)
}

// EditStore claims and records the scoreboard edits: the Editor's, and Behind,
// which players' plays call.
type EditStore interface {
	// Behind counts a change that day n's made post in a server does not
	// show yet; nothing happens when it is not made, or edits stopped.
	Behind(ctx context.Context, guild string, n int) error
	// ClaimEdits claims, for the caller, the made posts of day from on that
	// are behind, were not edited within gap of now, and are not claimed
	// by another caller within lease.
	ClaimEdits(ctx context.Context, from int, now time.Time, gap, lease time.Duration) ([]PostEdit, error)
	// EditDone records, at now, an edit that shows the changes e counted,
	// and releases the claim.
	EditDone(ctx context.Context, e PostEdit, now time.Time) error
	// EditFailed releases the claim, to try again in a later round; stop
	// ends the post's edits for good.
	EditFailed(ctx context.Context, e PostEdit, stop bool) error
}

// PlayStore keeps players' entries of each day: Service.Play and Submit.
type PlayStore interface {
	// Start records that a player began day n at t, unless they began it
	// before, and returns their entry.
	Start(ctx context.Context, guild, user string, n int, t time.Time) (Entry, error)
	// Entry returns a player's entry for day n; ok is false when none is.
	Entry(ctx context.Context, guild, user string, n int) (e Entry, ok bool, err error)
	// Miss counts a wrong submission on an unsolved entry and returns it.
	Miss(ctx context.Context, guild, user string, n int) (Entry, error)
	// Record stores the first correct submission and updates the player's
	// solves and streaks. first is false, and nothing changes, when the
	// entry was solved before.
	Record(ctx context.Context, s Solve) (e Entry, p Player, first bool, err error)
}

// ResultStore reads what players did: scoreboards, recaps, stats and leaderboards.
type ResultStore interface {
	// Results returns day n's results in a server, with its top solvers.
	Results(ctx context.Context, guild string, n, top int) (Results, error)
	// History returns a player's solves of days from to to (inclusive),
	// in day order.
	History(ctx context.Context, guild, user string, from, to int) ([]Entry, error)
	// SolvedDays returns, in order, the days from to to (inclusive) on
	// which someone in the server solved that day's puzzle.
	SolvedDays(ctx context.Context, guild string, from, to int) ([]int, error)
	// Player returns a player's record (zero counts when they have none).
	Player(ctx context.Context, guild, user string) (Player, error)
	// Times returns the measured times of a player's solves.
	Times(ctx context.Context, guild, user string) ([]time.Duration, error)
	// Leaderboard returns the top rows of a period ending on day n and the
	// user's own row.
	Leaderboard(ctx context.Context, guild, user string, period Period, n int, top int) (Standings, error)
}

// ReminderStore keeps the reminders players asked for: the Reminder's claims,
// and the settings /daily remind changes.
type ReminderStore interface {
	// SetReminder asks for a player's reminder at a local hour, replacing
	// the one they had; DropReminder stops it and reports whether there
	// was one.
	SetReminder(ctx context.Context, r Reminded, guild string, hour int) error
	DropReminder(ctx context.Context, guild, user string) (bool, error)
	// RemindedGuilds returns the servers (and "" for outside servers) where
	// someone asked for a reminder.
	RemindedGuilds(ctx context.Context) ([]string, error)
	// ClaimReminders claims, for the caller, at most limit reminders of a
	// server due on day n at local hour (their hour has come, they were not
	// reminded that day, and the player has not solved day n), and returns
	// the players, sorted.
	ClaimReminders(ctx context.Context, guild string, n, hour, limit int) ([]Reminded, error)
	// ReminderFailed gives a claimed reminder back for a later round, or,
	// when refused, counts a DM the player's settings refused: after three
	// in a row the reminder is dropped.
	ReminderFailed(ctx context.Context, guild, user string, n int, refused bool) error
	// ReminderSent records a DM that went out: the refusals start again.
	ReminderSent(ctx context.Context, guild, user string) error
}
