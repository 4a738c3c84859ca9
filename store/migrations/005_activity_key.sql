-- The keys the big board signs its sessions with, when ACTIVITY_SESSION_KEY
-- is not set: 32 random bytes (hex), made once and shared by every process.
-- The newest signs; the one before it still verifies, during a rotation.
CREATE TABLE activity_keys (
    id     INTEGER PRIMARY KEY,
    secret TEXT NOT NULL
);
