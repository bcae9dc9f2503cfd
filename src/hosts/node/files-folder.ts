/**
 * Local delivery (Node only, the default of `npm start`): one JSON file per message in LEADS_DIR.
 * Written atomically: the message goes to a temporary file whose name does not end in `.json`,
 * is flushed to disk, then renamed. A reader of `*.json` never sees a half-written file, and the
 * visitor is told "sent" only once the file is complete.
 * Leads are personal data: the folder is `0700` and each file `0600`, so no other user of the machine
 * reads names, emails or phones (Windows ignores these modes).
 */
import { randomUUID } from 'node:crypto';
import { chmod, mkdir, open, readdir, realpath, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ContactValues } from '../../contact/contact-fields.ts';
import { mapFields } from '../../contact/map-fields.ts';

const folderMode = 0o700;
const fileMode = 0o600;
/** Temporary files are hidden and end in `.tmp`: `.2026-…-1a2b3c4d.json.tmp`. */
const isTemporary = (name: string) => name.startsWith('.') && name.endsWith('.json.tmp');

/** The folder's real path, or its absolute path while it does not exist yet. */
async function resolved(folder: string): Promise<string> {
  return realpath(folder).catch(() => path.resolve(folder));
}

/**
 * The published folder (dist/, public/…) that holds `dir`, if any: a lead file there would be served
 * to anyone who guesses its name, or copied into the next build.
 */
export async function publishedFolderHolding(dir: string, published: readonly string[]): Promise<string | undefined> {
  const target = await resolved(dir);
  for (const folder of published) {
    const root = await resolved(folder);
    if (target === root || target.startsWith(root + path.sep)) return folder;
  }
  return undefined;
}

/**
 * At start: the folder exists with mode 0700 (tightened if it was created looser), its files are 0600,
 * and the temporary files a delivery cut by a stop or crash left behind (with a visitor's data in
 * them, and never renamed) are removed: their visitor was answered with an error, not « envoyé ».
 * One LEADS_DIR serves one server process.
 */
export async function prepareLeadsDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: folderMode });
  await chmod(dir, folderMode);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(dir, entry.name);
    if (isTemporary(entry.name)) await rm(file, { force: true });
    else await chmod(file, fileMode);
  }
}

/**
 * `id`, when given, names the file (a lead id, ../store/lead-store.ts `leadId`); otherwise a new one does.
 * `review`, when given, is written in the same file: the reasons the lead is marked « à vérifier ».
 */
export function leadsWriter(dir: string): (message: ContactValues, id?: string, review?: readonly string[]) => Promise<string> {
  return async (message, id, review) => {
    // Exactly the form's fields, whatever else the object given holds.
    const fields = {
      ...mapFields((field) => message[field.name]),
      ...(review && review.length > 0 ? { review: [...review] } : {}),
    };
    await mkdir(dir, { recursive: true, mode: folderMode });
    // Sortable by date; the random part keeps two messages of the same millisecond apart.
    const fileName = `${id ?? `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`}.json`;
    const file = path.join(dir, fileName);
    const temporary = path.join(dir, `.${fileName}.tmp`);
    try {
      const handle = await open(temporary, 'wx', fileMode);
      try {
        await handle.writeFile(`${JSON.stringify(fields, null, 2)}\n`);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    // The rename itself reaches the disk once the folder is flushed (not possible on Windows: skipped).
    try {
      const folder = await open(dir, 'r');
      await folder.sync().finally(() => folder.close());
    } catch {
      // Best effort only.
    }
    return file;
  };
}
