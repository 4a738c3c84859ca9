package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"time"
)

//go:embed migrations/*.sql
var migrations embed.FS

// migration is one numbered schema change.
type migration struct {
	version int
	name    string
	sql     string
}

func loadMigrations() ([]migration, error) {
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, name := range names {
		base := strings.TrimPrefix(name, "migrations/")
		num, _, _ := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if err != nil {
			return nil, fmt.Errorf("store: migration %s: name must start with its number", base)
		}
		text, err := migrations.ReadFile(name)
		if err != nil {
			return nil, err
		}
		out = append(out, migration{version: v, name: base, sql: string(text)})
	}
	sort.Slice(out, func(a, b int) bool { return out[a].version < out[b].version })
	return out, nil
}

// migrate applies, in order and each in its own transaction, the
// migrations the database has not seen. On PostgreSQL an advisory lock
// keeps two processes starting at once from applying one twice.
func (d *DB) migrate(ctx context.Context) error {
	ms, err := loadMigrations()
	if err != nil {
		return err
	}
	for _, m := range ms {
		if err := d.inTx(ctx, "migrate "+m.name, func(tx *sql.Tx) error { return d.apply(ctx, tx, m) }); err != nil {
			return err
		}
	}
	return nil
}

func (d *DB) apply(ctx context.Context, tx *sql.Tx, m migration) error {
	if d.dialect == postgres {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(72630501)`); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`); err != nil {
		return err
	}
	var n int
	if err := tx.QueryRowContext(ctx, d.q(`SELECT COUNT(*) FROM schema_migrations WHERE version = ?`), m.version).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, m.sql); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, d.q(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`),
		m.version, m.name, time.Now().UnixMilli())
	return err
}
