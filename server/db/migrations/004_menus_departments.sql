-- Department behaviour as data (issue 7): which departments run the work-order system (site
-- title) and which have a phone bar, instead of department ids written into the code.
ALTER TABLE departments
  ADD COLUMN work_order_title boolean NOT NULL DEFAULT false,
  ADD COLUMN phone_bar boolean NOT NULL DEFAULT true;
-- The spec's seeded departments: 4 and 5 show the work-order title; 4, 5 and 6 have no phone bar.
-- Matches by id as the seed creates them; on a database seeded later the seed sets the flags itself.
UPDATE departments SET work_order_title = true WHERE id IN (4, 5);
UPDATE departments SET phone_bar = false WHERE id IN (4, 5, 6);

-- Menus from schemas (server/menus/schema-menus.ts). menu_key is the name the code knows a row
-- by: the resource name of the schema that declared it, or a built-in group's key ('system'),
-- so the startup sync finds a row again whatever an administrator changed in it.
ALTER TABLE menus ADD COLUMN menu_key text;
CREATE UNIQUE INDEX menus_menu_key_idx ON menus (menu_key);
-- Every schema key the sync ever added: a row an administrator deleted is not added again.
CREATE TABLE menu_keys_added (
  menu_key  text PRIMARY KEY,
  added_at  timestamptz NOT NULL DEFAULT now()
);
-- Databases seeded before this migration: their rows for the built-in schemas and groups are
-- those keys' rows (the first one, should an administrator have copied one).
UPDATE menus SET menu_key = substr(component, length('resources/') + 1)
 WHERE component LIKE 'resources/%'
   AND id = (SELECT min(m2.id) FROM menus m2 WHERE m2.component = menus.component);
UPDATE menus SET menu_key = 'system'
 WHERE id = (SELECT min(id) FROM menus WHERE path = '/system' AND parent_id IS NULL);
UPDATE menus SET menu_key = 'home'
 WHERE id = (SELECT min(id) FROM menus WHERE path = '/index' AND parent_id IS NULL);
INSERT INTO menu_keys_added (menu_key) SELECT menu_key FROM menus WHERE component LIKE 'resources/%' AND menu_key IS NOT NULL;
