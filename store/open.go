package store

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"strings"

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
	db.SetMaxOpenConns(pgConns)
	db.SetMaxIdleConns(pgConns)
	return ready(ctx, &DB{db: db, dialect: postgres})
}

// pgConns is the PostgreSQL pool's size.
const pgConns = 20

// OpenPool opens a PostgreSQL handle's whole pool (20 connections) now,
// for a bot process about to take traffic: a connection opened under load
// costs the server a process start while queries wait, which showed as
// second-long stalls in the load test when load first doubled. Failures
// are left for later; a no-op on SQLite.
func (d *DB) OpenPool(ctx context.Context) {
	if d.dialect != postgres {
		return
	}
	conns := make([]*sql.Conn, 0, pgConns)
	for range pgConns {
		c, err := d.db.Conn(ctx)
		if err != nil {
			break
		}
		conns = append(conns, c)
	}
	for _, c := range conns {
		c.Close()
	}
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

// Redact keeps a database URL's password out of text bound for a log
// line or a terminal.
func Redact(s, dbURL string) string {
	if u, err := url.Parse(dbURL); err == nil && u.User != nil {
		if pw, ok := u.User.Password(); ok && pw != "" {
			s = strings.ReplaceAll(s, pw, "[password]")
		}
	}
	return s
}
