-- The acknowledgements sent to visitors (CONTACT_ACK=1, src/api/contact/acknowledgement.ts): at most one per address
-- per day. Only the current day's random salt and the addresses' hashes salted with it are kept; the rows of
-- other days are deleted by the first acknowledgement of a new day and by the daily purge.
CREATE TABLE ack_salts (
  day TEXT PRIMARY KEY,
  salt TEXT NOT NULL
);
CREATE TABLE acks (
  day TEXT NOT NULL,
  address TEXT NOT NULL,
  PRIMARY KEY (day, address)
);
