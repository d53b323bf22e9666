-- English names (issue 24 item 9): departments, roles and lines keep a name for the English
-- interface beside their name (empty = the name is shown in both languages). The entity option
-- lists answer both (schemas/types.ts `options.labelEn`) and the console shows the one of the
-- user's language. Rows seeded before this migration get the seed's English names, where an
-- administrator has not renamed them since.
ALTER TABLE departments ADD COLUMN name_en text NOT NULL DEFAULT '';
ALTER TABLE roles ADD COLUMN name_en text NOT NULL DEFAULT '';
ALTER TABLE lines ADD COLUMN line_name_en text NOT NULL DEFAULT '';

UPDATE departments d SET name_en = v.en FROM (VALUES
  (1, '电话客服部', 'Phone Service'), (2, '在线客服部', 'Online Service'), (3, '质检班组', 'Quality Assurance'),
  (4, '工单处理部', 'Work Orders'), (5, '法院工单部', 'Court Orders'), (6, '行政后勤部', 'Administration')
) AS v(id, zh, en) WHERE d.id = v.id AND d.name = v.zh;
UPDATE roles r SET name_en = v.en FROM (VALUES
  ('admin', '管理员', 'Administrator'), ('supervisor', '班长', 'Supervisor'), ('agent', '坐席', 'Agent')
) AS v(code, zh, en) WHERE r.code = v.code AND r.name = v.zh;
UPDATE lines l SET line_name_en = v.en FROM (VALUES
  (1, '主线路', 'Main line'), (2, '备用线路', 'Backup line')
) AS v(id, zh, en) WHERE l.id = v.id AND l.line_name = v.zh;
