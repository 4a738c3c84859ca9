package store

import (
	"context"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"github.com/sudokubot/sudokubot/game"

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

// gamesChannel is the NOTIFY channel on which every save of a game or a
// room is told.
const gamesChannel = "sudokubot_games"

// savedWord is what a save tells: the game's key, or the room's name, and
// the version it is stored at now.
type savedWord struct {
	User    string `json:"u,omitempty"`
	Puzzle  string `json:"p,omitempty"`
	Room    string `json:"r,omitempty"`
	Version int    `json:"v"`
}

// told returns a statement that writes one game's row (an INSERT or
// UPDATE with ? placeholders) in the dialect, telling of the write: on
// PostgreSQL the same statement sends its word with pg_notify, so the word
// goes if and only if the write commits, with nothing between the two for a
// crash to fall into. Its arguments are withWord's.
func (d *DB) told(write string) string {
	if d.dialect == postgres {
		write = "WITH written AS (" + write + " RETURNING 1) SELECT pg_notify('" + gamesChannel + "', ?) FROM written"
	}
	return d.q(write)
}

// withWord returns the arguments of a told statement: args, and on
// PostgreSQL the word of the save w.
func (d *DB) withWord(w savedWord, args ...any) []any {
	if d.dialect != postgres {
		return args
	}
	data, _ := json.Marshal(w)
	return append(args, string(data))
}

// gameWord is the word of key's game saved at version.
func gameWord(key game.Key, version int) savedWord {
	return savedWord{User: key.User, Puzzle: key.Puzzle, Version: version}
}

// WatchSaves calls games with the key and new version of every game saved
// (created or replaced), and rooms with the name and new version of every
// room saved, until ctx ends, by any process on PostgreSQL, by this one on
// SQLite; it calls listening when it begins to hear, and again whenever it
// may have missed word (a lost connection), so the caller can catch up. It
// holds one of the pool's connections on PostgreSQL, and returns ctx's
// error.
func (d *DB) WatchSaves(ctx context.Context, listening func(), games func(key game.Key, version int), rooms func(name string, version int)) error {
	hear := func(w savedWord) {
		switch {
		case w.Room != "":
			rooms(w.Room, w.Version)
		case w.User != "":
			games(game.Key{User: w.User, Puzzle: w.Puzzle}, w.Version)
		}
	}
	if d.dialect == postgres {
		return d.Listen(ctx, gamesChannel, listening, func(payload string) {
			var w savedWord
			if json.Unmarshal([]byte(payload), &w) == nil {
				hear(w)
			}
		})
	}
	stop := d.watchers.add(hear)
	defer stop()
	listening()
	<-ctx.Done()
	return ctx.Err()
}

// watchers are the functions that hear of this process's saves.
type watchers struct {
	mu   sync.Mutex
	next int
	all  map[int]func(savedWord)
}

// add makes f hear of saves until the function it returns is called.
func (ws *watchers) add(f func(savedWord)) func() {
	ws.mu.Lock()
	defer ws.mu.Unlock()
	if ws.all == nil {
		ws.all = map[int]func(savedWord){}
	}
	ws.next++
	id := ws.next
	ws.all[id] = f
	return func() {
		ws.mu.Lock()
		defer ws.mu.Unlock()
		delete(ws.all, id)
	}
}

// tell tells every watcher of the save w.
func (ws *watchers) tell(w savedWord) {
	ws.mu.Lock()
	fs := make([]func(savedWord), 0, len(ws.all))
	for _, f := range ws.all {
		fs = append(fs, f)
	}
	ws.mu.Unlock()
	for _, f := range fs {
		f(w)
	}
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
