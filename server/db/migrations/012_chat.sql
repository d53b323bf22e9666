-- The chat hub (issue 10, server/chat): server sequence numbers, idempotent re-sends, visitor
-- tokens, queueing, rating, and which agents are connected (for assignment across processes).

-- Server sequence of chat messages: one global sequence, so rows written by any writer (the
-- hub, the demo seed, the generator) are numbered without a trigger. Within one chat the order
-- of numbers is the order of commits because every writer of a live chat holds the chat's row
-- lock (SELECT ... FOR UPDATE on chats) while it inserts: a client that saw seq N of a chat
-- never later finds a committed row of that chat below N. Existing rows are numbered in time order.
CREATE SEQUENCE chat_message_seq;
ALTER TABLE chat_messages ADD COLUMN seq bigint;
UPDATE chat_messages m SET seq = o.n
  FROM (SELECT id, nextval('chat_message_seq') AS n FROM (SELECT id FROM chat_messages ORDER BY create_time, id) t) o
 WHERE o.id = m.id;
ALTER TABLE chat_messages ALTER COLUMN seq SET DEFAULT nextval('chat_message_seq');
ALTER TABLE chat_messages ALTER COLUMN seq SET NOT NULL;
ALTER SEQUENCE chat_message_seq OWNED BY chat_messages.seq;
-- Resume reads "this chat's messages after seq N".
CREATE UNIQUE INDEX chat_messages_chat_seq_idx ON chat_messages (chat_id, seq);

-- Who wrote a message ('client' for the visitor, the seat number for an agent, '' for the
-- system) and the id the sender's client gave it: a re-sent message finds its first row.
ALTER TABLE chat_messages ADD COLUMN sender text NOT NULL DEFAULT '';
ALTER TABLE chat_messages ADD COLUMN client_msg_id text;
CREATE UNIQUE INDEX chat_messages_client_msg_idx ON chat_messages (chat_id, sender, client_msg_id) WHERE client_msg_id IS NOT NULL;

-- The visitor's chat token (random, 256 bits) is stored only as its SHA-256: the database
-- never holds what would let someone read a chat.
ALTER TABLE chats ADD COLUMN visitor_token_hash bytea UNIQUE;
ALTER TABLE chats ADD COLUMN rating smallint CHECK (rating BETWEEN 1 AND 5);
-- Waiting for an agent since (NULL: assigned or closed); the hub assigns the oldest first.
ALTER TABLE chats ADD COLUMN queued_at timestamptz;
CREATE INDEX chats_queued_idx ON chats (queued_at, id) WHERE queued_at IS NOT NULL AND state = 'on';
-- An agent's open chats (its load, and what is re-queued when it goes away).
CREATE INDEX chats_open_seat_idx ON chats (user_seat_no) WHERE state = 'on';

-- One row per agent that ever connected to /ws/chat: the row the hub locks while it assigns a
-- chat to that agent, so that two processes never push an agent over its capacity.
CREATE TABLE chat_agents (
  user_seat_no  text PRIMARY KEY,
  first_seen    timestamptz NOT NULL DEFAULT now()
);

-- One row per agent socket, refreshed by the process holding it. An agent is connected while
-- one of its sockets is open and fresh (a crashed process stops refreshing); closed sockets are
-- kept for the grace period, after which the agent's chats are re-queued.
CREATE TABLE chat_agent_sockets (
  id            uuid PRIMARY KEY,
  user_seat_no  text NOT NULL REFERENCES chat_agents(user_seat_no) ON DELETE CASCADE,
  last_seen     timestamptz NOT NULL DEFAULT now(),
  closed_at     timestamptz
);
CREATE INDEX chat_agent_sockets_seat_idx ON chat_agent_sockets (user_seat_no, last_seen);
