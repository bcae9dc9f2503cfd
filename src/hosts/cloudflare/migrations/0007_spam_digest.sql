-- Cloudflare D1: the daily digest of the messages kept apart as spam (src/api/contact/digest.ts, src/hosts/cloudflare/d1-store.ts).
-- When a digest that named this spam lead was accepted by the provider; NULL while it is still to report.
ALTER TABLE leads ADD COLUMN spam_reported_at TEXT;
-- A pass asks for the spam leads still to report only, oldest first.
CREATE INDEX leads_unreported ON leads (received_at) WHERE spam_reasons IS NOT NULL AND spam_reported_at IS NULL;
-- One row per Paris day whose digest was taken: the INSERT of a second isolate finds the day taken and sends nothing.
-- A digest the provider refused gives its day back (the row is deleted), so that a later pass sends it.
CREATE TABLE spam_digests (
  day TEXT PRIMARY KEY,
  at TEXT NOT NULL
);
