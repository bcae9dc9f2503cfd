/**
 * The Netlify Functions of `/api/contact` and `/api/count` (netlify/functions/), and the scheduled one that does the
 * day's work every minute (the retry pass with the digest, the daily purge, whose day is kept in Blobs): each hands
 * its event to the API (src/api/app.ts), built once per instance from the site's environment variables.
 */
import { type Api, createApi } from '../../api/app.ts';
import { readSettings } from '../../contact/settings.ts';
import { carryOldBlobs } from './blobs-migration.ts';
import { openBlobsDrivers } from './store.ts';

/** The part of Netlify's Context this function uses; `waitUntil` keeps the instance running after the answer. */
export interface NetlifyContext {
  ip?: string;
  waitUntil?(promise: Promise<unknown>): void;
}

// One API per instance: its in-memory rate limit must outlive a request.
let api: Promise<Api> | undefined;

function started(): Promise<Api> {
  api ??= (async () => {
    const settings = readSettings(process.env, { host: 'blobs' });
    const drivers = await carryOldBlobs(openBlobsDrivers(settings));
    const ready = await createApi({ settings, host: 'blobs', ...drivers });
    for (const line of [...ready.problems, ...ready.warnings]) console.error(line);
    return ready;
  })();
  return api;
}

export default async function handle(request: Request, context: NetlifyContext = {}): Promise<Response> {
  const waitUntil = context.waitUntil?.bind(context);
  return (await started()).fetch(request, { client: { address: context.ip }, ...(waitUntil ? { waitUntil } : {}) });
}

/** The scheduled function: the day's work, within its 30 seconds. */
export async function scheduled(): Promise<Response> {
  await (await started()).scheduled();
  return new Response(null, { status: 204 });
}
