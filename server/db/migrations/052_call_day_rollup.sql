-- The call rollup by day (issue 26 item 3): one row per seat and day (the day in the session's time
-- zone, as migration 050's hours), each the sum of that seat's rows of call_hour_stats that day, so
-- a report over whole days reads about 24 times fewer rows (a year of the monthly report: ~16,000
-- against ~150,000). Kept with the hours, under the same seat locks: call_rollup_refresh recomputes
-- the days of the hours it has just recomputed, from those hours (server/db/call-rollup.ts), and a
-- rebuild builds both. Nothing is written here until the migrations run that body.
CREATE TABLE call_day_stats (LIKE call_hour_stats INCLUDING ALL);
