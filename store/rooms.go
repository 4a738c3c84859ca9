package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/sudokubot/sudokubot/room"
)

var _ room.Store = (*DB)(nil)

// Room returns the stored room (or daily roster) called name and its
// version.
func (d *DB) Room(ctx context.Context, name string) ([]byte, int, bool, error) {
	var data string
	var version int
	err := d.db.QueryRowContext(ctx, d.q(`SELECT data, version FROM rooms WHERE name = ?`), name).Scan(&data, &version)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, 0, false, nil
	}
	if err != nil {
		return nil, 0, false, d.wrap("room", err)
	}
	return []byte(data), version, true, nil
}

// CreateRoom stores a new room at version 0 unless one has the name, and
// tells the watchers when it does (WatchSaves).
func (d *DB) CreateRoom(ctx context.Context, name string, data []byte, at time.Time) (bool, error) {
	unlock := d.lockWrites()
	res, err := d.db.ExecContext(ctx, d.told(`INSERT INTO rooms (name, version, data, updated_at)
		VALUES (?, 0, ?, ?) ON CONFLICT (name) DO NOTHING`), d.withWord(roomWord(name, 0), name, string(data), ms(at))...)
	unlock()
	return d.saved("create room", roomWord(name, 0), res, err)
}

// SaveRoom replaces a room if it is still at version prev, and tells the
// watchers when it does.
func (d *DB) SaveRoom(ctx context.Context, name string, prev, version int, data []byte, at time.Time) (bool, error) {
	unlock := d.lockWrites()
	res, err := d.db.ExecContext(ctx, d.told(`UPDATE rooms SET version = ?, data = ?, updated_at = ?
		WHERE name = ? AND version = ?`), d.withWord(roomWord(name, version), version, string(data), ms(at), name, prev)...)
	unlock()
	return d.saved("save room", roomWord(name, version), res, err)
}

// roomWord is the word of name's room saved at version.
func roomWord(name string, version int) savedWord { return savedWord{Room: name, Version: version} }
