-- Self-registration and single sign-on (issue 22 items 4 and 5).

-- Settings an administrator changes at runtime, read by every process from here (never cached
-- in one process's memory): whether /register is open, whether a provider's verified e-mail may
-- match a user. A missing row is the setting's default (registration closed, no e-mail match).
CREATE TABLE app_settings (
  name        text PRIMARY KEY,
  value       jsonb NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  updated_by  integer REFERENCES users(id) ON DELETE SET NULL
);

-- A self-registered account waits, without role or seat, until an administrator assigns both.
ALTER TABLE users ADD COLUMN pending boolean NOT NULL DEFAULT false;
CREATE INDEX users_pending_idx ON users (id) WHERE pending;

-- The administrator's mapping of a provider identity (the ID token's `sub`) to this user.
ALTER TABLE users ADD COLUMN sso_subject text UNIQUE;

-- Sign-ins under way at the OpenID provider: state, nonce and PKCE verifier, kept here so the
-- process that receives the callback need not be the one that started the flow. Single use
-- (deleted when the callback comes back), short-lived (swept past expires_at).
CREATE TABLE sso_flows (
  state         text PRIMARY KEY,
  nonce         text NOT NULL,
  verifier      text NOT NULL,
  redirect_uri  text NOT NULL,
  expires_at    timestamptz NOT NULL
);
CREATE INDEX sso_flows_expires_idx ON sso_flows (expires_at);
