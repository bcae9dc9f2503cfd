/**
 * The Node server's drivers: the leads in LEADS_DIR (default leads/), always, whatever notification is set, and the
 * audience in a folder of its own, AUDIENCE_DIR (default audience/), never inside LEADS_DIR nor a published folder,
 * its counts held in memory and written every few seconds (src/api/store/buffered-driver.ts). A leads' folder that
 * cannot be used is a problem: the server does not start. An audience folder that cannot be used switches counting
 * off, says so, and never keeps the server from starting.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { HostDriver } from '../../api/app.ts';
import { type BufferedDriver, bufferedDriver } from '../../api/store/buffered-driver.ts';
import type { Driver } from '../../api/store/driver.ts';
import type { Settings } from '../../contact/settings.ts';
import { fillTemplate } from '../../content/template.ts';
import { prepareLeadsDir, publishedFolderHolding } from './files-folder.ts';
import { filesDriver } from './files-driver.ts';
import { migrateOldAudience, migrateOldLeads } from './files-migration.ts';
import { nodeLines } from './lines.ts';

const reasonOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));

/**
 * Why AUDIENCE_DIR cannot hold the counts, or undefined: inside LEADS_DIR or a published folder, or something other
 * than a folder. The folder itself is made with the first write (0700), so a server that counts nothing leaves none.
 */
async function audienceFolderProblem(dir: string, leadsDir: string, published: readonly string[]): Promise<string | undefined> {
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

export interface NodeDrivers {
  leads: HostDriver;
  /** Leads of an earlier layout of LEADS_DIR carried over at this start (./files-migration.ts). */
  migrated: number;
  audience?: HostDriver;
  /** The audience's counts held in memory, written now (the server's stop, and every few seconds). */
  flush: () => Promise<void>;
}

/** The server's drivers, opened once at start-up; `published`: the folders a static host serves (dist/, public/). */
export async function openNodeDrivers(settings: Settings, published: readonly string[]): Promise<NodeDrivers> {
  const dir = settings.leadsDir;
  let leads: HostDriver;
  let migrated = 0;
  const inPublished = await publishedFolderHolding(dir, published);
  if (inPublished) leads = { problem: fillTemplate(nodeLines.leadsDirPublished, { dir, published: inPublished }) };
  else {
    try {
      await prepareLeadsDir(dir);
      const driver = filesDriver(dir);
      migrated = await migrateOldLeads(dir, driver);
      leads = driver;
    } catch (error) {
      // A folder that cannot be made or written would lose every lead: the server does not start.
      leads = { problem: fillTemplate(nodeLines.leadsDirUnusable, { dir, reason: reasonOf(error) }) };
    }
  }
  const audienceDir = settings.audienceDir;
  const problem = await audienceFolderProblem(audienceDir, dir, published);
  if (problem) {
    const audience = settings.audience.asked
      ? { problem: fillTemplate(nodeLines.audienceFolderUnusable, { dir: audienceDir, reason: problem }) }
      : undefined;
    return { leads, migrated, ...(audience ? { audience } : {}), flush: async () => undefined };
  }
  await migrateOldAudience(audienceDir);
  const audience: BufferedDriver = bufferedDriver(filesDriver(audienceDir));
  return { leads, migrated, audience, flush: () => audience.flush() };
}

/** Both drivers over their folders, read as the server writes them (`npm run leads`, `npm run stats`). */
export const filesDrivers = (leadsDir: string, audienceDir: string): { leads: Driver; audience: Driver } => ({
  leads: filesDriver(leadsDir),
  audience: filesDriver(audienceDir),
});
