package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
)

// sessionKeyLen is the length of a key the store makes: 256 bits.
const sessionKeyLen = 32

// SessionKeys returns the keys the big board signs its sessions with, the
// newest first, and the one before it, which still verifies sessions
// during a rotation. When there is none it makes one, once for every
// process sharing the database (two starting at once keep the same).
func (d *DB) SessionKeys(ctx context.Context) ([][]byte, error) {
	keys, err := d.readSessionKeys(ctx)
	if err != nil || len(keys) > 0 {
		return keys, err
	}
	key, err := newSessionKey()
	if err != nil {
		return nil, err
	}
	err = d.inTx(ctx, "make a session key", func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, d.q(`INSERT INTO activity_keys (id, secret) VALUES (1, ?) ON CONFLICT (id) DO NOTHING`), key)
		return err
	})
	if err != nil {
		return nil, err
	}
	return d.readSessionKeys(ctx)
}

// RotateSessionKey makes a new session key, which signs from then on; the
// one that signed until then still verifies, and older ones are dropped
// (their sessions end). Rotating twice within a session's life (12 hours)
// ends the sessions signed before the first.
func (d *DB) RotateSessionKey(ctx context.Context) error {
	key, err := newSessionKey()
	if err != nil {
		return err
	}
	return d.inTx(ctx, "rotate the session key", func(tx *sql.Tx) error {
		var last int64
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(id), 0) FROM activity_keys`).Scan(&last); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, d.q(`INSERT INTO activity_keys (id, secret) VALUES (?, ?)`), last+1, key); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, d.q(`DELETE FROM activity_keys WHERE id < ?`), last)
		return err
	})
}

// readSessionKeys reads the two newest keys, the newest first.
func (d *DB) readSessionKeys(ctx context.Context) ([][]byte, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT secret FROM activity_keys ORDER BY id DESC LIMIT 2`)
	if err != nil {
		return nil, d.wrap("read the session keys", err)
	}
	defer rows.Close()
	var keys [][]byte
	for rows.Next() {
		var text string
		if err := rows.Scan(&text); err != nil {
			return nil, d.wrap("read the session keys", err)
		}
		key, err := hex.DecodeString(text)
		if err != nil {
			return nil, fmt.Errorf("store: a session key that is not hex: %w", err)
		}
		keys = append(keys, key)
	}
	return keys, d.wrap("read the session keys", rows.Err())
}

func newSessionKey() (string, error) {
	b := make([]byte, sessionKeyLen)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("store: making a session key: %w", err)
	}
	return hex.EncodeToString(b), nil
}
