package store

import (
	"context"
	"database/sql"
	"errors"

	"github.com/sudokubot/sudokubot/daily"
)

// Leaderboard queries, by period: the top rows, and the caller's own value
// and rank. Ties are broken the same way in both, so ranks agree.
var standingsQueries = map[daily.Period]struct{ top, own, rank string }{
	daily.PeriodToday: {
		top: `SELECT user_id, took_ms, solved_at FROM entries
			WHERE guild = ? AND day = ? AND took_ms IS NOT NULL
			ORDER BY took_ms, solved_at, user_id LIMIT ?`,
		own: `SELECT took_ms, solved_at FROM entries WHERE guild = ? AND day = ? AND user_id = ? AND took_ms IS NOT NULL`,
		rank: `SELECT COUNT(*) FROM entries WHERE guild = ? AND day = ? AND took_ms IS NOT NULL
			AND (took_ms < ? OR (took_ms = ? AND (solved_at < ? OR (solved_at = ? AND user_id < ?))))`,
	},
	daily.PeriodWeek: {
		top:  `SELECT user_id, points, solves FROM weeks WHERE guild = ? AND week = ? ORDER BY points DESC, user_id LIMIT ?`,
		own:  `SELECT points, solves FROM weeks WHERE guild = ? AND week = ? AND user_id = ?`,
		rank: `SELECT COUNT(*) FROM weeks WHERE guild = ? AND week = ? AND (points > ? OR (points = ? AND user_id < ?))`,
	},
	daily.PeriodMonth: {
		top: `SELECT user_id, SUM(points), COUNT(*) FROM entries
			WHERE guild = ? AND day BETWEEN ? AND ? AND solved_at IS NOT NULL
			GROUP BY user_id ORDER BY SUM(points) DESC, user_id LIMIT ?`,
		own: `SELECT SUM(points), COUNT(*) FROM entries
			WHERE guild = ? AND day BETWEEN ? AND ? AND solved_at IS NOT NULL AND user_id = ? GROUP BY user_id`,
		rank: `SELECT COUNT(*) FROM (SELECT user_id, SUM(points) AS total FROM entries
				WHERE guild = ? AND day BETWEEN ? AND ? AND solved_at IS NOT NULL GROUP BY user_id) AS month
			WHERE total > ? OR (total = ? AND user_id < ?)`,
	},
	daily.PeriodAll: {
		top: `SELECT user_id, solved, best FROM players WHERE guild = ? AND solved > 0
			ORDER BY solved DESC, best DESC, user_id LIMIT ?`,
		own: `SELECT solved, best FROM players WHERE guild = ? AND user_id = ? AND solved > 0`,
		rank: `SELECT COUNT(*) FROM players WHERE guild = ? AND solved > 0
			AND (solved > ? OR (solved = ? AND (best > ? OR (best = ? AND user_id < ?))))`,
	},
}

// Leaderboard returns a server's standings for a period ending on day n.
func (d *DB) Leaderboard(ctx context.Context, guild, user string, period daily.Period, n, top int) (daily.Standings, error) {
	b := daily.Standings{Period: period, Day: n}
	q, ok := standingsQueries[period]
	if !ok {
		return b, d.wrap("leaderboard", errors.New("unknown period"))
	}
	span := []any{guild, n}
	switch period {
	case daily.PeriodWeek:
		span = []any{guild, daily.WeekStart(n)}
	case daily.PeriodMonth:
		span = []any{guild, daily.MonthStart(n), n}
	case daily.PeriodAll:
		span = []any{guild}
	}
	var err error
	if b.Top, err = d.topRows(ctx, q.top, append(span, top)); err != nil {
		return b, d.wrap("leaderboard", err)
	}
	b.Own, err = d.ownRow(ctx, q.own, q.rank, period, span, user)
	return b, d.wrap("leaderboard", err)
}

func (d *DB) topRows(ctx context.Context, query string, args []any) ([]daily.Row, error) {
	rows, err := d.db.QueryContext(ctx, d.q(query), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []daily.Row
	for rows.Next() {
		r := daily.Row{Rank: len(out) + 1}
		if err := rows.Scan(&r.User, &r.Value, &r.Extra); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// ownRow finds the caller's value, then counts the rows ahead of it.
func (d *DB) ownRow(ctx context.Context, own, rank string, period daily.Period, span []any, user string) (*daily.Row, error) {
	r := daily.Row{User: user}
	err := d.db.QueryRowContext(ctx, d.q(own), append(span, user)...).Scan(&r.Value, &r.Extra)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	args := append(span, r.Value, r.Value)
	if period != daily.PeriodWeek && period != daily.PeriodMonth { // points rank by points, then user; the others have a second key
		args = append(args, r.Extra, r.Extra)
	}
	args = append(args, user)
	var ahead int
	if err := d.db.QueryRowContext(ctx, d.q(rank), args...).Scan(&ahead); err != nil {
		return nil, err
	}
	r.Rank = ahead + 1
	return &r, nil
}
