package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"time"

	"github.com/jackc/pgx/v5/stdlib"
)

// Several bot processes on one PostgreSQL tell each other of changes
// through it (NOTIFY and LISTEN), so that a move made through one process
// reaches players connected to another; no other server is needed. SQLite
// serves one process, which tells itself.

// Shared reports whether several processes can share this database: true
// for PostgreSQL.
func (d *DB) Shared() bool { return d.dialect == postgres }

// ErrNotShared is returned by Notify and Listen on SQLite.
var ErrNotShared = errors.New("store: SQLite serves one process: there is no one to notify")

// Notify sends payload on channel to every process listening on it, this
// one included (PostgreSQL's pg_notify: delivered when it commits, in the
// order sent, at most 8000 bytes).
func (d *DB) Notify(ctx context.Context, channel, payload string) error {
	if d.dialect != postgres {
		return ErrNotShared
	}
	_, err := d.db.ExecContext(ctx, "SELECT pg_notify($1, $2)", channel, payload)
	return d.wrap("notify", err)
}

// listenRetry is the pause before listening again after the connection
// failed.
const listenRetry = time.Second

// Listen delivers each payload sent on channel, in order, until ctx ends;
// it holds one of the pool's connections. When the connection fails it
// listens again on another after a pause, calling listening each time it
// (re)starts, so the caller can catch up on what it may have missed.
func (d *DB) Listen(ctx context.Context, channel string, listening func(), deliver func(payload string)) error {
	if d.dialect != postgres {
		return ErrNotShared
	}
	for ctx.Err() == nil {
		if d.listenOnce(ctx, channel, listening, deliver) != nil && ctx.Err() == nil {
			d.errors.Add(1) // counted in the database errors metric; the next listening call marks the gap
			select {
			case <-ctx.Done():
			case <-time.After(listenRetry):
			}
		}
	}
	return ctx.Err()
}

func (d *DB) listenOnce(ctx context.Context, channel string, listening func(), deliver func(string)) error {
	conn, err := d.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.Raw(func(driverConn any) error {
		c, ok := driverConn.(*stdlib.Conn)
		if !ok {
			return errors.New("store: the PostgreSQL driver is not pgx")
		}
		pc := c.Conn()
		if _, err := pc.Exec(ctx, "LISTEN "+quoteIdent(channel)); err != nil {
			return err
		}
		defer pc.Exec(context.WithoutCancel(ctx), "UNLISTEN *")
		listening()
		for {
			n, err := pc.WaitForNotification(ctx)
			if err != nil {
				if ctx.Err() != nil {
					return driver.ErrBadConn // the connection is left mid-wait: do not pool it
				}
				return err
			}
			deliver(n.Payload)
		}
	})
}

// quoteIdent quotes a PostgreSQL identifier.
func quoteIdent(s string) string {
	out := []byte{'"'}
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			out = append(out, '"')
		}
		out = append(out, s[i])
	}
	return string(append(out, '"'))
}
