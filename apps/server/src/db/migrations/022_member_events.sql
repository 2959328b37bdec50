-- Notifications the platform writes to one member about their own money (a deposit credited, a
-- withdrawal decided, an income paid), in the transaction of the event. `event_key` names the
-- event, so a retried or raced event writes its notification once; admin-written notifications
-- have none, and only they are listed on the admin's notification list.
ALTER TABLE notifications ADD COLUMN event_key text UNIQUE;
