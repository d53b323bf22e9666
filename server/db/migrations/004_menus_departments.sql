-- Department behaviour as data (issue 7): which departments run the work-order system (site
-- title) and which have a phone bar, instead of department ids written into the code.
ALTER TABLE departments
  ADD COLUMN work_order_title boolean NOT NULL DEFAULT false,
  ADD COLUMN phone_bar boolean NOT NULL DEFAULT true;
-- The spec's seeded departments: 4 and 5 show the work-order title; 4, 5 and 6 have no phone bar.
-- Matches by id as the seed creates them; on a database seeded later the seed sets the flags itself.
UPDATE departments SET work_order_title = true WHERE id IN (4, 5);
UPDATE departments SET phone_bar = false WHERE id IN (4, 5, 6);

-- Menus from schemas: the key of the schema that declared a row (its resource name), so the
-- startup sync finds it again whatever an administrator changed in it.
ALTER TABLE menus ADD COLUMN schema_key text;
CREATE UNIQUE INDEX menus_schema_key_idx ON menus (schema_key);
-- Every key the sync ever added, so a row an administrator deleted is not added again.
CREATE TABLE schema_menus_added (
  schema_key  text PRIMARY KEY,
  added_at    timestamptz NOT NULL DEFAULT now()
);
-- Existing rows that a schema describes (the menus seeded before this migration) are that schema's row.
UPDATE menus SET schema_key = substr(component, length('resources/') + 1)
 WHERE component LIKE 'resources/%'
   AND id = (SELECT min(m2.id) FROM menus m2 WHERE m2.component = menus.component);
INSERT INTO schema_menus_added (schema_key) SELECT schema_key FROM menus WHERE schema_key IS NOT NULL;
