package store

import (
	"context"
	"time"

	"github.com/sudokubot/sudokubot/daily"
)

// Behind counts a change a post does not show yet. A post being made
// counts it too: its results may have been read before the change, and
// nothing else would edit it once made (at worst one edit too many).
func (d *DB) Behind(ctx context.Context, guild string, n int) error {
	defer d.lockWrites()()
	_, err := d.db.ExecContext(ctx, d.q(`UPDATE posts SET behind = behind + 1
		WHERE guild = ? AND day = ? AND state IN ('claimed', 'posted') AND edit_state = ''`), guild, n)
	return d.wrap("post behind", err)
}

// ClaimEdits claims the posts due an edit in one statement, so that two
// processes never claim the same post: a post is due when it is behind,
// was last edited gap ago or more, and holds no claim younger than lease.
func (d *DB) ClaimEdits(ctx context.Context, from int, now time.Time, gap, lease time.Duration) ([]daily.PostEdit, error) {
	defer d.lockWrites()()
	rows, err := d.db.QueryContext(ctx, d.q(`UPDATE posts SET edit_claimed_at = ?
		WHERE day >= ? AND state = 'posted' AND behind > 0 AND edit_state = '' AND edited_at <= ? AND edit_claimed_at <= ?
		RETURNING guild, day, channel, message, behind`), ms(now), from, ms(now.Add(-gap)), ms(now.Add(-lease)))
	if err != nil {
		return nil, d.wrap("claim edits", err)
	}
	defer rows.Close()
	var edits []daily.PostEdit
	for rows.Next() {
		var e daily.PostEdit
		if err := rows.Scan(&e.Guild, &e.Day, &e.Channel, &e.Message, &e.Behind); err != nil {
			return nil, d.wrap("claim edits", err)
		}
		edits = append(edits, e)
	}
	return edits, d.wrap("claim edits", rows.Err())
}

// EditDone records an edit: the changes it read are shown, those that
// came since still count.
func (d *DB) EditDone(ctx context.Context, e daily.PostEdit, now time.Time) error {
	defer d.lockWrites()()
	_, err := d.db.ExecContext(ctx, d.q(`UPDATE posts SET behind = behind - ?, edited_at = ?, edit_claimed_at = 0
		WHERE guild = ? AND day = ?`), e.Behind, ms(now), e.Guild, e.Day)
	return d.wrap("edit done", err)
}

// EditFailed releases an edit's claim, or stops the post's edits.
func (d *DB) EditFailed(ctx context.Context, e daily.PostEdit, stop bool) error {
	defer d.lockWrites()()
	state := ""
	if stop {
		state = "stopped"
	}
	_, err := d.db.ExecContext(ctx, d.q(`UPDATE posts SET edit_claimed_at = 0, edit_state = ? WHERE guild = ? AND day = ?`),
		state, e.Guild, e.Day)
	return d.wrap("edit failed", err)
}

// Results reads a day's counts and its top solvers: timed solves by time,
// then untimed ones by when they came.
func (d *DB) Results(ctx context.Context, guild string, n, top int) (daily.Results, error) {
	r := daily.Results{Day: n}
	err := d.db.QueryRowContext(ctx, d.q(`SELECT COUNT(solved_at), COUNT(*) - COUNT(solved_at) FROM entries
		WHERE guild = ? AND day = ?`), guild, n).Scan(&r.Solved, &r.Playing)
	if err != nil {
		return r, d.wrap("results", err)
	}
	rows, err := d.db.QueryContext(ctx, d.q(`SELECT user_id, `+entryColumns+` FROM entries
		WHERE guild = ? AND day = ? AND solved_at IS NOT NULL
		ORDER BY CASE WHEN took_ms IS NULL THEN 1 ELSE 0 END, took_ms, solved_at, user_id LIMIT ?`), guild, n, top)
	if err != nil {
		return r, d.wrap("results", err)
	}
	defer rows.Close()
	for rows.Next() {
		e := daily.Entry{Guild: guild, Day: n}
		if err := scanEntry(prefixed{rows, &e.User}, &e); err != nil {
			return r, d.wrap("results", err)
		}
		r.Solvers = append(r.Solvers, e)
	}
	return r, d.wrap("results", rows.Err())
}

// prefixed scans a row whose first column goes to first, then an entry's.
type prefixed struct {
	row   interface{ Scan(...any) error }
	first any
}

func (p prefixed) Scan(dest ...any) error { return p.row.Scan(append([]any{p.first}, dest...)...) }

// SolvedDays returns the days of a range on which the server solved.
func (d *DB) SolvedDays(ctx context.Context, guild string, from, to int) ([]int, error) {
	rows, err := d.db.QueryContext(ctx, d.q(`SELECT DISTINCT day FROM entries
		WHERE guild = ? AND day BETWEEN ? AND ? AND solved_at IS NOT NULL ORDER BY day`), guild, from, to)
	if err != nil {
		return nil, d.wrap("solved days", err)
	}
	defer rows.Close()
	var days []int
	for rows.Next() {
		var n int
		if err := rows.Scan(&n); err != nil {
			return nil, d.wrap("solved days", err)
		}
		days = append(days, n)
	}
	return days, d.wrap("solved days", rows.Err())
}

// History returns a player's solves of a range of days, in day order.
func (d *DB) History(ctx context.Context, guild, user string, from, to int) ([]daily.Entry, error) {
	rows, err := d.db.QueryContext(ctx, d.q(`SELECT day, `+entryColumns+` FROM entries
		WHERE guild = ? AND user_id = ? AND day BETWEEN ? AND ? AND solved_at IS NOT NULL ORDER BY day`), guild, user, from, to)
	if err != nil {
		return nil, d.wrap("history", err)
	}
	defer rows.Close()
	var out []daily.Entry
	for rows.Next() {
		e := daily.Entry{Guild: guild, User: user}
		if err := scanEntry(prefixed{rows, &e.Day}, &e); err != nil {
			return nil, d.wrap("history", err)
		}
		out = append(out, e)
	}
	return out, d.wrap("history", rows.Err())
}
