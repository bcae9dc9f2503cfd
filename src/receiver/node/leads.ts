/**
 * Local delivery (Node only, the default of `npm start`): one JSON file per message in LEADS_DIR.
 * Written atomically: the message goes to a temporary file whose name does not end in `.json`,
 * is flushed to disk, then renamed. A reader of `*.json` never sees a half-written file, and the
 * visitor is told "sent" only once the file is complete.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ContactValues } from '../../forms/contact-schema.ts';

export function leadsWriter(dir: string): (message: ContactValues) => Promise<string> {
  return async ({ name, email, phone, message }) => {
    await mkdir(dir, { recursive: true });
    // Sortable by date; the random part keeps two messages of the same millisecond apart.
    const fileName = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.json`;
    const file = path.join(dir, fileName);
    const temporary = path.join(dir, `.${fileName}.tmp`);
    try {
      const handle = await open(temporary, 'wx');
      try {
        await handle.writeFile(`${JSON.stringify({ name, email, phone, message }, null, 2)}\n`);
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
