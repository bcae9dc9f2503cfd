-- Cloudflare D1: spam kept apart (src/api/contact/spam/, src/hosts/cloudflare/d1-store.ts).
-- The reasons (JSON array of signal names) of a lead kept apart as spam; NULL for any other lead. Such a lead
-- is never due; `npm run leads -- --pas-indesirable ID` sets it back to NULL, due at once.
ALTER TABLE leads ADD COLUMN spam_reasons TEXT;
-- The memory of the « same body from several addresses » signal: hashes only, kept 24 hours.
CREATE TABLE spam_repeats (
  body TEXT NOT NULL,
  email TEXT NOT NULL,
  at TEXT NOT NULL,
  PRIMARY KEY (body, email)
);
CREATE INDEX spam_repeats_at ON spam_repeats (at);
