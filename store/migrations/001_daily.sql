-- The daily challenge: puzzles by day, server settings, posts (one per
-- server and day, decided by the primary key), entries and players.
CREATE TABLE puzzles (
	day      INTEGER PRIMARY KEY,
	level    INTEGER NOT NULL,
	score    DOUBLE PRECISION NOT NULL,
	hardest  TEXT NOT NULL,
	grid     TEXT NOT NULL,
	solution TEXT NOT NULL
);
CREATE TABLE guilds (
	id       TEXT PRIMARY KEY,
	channel  TEXT NOT NULL DEFAULT '',
	hour     INTEGER NOT NULL DEFAULT 0,
	timezone TEXT NOT NULL DEFAULT 'UTC'
);
CREATE TABLE posts (
	guild      TEXT NOT NULL,
	day        INTEGER NOT NULL,
	state      TEXT NOT NULL,
	claimed_at BIGINT NOT NULL,
	retry_at   BIGINT NOT NULL DEFAULT 0,
	failures   INTEGER NOT NULL DEFAULT 0,
	message    TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (guild, day)
);
CREATE INDEX posts_day ON posts (day, state);
CREATE TABLE entries (
	guild      TEXT NOT NULL,
	user_id    TEXT NOT NULL,
	day        INTEGER NOT NULL,
	started_at BIGINT,
	solved_at  BIGINT,
	took_ms    BIGINT,
	wrong      INTEGER NOT NULL DEFAULT 0,
	points     INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (guild, user_id, day)
);
CREATE INDEX entries_today ON entries (guild, day, took_ms);
CREATE INDEX entries_player ON entries (guild, user_id, solved_at);
CREATE TABLE players (
	guild      TEXT NOT NULL,
	user_id    TEXT NOT NULL,
	solved     INTEGER NOT NULL DEFAULT 0,
	streak     INTEGER NOT NULL DEFAULT 0,
	streak_end INTEGER NOT NULL DEFAULT 0,
	best       INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (guild, user_id)
);
CREATE INDEX players_all ON players (guild, solved, best);
-- Points by Monday's day number, kept as solves are recorded so the week's
-- board is a read of one index.
CREATE TABLE weeks (
	guild   TEXT NOT NULL,
	user_id TEXT NOT NULL,
	week    INTEGER NOT NULL,
	points  INTEGER NOT NULL DEFAULT 0,
	solves  INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (guild, week, user_id)
);
CREATE INDEX weeks_board ON weeks (guild, week, points);
