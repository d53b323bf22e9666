-- Presence the server owns (issue 19): a seat is present while one of its phone sockets (/ws) is
-- connected, on any process, and for a grace period after the last one went away (a reload
-- survives it). One row per socket, written by the process that holds it:
--   last_seen     the holding process's latest refresh (its lease), or the close;
--   closed_at     when the socket closed (NULL while open);
--   present_until the seat counts as present until then: an open socket's refresh sets it to
--                 now + lease + grace (a process that dies stops refreshing, so its sockets end by
--                 themselves), a close to now + grace;
--   swept         the sweeper has closed the seat's status for this absence (the seat's newest row
--                 stays as that mark; older rows are deleted).
-- The time a seat went away is its rows' latest coalesce(closed_at, last_seen).
CREATE TABLE phone_sockets (
  id uuid PRIMARY KEY,
  user_seat_no text NOT NULL,
  opened_at timestamptz NOT NULL DEFAULT now(),
  last_seen timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  present_until timestamptz NOT NULL,
  swept boolean NOT NULL DEFAULT false
);
CREATE INDEX phone_sockets_seat ON phone_sockets (user_seat_no, present_until);
