-- Cloudflare D1: the delivery's own record (src/api/contact/notify.ts, src/hosts/cloudflare/d1-store.ts), one row at most:
-- an incident of the delivery (a revoked key, a workflow switched off) that pauses the sending, and whether the
-- receiver stores without notifying anyone. `status` is JSON; `version` makes each change a conditional UPDATE, so
-- that of two isolates opening or ending the same incident only one does (and only one logs it).
CREATE TABLE delivery_status (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  status TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 0
);
