/**
 * The columns of D1's `leads` table, as src/hosts/cloudflare/migrations/ builds it: the `CREATE TABLE` of the first migration, then
 * each `ALTER TABLE leads ADD COLUMN`. A field of the form stores its value in the column of its name
 * (src/hosts/cloudflare/d1-store.ts), so each field needs a migration adding it.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const migrations = path.resolve(import.meta.dirname, '../src/hosts/cloudflare/migrations');

async function leadColumns(): Promise<Set<string>> {
  const columns = new Set<string>();
  for (const name of (await readdir(migrations)).filter((file) => file.endsWith('.sql')).sort()) {
    const sql = (await readFile(path.join(migrations, name), 'utf8')).replace(/--.*$/gm, '');
    const table = /CREATE TABLE leads \(([^;]*)\);/i.exec(sql)?.[1] ?? '';
    for (const line of table.split(',')) {
      const column = /^\s*(\w+)\s+\w+/.exec(line)?.[1];
      if (column) columns.add(column);
    }
    for (const match of sql.matchAll(/ALTER TABLE leads ADD COLUMN (\w+)/gi)) columns.add(match[1] ?? '');
  }
  return columns;
}

/** The fields that have no column yet: each needs `ALTER TABLE leads ADD COLUMN <name> TEXT NOT NULL DEFAULT ''`. */
export async function missingLeadColumns(fields: readonly { name: string }[]): Promise<string[]> {
  const columns = await leadColumns();
  return fields.map((field) => field.name).filter((name) => !columns.has(name));
}
