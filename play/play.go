// Package play is the game layer under both boards: the button board in
// Discord (commands) and the big board in the Activity (activity) open,
// change, check, hint and hand in stored games through it, and it words
// what happened once for both (Words), each face in its own style. It
// knows the domain (game, room, daily, solver, solver/logic) and no
// transport: no discordgo, no net/http.
package play

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/room"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/logic"
)

// Service plays the stored games.
type Service struct {
	// Games are the stored games (the same for both boards); RoomStore
	// the rooms played together.
	Games     game.Store
	RoomStore room.Store
	// Daily is the daily challenge; nil leaves it out (a DM's board).
	Daily *daily.Service
	// Now is the clock; time.Now when nil.
	Now func() time.Time
	// SolveTimeout bounds a hint's search and a solve (SOLVE_TIMEOUT);
	// GenerateTimeout making a puzzle (GENERATE_TIMEOUT).
	SolveTimeout, GenerateTimeout time.Duration
	// Work runs a player's heavy work (a hint's search, a new puzzle) in
	// the face's work slots and the player's share; nil runs it at once.
	Work Work
	// Events hears of what was stored, to tell the players who watch it;
	// nil tells no one.
	Events Events
}

// Events is told of what the game layer stored, after it is stored, so
// that a face can tell the players watching it (the big board's hub: on
// this process, or on every process sharing the database).
type Events interface {
	// RoomSaved: the room called name was stored at version.
	RoomSaved(ctx context.Context, name string, version int)
	// Progressed: a player of day's daily in an Activity instance changed
	// their board, which the others there see as progress.
	Progressed(ctx context.Context, day int, instance string)
}

// roomSaved tells Events of a room stored at version, when it was.
func (s Service) roomSaved(ctx context.Context, name string, r *room.Room, saved bool) {
	if saved && s.Events != nil {
		s.Events.RoomSaved(ctx, name, r.Version)
	}
}

// Work is what runs heavy work for a player: f runs, or the work is
// refused (past the player's share, or no slot in time) with an error
// Refused recognises.
type Work interface {
	Do(ctx context.Context, user string, cost int, f func()) error
	// Refused reports whether err is work this Work refused.
	Refused(err error) bool
}

// What heavy work costs of a player's share.
const (
	CostHint   = 1
	CostPuzzle = 5
)

// Refused reports whether err is heavy work that was refused: the caller
// words it (the face knows its Work).
func Refused(err error) bool {
	var r refusedError
	return errors.As(err, &r)
}

// refusedError marks an error of Work's as work refused.
type refusedError struct{ error }

func (e refusedError) Unwrap() error { return e.error }

// work runs f as user's heavy work.
func (s Service) work(ctx context.Context, user string, cost int, f func()) error {
	if s.Work == nil {
		f()
		return nil
	}
	err := s.Work.Do(ctx, user, cost, f)
	if err != nil && s.Work.Refused(err) {
		return refusedError{err}
	}
	return err
}

func (s Service) now() time.Time {
	if s.Now == nil {
		return time.Now()
	}
	return s.Now()
}

// Sessions is the stored games' protocol on this service's store and
// clock.
func (s Service) Sessions() game.Sessions { return game.Sessions{Store: s.Games, Now: s.Now} }

// Who is a player (their id, and the name others see them by), the
// server they play in ("" in a DM) and the Activity instance ("" on the
// buttons), where others see their daily's progress.
type Who struct{ User, Name, Guild, Instance string }

// Board is a stored game as it is now.
type Board struct {
	Ref  game.Ref
	Game *game.Game
}

// Errors of the game layer; a face words them.
var (
	// ErrStore wraps a failure of the games' store (Words.GamesDown).
	ErrStore = errors.New("play: the games' store failed")
	// ErrGone is a game that is not stored (it never was, or is gone).
	ErrGone = errors.New("play: no such game")
	// ErrNoDaily is a daily asked for where there is none.
	ErrNoDaily = errors.New("play: no daily here")
	// ErrNotRecorded wraps a daily answer that could not be recorded
	// (Words.NotRecorded).
	ErrNotRecorded = errors.New("play: the daily answer was not recorded")
	// ErrDailyDown wraps a failure to read the daily challenge.
	ErrDailyDown = errors.New("play: the daily could not be read")
	// ErrNoPuzzle is a puzzle that could not be made in time.
	ErrNoPuzzle = errors.New("play: no puzzle in time")
)

func storeFailed(err error) error { return fmt.Errorf("%w: %w", ErrStore, err) }

// Open returns a player's stored game of ref.
func (s Service) Open(ctx context.Context, who Who, ref game.Ref) (game.Session, error) {
	if ref.Kind == game.RefDaily && s.Daily == nil {
		return game.Session{}, ErrNoDaily
	}
	sess, ok, err := s.Sessions().Load(ctx, ref.Key(who.User, who.Guild))
	switch {
	case err != nil:
		return sess, storeFailed(err)
	case !ok:
		return sess, ErrGone
	}
	return sess, nil
}

// start loads the player's game of ref, or starts it on puzzle and
// solution and stores it.
func (s Service) start(ctx context.Context, who Who, ref game.Ref, puzzle, solution solver.Grid) (game.Session, error) {
	sess, err := s.Sessions().LoadOrCreate(ctx, ref.Key(who.User, who.Guild), func() (*game.Game, error) {
		return game.New(puzzle, solution)
	})
	if err != nil {
		return sess, storeFailed(err)
	}
	return sess, nil
}

// Today opens today's daily in who's server, starting its clock (the
// daily's: the first open anywhere), on the board stored for it.
func (s Service) Today(ctx context.Context, who Who) (game.Session, daily.Puzzle, error) {
	if s.Daily == nil {
		return game.Session{}, daily.Puzzle{}, ErrNoDaily
	}
	pz, _, err := s.Daily.Play(ctx, who.Guild, who.User)
	if err != nil {
		return game.Session{}, pz, fmt.Errorf("%w: %w", ErrDailyDown, err)
	}
	sess, err := s.start(ctx, who, game.DailyRef(pz.Day), pz.Grid, pz.Solution)
	return sess, pz, err
}

// ErrNotYet is a past daily that is still today somewhere: it cannot be
// practised yet.
var ErrNotYet = errors.New("play: the daily is still today somewhere")

// Practice opens a past daily, unranked, starting the player's board of
// it when they have none.
func (s Service) Practice(ctx context.Context, who Who, n int) (game.Session, error) {
	if s.Daily == nil {
		return game.Session{}, ErrNoDaily
	}
	today, err := s.Daily.Today(ctx, who.Guild)
	if err != nil {
		return game.Session{}, fmt.Errorf("%w: %w", ErrDailyDown, err)
	}
	if !daily.Practicable(n, today, s.now()) {
		return game.Session{}, ErrNotYet
	}
	pz, err := s.Daily.Puzzle(ctx, n)
	if err != nil {
		return game.Session{}, fmt.Errorf("%w: day %d: %w", ErrDailyDown, n, err)
	}
	return s.start(ctx, who, game.PracticeRef(n), pz.Grid, pz.Solution)
}

// Generate makes a puzzle of a level and size as who's heavy work, within
// the generation limit.
func (s Service) Generate(ctx context.Context, who Who, level logic.Level, size int, seed uint64) (logic.Generated, error) {
	var gen logic.Generated
	var err error
	if werr := s.work(ctx, who.User, CostPuzzle, func() {
		gctx, cancel := context.WithTimeout(ctx, s.GenerateTimeout)
		defer cancel()
		gen, err = logic.Generate(gctx, level, size, seed)
	}); werr != nil {
		return gen, werr
	}
	if err != nil {
		return gen, fmt.Errorf("%w: %v %d×%d: %w", ErrNoPuzzle, level, size, size, err)
	}
	return gen, nil
}

// Begin opens who's game of puzzle, starting and storing it (solved
// within the solve limit) when they have none.
func (s Service) Begin(ctx context.Context, who Who, puzzle solver.Grid) (game.Session, game.Ref, error) {
	ref := game.PuzzleRef(puzzle)
	var solveErr error
	sess, err := s.Sessions().LoadOrCreate(ctx, ref.Key(who.User, ""), func() (*game.Game, error) {
		res, err := solver.Solve(ctx, puzzle, 1)
		if err != nil || res.Count == 0 {
			solveErr = fmt.Errorf("solve %s for a board: %v", puzzle, err)
			return nil, solveErr
		}
		return game.New(puzzle, res.Solutions[0])
	})
	if err != nil && err != solveErr {
		err = storeFailed(err)
	}
	return sess, ref, err
}
