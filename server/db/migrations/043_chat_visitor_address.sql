-- Anonymous chat budgets (issue 25 item 2, server/chat/visitor-budget.ts): a web chat keeps the
-- address its visitor opened it from, so the chats one address opened in the last hour, and
-- those it holds open, are counted in the database every process shares. NULL: a WeChat chat,
-- or one from before this column.
ALTER TABLE chats ADD COLUMN visitor_address text;
CREATE INDEX chats_visitor_address_idx ON chats (visitor_address, access_time) WHERE visitor_address IS NOT NULL;
