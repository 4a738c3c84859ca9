package daily

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/sudokubot/sudokubot/solver/logic"
	"golang.org/x/sync/singleflight"
)

// Service applies the daily challenge's rules over a Store.
type Service struct {
	Store Store
	// Now is the clock.
	Now func() time.Time
	// Log records what players are not told.
	Log *slog.Logger

	mu      sync.Mutex
	puzzles map[int]Puzzle // by day; a few days are kept
	zones   sync.Map       // timezone name -> *time.Location
	places  sync.Map       // guild id -> place: its timezone, as last read
	prints  sync.Map       // day -> fingerprint, for Locked
	loading singleflight.Group
}

// placeTTL is how long a server's timezone is trusted without reading it
// again: a change made by another process shows within it, and a busy
// server's submissions skip a database round trip.
const placeTTL = time.Minute

type place struct {
	loc  *time.Location
	read time.Time
}

// New returns a Service over st with the real clock.
func New(st Store, log *slog.Logger) *Service {
	if log == nil {
		log = slog.Default()
	}
	return &Service{Store: st, Now: time.Now, Log: log}
}

// seed names day n's puzzle for the generator.
func seed(n int) uint64 { return uint64(n)*0x2545f4914f6cdd1d + 0x5eed }

// Make generates day n's puzzle. It is deterministic: every machine makes
// the same one, which is why it runs without a deadline.
func Make(n int) (Puzzle, error) {
	g, err := logic.Generate(context.Background(), LevelOf(n), 9, seed(n))
	if err != nil {
		return Puzzle{}, fmt.Errorf("daily %d: %w", n, err)
	}
	return Puzzle{Day: n, Level: g.Grading.Level, Score: g.Grading.Score, Hardest: g.Grading.Hardest.String(),
		Grid: g.Puzzle, Solution: g.Solution}, nil
}

// Puzzle returns day n's puzzle: from memory, else the store, else made
// and stored. The store keeps the first one saved, so every process shows
// the same puzzle even if generation ever changed.
func (s *Service) Puzzle(ctx context.Context, n int) (Puzzle, error) {
	s.mu.Lock()
	p, ok := s.puzzles[n]
	s.mu.Unlock()
	if ok {
		return p, nil
	}
	// One lookup (and generation) per day at a time: a burst of players
	// at midnight must not make the same puzzle once each.
	v, err, _ := s.loading.Do(strconv.Itoa(n), func() (any, error) { return s.load(ctx, n) })
	if err != nil {
		return Puzzle{}, err
	}
	return v.(Puzzle), nil
}

// load reads day n's puzzle from the store, or makes and stores it.
func (s *Service) load(ctx context.Context, n int) (Puzzle, error) {
	p, ok, err := s.Store.Puzzle(ctx, n)
	if err != nil {
		return Puzzle{}, err
	}
	if !ok {
		made, err := Make(n)
		if err != nil {
			return Puzzle{}, err
		}
		if p, err = s.Store.SavePuzzle(ctx, made); err != nil {
			return Puzzle{}, err
		}
	}
	s.remember(p)
	return p, nil
}

// Ready loads (or makes) the puzzles of every day in use somewhere now,
// and of the day after, so no player waits for one to be generated: not
// the first after a restart, not the first after a midnight.
func (s *Service) Ready(ctx context.Context) error {
	n := DayOf(s.Now(), time.UTC) // local days are within one of UTC's
	for d := n - 1; d <= n+2; d++ {
		if _, err := s.fingerprint(ctx, d); err != nil { // the puzzle, and what Locked compares with it
			return err
		}
	}
	return nil
}

func (s *Service) remember(p Puzzle) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.puzzles == nil {
		s.puzzles = map[int]Puzzle{}
	}
	for d := range s.puzzles {
		if d < p.Day-3 || d > p.Day+3 {
			delete(s.puzzles, d)
		}
	}
	s.puzzles[p.Day] = p
}

// Location returns a server's timezone (UTC when it set none), read at
// most placeTTL ago.
func (s *Service) Location(ctx context.Context, guild string) (*time.Location, error) {
	now := s.Now()
	if v, ok := s.places.Load(guild); ok && now.Sub(v.(place).read) < placeTTL {
		return v.(place).loc, nil
	}
	g, ok, err := s.Store.Guild(ctx, guild)
	if err != nil {
		return time.UTC, err
	}
	loc := time.UTC
	if ok && g.Timezone != "" {
		loc = s.zone(g.Timezone)
	}
	s.places.Store(guild, place{loc: loc, read: now})
	return loc, nil
}

// zone returns the named timezone, loaded once per process (loading reads
// the tz database); a name that does not load means UTC, and is logged.
func (s *Service) zone(name string) *time.Location {
	if name == "" {
		return time.UTC
	}
	if loc, ok := s.zones.Load(name); ok {
		return loc.(*time.Location)
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		s.Log.Warn("stored timezone does not load; using UTC", "timezone", name)
		loc = time.UTC
	}
	s.zones.Store(name, loc)
	return loc
}

// Today returns the number of today's puzzle in a server.
func (s *Service) Today(ctx context.Context, guild string) (int, error) {
	loc, err := s.Location(ctx, guild)
	if err != nil {
		return 0, err
	}
	return DayOf(s.Now(), loc), nil
}

// Play starts a player's clock on today's puzzle (unless it runs already)
// and returns the puzzle and their entry.
func (s *Service) Play(ctx context.Context, guild, user string) (Puzzle, Entry, error) {
	n, err := s.Today(ctx, guild)
	if err != nil {
		return Puzzle{}, Entry{}, err
	}
	p, err := s.Puzzle(ctx, n)
	if err != nil {
		return Puzzle{}, Entry{}, err
	}
	now := s.Now()
	e, err := s.Store.Start(ctx, guild, user, n, now)
	if err == nil && e.Started.UnixMilli() == now.UnixMilli() { // a new player: the post's count changes
		s.behind(ctx, guild, n)
	}
	return p, e, err
}

// Entry returns a player's entry for day n in a server; ok is false when
// they have not begun it.
func (s *Service) Entry(ctx context.Context, guild, user string, n int) (e Entry, ok bool, err error) {
	return s.Store.Entry(ctx, guild, user, n)
}

// ErrClosed is returned by Submit for a day that can no longer be played.
var ErrClosed = errors.New("daily: that puzzle is closed")
