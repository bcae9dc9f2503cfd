/**
 * LEADS_DIR as the server finds it at start (./files-driver.ts writes it): never inside a folder a static host
 * publishes, private (the folder `0700`, its files `0600`, so no other user of the machine reads names, emails or
 * phones; Windows ignores these modes), and without the temporary files a write cut by a stop left behind.
 */
import { chmod, mkdir, readdir, realpath, rm } from 'node:fs/promises';
import path from 'node:path';

const folderMode = 0o700;
const fileMode = 0o600;
/** Temporary files are hidden (./files-driver.ts): `.2026-…-1a2b3c4d.json.<uuid>.tmp`. */
const isTemporary = (name: string) => name.startsWith('.') && name.endsWith('.tmp');

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
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) await chmod(file, folderMode);
    else if (!entry.isFile()) continue;
    else if (isTemporary(entry.name)) await rm(file, { force: true });
    else await chmod(file, fileMode);
  }
}
