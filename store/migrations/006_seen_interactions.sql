-- Interactions received over HTTP, by id, kept until their signed
-- timestamp is too old for any process to accept (expires_at, Unix ms), so
-- that a captured request sent again to another process, or after a
-- restart, is refused as a replay. The id is the snowflake's 64 bits.
CREATE TABLE seen_interactions (
	id BIGINT PRIMARY KEY,
	expires_at BIGINT NOT NULL
);
CREATE INDEX seen_interactions_expires ON seen_interactions (expires_at);
