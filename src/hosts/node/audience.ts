/**
 * The Node server's audience counter: its store is a folder of its own, AUDIENCE_DIR (default audience/), never
 * inside LEADS_DIR nor a published folder. The day's counts live in memory and are written every few seconds and
 * when the server stops (`flush`); past `maxWaitingCounts` counts in flight, a count is dropped and the drop
 * counted. A folder that cannot be used switches counting off, says so, and never keeps the server from starting:
 * counting must not stand between a visitor and the company.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { StoreChoice } from '../../api/store/choose.ts';
import { publishedFolderHolding } from './files-folder.ts';
import { nodeLines } from './lines.ts';
import { fillTemplate } from '../../content/template.ts';
import { type AudienceCounter, createAudienceCounter } from '../../api/audience/counter.ts';
import { audienceDirOf, audienceEnabled, flushEveryMs, maxWaitingCounts } from '../../contact/audience-settings.ts';
import { type BufferedAudienceStore, bufferedFilesAudienceStore } from './audience-files-store.ts';

type Env = Readonly<Record<string, string | undefined>>;

export interface NodeAudience {
  counter: AudienceCounter;
  /** Writes the counts held in memory (the server's stop); never rejects: a failure is logged. */
  flush(): Promise<void>;
}

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

export async function nodeAudience({
  env,
  leads,
  published,
  log,
  logError,
}: {
  env: Env;
  leads: StoreChoice;
  /** Folders a static host publishes (dist/, public/). */
  published: readonly string[];
  log: (line: string) => void;
  logError: (line: string) => void;
}): Promise<NodeAudience> {
  const dir = audienceDirOf(env);
  let store: BufferedAudienceStore | undefined;
  // With AUDIENCE=off the store is still opened: what an earlier setting counted keeps its period (the purge).
  if (leads && 'leads' in leads) {
    const problem = await folderProblem(dir, leads.where, published);
    if (problem) {
      if (audienceEnabled(env)) logError(fillTemplate(nodeLines.audienceFolderUnusable, { dir, reason: problem }));
    } else {
      const writeFailed = (error: unknown) => logError(fillTemplate(nodeLines.audienceWriteFailed, { reason: reasonOf(error) }));
      store = bufferedFilesAudienceStore(dir, { flushEveryMs, logError: writeFailed });
    }
  }
  const counter = createAudienceCounter({ env, store, log, logError, maxWaiting: maxWaitingCounts });
  return {
    counter,
    flush: async () => {
      await store
        ?.flush()
        .catch((error: unknown) => logError(fillTemplate(nodeLines.audienceWriteFailed, { reason: reasonOf(error) })));
    },
  };
}
