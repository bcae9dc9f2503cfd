-- The stores written once over a key-value driver (src/api/store/driver.ts): one table, one row per key, its version
-- bumped by every write, so that a conditional write is one statement. The leads of the tables before it are
-- carried over as the new records (src/api/store/lead-store.ts): every lead stays listed, and a lead still to notify
-- stays due; the memories (repeats, acknowledgements, the delivery's record) start again empty, as they would after
-- a day. The old tables stay, unread, until a later migration drops them.
CREATE TABLE kv (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
) WITHOUT ROWID;

INSERT INTO kv (key, value)
SELECT
  CASE WHEN spam_reasons IS NOT NULL AND spam_reasons != 'null' THEN 'spam/' || id || '.judged' ELSE 'lead/' || id END,
  json_object(
    'name', name, 'email', email, 'phone', phone, 'message', message, 'receivedAt', received_at,
    'review', CASE WHEN review_reasons IS NOT NULL AND review_reasons != 'null' THEN json(review_reasons) END,
    'notification', CASE
      WHEN spam_reasons IS NOT NULL AND spam_reasons != 'null' THEN json_object('state', 'spam', 'reasons', json(spam_reasons), 'at', received_at)
      WHEN notified_at IS NOT NULL THEN json_object('state', 'sent', 'at', notified_at)
      WHEN failed_at IS NOT NULL THEN json_object('state', 'failed', 'attempts', attempts, 'at', failed_at, 'reason', coalesce(reason, ''))
      ELSE json_object('state', 'pending', 'attempts', attempts, 'nextAt', coalesce(next_at, received_at))
    END
  )
FROM leads;

-- The due index of the pending ones: the time of their next attempt in milliseconds, 15 digits.
INSERT INTO kv (key, value)
SELECT 'due/' || printf('%015d', CAST(round((julianday(coalesce(next_at, received_at)) - 2440587.5) * 86400000) AS INTEGER)) || '/' || id, '1'
FROM leads
WHERE (spam_reasons IS NULL OR spam_reasons = 'null') AND notified_at IS NULL AND failed_at IS NULL;
