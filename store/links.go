package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// SaveLink keeps a puzzle's link under key until until (or later, if it
// was kept longer), and deletes the links kept until before now.
func (d *DB) SaveLink(ctx context.Context, key, link string, now, until time.Time) error {
	defer d.lockWrites()()
	_, err := d.db.ExecContext(ctx, d.q(`INSERT INTO puzzle_links (key, link, expires_at) VALUES (?, ?, ?)
		ON CONFLICT (key) DO UPDATE SET expires_at = CASE WHEN excluded.expires_at > puzzle_links.expires_at
		THEN excluded.expires_at ELSE puzzle_links.expires_at END`), key, link, ms(until))
	if err != nil {
		return d.wrap("save link", err)
	}
	_, err = d.db.ExecContext(ctx, d.q(`DELETE FROM puzzle_links WHERE expires_at < ?`), ms(now))
	return d.wrap("forget links", err)
}

// Link returns the link kept under key, and false when there is none
// (never kept, or kept until before now).
func (d *DB) Link(ctx context.Context, key string, now time.Time) (string, bool, error) {
	var link string
	err := d.db.QueryRowContext(ctx, d.q(`SELECT link FROM puzzle_links WHERE key = ? AND expires_at >= ?`), key, ms(now)).Scan(&link)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, d.wrap("link", err)
	}
	return link, true, nil
}
