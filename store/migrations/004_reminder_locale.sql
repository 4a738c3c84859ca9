-- A reminder DM speaks the player's language: the Discord locale they had
-- when they asked for it ('' for English).
ALTER TABLE reminders ADD COLUMN locale TEXT NOT NULL DEFAULT '';
