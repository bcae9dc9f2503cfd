/**
 * `/api/count`, written once against the Fetch API like the contact receiver: the Node server, the Cloudflare
 * Pages Function and the Netlify Function call it with their store. It always answers 204 at once, before the
 * store is written (the host keeps the work alive with `after`, its `waitUntil`), and counts a view only when:
 * counting is on; the request is a GET (the `<noscript>` image) or a POST (the site script's beacon); it comes
 * from one of our own pages (`Sec-Fetch-Site`, when the browser sends it, is `same-origin`: an `<img>` on another
 * site is not counted); it is no prefetch or prerender (`Sec-Purpose`); the browser sends no `Sec-GPC: 1` and no
 * objection cookie; the User-Agent is no bot (isbot); the page is not under /api/. With `?i=<kind>` (a click on a
 * way to reach us, `a[data-intent]`), the same request counts a contact intent instead of a view: a kind other than
 * those of src/contact/contact-ways.ts is refused (400), and nothing is stored.
 * `?objection=1` (a link of the GDPR notice) sets the objection cookie and answers a small page saying so;
 * `?objection=0` removes it; both only from our own pages (the same check), so another site cannot undo a
 * visitor's objection.
 * Counting never stands in the way of anything else: its work is bounded (`maxWaiting`, the store's bounds and
 * caps), and a store that fails is logged, never passed on.
 */
import { isbot } from 'isbot';
import { audience } from '../../content/data/audience.ts';
import { brand } from '../../content/data/brand.ts';
import { company } from '../../content/data/company.ts';
import { frenchLongDate, parisDay } from '../../content/french-date.ts';
import { fillTemplate } from '../../content/template.ts';
import { renderPage } from '../contact/page.ts';
import { rateKey } from '../contact/rate-limit.ts';
import { guideSlugPattern } from '../../content/schema/guide-schema.ts';
import { guidesBase, isPagePath, notFoundPath } from '../../site/registry.ts';
import { receiverSecurityHeaders } from '../../site/security-headers.ts';
import { type AudienceStore, type Bounds, type Day, isContactIntentKind } from '../store/audience-store.ts';
import { audienceLines } from './lines.ts';
import { monthsBefore } from './report.ts';
import { bounds, objectionCookie, objectionMaxAgeSeconds } from '../../contact/audience-settings.ts';

export interface AudienceCounter {
  handle(request: Request, client: { address?: string }, after?: (work: Promise<void>) => void): Promise<Response>;
  /** The receiver stored a lead: one more for today. Never rejects. */
  countLead(at: Date): Promise<void>;
  /**
   * Deletes the totals past the retention period and the salts and hashes of days before `now`'s, and logs how
   * many days went: run by the leads' purge timer (src/api/contact/purge.ts), so that a day without a visit still
   * loses yesterday's salt. Rejects when the store fails (the timer logs it and tries again).
   */
  purge(now: Date): Promise<void>;
}

/** A page path of the registry, `/404` for any other, undefined for what is never counted. */
export function pageOf(raw: string | null): string | undefined {
  if (raw === null || !raw.startsWith('/') || raw.startsWith('//')) return undefined;
  let path = raw.split(/[?#]/)[0] ?? '';
  if (path.startsWith('/api/') || path === '/api') return undefined;
  path = path.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  const page = path === '' ? '/' : path;
  return isPagePath(page) || isGuidePath(page) ? page : notFoundPath;
}

/**
 * A guide's address (`/guides/<slug>`): the receiver runs without the list of guides, which changes with every
 * build, so it counts the address of any guide that could exist (a slug of at most 80 characters). A made-up one
 * adds one key for the day, like a made-up referrer, within the store's bounds.
 */
function isGuidePath(page: string): boolean {
  const slug = page.startsWith(`${guidesBase}/`) ? page.slice(guidesBase.length + 1) : '';
  return slug.length <= 80 && guideSlugPattern.test(slug);
}

/** What a referrer host may hold: letters, digits, hyphens and dots (an international name as its `xn--` form). */
const hostnamePattern = /^[a-z0-9.-]+$/;

/**
 * The host of an outside referrer (no path, no query), or undefined for none, an internal one or anything that is
 * not a plain hostname: such keys are kept 25 months, so nothing else from a visitor's request ever becomes one.
 */
export function referrerHost(raw: string | null, ownHost: string): string | undefined {
  if (!raw) return undefined;
  try {
    // The site script sends the host alone; a full address is read too.
    const url = new URL(/^https?:\/\//i.test(raw) ? raw : `http://${raw}`);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    const host = url.hostname.toLowerCase();
    if (host === ownHost.split(':')[0]?.toLowerCase() || host.length > 253 || !hostnamePattern.test(host)) return undefined;
    return host;
  } catch {
    return undefined;
  }
}

/** The first day kept: totals of days before it are purged. */
const retentionCutoff = (today: Day): Day => monthsBefore(today, audience.retentionMonths);

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** SHA-256 (Web Crypto, the same on every runtime) of the parts joined by a separator no part holds. */
async function hashOf(...parts: string[]): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(parts.join('\n'))));
}

const hasObjected = (request: Request) =>
  (request.headers.get('cookie') ?? '').split(';').some((pair) => pair.trim() === `${objectionCookie}=1`);

/**
 * Whether a request comes from one of our own pages: browsers send `Sec-Fetch-Site` with every request they make
 * (an `<img>` or a link on another site says `cross-site`, an address typed by hand `none`); an older browser
 * sends none, and is taken at its word.
 */
const fromOurPages = (request: Request) => {
  const site = request.headers.get('sec-fetch-site');
  return site === null || site === 'same-origin';
};

interface CounterOptions {
  /** AUDIENCE, as the settings read it (src/contact/settings.ts). */
  enabled: boolean;
  store: AudienceStore | undefined;
  log?: (line: string) => void;
  logError?: (line: string) => void;
  now?: () => Date;
  /**
   * Counts started and not finished at most (Node: `maxWaitingCounts`); past it a count is dropped at once, and
   * the store counts the drop (`addDropped`), so a flood queues no work in the process that receives the leads.
   */
  maxWaiting?: number;
  /** The bounds and daily caps (src/contact/audience-settings.ts; tests give smaller ones). */
  limits?: Bounds;
}

export function createAudienceCounter({
  enabled: asked,
  store,
  log = console.log,
  logError = console.error,
  now = () => new Date(),
  maxWaiting = Number.POSITIVE_INFINITY,
  limits = bounds,
}: CounterOptions): AudienceCounter {
  const enabled = asked && store !== undefined;
  const noContent = () => new Response(null, { status: 204, headers: receiverSecurityHeaders });
  const failed = (error: unknown) =>
    logError(`${audienceLines.countFailed} ${error instanceof Error ? error.message : String(error)}`);

  async function count(request: Request, address: string, day: Day): Promise<void> {
    if (!store) return;
    const url = new URL(request.url);
    const host = request.headers.get('host') ?? url.host;
    const kind = url.searchParams.get('i');
    if (kind !== null) {
      // handle() refused any other kind before counting started.
      if (!isContactIntentKind(kind)) return;
      const salt = await store.salt(day);
      await store.addIntent({ day, address: await hashOf(salt, rateKey(address)), kind }, limits);
      return;
    }
    // The beacon says which page; the <noscript> image too, and its Referer (the page) is the fallback.
    let page = pageOf(url.searchParams.get('p'));
    if (page === undefined && !url.searchParams.has('p')) {
      const referer = request.headers.get('referer');
      try {
        if (referer && new URL(referer).host === host) page = pageOf(new URL(referer).pathname);
      } catch {
        page = undefined;
      }
    }
    if (page === undefined) return;
    const salt = await store.salt(day);
    const agent = request.headers.get('user-agent') ?? '';
    // Keyed on what the client cannot choose at will (not the Host header it sends), and like the receiver's rate
    // limit: an IPv6 client rotating inside its /64 is one client.
    const [visitor, addressHash] = await Promise.all([hashOf(salt, address, agent), hashOf(salt, rateKey(address))]);
    const referrer = referrerHost(url.searchParams.get('r'), host);
    await store.addView({ day, visitor, address: addressHash, page, ...(referrer ? { referrer } : {}) }, limits);
  }

  function objection(object: boolean, secure: boolean, allowed: boolean): Response {
    const words = !allowed ? audience.objection.elsewhere : object ? audience.objection.done : audience.objection.undone;
    const cookie = [
      `${objectionCookie}=${object ? '1' : ''}`,
      `Max-Age=${object ? objectionMaxAgeSeconds : 0}`,
      // Sent back to the count endpoint only: no page of the site receives it.
      'Path=/api/count',
      'HttpOnly',
      'SameSite=Lax',
      ...(secure ? ['Secure'] : []),
    ].join('; ');
    const page = renderPage({
      title: words.title,
      text: words.text,
      email: company.email,
      siteName: brand.name,
      links: { form: audience.objection.back, home: audience.objection.home },
      formPath: audience.objection.noticePath,
    });
    const html = { ...receiverSecurityHeaders, 'Content-Type': 'text/html; charset=utf-8' };
    // From anywhere but our own pages, the choice is left as it is: the page says where to make it.
    if (!allowed) return new Response(page, { status: 403, headers: html });
    return new Response(page, { status: 200, headers: { ...html, 'Set-Cookie': cookie } });
  }

  let waiting = 0;

  return {
    async handle(request, client, after) {
      if (request.method !== 'GET' && request.method !== 'POST') {
        return new Response(null, { status: 405, headers: { ...receiverSecurityHeaders, Allow: 'GET, POST' } });
      }
      const url = new URL(request.url);
      const choice = url.searchParams.get('objection');
      if (request.method === 'GET' && (choice === '1' || choice === '0')) {
        return objection(choice === '1', url.protocol === 'https:', fromOurPages(request));
      }
      const kind = url.searchParams.get('i');
      if (kind !== null && !isContactIntentKind(kind)) {
        return new Response(null, { status: 400, headers: receiverSecurityHeaders });
      }
      const purpose = request.headers.get('sec-purpose') ?? '';
      const counted =
        enabled &&
        fromOurPages(request) &&
        !purpose.includes('prefetch') &&
        request.headers.get('sec-gpc') !== '1' &&
        !hasObjected(request) &&
        !isbot(request.headers.get('user-agent') ?? '');
      if (counted) {
        const day = parisDay(now());
        if (waiting >= maxWaiting) {
          store?.addDropped(day).catch(failed);
          return noContent();
        }
        waiting += 1;
        const work = count(request, client.address ?? '', day)
          .catch(failed)
          .finally(() => {
            waiting -= 1;
          });
        if (after) after(work);
        else await work;
      }
      return noContent();
    },
    async countLead(at) {
      if (!enabled || !store) return;
      await store.addLead(parisDay(at)).catch(failed);
    },
    async purge(at) {
      // Counting switched off keeps nothing new, but what an earlier setting counted still has its period.
      if (!store) return;
      const today = parisDay(at);
      const before = retentionCutoff(today);
      const days = await store.purge(before, today);
      log(
        fillTemplate(audienceLines.purgeDone, {
          count: String(days),
          date: frenchLongDate(before),
          months: String(audience.retentionMonths),
        }),
      );
    },
  };
}
