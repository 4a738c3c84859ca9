-- Rooms have their own table: a board played together, by its Activity
-- instance, and who opened a day's daily in an instance ("d:<day>:<instance>").
-- They were kept in games under the users "room" and "dailyroom", which no
-- player has; those rows move here, as they are. version is the room's.
CREATE TABLE rooms (
	name       TEXT PRIMARY KEY,
	version    INTEGER NOT NULL,
	data       TEXT NOT NULL,
	updated_at BIGINT NOT NULL
);
INSERT INTO rooms (name, version, data, updated_at)
	SELECT puzzle, version, data, updated_at FROM games WHERE user_id IN ('room', 'dailyroom');
DELETE FROM games WHERE user_id IN ('room', 'dailyroom');
