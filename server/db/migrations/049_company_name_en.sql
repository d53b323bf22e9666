-- The company's English name (issue 24 item 9, as 047 did for departments, roles and lines):
-- GetCompanyInfoByLogin answers it to a caller reading English (empty = the name in both
-- languages). The seeded company gets the seed's English name unless it was renamed since.
ALTER TABLE companies ADD COLUMN name_en text NOT NULL DEFAULT '';
UPDATE companies SET name_en = 'Demo Call Centre' WHERE id = 1 AND name = '演示呼叫中心';
