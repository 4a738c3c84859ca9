package store

import (
	"context"
	"time"
)

// FirstSeen records interaction id, to be kept until until, and reports
// whether no process had recorded it before: one insert that does nothing
// when the id is there, so of two processes given the same id at once
// exactly one hears true. The id is stored as its 64 bits.
func (d *DB) FirstSeen(ctx context.Context, id uint64, until time.Time) (bool, error) {
	defer d.lockWrites()()
	res, err := d.db.ExecContext(ctx, d.q(`INSERT INTO seen_interactions (id, expires_at) VALUES (?, ?)
		ON CONFLICT (id) DO NOTHING`), int64(id), ms(until))
	if err != nil {
		return false, d.wrap("record interaction", err)
	}
	n, err := res.RowsAffected()
	return n == 1, d.wrap("record interaction", err)
}

// ForgetSeen deletes the interactions kept until before now, and returns
// how many.
func (d *DB) ForgetSeen(ctx context.Context, now time.Time) (int64, error) {
	defer d.lockWrites()()
	res, err := d.db.ExecContext(ctx, d.q(`DELETE FROM seen_interactions WHERE expires_at < ?`), ms(now))
	if err != nil {
		return 0, d.wrap("forget interactions", err)
	}
	n, err := res.RowsAffected()
	return n, d.wrap("forget interactions", err)
}
