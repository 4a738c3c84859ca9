package store

import (
	"context"
	"slices"
	"strings"

	"github.com/sudokubot/sudokubot/daily"
)

// maxRefused is how many refused DMs in a row drop a reminder.
const maxRefused = 3

// SetReminder upserts a player's reminder hour and language.
func (d *DB) SetReminder(ctx context.Context, r daily.Reminded, guild string, hour int) error {
	defer d.lockWrites()()
	_, err := d.db.ExecContext(ctx, d.q(`INSERT INTO reminders (guild, user_id, hour, locale) VALUES (?, ?, ?, ?)
		ON CONFLICT (guild, user_id) DO UPDATE SET hour = excluded.hour, locale = excluded.locale, refused = 0`),
		guild, r.User, hour, r.Locale)
	return d.wrap("set reminder", err)
}

// DropReminder deletes a player's reminder.
func (d *DB) DropReminder(ctx context.Context, guild, user string) (bool, error) {
	defer d.lockWrites()()
	res, err := d.db.ExecContext(ctx, d.q(`DELETE FROM reminders WHERE guild = ? AND user_id = ?`), guild, user)
	if err != nil {
		return false, d.wrap("drop reminder", err)
	}
	n, err := res.RowsAffected()
	return n > 0, d.wrap("drop reminder", err)
}

// RemindedGuilds lists the servers with reminders.
func (d *DB) RemindedGuilds(ctx context.Context) ([]string, error) {
	return d.strings(ctx, "reminded guilds", `SELECT DISTINCT guild FROM reminders ORDER BY guild`)
}

// ClaimReminders marks due reminders as sent for day n in one statement,
// so two processes never claim the same one; the players come sorted.
func (d *DB) ClaimReminders(ctx context.Context, guild string, n, hour, limit int) ([]daily.Reminded, error) {
	defer d.lockWrites()()
	rows, err := d.db.QueryContext(ctx, d.q(`UPDATE reminders SET last_day = ?
		WHERE guild = ? AND user_id IN (SELECT r.user_id FROM reminders r WHERE r.guild = ? AND r.hour <= ? AND r.last_day < ?
			AND NOT EXISTS (SELECT 1 FROM entries e WHERE e.guild = r.guild AND e.user_id = r.user_id AND e.day = ?
				AND e.solved_at IS NOT NULL)
			ORDER BY r.user_id LIMIT ?)
		RETURNING user_id, locale`), n, guild, guild, hour, n, n, limit)
	if err != nil {
		return nil, d.wrap("claim reminders", err)
	}
	defer rows.Close()
	var out []daily.Reminded
	for rows.Next() {
		var r daily.Reminded
		if err := rows.Scan(&r.User, &r.Locale); err != nil {
			return nil, d.wrap("claim reminders", err)
		}
		out = append(out, r)
	}
	slices.SortFunc(out, func(a, b daily.Reminded) int { return strings.Compare(a.User, b.User) }) // RETURNING keeps no order
	return out, d.wrap("claim reminders", rows.Err())
}

// ReminderFailed releases a claimed reminder, or counts a refusal and
// drops the reminder after maxRefused in a row.
func (d *DB) ReminderFailed(ctx context.Context, guild, user string, n int, refused bool) error {
	defer d.lockWrites()()
	q := `UPDATE reminders SET last_day = ? WHERE guild = ? AND user_id = ?`
	args := []any{n - 1, guild, user}
	if refused {
		q, args = `UPDATE reminders SET refused = refused + 1 WHERE guild = ? AND user_id = ?`, []any{guild, user}
	}
	if _, err := d.db.ExecContext(ctx, d.q(q), args...); err != nil {
		return d.wrap("reminder failed", err)
	}
	_, err := d.db.ExecContext(ctx, d.q(`DELETE FROM reminders WHERE guild = ? AND user_id = ? AND refused >= ?`),
		guild, user, maxRefused)
	return d.wrap("reminder failed", err)
}

// ReminderSent resets a reminder's refusals.
func (d *DB) ReminderSent(ctx context.Context, guild, user string) error {
	defer d.lockWrites()()
	_, err := d.db.ExecContext(ctx, d.q(`UPDATE reminders SET refused = 0 WHERE guild = ? AND user_id = ? AND refused > 0`),
		guild, user)
	return d.wrap("reminder sent", err)
}

// strings runs a query whose rows are one text column.
func (d *DB) strings(ctx context.Context, op, query string, args ...any) ([]string, error) {
	rows, err := d.db.QueryContext(ctx, d.q(query), args...)
	if err != nil {
		return nil, d.wrap(op, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, d.wrap(op, err)
		}
		out = append(out, v)
	}
	return out, d.wrap(op, rows.Err())
}
