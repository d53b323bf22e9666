-- Mobile number segments (号段, issue 9 item 2): the first seven digits of a mainland mobile
-- number and the city where that block of numbers is registered. AudienceData/getChangChunFlag
-- reads it to tell whether a dialled mobile is a Changchun one (company 4 dials other mobiles
-- with a leading 0). Administrators load the full table (about 500,000 rows from a public
-- segment list) with COPY or INSERT ... ON CONFLICT; see README "Number segments".
CREATE TABLE number_segments (
  prefix    text PRIMARY KEY CHECK (prefix ~ '^1[0-9]{6}$'),
  province  text NOT NULL DEFAULT '',
  city      text NOT NULL,
  carrier   text NOT NULL DEFAULT ''
);

-- DEMO DATA, not a real segment list: a few blocks placed in Changchun (长春) so the demo's
-- company-4 dial-out shows both answers, and a few elsewhere so "another city" is not only
-- "unknown". Replace with the real table before relying on the answer.
INSERT INTO number_segments (prefix, province, city, carrier)
SELECT '130431' || d, '吉林', '长春', '联通' FROM generate_series(0, 9) AS d
UNION ALL SELECT '135043' || d, '吉林', '长春', '移动' FROM generate_series(0, 9) AS d
UNION ALL SELECT '189431' || d, '吉林', '长春', '电信' FROM generate_series(0, 9) AS d
UNION ALL SELECT '130432' || d, '吉林', '吉林', '联通' FROM generate_series(0, 9) AS d
UNION ALL SELECT '138001' || d, '北京', '北京', '移动' FROM generate_series(0, 9) AS d
UNION ALL SELECT '139210' || d, '上海', '上海', '移动' FROM generate_series(0, 9) AS d;
