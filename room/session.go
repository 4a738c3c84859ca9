package room

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Store keeps rooms for every process, by name: a board played together
// under its Activity instance, a daily's roster under Roster's name. A
// save names the version it read and succeeds only if the record is still
// at it, so two changes never both apply. Implementations must be safe
// for concurrent use.
type Store interface {
	// Room returns the record called name and its version; ok is false
	// when there is none.
	Room(ctx context.Context, name string) (data []byte, version int, ok bool, err error)
	// CreateRoom stores a new record at version 0; created is false, and
	// nothing changes, when name has one already.
	CreateRoom(ctx context.Context, name string, data []byte, at time.Time) (created bool, err error)
	// SaveRoom replaces name's record with data at version, if it is still
	// at prev; saved is false, and nothing changes, when it is not.
	SaveRoom(ctx context.Context, name string, prev, version int, data []byte, at time.Time) (saved bool, err error)
}

// Sessions is the protocol every change to a stored room is made by, as
// game.Sessions is for one player's game: read, change, store over the
// version read, and on losing the race to another change, read again and
// make the change again. A stored room's version is Room.Version.
type Sessions struct {
	Store Store
	Now   func() time.Time // the clock; time.Now when nil
}

// Tries bounds how many times a change is made again on a record that
// another change was stored over first.
const Tries = 8

// Errors of the stored rooms.
var (
	// ErrStore wraps every failure of the store (the caller apologises;
	// nothing was changed).
	ErrStore = errors.New("room: the store failed")
	// ErrBusy is a change that lost the race Tries times.
	ErrBusy = errors.New("room: the room changed under every try")
)

func (s Sessions) now() time.Time {
	if s.Now == nil {
		return time.Now()
	}
	return s.Now()
}

// Load returns the room called name; ok is false when there is none.
func (s Sessions) Load(ctx context.Context, name string) (*Room, bool, error) {
	data, _, ok, err := s.Store.Room(ctx, name)
	if err != nil || !ok {
		return nil, false, storeFailed(err)
	}
	r, err := Decode(data)
	if err != nil {
		return nil, false, fmt.Errorf("%w: stored room %s: %w", ErrStore, name, err)
	}
	return r, true, nil
}

// Change reads the room called name (nil when there is none) and lets
// change make its change: it returns the room to store (r changed, or a
// new room), or the room to show with its error. A room whose Version did
// not move is not stored. When another change was stored first, Change
// reads again and calls change again. It returns the room as stored (or
// change's, with its error), and whether it stored it; a failure of the
// store wraps ErrStore, and losing every try is ErrBusy.
func (s Sessions) Change(ctx context.Context, name string, change func(r *Room) (*Room, error)) (*Room, bool, error) {
	for range Tries {
		data, stored, ok, err := s.Store.Room(ctx, name)
		if err != nil {
			return nil, false, storeFailed(err)
		}
		var r *Room
		if ok {
			if r, err = Decode(data); err != nil {
				return nil, false, fmt.Errorf("%w: stored room %s: %w", ErrStore, name, err)
			}
		}
		before := -1
		if r != nil {
			before = r.Version
		}
		next, err := change(r)
		if err != nil {
			return next, false, err
		}
		if ok && next.Version == before {
			return next, false, nil
		}
		saved, err := s.save(ctx, name, next, stored, ok)
		if err != nil || saved {
			return next, saved, err
		}
	}
	return nil, false, ErrBusy
}

// save stores r over the version read (a new record when there was none).
func (s Sessions) save(ctx context.Context, name string, r *Room, stored int, existed bool) (bool, error) {
	data, err := r.Encode()
	if err != nil {
		return false, err
	}
	var saved bool
	if existed {
		saved, err = s.Store.SaveRoom(ctx, name, stored, r.Version, data, s.now())
	} else {
		saved, err = s.Store.CreateRoom(ctx, name, data, s.now())
	}
	return saved, storeFailed(err)
}

// storeFailed wraps a store's error in ErrStore (nil stays nil).
func storeFailed(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%w: %w", ErrStore, err)
}
