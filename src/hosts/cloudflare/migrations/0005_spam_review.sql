-- Cloudflare D1: three outcomes and a repeat memory that cannot be poisoned (src/api/contact/spam/, src/hosts/cloudflare/d1-store.ts).
-- The reasons (JSON array of signal names) of a lead delivered marked « à vérifier »; NULL for any other lead.
-- Kept with the lead, so that a retried notification is still marked.
ALTER TABLE leads ADD COLUMN review_reasons TEXT;
-- The memory of repeated messages now holds keyed hashes (HMAC-SHA256 under the key below, never an address's
-- plain hash): the unkeyed entries of 0004 go with their table.
DROP TABLE spam_repeats;
CREATE TABLE spam_repeats (
  key_id TEXT NOT NULL,
  body TEXT NOT NULL,
  email TEXT NOT NULL,
  at TEXT NOT NULL,
  PRIMARY KEY (key_id, body, email)
);
CREATE INDEX spam_repeats_at ON spam_repeats (at);
CREATE INDEX spam_repeats_email ON spam_repeats (email);
-- The memory's current key: one row, written at first use and replaced by each daily purge, which then deletes
-- every entry of an older key.
CREATE TABLE spam_repeat_key (
  slot INTEGER PRIMARY KEY CHECK (slot = 1),
  id TEXT NOT NULL,
  key TEXT NOT NULL
);
