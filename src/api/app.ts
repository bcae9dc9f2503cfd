/**
 * The site's API, assembled once, in the spirit of Hono's adapters handing their event to one app: `fetch(request,
 * context)` answers `/api/contact` (./contact/lead-way.ts) and `/api/count` (./audience/counter.ts), and
 * `scheduled()` does the day's work: the purge once a day, then the retry pass with the daily digest. Each host gives
 * its settings (read once: src/contact/settings.ts), its drivers (./store/driver.ts: the leads' and the audience's,
 * never one for both) and, where it has them, a rate-limiting binding; its function file only hands its event over.
 * A host without a schedule (Cloudflare Pages) asks for the day's work after requests (`followUp`), at most once
 * per gap in an isolate. Every call of one invocation counts against its subrequest budget (./store/budget.ts).
 */
import { countPath } from '../contact/audience-settings.ts';
import type { LeadStoreKind } from '../contact/lead-stores.ts';
import type { Settings } from '../contact/settings.ts';
import { settingsLines } from '../contact/lines.ts';
import { fillTemplate } from '../content/template.ts';
import { receiverSecurityHeaders } from '../site/security-headers.ts';
import { type AudienceCounter, createAudienceCounter } from './audience/counter.ts';
import { acknowledgementMemory } from './contact/acknowledgement.ts';
import { type Channel, channelOf } from './contact/channel.ts';
import { type Fetch, globalFetch } from './contact/delivery/post.ts';
import { createDigest } from './contact/digest.ts';
import { leadWay, type OpenLeads, retryPass } from './contact/lead-way.ts';
import { receiverLines } from './contact/lines.ts';
import { maxAttempts, type NotificationEvent, parisDateTime, parisTime } from './contact/notify.ts';
import { purgeOnceADay } from './contact/purge.ts';
import { memoryRateLimiter, type RateLimiter } from './contact/rate-limit.ts';
import { contactPath } from './contact/receiver.ts';
import { repeatMemory } from './contact/spam/repeats.ts';
import { spamCaps } from './contact/spam/weights.ts';
import { audienceStore } from './store/audience-store.ts';
import { type Budget, budget, countedDriver, countedFetch } from './store/budget.ts';
import { deliveryStatusStore } from './store/delivery-status.ts';
import type { Driver } from './store/driver.ts';
import { leadStore } from './store/lead-store.ts';

/** A host's store: its driver, or why the one the settings ask for cannot be opened (a missing binding). */
export type HostDriver = Driver | { problem: string };

export interface ApiOptions {
  settings: Settings;
  /** The store this runtime has. */
  host: LeadStoreKind;
  /** The leads' driver; none when the settings ask for no store. */
  leads?: HostDriver;
  /** The audience's own driver; none when nothing is counted here. */
  audience?: HostDriver;
  /** Replaces the in-memory rate limit (Cloudflare's Rate Limiting binding). */
  rateLimiter?: RateLimiter;
  fetch?: Fetch;
  now?: () => Date;
  log?: (line: string) => void;
  logError?: (line: string) => void;
  /** Counts started and not finished at most (Node); past it a view is dropped, and the drop counted. */
  maxWaitingCounts?: number;
  /**
   * The clock the gap between passes started by requests is measured on: the wall clock by default. Apart from
   * `now`, which tests move by hours to make a lead due; a test of the gap itself gives its own.
   */
  gapClock?: () => number;
}

/** What a host hands over with a request. */
interface ApiContext {
  client?: { address?: string };
  /** Keeps the runtime alive after the answer for the work that follows it (a host's `waitUntil`). */
  waitUntil?(work: Promise<unknown>): void;
  /** The host has no schedule (Cloudflare Pages): the day's work follows requests, at most once per gap. */
  followUp?: boolean;
}

export interface Api {
  fetch(request: Request, context?: ApiContext): Promise<Response>;
  /** The purge once a day, then the retry pass with the digest; never rejects. */
  scheduled(): Promise<void>;
  /** French lines saying where messages go, for the start of a server or function. */
  describe: string;
  /** Lines to correct: with any, nothing is notified (and, without a store, no message is accepted). */
  problems: string[];
  /** Lines to correct while a default applies. */
  warnings: string[];
}

/** The least time between two passes started by requests in a process or isolate (schedules have their own pace). */
export const retryGapMs = 10_000;

const driverOf = (value: HostDriver | undefined): Driver | undefined => (value && !('problem' in value) ? value : undefined);
const problemOf = (value: HostDriver | undefined): string | undefined => (value && 'problem' in value ? value.problem : undefined);

/** How the log says where messages go. */
function describeDelivery(settings: Settings, where: string | undefined, channel: Channel | undefined): string {
  const words = receiverLines;
  const { delivery } = settings;
  let line = words.deliveryNone;
  if (where !== undefined && delivery.mode === 'local') line = fillTemplate(words.deliveryLocal, { dir: where });
  else if (channel && delivery.mode === 'email') line = fillTemplate(words.deliveryEmail, { to: delivery.to.join(', ') });
  // The host only: a webhook's path often holds its secret token.
  else if (channel && delivery.mode === 'webhook') line = fillTemplate(words.deliveryWebhook, { host: new URL(delivery.url).host });
  else if (where !== undefined && settings.problems.length > 0) line = fillTemplate(settingsLines.heldNotifications, { where });
  if (where === undefined || !channel) return line;
  const acknowledged = settings.acknowledgement.asked && channel.acknowledge !== undefined;
  return [fillTemplate(words.storeFirst, { where }), line, ...(acknowledged ? [words.acknowledgementOn] : [])].join('\n');
}

export async function createApi(options: ApiOptions): Promise<Api> {
  const { settings, now = () => new Date(), gapClock = Date.now, log = console.log, logError = console.error } = options;
  const words = receiverLines;
  const fetcher = options.fetch ?? globalFetch;
  const leadsDriver = driverOf(options.leads);
  const audienceDriver = driverOf(options.audience);
  const storeProblem = problemOf(options.leads);
  const problems = [...settings.problems, ...(storeProblem ? [storeProblem] : [])].map((problem) =>
    fillTemplate(settingsLines.invalid, { problem }),
  );
  const audienceProblem = problemOf(options.audience);
  const warnings = [...settings.warnings, ...(audienceProblem ? [audienceProblem] : [])];
  // The channel only when every setting is right: a wrong one never sends half-configured (unsigned, elsewhere).
  const channelFor = (calls: Budget) =>
    settings.problems.length === 0 ? channelOf(settings.delivery, countedFetch(fetcher, calls)) : undefined;
  const probe = await channelFor(budget());
  const where = leadsDriver?.where;
  // Nothing can keep or deliver a message: valid messages get 503, never a false « envoyé ».
  const unavailable = storeProblem !== undefined || (!leadsDriver && !probe);

  /** One line per change of a lead's state, never one per pass. */
  function report(event: NotificationEvent): void {
    const delivery = probe?.name ?? '';
    if (event.kind === 'sent') log(fillTemplate(words.notifySent, { delivery, id: event.lead.id, attempt: String(event.attempts) }));
    else if (event.kind === 'retrying') {
      const { lead, attempts, reason, nextAt } = event;
      const values = {
        delivery,
        id: lead.id,
        attempt: String(attempts),
        attempts: String(maxAttempts),
        reason,
        time: parisTime(nextAt),
      };
      logError(fillTemplate(words.notifyFailed, values));
    } else if (event.kind === 'failed') {
      logError(
        fillTemplate(words.notifyGaveUp, { delivery, id: event.lead.id, attempt: String(event.attempts), reason: event.reason }),
      );
    } else if (event.kind === 'paused') {
      const check =
        event.pause.kind === 'redirect'
          ? words.pauseCheckRedirect
          : settings.delivery.mode === 'email'
            ? words.pauseCheckEmail
            : words.pauseCheckWebhook;
      logError(
        fillTemplate(words.deliveryPaused, { delivery, reason: event.pause.reason, time: parisTime(event.pause.nextAt), check }),
      );
    } else if (event.kind === 'resumed')
      log(fillTemplate(words.deliveryResumed, { delivery, since: parisDateTime(event.pause.since) }));
    else if (event.kind === 'unreadable')
      logError(fillTemplate(words.notifyUnreadable, { where: event.record.where, reason: event.record.reason }));
    else if (event.kind === 'budget') log(fillTemplate(words.passBudget, { count: String(event.left) }));
    else logError(fillTemplate(words.storeError, { where: where ?? '', id: event.id ?? '-', reason: event.reason }));
  }

  // What outlives a request: the in-memory rate limit, the gap between passes, the digest's memory of its day.
  const rateLimiter = options.rateLimiter ?? memoryRateLimiter({ limit: settings.rateLimit });
  let lastPass = Number.NEGATIVE_INFINITY;
  const digest = probe
    ? createDigest({
        send: (sent) => probe.sendDigest(sent),
        report: (event) =>
          event.kind === 'digestSent'
            ? log(fillTemplate(words.digestSent, { delivery: probe.name, count: String(event.count) }))
            : logError(fillTemplate(words.digestFailed, { delivery: probe.name, reason: event.reason })),
      })
    : undefined;

  const newBudget = () => budget(options.host === 'd1' ? settings.subrequests : Number.POSITIVE_INFINITY);

  /** The stores and channel of one invocation, each call counted against its budget. */
  async function open(
    calls: Budget,
  ): Promise<{ leads?: OpenLeads; leadsDriver?: Driver; audience: AudienceCounter; channel?: Channel }> {
    const driver = leadsDriver ? countedDriver(leadsDriver, calls) : undefined;
    const audience = createAudienceCounter({
      enabled: settings.audience.asked,
      store: audienceDriver ? audienceStore(countedDriver(audienceDriver, calls)) : undefined,
      log,
      logError,
      now,
      ...(options.maxWaitingCounts !== undefined ? { maxWaiting: options.maxWaitingCounts } : {}),
    });
    const channel = probe ? await channelFor(calls) : undefined;
    if (!driver) return { audience, ...(channel ? { channel } : {}) };
    const leads: OpenLeads = {
      store: leadStore(driver, { spamCaps }),
      status: deliveryStatusStore(driver),
      repeats: repeatMemory(driver),
      acknowledgements: acknowledgementMemory(driver),
    };
    return { leads, leadsDriver: driver, audience, ...(channel ? { channel } : {}) };
  }

  /** The day's work in one invocation: the purge when this sender takes the day, then the pass and the digest. */
  async function dayWork(calls: Budget, opened: Awaited<ReturnType<typeof open>>): Promise<void> {
    const { leads, audience, channel } = opened;
    if (!leads || !opened.leadsDriver) return;
    await purgeOnceADay(leads, opened.leadsDriver, audience, now(), { log, logError });
    if (!channel) return;
    const withDigest = digest ? (at: Date) => digest(at, leads) : undefined;
    await retryPass({ now, report, calls, ...(withDigest ? { digest: withDigest } : {}) }, leads, channel);
  }

  /** The day's work after a request, at most once per gap in this process or isolate. */
  function followUp(calls: Budget, opened: Awaited<ReturnType<typeof open>>): Promise<void> | undefined {
    if (gapClock() - lastPass < retryGapMs) return undefined;
    lastPass = gapClock();
    return dayWork(calls, opened).catch((error: unknown) => logError(String(error)));
  }

  async function handle(request: Request, context: ApiContext = {}): Promise<Response> {
    const after = (job: Promise<unknown>) => {
      if (context.waitUntil) context.waitUntil(job);
    };
    const calls = newBudget();
    const opened = await open(calls);
    const client = context.client ?? {};
    const pathname = new URL(request.url).pathname;
    if (pathname === countPath) {
      const answer = await opened.audience.handle(request, client, after);
      const job = context.followUp ? followUp(calls, opened) : undefined;
      if (job) after(job);
      return answer;
    }
    if (pathname !== contactPath) return new Response(null, { status: 404, headers: receiverSecurityHeaders });
    const way = leadWay({
      settings,
      ...(opened.leads ? { leads: opened.leads } : {}),
      where: where ?? '',
      ...(opened.channel ? { channel: opened.channel } : {}),
      rateLimiter,
      calls,
      now,
      report,
      log,
      logError,
      countLead: (at) => opened.audience.countLead(at),
      // Every host retries after a lead too: a site with visitors never waits for its schedule.
      thenPass: () => followUp(calls, opened),
      unavailable,
    });
    return way(request, client, after);
  }

  return {
    fetch: handle,
    async scheduled() {
      const calls = newBudget();
      await dayWork(calls, await open(calls)).catch((error: unknown) => logError(String(error)));
    },
    describe: describeDelivery(settings, where, probe),
    problems,
    warnings,
  };
}
