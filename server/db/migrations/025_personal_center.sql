-- The personal center (issue 22 item 2): notification choices kept with the user so they follow
-- them to any browser; when each session was last used (its holder's list of devices); avatars
-- kept in the database (base64), so every process serves the same picture.
ALTER TABLE users ADD COLUMN notify_sound boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN notify_desktop boolean NOT NULL DEFAULT true;
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();

CREATE TABLE user_avatars (
  id            text PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  content_type  text NOT NULL,
  data          text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX user_avatars_user_idx ON user_avatars (user_id);
