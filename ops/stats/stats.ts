/**
 * `npm run stats`: the audience of the site, picked by the same flags as `npm run leads` but in the audience's own
 * stores: the folder AUDIENCE_DIR (default audience/), the D1 database bound as AUDIENCE_DB with `--local` or
 * `--remote`, the Netlify Blobs store `audience` with `--netlify`. For the last 30 days, or `--since` / `--until` (days, `2026-11-26`): visitors, page views, views
 * per page, outside referrers, visitors who reached /contact, clicks on a way to reach us (`contactIntents`,
 * `contactIntentsByKind`) and leads, in all and per day. `--json` prints the
 * same figures for scripts; `--html FILE` writes a self-contained French report with its charts drawn as SVG.
 */
import { stat, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { statsLines } from './lines.ts';
import { parisDay } from '../../src/content/french-date.ts';
import type { AudienceStore } from '../../src/api/store/audience-store.ts';
import { daysBefore, figuresOf } from '../../src/api/audience/report.ts';
import { statsText } from './stats-text.ts';
import { fillTemplate } from '../../src/content/template.ts';
import { chosenStore, storeOptions } from '../store-flags.ts';

const words = statsLines;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
let options: ReturnType<typeof readOptions>;
function readOptions() {
  return parseArgs({
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
try {
  options = readOptions();
} catch {
  fail(words.usage, 2);
}
if (options.help) fail(words.usage, 0);
const badDay = [options.since, options.until].some((day) => day !== undefined && !dayPattern.test(day));
if (badDay || (options.json && options.html !== undefined) || options.html?.trim() === '') fail(words.usage, 2);

const until = options.until ?? parisDay(new Date());
const since = options.since ?? daysBefore(until, 29);

const chosen = chosenStore(options);
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
    console.log(JSON.stringify(figures, null, 2));
  } else if (options.html !== undefined) {
    const { statsHtml } = await import('./stats-html.ts');
    await writeFile(options.html, await statsHtml(figures, process.env.SITE_URL));
    console.log(fillTemplate(words.htmlWritten, { file: options.html }));
  } else {
    console.log(statsText(figures, storeName));
  }
} catch (error) {
  const unreachable = fillTemplate(words.unreachable, {
    store: storeName,
    reason: error instanceof Error ? error.message : String(error),
  });
  // On Cloudflare the counts need a database of their own: the usual reason it cannot be read is that it is missing.
  fail(chosen.kind === 'd1' ? `${unreachable}\n${words.audienceDbHint}` : unreachable);
}
