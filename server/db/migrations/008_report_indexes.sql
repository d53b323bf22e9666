-- Report indexes (issue 8 item 6). Most report filters are already indexed: the date range
-- (call_time, s_start_time, access_time, left_at, received_at), seat + date, direction + date,
-- classification + date, phone number, chat source + date. What the reports still lacked:

-- Every call list sorts newest first with call_id as the tie-break (schemas/reports/shared/
-- call-list.ts). With call_id in the index the page comes in order straight off a backward
-- index scan (merged across the monthly partitions): a page at offset 10,000 reads 10,050
-- entries instead of sorting the whole range. It covers everything the call_time index did.
CREATE INDEX call_records_time_id_idx ON call_records (call_time, call_id);
DROP INDEX call_records_time_idx;

-- Satisfaction reports read only rated calls (where: c.satisfaction IS NOT NULL), under half.
CREATE INDEX call_records_rated_time_idx ON call_records (call_time) WHERE satisfaction IS NOT NULL;

-- Status reports of one kind over a date range (e.g. meetings: s.status IN (2, 13)).
CREATE INDEX seat_status_logs_status_time_idx ON seat_status_logs (status, s_start_time);
