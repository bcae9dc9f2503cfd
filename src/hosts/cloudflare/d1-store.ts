/**
 * The lead store on Cloudflare: a table of D1 (Cloudflare's SQLite), bound to the Pages Function as
 * LEADS_DB (wrangler.toml, schema in src/hosts/cloudflare/migrations/). The queries go through `SqlRunner`, so the same store
 * runs on the binding inside the function and through wrangler for `npm run leads --local|--remote` (src/hosts/cloudflare/wrangler-d1.ts).
 * Claims are one conditional UPDATE: of two isolates retrying the same lead, only one gets the row back.
 * Due leads are one indexed query with a LIMIT (src/hosts/cloudflare/migrations/0002): a pass reads one batch.
 * The daily digest of spam (../digest.ts, src/hosts/cloudflare/migrations/0007): `spam_reported_at` once a digest named a lead, and one
 * row of `spam_digests` per day, inserted by the one isolate that takes that day's digest.
 */
import { contactFields } from '../../contact/contact-fields.ts';
import { mapFields } from '../../contact/map-fields.ts';
import { receiverLines } from '../../api/contact/lines.ts';
import { bodyHash, emailHash, isRepeatKey, newRepeatKey, type RepeatKey } from '../../api/contact/spam/repeats.ts';
import { repeatWindowMs } from '../../api/contact/spam/weights.ts';
import { acknowledgementHash, newAcknowledgementSalt } from '../../api/contact/acknowledgement.ts';
import { leadStores } from '../../contact/lead-stores.ts';
import {
  digestDayPattern,
  type DeliveryStatus,
  firstNotification,
  type LeadStore,
  parseDeliveryStatus,
  type Listing,
  leadId,
  type Notification,
  receivedAtOf,
  reviewOf,
  type StoredLead,
  type Unreadable,
} from '../../api/store/lead-store.ts';

/** The binding of the D1 database, from the table of stores. */
export const d1Binding = leadStores.d1.binding;

type SqlValue = string | null;
type Row = Record<string, unknown>;

/** Runs one statement with `?1`, `?2`… parameters and gives back its rows (RETURNING included). */
export type SqlRunner = (sql: string, params: readonly SqlValue[]) => Promise<Row[]>;

/** The part of Cloudflare's D1Database binding this store uses. */
interface D1Binding {
  prepare(sql: string): { bind(...values: unknown[]): { all(): Promise<{ results: Row[] }> } };
}

export const isD1Binding = (value: unknown): value is D1Binding =>
  typeof value === 'object' && value !== null && typeof (value as D1Binding).prepare === 'function';

export const bindingRunner =
  (db: D1Binding): SqlRunner =>
  async (sql, params) =>
    (
      await db
        .prepare(sql)
        .bind(...params)
        .all()
    ).results;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
// Only a date counts: `wrangler d1 execute --json` (--remote) writes SQL NULL as the text "null".
const date = (value: unknown) => (/^\d{4}-\d{2}-\d{2}T/.test(text(value)) ? text(value) : undefined);
const count = (value: unknown) => (typeof value === 'number' ? value : Number.parseInt(text(value), 10) || 0);

/** A spam lead's reasons, or undefined for any other lead (`wrangler d1 execute --json` writes NULL as "null"). */
function spamReasonsOf(row: Row): string[] | undefined {
  try {
    const reasons: unknown = JSON.parse(text(row.spam_reasons) || 'null');
    return Array.isArray(reasons) ? reasons.map(String) : undefined;
  } catch {
    return undefined;
  }
}

function notificationOf(row: Row): Notification {
  const spam = spamReasonsOf(row);
  if (spam) return { state: 'spam', reasons: spam, at: text(row.received_at) };
  const sentAt = date(row.notified_at);
  if (sentAt) return { state: 'sent', at: sentAt };
  const attempts = count(row.attempts);
  const failedAt = date(row.failed_at);
  const reason = row.reason === 'null' ? '' : text(row.reason);
  if (failedAt) return { state: 'failed', attempts, at: failedAt, reason };
  return { state: 'pending', attempts, nextAt: date(row.next_at) ?? text(row.received_at), ...(reason ? { lastReason: reason } : {}) };
}

/** A row whose id or reception date is not one the store writes cannot be a lead: named, and skipped. */
function leadOf(row: Row): StoredLead | Unreadable {
  const id = text(row.id);
  if (!receivedAtOf(id) || !date(row.received_at)) {
    return { id, where: `leads.id = ${JSON.stringify(id)}`, reason: receiverLines.unreadableName };
  }
  return {
    id,
    receivedAt: text(row.received_at),
    ...mapFields((field) => text(row[field.name])),
    notification: notificationOf(row),
    ...reviewOf(jsonOf(row.review_reasons)),
  };
}

/** A JSON column's value, or undefined (NULL, or the text "null" of `wrangler d1 execute --json`). */
function jsonOf(value: unknown): unknown {
  try {
    return JSON.parse(text(value) || 'null');
  } catch {
    return undefined;
  }
}

function listing(rows: Row[]): Listing {
  const result: Listing = { leads: [], unreadable: [] };
  for (const lead of rows.map(leadOf)) {
    if ('notification' in lead) result.leads.push(lead);
    else result.unreadable.push(lead);
  }
  return result;
}

/** One column per field of the form, under its name (src/hosts/cloudflare/migrations/ adds a field's column). */
const fieldColumns = contactFields.map((field) => field.name);
const columns = [
  'id',
  'received_at',
  ...fieldColumns,
  'notified_at',
  'attempts',
  'next_at',
  'failed_at',
  'reason',
  'spam_reasons',
  'review_reasons',
].join(', ');
const insertColumns = ['id', 'received_at', ...fieldColumns];
/** Still to notify, not given up, due: the same condition for finding and for claiming. */
const isDue = 'notified_at IS NULL AND failed_at IS NULL AND spam_reasons IS NULL AND (next_at IS NULL OR next_at <= ?1)';

/** The delivery's record as stored (src/hosts/cloudflare/migrations/0006); a row that does not parse reads as none. */
function statusOf(row: Row | undefined): DeliveryStatus {
  if (!row) return {};
  try {
    return parseDeliveryStatus(JSON.parse(text(row.status)));
  } catch {
    return {};
  }
}

/** Tries of a change that lost its conditional write to another sender each time. */
const statusTries = 5;

export function d1LeadStore(run: SqlRunner): LeadStore {
  const rows = async (sql: string, params: readonly SqlValue[] = []) => listing(await run(sql, params));

  /** The current key of the repeat memory (src/hosts/cloudflare/migrations/0005), written at first use; of two writers, one wins. */
  async function repeatKey(create: boolean): Promise<RepeatKey | undefined> {
    for (let tries = 0; tries < 2; tries++) {
      const [row] = await run('SELECT id, key FROM spam_repeat_key WHERE slot = 1', []);
      const key = { id: text(row?.id), key: text(row?.key) };
      if (isRepeatKey(key)) return key;
      if (!create) return undefined;
      const fresh = newRepeatKey();
      await run('INSERT INTO spam_repeat_key (slot, id, key) VALUES (1, ?1, ?2) ON CONFLICT (slot) DO NOTHING', [fresh.id, fresh.key]);
    }
    throw new Error('spam_repeat_key: no usable key');
  }

  const statusRow = async () => (await run('SELECT status, version FROM delivery_status WHERE id = 1', []))[0];
  return {
    deliveryStatus: async () => statusOf(await statusRow()),
    async updateDeliveryStatus(change) {
      for (let tries = 0; tries < statusTries; tries += 1) {
        const row = await statusRow();
        const before = statusOf(row);
        const after = change(before);
        if (after === undefined) return { before, after: before };
        const json = JSON.stringify(after);
        // Written only if nobody changed it since it was read: an exclusive insert, or an update of that version.
        const written = row
          ? await run('UPDATE delivery_status SET status = ?1, version = version + 1 WHERE id = 1 AND version = ?2 RETURNING id', [
              json,
              String(count(row.version)),
            ])
          : await run('INSERT INTO delivery_status (id, status, version) VALUES (1, ?1, 0) ON CONFLICT (id) DO NOTHING RETURNING id', [
              json,
            ]);
        if (written.length > 0) return { before, after: parseDeliveryStatus(after) };
      }
      throw new Error(`delivery_status: changed by another sender ${statusTries} times in a row`);
    },
    async add(message, receivedAt, spamReasons, review) {
      const lead = { id: leadId(receivedAt), receivedAt: receivedAt.toISOString(), ...message };
      const spam = spamReasons && spamReasons.length > 0 ? [...spamReasons] : undefined;
      const marked = !spam && review && review.length > 0 ? [...review] : undefined;
      const insert = [...insertColumns, 'spam_reasons', 'review_reasons'];
      await run(`INSERT INTO leads (${insert.join(', ')}) VALUES (${insert.map((_, index) => `?${index + 1}`).join(', ')})`, [
        lead.id,
        lead.receivedAt,
        ...fieldColumns.map((name) => message[name]),
        spam ? JSON.stringify(spam) : null,
        marked ? JSON.stringify(marked) : null,
      ]);
      const notification: Notification = spam
        ? { state: 'spam', reasons: spam, at: lead.receivedAt }
        : firstNotification(lead.receivedAt);
      return { ...lead, notification, ...reviewOf(marked) };
    },
    async repeats(message, email, now) {
      const key = await repeatKey(true);
      if (!key) return 0;
      const body = await bodyHash(key, message);
      const since = new Date(now.getTime() - repeatWindowMs).toISOString();
      // Past the window, or filed under an older key: gone.
      await run('DELETE FROM spam_repeats WHERE at < ?1 OR key_id <> ?2', [since, key.id]);
      await run(
        'INSERT INTO spam_repeats (key_id, body, email, at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (key_id, body, email) DO UPDATE SET at = ?4',
        [key.id, body, await emailHash(key, email), now.toISOString()],
      );
      const [row] = await run('SELECT count(*) AS n FROM spam_repeats WHERE key_id = ?1 AND body = ?2 AND at >= ?3', [
        key.id,
        body,
        since,
      ]);
      return count(row?.n);
    },
    list: () => rows(`SELECT ${columns} FROM leads ORDER BY received_at DESC, id DESC`),
    due: (now, limit) =>
      rows(`SELECT ${columns} FROM leads WHERE ${isDue} ORDER BY coalesce(next_at, received_at), id LIMIT ${Math.trunc(limit)}`, [
        now.toISOString(),
      ]),
    async claim({ id }, now, until) {
      const [row] = await run(
        `UPDATE leads SET claimed_until = ?3 WHERE id = ?2 AND ${isDue} AND (claimed_until IS NULL OR claimed_until <= ?1) RETURNING ${columns}`,
        [now.toISOString(), id, until.toISOString()],
      );
      return row ? notificationOf(row) : undefined;
    },
    async record(id, notification) {
      const { state } = notification;
      await run(
        'UPDATE leads SET notified_at = ?2, failed_at = ?3, attempts = coalesce(?4, attempts), next_at = ?5, reason = ?6, claimed_until = NULL WHERE id = ?1',
        [
          id,
          state === 'sent' ? notification.at : null,
          state === 'failed' ? notification.at : null,
          state === 'sent' ? null : String(notification.attempts),
          state === 'pending' ? notification.nextAt : null,
          state === 'failed' ? notification.reason : state === 'pending' ? (notification.lastReason ?? null) : null,
        ],
      );
    },
    unreported: (limit) =>
      rows(
        `SELECT ${columns} FROM leads WHERE spam_reasons IS NOT NULL AND spam_reported_at IS NULL ORDER BY received_at, id LIMIT ${Math.trunc(limit)}`,
      ),
    async markReported(ids, at) {
      if (ids.length === 0) return;
      // A lead rescued meanwhile (no longer spam) is left alone.
      await run(
        `UPDATE leads SET spam_reported_at = ?1 WHERE spam_reasons IS NOT NULL AND id IN (${ids.map((_, index) => `?${index + 2}`).join(', ')})`,
        [at.toISOString(), ...ids],
      );
    },
    async claimDigest(day, at) {
      if (!digestDayPattern.test(day)) throw new Error(`digest day ${JSON.stringify(day)}`);
      // One INSERT: of two isolates taking the same day, only one gets its row back.
      const inserted = await run('INSERT INTO spam_digests (day, at) VALUES (?1, ?2) ON CONFLICT (day) DO NOTHING RETURNING day', [
        day,
        at.toISOString(),
      ]);
      return inserted.length > 0;
    },
    async acknowledge(email, day) {
      const made = await run('INSERT INTO ack_salts (day, salt) VALUES (?1, ?2) ON CONFLICT (day) DO NOTHING RETURNING day', [
        day,
        newAcknowledgementSalt(),
      ]);
      if (made.length > 0) {
        // A new day: the salts and hashes of the days before go.
        await run('DELETE FROM ack_salts WHERE day <> ?1', [day]);
        await run('DELETE FROM acks WHERE day <> ?1', [day]);
      }
      const [row] = await run('SELECT salt FROM ack_salts WHERE day = ?1', [day]);
      const address = await acknowledgementHash(text(row?.salt), email);
      const added = await run('INSERT INTO acks (day, address) VALUES (?1, ?2) ON CONFLICT (day, address) DO NOTHING RETURNING day', [
        day,
        address,
      ]);
      return added.length > 0;
    },
    async forgetAcknowledgements(today) {
      await run('DELETE FROM ack_salts WHERE day <> ?1', [today]);
      await run('DELETE FROM acks WHERE day <> ?1', [today]);
    },
    async releaseDigest(day) {
      await run('DELETE FROM spam_digests WHERE day = ?1', [day]);
    },
    async retry(id, now, options) {
      // With `keepLiveClaim`, a lead that a sender holds is left as it is (no row comes back).
      const unclaimed = options?.keepLiveClaim ? ' AND (claimed_until IS NULL OR claimed_until <= ?2)' : '';
      const { leads } = await rows(
        `UPDATE leads SET notified_at = NULL, failed_at = NULL, attempts = 0, next_at = ?2, reason = NULL, claimed_until = NULL, spam_reasons = NULL WHERE id = ?1${unclaimed} RETURNING ${columns}`,
        [id, now.toISOString()],
      );
      return leads[0];
    },
    async forget(email) {
      const removed = await rows(`DELETE FROM leads WHERE lower(email) = lower(?1) RETURNING ${columns}`, [email.trim()]);
      // Its acknowledgement of the day, found by its hash under each day's salt.
      for (const row of await run('SELECT day, salt FROM ack_salts', [])) {
        await run('DELETE FROM acks WHERE day = ?1 AND address = ?2', [
          text(row.day),
          await acknowledgementHash(text(row.salt), email),
        ]);
      }
      // The person's entries of the repeat memory, and any entry of an older key (which cannot be searched).
      const key = await repeatKey(false);
      if (key) await run('DELETE FROM spam_repeats WHERE email = ?1 OR key_id <> ?2', [await emailHash(key, email), key.id]);
      else await run('DELETE FROM spam_repeats', []);
      return removed;
    },
    async purge(before, spamBefore) {
      const removed = await rows(
        `DELETE FROM leads WHERE received_at < ?1 OR (spam_reasons IS NOT NULL AND received_at < ?2) RETURNING ${columns}`,
        [before.toISOString(), (spamBefore ?? before).toISOString()],
      );
      // The repeat memory starts again under a new key: the key first, then every entry of the old one goes.
      const key = newRepeatKey();
      await run('INSERT INTO spam_repeat_key (slot, id, key) VALUES (1, ?1, ?2) ON CONFLICT (slot) DO UPDATE SET id = ?1, key = ?2', [
        key.id,
        key.key,
      ]);
      await run('DELETE FROM spam_repeats WHERE key_id <> ?1', [key.id]);
      // The digests' days older than the spam they could name: one row a day would otherwise pile up for ever.
      await run('DELETE FROM spam_digests WHERE day < ?1', [(spamBefore ?? before).toISOString().slice(0, 10)]);
      return removed;
    },
  };
}
