/**
 * The driver (src/api/store/driver.ts) over one D1 table, `kv` (./migrations/0009_kv.sql): a row per key, its
 * version bumped by every write, so that each call is one statement, one subrequest of the invocation's budget, and a
 * conditional write (INSERT … ON CONFLICT DO NOTHING, UPDATE … WHERE version = ?) is atomic. The statements go through
 * `SqlRunner`, so the same driver runs on the binding inside the function and through wrangler for `npm run leads --
 * --local|--remote` (./wrangler-d1.ts). Writes use RETURNING, which is the row they wrote, or none when the condition
 * failed.
 */
import { assertKey, type Driver, type Entry } from '../../api/store/driver.ts';

type SqlValue = string | null;
type Row = Record<string, unknown>;

/** Runs one statement with `?1`, `?2`… parameters and gives back its rows (RETURNING included). */
export type SqlRunner = (sql: string, params: readonly SqlValue[]) => Promise<Row[]>;

/** The part of Cloudflare's D1Database binding this driver uses. */
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

// `wrangler d1 execute --json` (--remote) writes every value as text.
const text = (value: unknown) =>
  typeof value === 'string' ? value : value === null || value === undefined ? undefined : String(value);

const entryOf = (row: Row | undefined): Entry | undefined => {
  const value = text(row?.value);
  const version = text(row?.version);
  return value === undefined || version === undefined ? undefined : { value, version };
};

/** The first key after every key that starts with `prefix` (`lead/` → `lead0`): the end of its range. */
const afterPrefix = (prefix: string) =>
  prefix === '' ? '\u007f' : prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);

export function d1Driver(run: SqlRunner, where: string): Driver {
  const placeholders = (count: number, from = 1) => Array.from({ length: count }, (_, index) => `?${index + from}`).join(', ');
  return {
    where,
    async get(key) {
      assertKey(key);
      return entryOf((await run('SELECT value, version FROM kv WHERE key = ?1', [key]))[0]);
    },
    async set(key, value, condition) {
      assertKey(key);
      const rows = !condition
        ? await run(
            'INSERT INTO kv (key, value, version) VALUES (?1, ?2, 1) ON CONFLICT (key) DO UPDATE SET value = excluded.value, version = kv.version + 1 RETURNING version',
            [key, value],
          )
        : 'absent' in condition
          ? await run('INSERT INTO kv (key, value, version) VALUES (?1, ?2, 1) ON CONFLICT (key) DO NOTHING RETURNING version', [
              key,
              value,
            ])
          : await run('UPDATE kv SET value = ?2, version = version + 1 WHERE key = ?1 AND version = ?3 RETURNING version', [
              key,
              value,
              condition.version,
            ]);
      return text(rows[0]?.version);
    },
    async remove(key) {
      assertKey(key);
      await run('DELETE FROM kv WHERE key = ?1', [key]);
    },
    async keys(prefix, range = {}) {
      const conditions = ['key >= ?1', 'key < ?2'];
      const params: SqlValue[] = [prefix, afterPrefix(prefix)];
      if (range.after !== undefined) {
        params.push(range.after);
        conditions.push(`key > ?${params.length}`);
      }
      if (range.before !== undefined) {
        params.push(range.before);
        conditions.push(`key < ?${params.length}`);
      }
      const limit = range.limit === undefined ? '' : ` LIMIT ${Math.max(0, Math.floor(range.limit))}`;
      const rows = await run(`SELECT key FROM kv WHERE ${conditions.join(' AND ')} ORDER BY key${limit}`, params);
      return rows.flatMap((row) => {
        const key = text(row.key);
        return key === undefined ? [] : [key];
      });
    },
    async getMany(keys) {
      for (const key of keys) assertKey(key);
      const rows = await run(`SELECT key, value, version FROM kv WHERE key IN (${placeholders(keys.length)})`, keys);
      const found = new Map(rows.map((row) => [text(row.key), row]));
      return keys.map((key) => entryOf(found.get(key)));
    },
    async removeMany(keys) {
      for (const key of keys) assertKey(key);
      await run(`DELETE FROM kv WHERE key IN (${placeholders(keys.length)})`, keys);
    },
  };
}
