// Package store keeps the bot's state in SQL: the daily challenge's
// (daily.Store) and the players' stored games (game.Store), in SQLite (pure
// Go, one file, the default) or PostgreSQL (shared by several processes).
// Both run the same queries through database/sql; the schema comes from
// migrations embedded in the binary and applied at Open.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sudokubot/sudokubot/daily"
)

// DB is a daily.Store over SQLite or PostgreSQL.
type DB struct {
	db      *sql.DB
	dialect dialect
	// writer queues this process's SQLite transactions in Go: SQLite takes
	// one writer at a time, and its busy handler's sleeps make a queue of
	// waiting connections slow and unfair.
	writer sync.Mutex
	errors atomic.Uint64 // operations that failed
	// watchers hear of this process's saves of games on SQLite
	// (WatchGames); PostgreSQL tells every process itself.
	watchers watchers
}

// Errors returns how many operations have failed since Open, for the
// database errors metric.
func (d *DB) Errors() uint64 { return d.errors.Load() }

var _ daily.Store = (*DB)(nil)

type dialect int

const (
	sqlite dialect = iota
	postgres
)

// Open opens the database a DATABASE_URL names: postgres:// or
// postgresql:// for PostgreSQL; anything else is a SQLite file path
// (optionally with a sqlite:// or file: prefix), "" meaning sudokubot.db.
// It applies any migrations not yet applied.
func Open(ctx context.Context, url string) (*DB, error) {
	if strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://") {
		return OpenPostgres(ctx, url)
	}
	path := strings.TrimPrefix(strings.TrimPrefix(url, "sqlite://"), "file:")
	if path == "" {
		path = "sudokubot.db"
	}
	return OpenSQLite(ctx, path)
}

// Kind names the database: "sqlite" or "postgres".
func (d *DB) Kind() string {
	if d.dialect == postgres {
		return "postgres"
	}
	return "sqlite"
}

// Close closes the database.
func (d *DB) Close() error { return d.db.Close() }

// Ping reports whether the database answers.
func (d *DB) Ping(ctx context.Context) error { return d.wrap("ping", d.db.PingContext(ctx)) }

// q rewrites a query's ? placeholders for the dialect.
func (d *DB) q(query string) string {
	if d.dialect != postgres {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// wrap marks an error as the store's, naming the operation, and counts it.
func (d *DB) wrap(op string, err error) error {
	if err == nil {
		return nil
	}
	if !errors.Is(err, context.Canceled) && !errors.Is(err, daily.ErrStore) {
		d.errors.Add(1)
	}
	return fmt.Errorf("%w: %s: %w", daily.ErrStore, op, err)
}

// lockWrites queues a SQLite write behind this process's others; call the
// function it returns when the write is done. A no-op on PostgreSQL.
func (d *DB) lockWrites() func() {
	if d.dialect != sqlite {
		return func() {}
	}
	d.writer.Lock()
	return d.writer.Unlock
}

// inTx runs f in a transaction, committing when it returns nil.
func (d *DB) inTx(ctx context.Context, op string, f func(tx *sql.Tx) error) error {
	defer d.lockWrites()()
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return d.wrap(op, err)
	}
	if err := f(tx); err != nil {
		_ = tx.Rollback()
		if errors.Is(err, daily.ErrStore) {
			return err
		}
		return d.wrap(op, err)
	}
	return d.wrap(op, tx.Commit())
}

func ms(t time.Time) int64 { return t.UnixMilli() }

func fromMS(v sql.NullInt64) time.Time {
	if !v.Valid {
		return time.Time{}
	}
	return time.UnixMilli(v.Int64).UTC()
}
