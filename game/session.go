package game

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// ErrOutdated is returned by Sessions.Save when the stored game changed
// after it was read (another tap, device or process saved first). The
// Session then holds the game as stored now.
var ErrOutdated = errors.New("game: the stored game changed since it was read")

// ErrNoGame is returned when a game that was stored is gone when read back:
// after a lost create race in LoadOrCreate, or a lost save race in Save.
var ErrNoGame = errors.New("game: the stored game is gone")

// Sessions is the protocol every front end plays a stored game by: load it
// (or start and store it), change it, save it over the version read. A
// save that loses a race to another is refused, never applied twice. The
// stored version is always the game's move counter (Game.Seq). Sessions
// is safe for concurrent use when its Store is.
type Sessions struct {
	Store Store
	Now   func() time.Time // the clock; time.Now when nil
}

// Session is one game as read from the store.
type Session struct {
	Key     Key
	Game    *Game
	Version int    // the stored version Game was read at
	looked  Cursor // Game's cursor as read
}

func (s Sessions) now() time.Time {
	if s.Now == nil {
		return time.Now()
	}
	return s.Now()
}

// Load returns key's stored game; ok is false when there is none. A stored
// game that does not decode is an error.
func (s Sessions) Load(ctx context.Context, key Key) (sess Session, ok bool, err error) {
	data, version, ok, err := s.Store.Game(ctx, key)
	if err != nil || !ok {
		return Session{}, false, err
	}
	g, err := Decode(data)
	if err != nil {
		return Session{}, false, fmt.Errorf("stored game %s/%s: %w", key.User, key.Puzzle, err)
	}
	return Session{Key: key, Game: g, Version: version, looked: g.Cursor()}, true, nil
}

// LoadOrCreate returns key's stored game, or starts one with start, begins
// its clock and stores it at version 0. When another device stored one
// first, that one is returned. start is called only when no game is stored.
func (s Sessions) LoadOrCreate(ctx context.Context, key Key, start func() (*Game, error)) (Session, error) {
	if sess, ok, err := s.Load(ctx, key); err != nil || ok {
		return sess, err
	}
	g, err := start()
	if err != nil {
		return Session{}, err
	}
	g.Begin(s.now())
	data, err := g.Encode()
	if err != nil {
		return Session{}, err
	}
	created, err := s.Store.CreateGame(ctx, key, data, s.now())
	if err != nil || created {
		return Session{Key: key, Game: g, looked: g.Cursor()}, err
	}
	sess, ok, err := s.Load(ctx, key)
	if err == nil && !ok {
		err = ErrNoGame
	}
	return sess, err
}

// Save stores sess.Game over the version it was read at, as version
// Game.Seq(), and moves sess to it. A game whose move counter has not
// moved is saved only if its cursor moved (looking), at the same version;
// one where nothing moved is not saved. When the stored game changed
// first, Save returns ErrOutdated and sess holds the game as stored now.
func (s Sessions) Save(ctx context.Context, sess *Session) error {
	if sess.Game.Seq() == sess.Version && sess.Game.Cursor() == sess.looked {
		return nil
	}
	data, err := sess.Game.Encode()
	if err != nil {
		return err
	}
	saved, err := s.Store.SaveGame(ctx, sess.Key, sess.Version, sess.Game.Seq(), data, s.now())
	switch {
	case err != nil:
		return err
	case saved:
		sess.Version, sess.looked = sess.Game.Seq(), sess.Game.Cursor()
		return nil
	}
	now, ok, err := s.Load(ctx, sess.Key)
	if err != nil {
		return err
	}
	if !ok {
		return ErrNoGame
	}
	*sess = now
	return ErrOutdated
}
