-- The audience's store written once over a key-value driver (src/api/store/audience-store.ts), as the leads' (its
-- database's own `kv` table). The daily totals of the tables before it start again in the new form; those tables
-- stay, unread, until a later migration drops them.
CREATE TABLE kv (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
) WITHOUT ROWID;
