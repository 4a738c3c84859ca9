package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/logic"
)

// Puzzle returns the stored puzzle of day n.
func (d *DB) Puzzle(ctx context.Context, n int) (daily.Puzzle, bool, error) {
	var p daily.Puzzle
	var level int
	var grid, sol string
	err := d.db.QueryRowContext(ctx, d.q(`SELECT day, level, score, hardest, grid, solution FROM puzzles WHERE day = ?`), n).
		Scan(&p.Day, &level, &p.Score, &p.Hardest, &grid, &sol)
	if errors.Is(err, sql.ErrNoRows) {
		return daily.Puzzle{}, false, nil
	}
	if err != nil {
		return daily.Puzzle{}, false, d.wrap("puzzle", err)
	}
	p.Level = logic.Level(level)
	if p.Grid, err = solver.Parse(grid); err != nil {
		return daily.Puzzle{}, false, d.wrap("puzzle grid", err)
	}
	if p.Solution, err = solver.Parse(sol); err != nil {
		return daily.Puzzle{}, false, d.wrap("puzzle solution", err)
	}
	return p, true, nil
}

// SavePuzzle stores p unless day p.Day has a puzzle, and returns the
// stored one.
func (d *DB) SavePuzzle(ctx context.Context, p daily.Puzzle) (daily.Puzzle, error) {
	defer d.lockWrites()()
	_, err := d.db.ExecContext(ctx, d.q(`INSERT INTO puzzles (day, level, score, hardest, grid, solution)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (day) DO NOTHING`),
		p.Day, int(p.Level), p.Score, p.Hardest, p.Grid.String(), p.Solution.String())
	if err != nil {
		return daily.Puzzle{}, d.wrap("save puzzle", err)
	}
	stored, ok, err := d.Puzzle(ctx, p.Day)
	if err == nil && !ok {
		err = d.wrap("save puzzle", errors.New("stored puzzle vanished"))
	}
	return stored, err
}

// Guild returns a server's settings.
func (d *DB) Guild(ctx context.Context, id string) (daily.Guild, bool, error) {
	g := daily.Guild{ID: id}
	err := d.db.QueryRowContext(ctx, d.q(`SELECT channel, hour, timezone, role, locale FROM guilds WHERE id = ?`), id).
		Scan(&g.Channel, &g.Hour, &g.Timezone, &g.Role, &g.Locale)
	if errors.Is(err, sql.ErrNoRows) {
		return daily.Guild{}, false, nil
	}
	if err != nil {
		return daily.Guild{}, false, d.wrap("guild", err)
	}
	return g, true, nil
}

// SaveGuild creates or replaces a server's settings.
func (d *DB) SaveGuild(ctx context.Context, g daily.Guild) error {
	defer d.lockWrites()()
	_, err := d.db.ExecContext(ctx, d.q(`INSERT INTO guilds (id, channel, hour, timezone, role, locale) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (id) DO UPDATE SET channel = excluded.channel, hour = excluded.hour, timezone = excluded.timezone,
			role = excluded.role, locale = excluded.locale`),
		g.ID, g.Channel, g.Hour, g.Timezone, g.Role, g.Locale)
	return d.wrap("save guild", err)
}

// Posting returns the servers with a channel set.
func (d *DB) Posting(ctx context.Context) ([]daily.Guild, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT id, channel, hour, timezone, role, locale FROM guilds WHERE channel <> '' ORDER BY id`)
	if err != nil {
		return nil, d.wrap("posting guilds", err)
	}
	defer rows.Close()
	var out []daily.Guild
	for rows.Next() {
		var g daily.Guild
		if err := rows.Scan(&g.ID, &g.Channel, &g.Hour, &g.Timezone, &g.Role, &g.Locale); err != nil {
			return nil, d.wrap("posting guilds", err)
		}
		out = append(out, g)
	}
	return out, d.wrap("posting guilds", rows.Err())
}

// ClaimPost reserves a post: the primary key (guild, day) lets one caller
// in; a failed post is retried after its retry time, and a claim whose
// holder vanished is taken over after lease.
func (d *DB) ClaimPost(ctx context.Context, guild string, n int, now time.Time, lease time.Duration) (claimed, again bool, err error) {
	defer d.lockWrites()()
	var attempts int
	err = d.db.QueryRowContext(ctx, d.q(`INSERT INTO posts (guild, day, state, claimed_at) VALUES (?, ?, 'claimed', ?)
		ON CONFLICT (guild, day) DO UPDATE SET state = 'claimed', claimed_at = excluded.claimed_at,
			attempts = posts.attempts + 1
		WHERE (posts.state = 'failed' AND posts.retry_at <= excluded.claimed_at)
		   OR (posts.state = 'claimed' AND posts.claimed_at <= ?)
		RETURNING attempts`), guild, n, ms(now), ms(now.Add(-lease))).Scan(&attempts)
	if errors.Is(err, sql.ErrNoRows) {
		return false, false, nil
	}
	return err == nil, attempts > 1, d.wrap("claim post", err)
}

// PostDone marks a claimed post made.
func (d *DB) PostDone(ctx context.Context, guild string, n int, channel, message string) error {
	defer d.lockWrites()()
	_, err := d.db.ExecContext(ctx, d.q(`UPDATE posts SET state = 'posted', channel = ?, message = ? WHERE guild = ? AND day = ?`),
		channel, message, guild, n)
	return d.wrap("post done", err)
}

// PostFailed releases a claimed post until retry.
func (d *DB) PostFailed(ctx context.Context, guild string, n int, retry time.Time) error {
	defer d.lockWrites()()
	_, err := d.db.ExecContext(ctx, d.q(`UPDATE posts SET state = 'failed', retry_at = ?, failures = failures + 1
		WHERE guild = ? AND day = ? AND state = 'claimed'`), ms(retry), guild, n)
	return d.wrap("post failed", err)
}

// PostsMade returns the posts of days from to to that were made: one
// query for every server, which the scheduler asks every round.
func (d *DB) PostsMade(ctx context.Context, from, to int) (map[daily.PostKey]bool, error) {
	rows, err := d.db.QueryContext(ctx, d.q(`SELECT guild, day FROM posts WHERE day BETWEEN ? AND ? AND state = 'posted'`), from, to)
	if err != nil {
		return nil, d.wrap("posts made", err)
	}
	defer rows.Close()
	made := map[daily.PostKey]bool{}
	for rows.Next() {
		var k daily.PostKey
		if err := rows.Scan(&k.Guild, &k.Day); err != nil {
			return nil, d.wrap("posts made", err)
		}
		made[k] = true
	}
	return made, d.wrap("posts made", rows.Err())
}
