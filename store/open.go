package store

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	_ "modernc.org/sqlite"             // registers the "sqlite" driver
)

// OpenSQLite opens (creating if needed) a SQLite database file in WAL mode
// with a busy timeout, so readers never wait and writers queue briefly.
func OpenSQLite(ctx context.Context, path string) (*DB, error) {
	q := url.Values{}
	for _, p := range []string{"journal_mode(WAL)", "busy_timeout(10000)", "synchronous(NORMAL)", "foreign_keys(1)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate") // writers take the lock up front: no upgrade deadlocks
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	return ready(ctx, &DB{db: db, dialect: sqlite})
}

// OpenPostgres connects to PostgreSQL at a postgres:// URL.
func OpenPostgres(ctx context.Context, url string) (*DB, error) {
	db, err := sql.Open("pgx", url)
	if err != nil {
		return nil, fmt.Errorf("store: open postgres: %w", err)
	}
	db.SetMaxOpenConns(20)
	db.SetMaxIdleConns(20)
	return ready(ctx, &DB{db: db, dialect: postgres})
}

func ready(ctx context.Context, d *DB) (*DB, error) {
	if err := d.db.PingContext(ctx); err != nil {
		d.db.Close()
		return nil, fmt.Errorf("store: connect to %s: %w", d.Kind(), err)
	}
	if err := d.migrate(ctx); err != nil {
		d.db.Close()
		return nil, err
	}
	return d, nil
}
