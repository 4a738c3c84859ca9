-- The live scoreboard on the daily post: the channel a post went to, and
-- its edits. behind counts the changes (a Play, a solve) the post does not
-- show yet; an edit clears only the count it read, so a change that comes
-- during an edit is shown by the next. edited_at is when it was last
-- edited, edit_claimed_at the claim of the process editing it (0: none),
-- edit_state 'stopped' once Discord refused an edit (the message deleted,
-- the permission removed). Entries keep the checks and hints a board used,
-- and the solve's shape (a letter a box: when it was completed, where help
-- was taken), for the share grid.
ALTER TABLE posts ADD COLUMN channel TEXT NOT NULL DEFAULT '';
ALTER TABLE posts ADD COLUMN behind INTEGER NOT NULL DEFAULT 0;
ALTER TABLE posts ADD COLUMN edited_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE posts ADD COLUMN edit_claimed_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE posts ADD COLUMN edit_state TEXT NOT NULL DEFAULT '';
CREATE INDEX posts_behind ON posts (behind);
ALTER TABLE entries ADD COLUMN checks INTEGER NOT NULL DEFAULT 0;
ALTER TABLE entries ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
ALTER TABLE entries ADD COLUMN shape TEXT NOT NULL DEFAULT '';
-- How many times a post was claimed: a second claim (a retry, or a takeover
-- from a process that died) first looks for the post in the channel.
ALTER TABLE posts ADD COLUMN attempts INTEGER NOT NULL DEFAULT 1;
-- The role a server's post pings (empty: none), and the server's language
-- (its Discord locale at setup; empty: English), which the post speaks.
ALTER TABLE guilds ADD COLUMN role TEXT NOT NULL DEFAULT '';
ALTER TABLE guilds ADD COLUMN locale TEXT NOT NULL DEFAULT '';
-- Reminders: a player of a server (or, with no server id, outside servers)
-- asks for a DM at a local hour on days they have not solved the daily.
-- last_day is the last day they were reminded (or claimed for it);
-- refused counts DMs their settings refused in a row.
CREATE TABLE reminders (
	guild    TEXT NOT NULL,
	user_id  TEXT NOT NULL,
	hour     INTEGER NOT NULL,
	last_day INTEGER NOT NULL DEFAULT 0,
	refused  INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (guild, user_id)
);
