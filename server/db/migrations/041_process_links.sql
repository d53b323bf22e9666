-- The administrator's health (issue 22): each server process's own link to the switch, written
-- with its heartbeat, so the health and the processes list show every process's link, not only
-- the one of the process that answers.
ALTER TABLE server_processes ADD COLUMN switch_link text NOT NULL DEFAULT 'closed';
