package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/sudokubot/sudokubot/game"
)

var _ game.Store = (*DB)(nil)

// Game returns a player's stored game of a puzzle and its version.
func (d *DB) Game(ctx context.Context, key game.Key) ([]byte, int, bool, error) {
	var data string
	var version int
	err := d.db.QueryRowContext(ctx, d.q(`SELECT data, version FROM games WHERE user_id = ? AND puzzle = ?`),
		key.User, key.Puzzle).Scan(&data, &version)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, 0, false, nil
	}
	if err != nil {
		return nil, 0, false, d.wrap("game", err)
	}
	return []byte(data), version, true, nil
}

// CreateGame stores a new game at version 0 unless the player has one of
// that puzzle, and tells the games' watchers when it does (WatchGames).
func (d *DB) CreateGame(ctx context.Context, key game.Key, data []byte, at time.Time) (bool, error) {
	unlock := d.lockWrites()
	res, err := d.db.ExecContext(ctx, d.told(`INSERT INTO games (user_id, puzzle, version, data, updated_at)
		VALUES (?, ?, 0, ?, ?) ON CONFLICT (user_id, puzzle) DO NOTHING`), d.withWord(gameWord(key, 0), key.User, key.Puzzle, string(data), ms(at))...)
	unlock()
	return d.saved("create game", gameWord(key, 0), res, err)
}

// SaveGame replaces a game if it is still at version prev, and tells the
// games' watchers when it does.
func (d *DB) SaveGame(ctx context.Context, key game.Key, prev, version int, data []byte, at time.Time) (bool, error) {
	unlock := d.lockWrites()
	res, err := d.db.ExecContext(ctx, d.told(`UPDATE games SET version = ?, data = ?, updated_at = ?
		WHERE user_id = ? AND puzzle = ? AND version = ?`), d.withWord(gameWord(key, version), version, string(data), ms(at), key.User, key.Puzzle, prev)...)
	unlock()
	return d.saved("save game", gameWord(key, version), res, err)
}

// saved reports whether a game's or a room's save changed its row, and
// tells this process's watchers of it, w, on SQLite (PostgreSQL's word
// went with the save).
func (d *DB) saved(op string, w savedWord, res sql.Result, err error) (bool, error) {
	ok, err := d.changed(op, res, err)
	if ok && d.dialect == sqlite {
		d.watchers.tell(w)
	}
	return ok, err
}

// changed reports whether a statement changed a row.
func (d *DB) changed(op string, res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, d.wrap(op, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, d.wrap(op, err)
	}
	return n == 1, nil
}

// RecentGames returns the puzzles of a player's stored games (their keys'
// Puzzle), the most recently played first, at most limit.
func (d *DB) RecentGames(ctx context.Context, user string, limit int) ([]string, error) {
	rows, err := d.db.QueryContext(ctx, d.q(`SELECT puzzle FROM games WHERE user_id = ?
		ORDER BY updated_at DESC, puzzle LIMIT ?`), user, limit)
	if err != nil {
		return nil, d.wrap("recent games", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			return nil, d.wrap("recent games", err)
		}
		out = append(out, p)
	}
	return out, d.wrap("recent games", rows.Err())
}
