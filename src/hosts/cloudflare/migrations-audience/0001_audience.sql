-- Cloudflare D1: the audience counts (src/hosts/cloudflare/audience-d1-store.ts), in their own database bound as AUDIENCE_DB
-- (`npx wrangler d1 migrations apply propllc-audience --local`, or --remote), never in the leads' database: the
-- counts must not write where the leads are. The same tables as src/hosts/cloudflare/migrations/0003_audience.sql, which a database
-- of the leads made before this one may still hold (src/hosts/cloudflare/README.md says how to move them here).
-- Daily totals, kept for the retention period of content/audience.json: `kind` is `total` (key visitors,
-- pageviews, reachedContact, leads, or referrerHosts: the day's distinct referrer hosts, for its cap), `page`
-- (a path), `referrer` (an outside host, or `*` for those past the day's cap) or `from` (the page seen just
-- before /contact).
CREATE TABLE audience_days (
  day TEXT NOT NULL,
  kind TEXT NOT NULL,
  key TEXT NOT NULL,
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, kind, key)
);
-- What recognises a visitor for one day: the day's random salt and the hashes made with it. Deleted once the
-- day is over (the first count of the next day, or the daily purge).
CREATE TABLE audience_salts (
  day TEXT PRIMARY KEY,
  salt TEXT NOT NULL
);
CREATE TABLE audience_today (
  day TEXT NOT NULL,
  id TEXT NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  last TEXT,
  contact INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, id)
);
