-- Games played on the board: one per player per puzzle, saved on every
-- move. version is the game's move counter; a save names the version it
-- read and changes nothing when another save came first.
CREATE TABLE games (
	user_id    TEXT NOT NULL,
	puzzle     TEXT NOT NULL,
	version    INTEGER NOT NULL,
	data       TEXT NOT NULL,
	updated_at BIGINT NOT NULL,
	PRIMARY KEY (user_id, puzzle)
);
CREATE INDEX games_updated ON games (updated_at);
