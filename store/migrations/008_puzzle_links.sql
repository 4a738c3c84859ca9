-- Variant puzzles' links, by a digest of the link (key), kept for the
-- buttons under a reply about one (Show solution, True candidates): a
-- link is longer than a button's id may be. expires_at (Unix ms) moves on
-- each time the link is asked about again; expired rows are deleted as
-- links are saved.
CREATE TABLE puzzle_links (
	key TEXT PRIMARY KEY,
	link TEXT NOT NULL,
	expires_at BIGINT NOT NULL
);
CREATE INDEX puzzle_links_expires ON puzzle_links (expires_at);
