-- Report statements that ran against this database's schema at a start (server/reports/verify.ts):
-- a later start with the same statements on the same tables and columns skips trying them again.
CREATE TABLE report_checks (
  fingerprint text PRIMARY KEY,
  checked_at timestamptz NOT NULL DEFAULT now()
);
