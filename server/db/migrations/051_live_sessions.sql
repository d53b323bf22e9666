-- A user's live sessions, for the per-user cap a login applies (server/auth/tokens.ts, 'superseded'):
-- ended sessions stay for hours (the devices list, the reason a token was refused), and a login read
-- them all through sessions_user_idx, more with every login of the same account. Live ones only here.
CREATE INDEX sessions_live_user_idx ON sessions (user_id, created_at DESC, jti DESC) WHERE revoked_at IS NULL;
