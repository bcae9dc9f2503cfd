/**
 * The leads past the retention period are deleted by themselves, on every host, at most once a day: the GDPR
 * notice promises that period (`leadRetentionYears` of content/processors.json), and `npm run leads -- --purge`
 * applies the same cut-off by hand. One gate here, used by the three hosts:
 * - Node (`npm start`): the server starts `keepPurging`, which asks the gate every hour (unref'd timer, stopped
 *   with the server), so the purge runs at start-up and then once a day;
 * - Netlify: the daily scheduled function src/hosts/netlify/functions/contact-purge.ts;
 * - Cloudflare Pages (no schedule): after a request, through `waitUntil`, at most once a day per isolate.
 * The audience's totals and past salts go by the same gate (`alsoPurge`), on every host.
 * Each purge logs one French line with its count (./lines.ts, `purgeDone`). A purge
 * that fails is logged and tried again an hour later.
 */
import { processors } from '../../content/data/processors.ts';
import { frenchLongDate, frenchYears, parisDay } from '../../content/french-date.ts';
import { spamRetentionDays } from './spam/weights.ts';
import { spamLines } from './spam/lines.ts';
import { receiverLines } from './lines.ts';
import type { IndexRepair, LeadStore } from '../store/lead-store.ts';
import { fillTemplate } from '../../content/template.ts';

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

/** The operator's line for a repair of the index of leads to notify (Netlify Blobs), by a pass or by the purge. */
export const indexRepairLine = ({ id, key, why }: IndexRepair) =>
  why === 'restored'
    ? fillTemplate(receiverLines.indexRestored, { id, key })
    : fillTemplate(receiverLines.indexRemoved, { key, why: receiverLines.indexWhy[why] });

/** The instant before which spam leads are past their own, shorter period (`spamRetentionDays`). */
export const spamCutoff = (now: Date) => new Date(now.getTime() - spamRetentionDays * dayMs);

/** The instant before which leads are past the retention period: `years` calendar years before `now`. */
export function retentionCutoff(now: Date, years: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

export interface PurgeOptions {
  /** A lead store (./store/lead-store.ts): its `purge`, and the acknowledgements' memory of past days. */
  store: Pick<LeadStore, 'purge' | 'forgetAcknowledgements'>;
  /**
   * What else goes by the same timer: the audience's totals past their period and the salts of past days
   * (src/api/audience/counter.ts, `purge`). It logs its own line; a failure of it is logged like the leads' own.
   */
  alsoPurge?: (now: Date) => Promise<void>;
  log: (line: string) => void;
  logError: (line: string) => void;
  /** The clock (tests move it). */
  now?: () => Date;
}

/** Deletes the leads past the retention period now, logs the count, and resolves with it. */
async function purgeExpired(options: PurgeOptions): Promise<number> {
  // Each goes its own way: a failure of one never keeps the other from running.
  const [leads, also] = await Promise.allSettled([purgeLeads(options), options.alsoPurge?.((options.now ?? (() => new Date()))())]);
  if (leads.status === 'rejected') throw leads.reason;
  if (also.status === 'rejected') throw also.reason;
  return leads.value;
}

async function purgeLeads({ store, log, logError, now = () => new Date() }: PurgeOptions): Promise<number> {
  const years = processors.leadRetentionYears;
  const cutoff = retentionCutoff(now(), years);
  const { leads, unreadable, repaired } = await store.purge(cutoff, spamCutoff(now()));
  // Who was acknowledged on a past day: a day without a message still loses yesterday's salt and hashes.
  await store.forgetAcknowledgements?.(parisDay(now()));
  const spam = leads.filter((lead) => lead.notification?.state === 'spam' && Date.parse(lead.receivedAt) >= cutoff.getTime()).length;
  const count = leads.length - spam;
  // A record the store could not read is skipped, never deleted blind: the operator is told which.
  for (const record of unreadable) logError(fillTemplate(receiverLines.skippedRecord, { where: record.where, reason: record.reason }));
  log(
    fillTemplate(receiverLines.purgeDone, {
      count: String(count),
      date: frenchLongDate(parisDay(cutoff)),
      retention: frenchYears(years),
    }),
  );
  if (spam > 0) log(fillTemplate(spamLines.purgeDone, { count: String(spam), days: String(spamRetentionDays) }));
  // Keys left by a stop or a store error (Netlify Blobs), set right on the way: each said.
  for (const repair of repaired ?? []) log(indexRepairLine(repair));
  return count + spam;
}

/**
 * The gate: a function that starts a purge when none started in the last day or since the Paris day changed (or
 * a failed one an hour ago), and otherwise returns undefined at once: with Node's hourly ask, yesterday's audience
 * salt goes within the hour after midnight. Decided synchronously, so two requests at the same instant never both
 * purge. The promise never rejects: a failure is logged.
 */
export function dailyPurge(options: PurgeOptions): () => Promise<void> | undefined {
  const now = options.now ?? (() => new Date());
  let nextAt = Number.NEGATIVE_INFINITY;
  let lastDay: string | undefined;
  return () => {
    const time = now().getTime();
    const day = parisDay(new Date(time));
    if (time < nextAt && day === lastDay) return undefined;
    lastDay = day;
    nextAt = time + dayMs;
    return purgeExpired({ ...options, now }).then(
      () => undefined,
      (error: unknown) => {
        nextAt = time + hourMs;
        options.logError(fillTemplate(receiverLines.purgeFailed, { reason: error instanceof Error ? error.message : String(error) }));
      },
    );
  };
}

/** A repeating timer: starts `tick` every `everyMs`; returns how to stop it. Node's own never keeps the process alive. */
export type Ticker = (tick: () => void, everyMs: number) => () => void;

const unrefInterval: Ticker = (tick, everyMs) => {
  const timer = setInterval(tick, everyMs);
  // Workers' timers have no unref; Node's must not keep a stopped server's process alive.
  (timer as { unref?: () => void }).unref?.();
  return () => clearInterval(timer);
};

/** What `keepPurging` needs of a server: Node's `http.Server` events. */
interface Lifecycle {
  on(event: 'listening' | 'close', listener: () => void): unknown;
}

/**
 * Node: asks the gate when the server starts listening, then every hour until it closes; the gate lets one purge
 * a day through. Resolves nothing; each purge logs its own line.
 */
export function keepPurging(server: Lifecycle, purge: () => Promise<void> | undefined, ticker: Ticker = unrefInterval): void {
  let stop: (() => void) | undefined;
  server.on('listening', () => {
    void purge();
    stop ??= ticker(() => void purge(), hourMs);
  });
  server.on('close', () => {
    stop?.();
    stop = undefined;
  });
}
