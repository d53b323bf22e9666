-- Live seat monitor (issue 8 item 4): every committed change of seat_status_logs is announced on
-- channel 'seat_monitor' so that every server process on this database (PGlite: the one process)
-- re-reads the seat and pushes it to its monitor clients. Payload: '<seq>:<seat>'. The sequence
-- numbers events the same way in every process, so a client may resume on another process.
-- Statement-level triggers with transition tables: a bulk insert (generator, seeds) sends one
-- notification per seat it touched, not one per row.
CREATE SEQUENCE seat_monitor_seq;

CREATE FUNCTION seat_monitor_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  seat text;
BEGIN
  FOR seat IN SELECT DISTINCT user_seat_no FROM changed_rows ORDER BY 1 LOOP
    PERFORM pg_notify('seat_monitor', nextval('seat_monitor_seq') || ':' || seat);
  END LOOP;
  RETURN NULL;
END
$$;

-- A trigger with transition tables takes one event only, hence two.
CREATE TRIGGER seat_status_logs_monitor_insert AFTER INSERT ON seat_status_logs
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION seat_monitor_notify();
CREATE TRIGGER seat_status_logs_monitor_update AFTER UPDATE ON seat_status_logs
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION seat_monitor_notify();
