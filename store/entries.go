package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/sudokubot/sudokubot/daily"
)

const entryColumns = `started_at, solved_at, took_ms, wrong, points, checks, hints, shape`

// scanEntry reads entryColumns into e.
func scanEntry(row interface{ Scan(...any) error }, e *daily.Entry) error {
	var started, solved, took sql.NullInt64
	if err := row.Scan(&started, &solved, &took, &e.Wrong, &e.Points, &e.Checks, &e.Hints, &e.Shape); err != nil {
		return err
	}
	e.Started, e.Solved = fromMS(started), fromMS(solved)
	e.Timed, e.Took = took.Valid, time.Duration(took.Int64)*time.Millisecond
	return nil
}

// Start records that a player began day n at t, unless they did before.
func (d *DB) Start(ctx context.Context, guild, user string, n int, t time.Time) (daily.Entry, error) {
	defer d.lockWrites()()
	e := daily.Entry{Guild: guild, User: user, Day: n}
	row := d.db.QueryRowContext(ctx, d.q(`INSERT INTO entries (guild, user_id, day, started_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (guild, user_id, day) DO UPDATE SET started_at = COALESCE(entries.started_at, excluded.started_at)
		RETURNING `+entryColumns), guild, user, n, ms(t))
	return e, d.wrap("start", scanEntry(row, &e))
}

// Entry returns a player's entry for day n.
func (d *DB) Entry(ctx context.Context, guild, user string, n int) (daily.Entry, bool, error) {
	e := daily.Entry{Guild: guild, User: user, Day: n}
	row := d.db.QueryRowContext(ctx, d.q(`SELECT `+entryColumns+` FROM entries WHERE guild = ? AND user_id = ? AND day = ?`),
		guild, user, n)
	err := scanEntry(row, &e)
	if errors.Is(err, sql.ErrNoRows) {
		return daily.Entry{}, false, nil
	}
	return e, err == nil, d.wrap("entry", err)
}

// Miss counts a wrong submission on an unsolved entry.
func (d *DB) Miss(ctx context.Context, guild, user string, n int) (daily.Entry, error) {
	defer d.lockWrites()()
	e := daily.Entry{Guild: guild, User: user, Day: n}
	row := d.db.QueryRowContext(ctx, d.q(`INSERT INTO entries (guild, user_id, day, wrong) VALUES (?, ?, ?, 1)
		ON CONFLICT (guild, user_id, day) DO UPDATE
		SET wrong = entries.wrong + CASE WHEN entries.solved_at IS NULL THEN 1 ELSE 0 END
		RETURNING `+entryColumns), guild, user, n)
	return e, d.wrap("miss", scanEntry(row, &e))
}

// Record stores the first correct submission and updates the player's
// solves, streaks and week in one transaction of three statements. The
// entry's upsert only fires on an unsolved entry, so of two racing
// submissions one counts; the player's row lock orders their streaks.
func (d *DB) Record(ctx context.Context, s daily.Solve) (e daily.Entry, p daily.Player, first bool, err error) {
	base := daily.Points(s.Level, 1)
	bonus := daily.Points(s.Level, 0) - base
	err = d.inTx(ctx, "record", func(tx *sql.Tx) error {
		e = daily.Entry{Guild: s.Guild, User: s.User, Day: s.Day}
		row := tx.QueryRowContext(ctx, d.q(`INSERT INTO entries (guild, user_id, day, solved_at, points, checks, hints, shape)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (guild, user_id, day) DO UPDATE SET solved_at = excluded.solved_at,
				checks = excluded.checks, hints = excluded.hints, shape = excluded.shape,
				took_ms = CASE WHEN entries.started_at IS NULL THEN NULL
					WHEN excluded.solved_at < entries.started_at THEN 0
					ELSE excluded.solved_at - entries.started_at END,
				points = ? + CASE WHEN entries.wrong = 0 THEN ? ELSE 0 END
			WHERE entries.solved_at IS NULL
			RETURNING `+entryColumns), s.Guild, s.User, s.Day, ms(s.At), base+bonus, s.Aids.Checks, s.Aids.Hints, s.Aids.Shape,
			base, bonus)
		switch err := scanEntry(row, &e); {
		case errors.Is(err, sql.ErrNoRows):
			return nil // solved before
		case err != nil:
			return err
		}
		first = true
		var err error
		if p, err = d.addSolve(ctx, tx, s); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, d.q(`INSERT INTO weeks (guild, user_id, week, points, solves) VALUES (?, ?, ?, ?, 1)
			ON CONFLICT (guild, week, user_id) DO UPDATE SET points = weeks.points + excluded.points, solves = weeks.solves + 1`),
			s.Guild, s.User, daily.WeekStart(s.Day), e.Points)
		return err
	})
	if err == nil && !first {
		e, _, err = d.Entry(ctx, s.Guild, s.User, s.Day)
		if err == nil {
			p, err = d.Player(ctx, s.Guild, s.User)
		}
	}
	return e, p, first, err
}

// addSolve counts a solve of day s.Day: one upsert extends or restarts the
// streak when the day is later than the streak's end; an earlier day (a
// late submission) has the streaks recomputed from every solved day.
func (d *DB) addSolve(ctx context.Context, tx *sql.Tx, s daily.Solve) (daily.Player, error) {
	p := daily.Player{Guild: s.Guild, User: s.User}
	const next = `(CASE WHEN players.streak_end = excluded.streak_end - 1 THEN players.streak + 1 ELSE 1 END)`
	err := tx.QueryRowContext(ctx, d.q(`INSERT INTO players (guild, user_id, solved, streak, streak_end, best) VALUES (?, ?, 1, 1, ?, 1)
		ON CONFLICT (guild, user_id) DO UPDATE SET solved = players.solved + 1, streak = `+next+`,
			best = CASE WHEN `+next+` > players.best THEN `+next+` ELSE players.best END, streak_end = excluded.streak_end
		WHERE players.streak_end < excluded.streak_end
		RETURNING solved, streak, streak_end, best`), s.Guild, s.User, s.Day).Scan(&p.Solved, &p.Streak, &p.StreakEnd, &p.Best)
	if errors.Is(err, sql.ErrNoRows) {
		return d.updatePlayer(ctx, tx, s.Guild, s.User)
	}
	return p, err
}

// updatePlayer recomputes a player's counts from their solved days.
func (d *DB) updatePlayer(ctx context.Context, tx *sql.Tx, guild, user string) (daily.Player, error) {
	rows, err := tx.QueryContext(ctx, d.q(`SELECT day FROM entries WHERE guild = ? AND user_id = ? AND solved_at IS NOT NULL ORDER BY day`),
		guild, user)
	if err != nil {
		return daily.Player{}, err
	}
	var days []int
	for rows.Next() {
		var n int
		if err := rows.Scan(&n); err != nil {
			rows.Close()
			return daily.Player{}, err
		}
		days = append(days, n)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return daily.Player{}, err
	}
	p := daily.Player{Guild: guild, User: user, Solved: len(days)}
	p.Streak, p.Best = daily.Streaks(days)
	if len(days) > 0 {
		p.StreakEnd = days[len(days)-1]
	}
	_, err = tx.ExecContext(ctx, d.q(`UPDATE players SET solved = ?, streak = ?, streak_end = ?, best = ? WHERE guild = ? AND user_id = ?`),
		p.Solved, p.Streak, p.StreakEnd, p.Best, guild, user)
	return p, err
}

type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func (d *DB) player(ctx context.Context, q querier, guild, user string) (daily.Player, error) {
	p := daily.Player{Guild: guild, User: user}
	err := q.QueryRowContext(ctx, d.q(`SELECT solved, streak, streak_end, best FROM players WHERE guild = ? AND user_id = ?`),
		guild, user).Scan(&p.Solved, &p.Streak, &p.StreakEnd, &p.Best)
	if errors.Is(err, sql.ErrNoRows) {
		return p, nil
	}
	return p, err
}

// Player returns a player's record.
func (d *DB) Player(ctx context.Context, guild, user string) (daily.Player, error) {
	p, err := d.player(ctx, d.db, guild, user)
	return p, d.wrap("player", err)
}

// Times returns the measured times of a player's solves.
func (d *DB) Times(ctx context.Context, guild, user string) ([]time.Duration, error) {
	rows, err := d.db.QueryContext(ctx, d.q(`SELECT took_ms FROM entries
		WHERE guild = ? AND user_id = ? AND solved_at IS NOT NULL AND took_ms IS NOT NULL`), guild, user)
	if err != nil {
		return nil, d.wrap("times", err)
	}
	defer rows.Close()
	var out []time.Duration
	for rows.Next() {
		var v int64
		if err := rows.Scan(&v); err != nil {
			return nil, d.wrap("times", err)
		}
		out = append(out, time.Duration(v)*time.Millisecond)
	}
	return out, d.wrap("times", rows.Err())
}
