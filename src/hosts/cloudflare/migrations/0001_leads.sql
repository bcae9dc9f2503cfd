-- Cloudflare D1: the leads of the contact form (src/hosts/cloudflare/d1-store.ts). Applied by
-- `npx wrangler d1 migrations apply propllc-leads --local` (or --remote), see src/hosts/cloudflare/README.md.
CREATE TABLE leads (
  -- Sortable by date: the ISO time of reception, then a random part.
  id TEXT PRIMARY KEY,
  received_at TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  message TEXT NOT NULL,
  -- Set once the email or webhook went out; NULL while the lead is « à notifier ».
  notified_at TEXT,
  -- Until when a sender holds the lead, so two isolates never send it both.
  claimed_until TEXT
);
CREATE INDEX leads_pending ON leads (notified_at, received_at);
CREATE INDEX leads_received ON leads (received_at);
