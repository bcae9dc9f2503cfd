/**
 * The lead store on Cloudflare: a table of D1 (Cloudflare's SQLite), bound to the Pages Function as
 * LEADS_DB (wrangler.toml, schema in migrations/). The queries go through `SqlRunner`, so the same store
 * runs on the binding inside the function and on `wrangler d1 execute` for `npm run leads --local|--remote`.
 * Claims are one conditional UPDATE: of two isolates retrying the same lead, only one gets the row back.
 */
import { contactReceiver } from '../../content-data/contact-receiver.ts';
import { contactFields } from '../../forms/contact-fields.ts';
import { mapFields } from '../../forms/contact-schema.ts';
import type { Env } from '../../forms/delivery-settings.ts';
import { fillTemplate } from '../template.ts';
import { chooseStore, type StoreChoice } from './choose.ts';
import { type LeadStore, leadId, type StoredLead } from './lead-store.ts';

export const d1Binding = 'LEADS_DB';

type SqlValue = string | null;
type Row = Record<string, unknown>;

/** Runs one statement with `?1`, `?2`… parameters and gives back its rows (RETURNING included). */
export type SqlRunner = (sql: string, params: readonly SqlValue[]) => Promise<Row[]>;

/** The part of Cloudflare's D1Database binding this store uses. */
interface D1Binding {
  prepare(sql: string): { bind(...values: unknown[]): { all(): Promise<{ results: Row[] }> } };
}

const isD1Binding = (value: unknown): value is D1Binding =>
  typeof value === 'object' && value !== null && typeof (value as D1Binding).prepare === 'function';

const bindingRunner =
  (db: D1Binding): SqlRunner =>
  async (sql, params) =>
    (
      await db
        .prepare(sql)
        .bind(...params)
        .all()
    ).results;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function leadOf(row: Row): StoredLead {
  // Only a date counts: `wrangler d1 execute --local --json` writes SQL NULL as the text "null".
  const notifiedAt = /^\d{4}-\d{2}-\d{2}T/.test(text(row.notified_at)) ? text(row.notified_at) : undefined;
  return {
    id: text(row.id),
    receivedAt: text(row.received_at),
    ...mapFields((field) => text(row[field.name])),
    ...(notifiedAt ? { notifiedAt } : {}),
  };
}

/** One column per field of the form, under its name (migrations/ adds a field's column). */
const fieldColumns = contactFields.map((field) => field.name);
const columns = ['id', 'received_at', ...fieldColumns, 'notified_at'].join(', ');
const insertColumns = ['id', 'received_at', ...fieldColumns];

export function d1LeadStore(run: SqlRunner): LeadStore {
  const rows = async (sql: string, params: readonly SqlValue[] = []) => (await run(sql, params)).map(leadOf);
  return {
    async add(message, receivedAt) {
      const lead = { id: leadId(receivedAt), receivedAt: receivedAt.toISOString(), ...message };
      await run(
        `INSERT INTO leads (${insertColumns.join(', ')}) VALUES (${insertColumns.map((_, index) => `?${index + 1}`).join(', ')})`,
        [lead.id, lead.receivedAt, ...fieldColumns.map((name) => message[name])],
      );
      return lead;
    },
    list: () => rows(`SELECT ${columns} FROM leads ORDER BY received_at DESC, id DESC`),
    pending: () => rows(`SELECT ${columns} FROM leads WHERE notified_at IS NULL ORDER BY received_at, id LIMIT 100`),
    async claim(id, now, until) {
      const taken = await run(
        'UPDATE leads SET claimed_until = ?2 WHERE id = ?1 AND notified_at IS NULL AND (claimed_until IS NULL OR claimed_until <= ?3) RETURNING id',
        [id, until.toISOString(), now.toISOString()],
      );
      return taken.length === 1;
    },
    async markNotified(id, at) {
      await run('UPDATE leads SET notified_at = ?2, claimed_until = NULL WHERE id = ?1', [id, at.toISOString()]);
    },
    async release(id) {
      await run('UPDATE leads SET claimed_until = NULL WHERE id = ?1', [id]);
    },
    forget: (email) => rows(`DELETE FROM leads WHERE lower(email) = lower(?1) RETURNING ${columns}`, [email.trim()]),
    purge: (before) => rows(`DELETE FROM leads WHERE received_at < ?1 RETURNING ${columns}`, [before.toISOString()]),
  };
}

/** The Pages Function's store: D1 when CONTACT_STORE=d1 and LEADS_DB is bound (src/receiver/store/choose.ts). */
export function d1StoreChoice(env: Env): StoreChoice {
  return chooseStore(
    env,
    'd1',
    () => {
      const binding = env[d1Binding];
      if (!isD1Binding(binding)) return undefined;
      return {
        leads: d1LeadStore(bindingRunner(binding)),
        where: fillTemplate(contactReceiver.console.storeD1, { binding: d1Binding }),
      };
    },
    d1Binding,
  );
}
