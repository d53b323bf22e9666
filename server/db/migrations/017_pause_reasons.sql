-- Pause reasons (issue 19): why a seat is not ready, kept with its status log, as VICIdial keeps
-- pause codes. The spec logs a short break and a toilet break both as status 3; `reason` says which
-- ('short', 'toilet': PAUSE_REASONS in schemas/protocol/seat-status.ts). '' = no reason (every
-- other status, and logs written before this column).
ALTER TABLE seat_status_logs ADD COLUMN reason text NOT NULL DEFAULT '';
