/**
 * The notification of a stored lead (email through Brevo or webhook), a step apart from storing it:
 * the visitor's answer never waits on it. Each lead has its own attempts: a temporary failure (no answer,
 * timeout, 408, 429, 5xx) schedules its next attempt (`retryDelaysMs`), a final answer (any other 4xx, any
 * 3xx) or the last attempt marks it « échec » with the reason; `npm run leads -- --retry ID` puts it back.
 * `retryPending` sends the leads that are due, each host calling it at the next request, at start-up and,
 * where the host has one, on a schedule. One pass reads one batch of due leads, goes on past a lead that
 * fails, and starts no attempt it could not finish within its budget. A claim in the store keeps two
 * senders (requests, isolates, instances) from sending the same lead; only a sender that stops between the
 * provider's answer and the store's update (a crash) can leave a lead to be sent again after the claim
 * expires, which is why each notification carries the lead's id (deliveries.ts).
 */
import { DeliveryError, deliveryTimeoutMs } from './deliveries.ts';
import type { Deliver } from './receiver.ts';
import {
  type IndexRepair,
  type LeadStore,
  type Notification,
  type Outcome,
  reasonOf,
  type StoredLead,
  type Unreadable,
} from './store/lead-store.ts';

const minute = 60_000;
/**
 * The per-lead schedule, the only one: the wait before each retry of a temporary failure. The first retry
 * comes within a minute (most outages are a provider's hiccup), the next ones further apart, so that a
 * provider down for half a day still gets the lead, and one that never comes back is asked 6 times in
 * about 15 hours, not every minute. 5 delays → 6 attempts, then « échec ».
 */
export const retryDelaysMs: readonly number[] = [1 * minute, 5 * minute, 30 * minute, 120 * minute, 720 * minute];
export const maxAttempts = retryDelaysMs.length + 1;

/** Longer than a provider's timeout (deliveries.ts): a live sender's claim never expires under it. */
const claimMs = 2 * minute;
/** Leads read per pass, whatever the number pending. */
const retryBatch = 20;
/** Attempts of one pass running at once: a provider that times out still lets a pass get through its batch. */
const concurrency = 4;
/**
 * A pass's time budget: under the 30 s hosts give background work (Workers' and Netlify's `waitUntil`,
 * Netlify's scheduled function). An attempt starts only while one full provider timeout, plus the store's
 * writes, still fits in it.
 */
export const passBudgetMs = 25_000;
const storeReserveMs = 5_000;
/**
 * Tries at writing an attempt's outcome: a store error right after the provider accepted the lead would
 * otherwise leave it to be sent again once its claim expires.
 */
const recordTries = 3;

/** What happened to a lead's notification, for the log: one event per change of state. */
export type NotificationEvent =
  | { kind: 'sent'; lead: StoredLead; attempts: number }
  | { kind: 'retrying'; lead: StoredLead; attempts: number; nextAt: string; reason: string }
  | { kind: 'failed'; lead: StoredLead; attempts: number; reason: string }
  | { kind: 'unreadable'; record: Unreadable }
  /** The store set its index right while finding due leads (Netlify Blobs). */
  | { kind: 'repaired'; repair: IndexRepair }
  | { kind: 'storeError'; id?: string; reason: string };

export interface NotificationsOptions {
  store: LeadStore;
  send: Deliver;
  now?: () => Date;
  report?: (event: NotificationEvent) => void;
  /** Replaces `passBudgetMs` (tests). */
  budgetMs?: number;
  /** The daily digest of quarantined messages (./digest.ts), asked at the end of each pass. */
  digest?: (now: Date) => Promise<number>;
}

export interface Notifications {
  /** Sends this lead's notification unless it went out already or another sender holds it; true when sent now. */
  notify(lead: StoredLead): Promise<boolean>;
  /**
   * Sends the due leads (one batch) within `budgetMs` (default `passBudgetMs`); concurrent calls share one
   * pass. Resolves with the number sent.
   */
  retryPending(budgetMs?: number): Promise<number>;
}

const parisHour = new Intl.DateTimeFormat('fr-FR', { timeStyle: 'short', timeZone: 'Europe/Paris' });
/** `HH:MM` in Paris, the time of the next attempt in the log and in `npm run leads`. */
export const parisTime = (iso: string) => parisHour.format(new Date(iso));

/** The state after an attempt numbered `attempts` failed with `error`. */
function afterFailure(error: unknown, attempts: number, at: Date): Outcome {
  const reason = reasonOf(error);
  const final = error instanceof DeliveryError && error.final;
  const delay = retryDelaysMs[attempts - 1];
  if (final || delay === undefined) return { state: 'failed', attempts, at: at.toISOString(), reason };
  return { state: 'pending', attempts, nextAt: new Date(at.getTime() + delay).toISOString(), lastReason: reason };
}

export function createNotifications({
  store,
  send,
  now = () => new Date(),
  report = () => undefined,
  budgetMs = passBudgetMs,
  digest,
}: NotificationsOptions): Notifications {
  /** A store that fails is logged, and the pass goes on with the other leads. */
  async function guarded<T>(id: string | undefined, work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      report({ kind: 'storeError', ...(id ? { id } : {}), reason: reasonOf(error) });
      return undefined;
    }
  }

  async function attempt(lead: StoredLead): Promise<Notification['state'] | 'taken'> {
    const start = now();
    const state = await guarded(lead.id, () => store.claim(lead, start, new Date(start.getTime() + claimMs)));
    if (state?.state !== 'pending') return 'taken';
    const attempts = state.attempts + 1;
    let outcome: Outcome;
    try {
      await send(lead);
      outcome = { state: 'sent', at: now().toISOString() };
    } catch (error) {
      outcome = afterFailure(error, attempts, now());
    }
    for (let tries = 0; tries < recordTries; tries += 1) {
      if ((await guarded(lead.id, () => store.record(lead.id, outcome, state).then(() => true))) === true) break;
    }
    if (outcome.state === 'sent') report({ kind: 'sent', lead, attempts });
    else if (outcome.state === 'failed') report({ kind: 'failed', lead, attempts, reason: outcome.reason });
    else report({ kind: 'retrying', lead, attempts, nextAt: outcome.nextAt, reason: outcome.lastReason ?? '' });
    return outcome.state;
  }

  async function retry(budget: number): Promise<number> {
    const deadline = Date.now() + budget;
    const due = await guarded(undefined, () => store.due(now(), retryBatch));
    if (!due) return 0;
    for (const repair of due.repaired ?? []) report({ kind: 'repaired', repair });
    // A record that cannot be read is set aside once (« échec »), so that it never takes a place in a batch again.
    for (const record of due.unreadable) {
      const failed: Notification = { state: 'failed', attempts: 0, at: now().toISOString(), reason: record.reason };
      if ((await guarded(record.id, () => store.record(record.id, failed).then(() => true))) === true) {
        report({ kind: 'unreadable', record });
      }
    }
    const queue = [...due.leads];
    let sent = 0;
    const worker = async () => {
      for (let lead = queue.shift(); lead; lead = queue.shift()) {
        if (Date.now() + Math.min(deliveryTimeoutMs + storeReserveMs, budget / 2) > deadline) return;
        // A lead that fails never holds back the others: each has its own schedule.
        if ((await attempt(lead)) === 'sent') sent += 1;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    // The leads first; then the digest, one provider call, only while it still fits in the budget.
    if (digest && Date.now() + Math.min(deliveryTimeoutMs + storeReserveMs, budget / 2) <= deadline) {
      await guarded(undefined, () => digest(now()));
    }
    return sent;
  }

  let pass: Promise<number> | undefined;
  return {
    notify: async (lead) => (await attempt(lead)) === 'sent',
    retryPending(budget = budgetMs) {
      pass ??= retry(budget).finally(() => {
        pass = undefined;
      });
      return pass;
    },
  };
}
