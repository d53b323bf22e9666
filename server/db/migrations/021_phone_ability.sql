-- A role ability "see customers' phone numbers" (PHONE, issue 21 item 7): roles without it see
-- customers' numbers masked in work-order lists (schemas/permissions.ts SEES_PHONES). Every role
-- that exists when this runs keeps seeing them, so an upgrade changes nothing until an
-- administrator takes the ability from a role on the roles screen.
ALTER TABLE role_abilities DROP CONSTRAINT role_abilities_ability_check;
ALTER TABLE role_abilities ADD CONSTRAINT role_abilities_ability_check CHECK (ability IN ('READ', 'WRITE', 'DELETE', 'PHONE'));
INSERT INTO role_abilities (role_id, ability) SELECT id, 'PHONE' FROM roles ON CONFLICT DO NOTHING;
