-- Files attached to a work order (issue 21 items 1 and 4). They go through the chat files'
-- upload (POST /api/File/upload?workOrderId=), so they share its storage (DATA_DIR/uploads/<id>),
-- its type check from the bytes and its size cap: a row of `uploads` belongs either to a chat or
-- to an order, and whoever reaches the order may read it. The timeline shows each one as a
-- 'file' event naming the upload.
ALTER TABLE uploads ALTER COLUMN chat_id DROP NOT NULL;
ALTER TABLE uploads ADD COLUMN order_id bigint REFERENCES work_orders(id) ON DELETE CASCADE;
ALTER TABLE uploads ADD CONSTRAINT uploads_one_owner CHECK ((chat_id IS NULL) <> (order_id IS NULL));
CREATE INDEX uploads_order_idx ON uploads (order_id) WHERE order_id IS NOT NULL;

ALTER TABLE work_order_events ADD COLUMN file_id text REFERENCES uploads(id) ON DELETE SET NULL;
