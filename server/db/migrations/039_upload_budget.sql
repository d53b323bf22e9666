-- Anonymous upload budgets (issue 25 item 4, server/api/file-budget.ts): a visitor's upload
-- keeps the address it came from, so the bytes sent from one address, and by all visitors, in
-- the last hour are counted in the database every process shares. NULL: an agent's upload, or
-- one from before this column.
ALTER TABLE uploads ADD COLUMN uploader_address text;
CREATE INDEX uploads_visitor_recent_idx ON uploads (created, uploader_address) WHERE uploader_kind = 'visitor';
