/**
 * The Node server's stores: the leads in LEADS_DIR (default leads/), always, whatever notification is set, and the
 * audience in a folder of its own, AUDIENCE_DIR (default audience/), never inside LEADS_DIR nor a published folder.
 * The audience's folder that cannot be used switches counting off, says so, and never keeps the server from
 * starting: counting must not stand between a visitor and the company. With AUDIENCE=off the store is still
 * opened: what an earlier setting counted keeps its period (the purge).
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { nodeLines } from './lines.ts';
import { audienceDirOf, audienceEnabled, flushEveryMs } from '../../contact/audience-settings.ts';
import type { Env } from '../../contact/delivery-settings.ts';
import { fillTemplate } from '../../content/template.ts';
import type { HostStore, Stores } from '../../api/store/host-store.ts';
import { type BufferedAudienceStore, bufferedFilesAudienceStore, filesAudienceStore } from './audience-files-store.ts';
import { publishedFolderHolding } from './files-folder.ts';
import { filesLeadStore, nodeLeadStore } from './files-store.ts';

/** Both stores over their folders, read as the server writes them (`npm run leads`, `npm run stats`). */
export const filesStores = (leadsDir: string, audienceDir: string): Stores => ({
  leads: filesLeadStore(leadsDir),
  audience: filesAudienceStore(audienceDir),
});

const reasonOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));

/**
 * Why AUDIENCE_DIR cannot hold the counts, or undefined: inside LEADS_DIR or a published folder, or something
 * other than a folder. The folder itself is made with the first write (0700), so a server that counts nothing
 * leaves none.
 */
async function folderProblem(dir: string, leadsDir: string, published: readonly string[]): Promise<string | undefined> {
  const inside = path.relative(path.resolve(leadsDir), path.resolve(dir));
  if (!inside.startsWith('..') && !path.isAbsolute(inside)) return `LEADS_DIR ${leadsDir}`;
  const folder = await publishedFolderHolding(dir, published);
  if (folder) return folder;
  try {
    if (!(await stat(dir)).isDirectory()) return 'ENOTDIR';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return reasonOf(error);
  }
  return undefined;
}

/**
 * The server's stores, opened once at start-up. The audience's counts are held in memory and written every few
 * seconds (`flush` writes them now); a write that fails goes to `logError`.
 */
export async function openNodeStore({
  env,
  published,
  logError,
}: {
  env: Env;
  /** Folders a static host publishes (dist/, public/). */
  published: readonly string[];
  logError: (line: string) => void;
}): Promise<HostStore<BufferedAudienceStore>> {
  const leads = nodeLeadStore(env);
  if (!leads || !('leads' in leads)) return { leads };
  const dir = audienceDirOf(env);
  const problem = await folderProblem(dir, leads.where, published);
  if (problem) {
    if (!audienceEnabled(env)) return { leads };
    return { leads, audienceProblem: fillTemplate(nodeLines.audienceFolderUnusable, { dir, reason: problem }) };
  }
  const writeFailed = (error: unknown) => logError(fillTemplate(nodeLines.audienceWriteFailed, { reason: reasonOf(error) }));
  return { leads, audience: bufferedFilesAudienceStore(dir, { flushEveryMs, logError: writeFailed }) };
}
