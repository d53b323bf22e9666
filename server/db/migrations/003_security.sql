-- Security state shared by every server process on one database (issues 7 and 12).

-- Attempt counters of every kind (login per user+address, per user, per address; password-change
-- guesses; captcha and look-up rates). `kind` is the namespace, so a user name can never collide
-- with another kind's key. A row counts hits in a fixed window that ends at reset_at; rows past
-- reset_at are swept.
CREATE TABLE rate_limits (
  kind      text NOT NULL,
  key       text NOT NULL,
  hits      integer NOT NULL,
  reset_at  timestamptz NOT NULL,
  PRIMARY KEY (kind, key)
);
CREATE INDEX rate_limits_reset_idx ON rate_limits (reset_at);

-- Image verification codes: single use (deleted when tried), short-lived. The answer is kept as
-- text: four characters from a small alphabet, a hash of it would hide nothing.
CREATE TABLE captchas (
  id          text PRIMARY KEY,
  answer      text NOT NULL,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX captchas_expires_idx ON captchas (expires_at);

-- Nonces of RSA login payloads already used, kept until the payload would be too old anyway.
CREATE TABLE rsa_nonces (
  nonce       text PRIMARY KEY,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX rsa_nonces_expires_idx ON rsa_nonces (expires_at);

-- Secrets every process must share (token key, RSA key pair): generated once.
CREATE TABLE app_secrets (
  name        text PRIMARY KEY,
  value       text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Why a session ended (logout, superseded by a newer login, password change...), told to its holder.
ALTER TABLE sessions ADD COLUMN revoked_reason text;
CREATE INDEX sessions_expires_idx ON sessions (expires_at);
