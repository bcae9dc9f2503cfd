/**
 * `npm run stats` (./stats.ts) as a function of its arguments and settings (../command.ts): what it prints goes
 * to `io`, and it resolves with the exit code.
 */
import { stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { statsLines } from './lines.ts';
import { parisDay } from '../../src/content/french-date.ts';
import type { AudienceStore } from '../../src/api/store/audience-store.ts';
import { daysBefore, figuresOf } from '../../src/api/audience/report.ts';
import { statsText } from './stats-text.ts';
import { fillTemplate } from '../../src/content/template.ts';
import { chosenStore, storeOptions } from '../store-flags.ts';
import { type CommandIO, fail, isStop, stopsAsExitCodes } from '../command.ts';
import { writeNewFile } from '../new-file.ts';

const words = statsLines;

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
function readOptions(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    options: {
      since: { type: 'string' },
      until: { type: 'string' },
      json: { type: 'boolean' },
      html: { type: 'string' },
      ...storeOptions,
      help: { type: 'boolean', short: 'h' },
    },
  }).values;
}

export function statsCommand(args: readonly string[], io: CommandIO): Promise<number> {
  return stopsAsExitCodes(io, () => run(args, io));
}

async function run(args: readonly string[], io: CommandIO): Promise<number> {
  let options: ReturnType<typeof readOptions>;
  try {
    options = readOptions(args);
  } catch {
    fail(words.usage, 2);
  }
  if (options.help) fail(words.usage, 0);
  const badDay = [options.since, options.until].some((day) => day !== undefined && !dayPattern.test(day));
  if (badDay || (options.json && options.html !== undefined) || options.html?.trim() === '') fail(words.usage, 2);

  const until = options.until ?? parisDay(new Date());
  const since = options.since ?? daysBefore(until, 29);

  const chosen = chosenStore(options, io.env);
  if ('problem' in chosen) fail(chosen.problem === 'usage' ? words.usage : chosen.problem, 2);
  const storeName = chosen.names.audience;
  const store: AudienceStore = chosen.stores.audience;
  // A folder that does not exist is a wrong AUDIENCE_DIR, not a site nobody visited.
  if (chosen.dirs) {
    await stat(chosen.dirs.audience).catch((error: Error) =>
      fail(fillTemplate(words.unreachable, { store: storeName, reason: error.message })),
    );
  }

  try {
    const figures = figuresOf(await store.days(since, until), since, until);
    if (options.json) {
      io.out(JSON.stringify(figures, null, 2));
    } else if (options.html !== undefined) {
      const { statsHtml } = await import('./stats-html.ts');
      const file = options.html;
      await writeNewFile(file, await statsHtml(figures, io.env.SITE_URL), fillTemplate(words.htmlExists, { file }));
      io.out(fillTemplate(words.htmlWritten, { file }));
    } else {
      io.out(statsText(figures, storeName));
    }
  } catch (error) {
    if (isStop(error)) throw error;
    const unreachable = fillTemplate(words.unreachable, {
      store: storeName,
      reason: error instanceof Error ? error.message : String(error),
    });
    // On Cloudflare the counts need a database of their own: the usual reason it cannot be read is that it is missing.
    fail(chosen.kind === 'd1' ? `${unreachable}\n${words.audienceDbHint}` : unreachable);
  }
  return 0;
}
