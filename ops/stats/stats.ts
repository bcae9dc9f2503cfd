/**
 * `npm run stats`: the audience of the site, picked by the same flags as `npm run leads` but in the audience's own
 * stores: the folder AUDIENCE_DIR (default audience/), the D1 database bound as AUDIENCE_DB with `--local` or
 * `--remote`, the Netlify Blobs store `audience` with `--netlify`. For the last 30 days, or `--since` / `--until` (days, `2026-11-26`): visitors, page views, views
 * per page, outside referrers, visitors who reached /contact, clicks on a way to reach us (`contactIntents`,
 * `contactIntentsByKind`) and leads, in all and per day. `--json` prints the
 * same figures for scripts; `--html FILE` writes a self-contained French report with its charts drawn as SVG, into a
 * new file (mode 0600, never through an existing file or link: ../new-file.ts).
 */
import { inThisProcess } from '../command.ts';
import { statsCommand } from './command.ts';

await inThisProcess(statsCommand);
