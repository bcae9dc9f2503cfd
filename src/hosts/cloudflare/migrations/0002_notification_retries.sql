-- Cloudflare D1: each lead's own retries of its notification (src/api/contact/notify.ts, src/hosts/cloudflare/d1-store.ts).
-- Attempts made so far; 0 while none was.
ALTER TABLE leads ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
-- When the next attempt is due (ISO 8601); NULL: at once.
ALTER TABLE leads ADD COLUMN next_at TEXT;
-- Set once given up (a final answer, or the last attempt failed); the lead is then « échec ».
ALTER TABLE leads ADD COLUMN failed_at TEXT;
-- Why the last attempt failed.
ALTER TABLE leads ADD COLUMN reason TEXT;
-- A pass asks for the due leads only: still to notify, not given up, oldest due first.
CREATE INDEX leads_due ON leads (notified_at, failed_at, next_at);
