-- Files sent in a chat (issue 10 item 3, server/api/File.ts). The bytes live under
-- DATA_DIR/uploads/<id>; this row says whose chat they belong to (who may read them) and what
-- they are. `id` is random (128 bits, base64url): the URL /api/File/<id> cannot be guessed,
-- and it is still checked against the chat's parties. `content_type` is what the server
-- detected from the bytes, never what the sender claimed.
CREATE TABLE uploads (
  id             text PRIMARY KEY,
  chat_id        bigint NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
  uploader_kind  text NOT NULL CHECK (uploader_kind IN ('visitor', 'agent')),
  -- The agent's seat; '' for the visitor.
  user_seat_no   text NOT NULL DEFAULT '',
  original_name  text NOT NULL DEFAULT '',
  content_type   text NOT NULL,
  size           bigint NOT NULL CHECK (size >= 0),
  created        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_chat_idx ON uploads (chat_id);
