/**
 * The Pages Function of `/api/contact` and `/api/count` (functions/api/): each request handed to the API
 * (src/api/app.ts), built once per isolate. Pages has no schedule: the day's work follows requests (`followUp`),
 * within the invocation's subrequests. CF-Connecting-IP is set by Cloudflare's edge: the visitor's address.
 */
import { type Api, createApi } from '../../api/app.ts';
import { bindingRateLimiter, isRateLimitBinding } from '../../api/contact/rate-limit.ts';
import { readSettings } from '../../contact/settings.ts';
import { cloudflareLines } from './lines.ts';
import { openD1Drivers } from './store.ts';

/** The part of Cloudflare's EventContext this function uses. */
export interface PagesContext {
  request: Request;
  env: Readonly<Record<string, unknown>>;
  /** Keeps the isolate running after the answer (absent when a test calls the function directly). */
  waitUntil?(promise: Promise<unknown>): void;
}

// One API per isolate: its in-memory rate limit and its gap between passes must outlive a request.
let api: Promise<Api> | undefined;

async function start(env: PagesContext['env']): Promise<Api> {
  const settings = readSettings(env, { host: 'd1' });
  const binding = env.CONTACT_RATE_LIMITER;
  const limiter = isRateLimitBinding(binding) ? { rateLimiter: bindingRateLimiter(binding) } : {};
  const started = await createApi({ settings, host: 'd1', ...openD1Drivers(settings, env), ...limiter });
  for (const line of [...started.problems, ...started.warnings]) console.error(line);
  if (!isRateLimitBinding(binding)) console.warn(cloudflareLines.rateLimitBindingMissing);
  return started;
}

export async function onRequest({ request, env, waitUntil }: PagesContext): Promise<Response> {
  api ??= start(env);
  const client = { address: request.headers.get('CF-Connecting-IP') ?? undefined };
  return (await api).fetch(request, { client, followUp: true, ...(waitUntil ? { waitUntil: (work) => waitUntil(work) } : {}) });
}
