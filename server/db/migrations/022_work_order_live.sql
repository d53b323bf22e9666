-- Live work-order counts and notices (issue 21 item 5), across processes: every statement that
-- writes work_orders NOTIFYs the channel work_orders with the people (owners, creators) and the
-- departments its rows concern, before and after the change; a statement over more than 100 of
-- either says {"all": true} (a payload has a size limit). Every notice written NOTIFYs its user.
-- Each process's hub (server/workorders/live.ts) refreshes the counts of the streams concerned.
CREATE FUNCTION work_orders_live_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  users integer[];
  departs integer[];
BEGIN
  SELECT array_agg(DISTINCT u) INTO users FROM (SELECT owner_id AS u FROM changed_rows UNION SELECT creator_id FROM changed_rows) x WHERE u IS NOT NULL;
  SELECT array_agg(DISTINCT depart_id) INTO departs FROM changed_rows WHERE depart_id IS NOT NULL;
  IF coalesce(array_length(users, 1), 0) > 100 OR coalesce(array_length(departs, 1), 0) > 100 THEN
    PERFORM pg_notify('work_orders', '{"all":true}');
  ELSIF users IS NOT NULL OR departs IS NOT NULL THEN
    PERFORM pg_notify('work_orders', json_build_object('users', coalesce(users, '{}'), 'departs', coalesce(departs, '{}'))::text);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER work_orders_live_insert AFTER INSERT ON work_orders
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION work_orders_live_notify();
CREATE TRIGGER work_orders_live_update_new AFTER UPDATE ON work_orders
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION work_orders_live_notify();
CREATE TRIGGER work_orders_live_update_old AFTER UPDATE ON work_orders
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION work_orders_live_notify();

CREATE FUNCTION work_order_notices_live_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n record;
BEGIN
  FOR n IN SELECT id, user_id FROM changed_rows ORDER BY id LOOP
    PERFORM pg_notify('work_orders', json_build_object('notice', n.id, 'user', n.user_id)::text);
  END LOOP;
  RETURN NULL;
END
$$;

CREATE TRIGGER work_order_notices_live AFTER INSERT ON work_order_notices
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION work_order_notices_live_notify();
