-- Which departments take online chats (issue 10): a department flag, like phone_bar, instead of
-- a build-time list of department ids. Only users of a chat department are chat agents: the hub
-- assigns and transfers chats to them alone, and the browser shows them the chat inbox.
ALTER TABLE departments ADD COLUMN chat boolean NOT NULL DEFAULT false;
-- The spec's seeded online-chat department (在线客服部) is 2. Matches by id as the seed creates
-- it; on a database seeded later the seed sets the flag itself.
UPDATE departments SET chat = true WHERE id = 2;
