-- What each user has read of each chat, and whether they follow it (server/chat/store.ts): the
-- highest seq the inbox showed them, and the follow flag. Kept here rather than in the browser so
-- that after a reload, or on another device, the inbox shows exact unread counts and the same
-- followed chats. Agents set both for their own chats; supervisors follow any chat they read.
CREATE TABLE chat_reads (
  user_id   integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  chat_id   bigint NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
  read_seq  bigint NOT NULL DEFAULT 0,
  follow    boolean NOT NULL DEFAULT false,
  PRIMARY KEY (user_id, chat_id)
);
