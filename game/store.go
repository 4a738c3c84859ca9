package game

import (
	"context"
	"time"
)

// Key names a stored game: one per player per puzzle. Ref.Key makes it.
type Key struct {
	User string
	// Puzzle names the puzzle: a Ref's text ("hqf3is7wqg5od" for a
	// puzzle, "q300" for practice on a past daily), or "d327/<guild>" for
	// daily #327 ranked in that server.
	Puzzle string
}

// Store keeps games between taps for every process. A save names the
// version it read, and succeeds only if the game is still at it, so two
// taps on the same board (two devices, two processes) never both apply.
// Implementations must be safe for concurrent use.
type Store interface {
	// Game returns key's stored game and its version; ok is false when
	// there is none.
	Game(ctx context.Context, key Key) (data []byte, version int, ok bool, err error)
	// CreateGame stores a new game at version 0; created is false, and
	// nothing changes, when key has a game already.
	CreateGame(ctx context.Context, key Key, data []byte, at time.Time) (created bool, err error)
	// SaveGame replaces key's game with data at version, if it is still at
	// prev; saved is false, and nothing changes, when it is not.
	SaveGame(ctx context.Context, key Key, prev, version int, data []byte, at time.Time) (saved bool, err error)
}
