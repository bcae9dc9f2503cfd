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
 * An answer that says the delivery itself is broken (deliveries.ts, `configuration`: a revoked key, a workflow
 * switched off) is no lead's fault: the lead keeps its attempts, the pass stops, and the whole sending pauses by the
 * same schedule (staying at its last delay, never giving up) until a delivery succeeds. The incident is a record
 * in the store, so that every sender (isolate, instance) sees it and the log says it once, then once again when it ends.
 */
import { DeliveryError, deliveryTimeoutMs } from './deliveries.ts';
import type { Deliver } from './receiver.ts';
import {
  type IndexRepair,
  type DeliveryPause,
  type DeliveryStatus,
  type DeliveryStatusChange,
  type LeadStore,
  type Notification,
  type Outcome,
  reasonOf,
  type StoredLead,
  type Unreadable,
} from '../store/lead-store.ts';

const minute = 60_000;
/**
 * The per-lead schedule, the only one: the wait before each retry of a temporary failure. The first retry
 * comes within a minute (most outages are a provider's hiccup), the next ones further apart, so that a
 * provider down for half a day still gets the lead, and one that never comes back is asked 6 times in
 * about 15 hours, not every minute. 5 delays → 6 attempts, then « échec ».
 */
export const retryDelaysMs: readonly number[] = [1 * minute, 5 * minute, 30 * minute, 120 * minute, 720 * minute];
export const maxAttempts = retryDelaysMs.length + 1;

/** The wait after the `failures`-th configuration error in a row: the same schedule, staying at its last delay. */
const pauseDelayMs = (failures: number) =>
  retryDelaysMs[Math.min(Math.max(failures, 1), retryDelaysMs.length) - 1] ?? 12 * 60 * minute;

/** Whether an incident holds the sending at `now`. */
const pausedAt = (status: DeliveryStatus, now: Date) => status.pause !== undefined && Date.parse(status.pause.nextAt) > now.getTime();

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
  | { kind: 'storeError'; id?: string; reason: string }
  /** The delivery is broken: said once per incident, by the sender that opened it. */
  | { kind: 'paused'; pause: DeliveryPause }
  /** A delivery succeeded again: said once, by the sender that ended it. */
  | { kind: 'resumed'; pause: DeliveryPause };

export interface NotificationsOptions {
  store: LeadStore;
  send: Deliver;
  now?: () => Date;
  report?: (event: NotificationEvent) => void;
  /** Replaces `passBudgetMs` (tests). */
  budgetMs?: number;
  /** The daily digest of quarantined messages (./digest.ts), asked at the end of each pass. */
  digest?: (now: Date) => Promise<number>;
  /** The delivery's name in an incident's record (`email Brevo`, `webhook`). */
  delivery?: string;
  /**
   * Called once a lead not marked « à vérifier » was delivered and its state written (the acknowledgement,
   * ./acknowledgement.ts): the lead is safe by then, whatever it does. Never rejects.
   */
  acknowledge?: (lead: StoredLead) => Promise<void>;
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
const parisDayHour = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });
/** `24/11/2026 20:40` in Paris: since when an incident lasts. */
export const parisDateTime = (iso: string) => parisDayHour.format(new Date(iso));

/** The state after an attempt numbered `attempts` failed with `error`. */
function afterFailure(error: unknown, attempts: number, at: Date): Outcome {
  const reason = reasonOf(error);
  const final = error instanceof DeliveryError && error.final;
  const delay = retryDelaysMs[attempts - 1];
  if (final || delay === undefined) return { state: 'failed', attempts, at: at.toISOString(), reason };
  return { state: 'pending', attempts, nextAt: new Date(at.getTime() + delay).toISOString(), lastReason: reason };
}

/**
 * The delivery's record of a store, or one kept in memory for a store that has none (one process then). The
 * change is applied to the record read, and written only if it still is the current one.
 */
function deliveryRecord(store: LeadStore) {
  let memory: DeliveryStatus = {};
  return {
    read: (): Promise<DeliveryStatus> => (store.deliveryStatus ? store.deliveryStatus() : Promise.resolve(memory)),
    async update(change: DeliveryStatusChange): Promise<{ before: DeliveryStatus; after: DeliveryStatus }> {
      if (store.updateDeliveryStatus) return store.updateDeliveryStatus(change);
      const before = memory;
      memory = change(before) ?? before;
      return { before, after: memory };
    },
  };
}

/**
 * What one pass (or one request's notification) knows of the delivery: the record as read when it started, and the
 * incident it opened or ended, so that it writes the record at most once each way.
 */
interface Round {
  status: DeliveryStatus;
  /** Set by a configuration error: the other leads of this round are not tried. */
  halted: boolean;
  pausing?: Promise<DeliveryPause | undefined>;
  resuming?: Promise<void>;
}

export function createNotifications({
  store,
  send,
  now = () => new Date(),
  report = () => undefined,
  budgetMs = passBudgetMs,
  digest,
  delivery = '',
  acknowledge,
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

  const record = deliveryRecord(store);

  /**
   * Opens the incident, or moves it to its next step when it was due again; another sender that did so first
   * (its `nextAt` still ahead) is followed, not stepped again. Said only by the sender that opened it.
   */
  async function pause(reason: string, at: Date): Promise<DeliveryPause | undefined> {
    const changed = await guarded(undefined, () =>
      record.update((current) => {
        const open = current.pause;
        if (open && Date.parse(open.nextAt) > at.getTime()) return undefined;
        const failures = (open?.failures ?? 0) + 1;
        const nextAt = new Date(at.getTime() + pauseDelayMs(failures)).toISOString();
        return { ...current, pause: { since: open?.since ?? at.toISOString(), delivery, reason, failures, nextAt } };
      }),
    );
    if (changed?.after.pause && !changed.before.pause) report({ kind: 'paused', pause: changed.after.pause });
    return changed?.after.pause;
  }

  /** Ends the incident after a success; said only by the sender that ended it. */
  async function resume(): Promise<void> {
    const changed = await guarded(undefined, () =>
      record.update((current) => (current.pause ? { ...current, pause: undefined } : undefined)),
    );
    if (changed?.before.pause && !changed.after.pause) report({ kind: 'resumed', pause: changed.before.pause });
  }

  /** The delivery as a round starts; a store that cannot say reads as no incident: the lead is tried. */
  const startRound = async (): Promise<Round> => ({ status: (await guarded(undefined, () => record.read())) ?? {}, halted: false });

  async function attempt(lead: StoredLead, round: Round): Promise<Notification['state'] | 'taken' | 'halted'> {
    const start = now();
    const state = await guarded(lead.id, () => store.claim(lead, start, new Date(start.getTime() + claimMs)));
    if (state?.state !== 'pending') return 'taken';
    const attempts = state.attempts + 1;
    let outcome: Outcome;
    let broken = false;
    try {
      await send(lead);
      outcome = { state: 'sent', at: now().toISOString() };
    } catch (error) {
      if (error instanceof DeliveryError && error.configuration) {
        // Not this lead's failure: it keeps its attempts and waits for the end of the pause.
        broken = true;
        round.halted = true;
        const at = now();
        round.pausing ??= pause(error.message, at);
        const paused = await round.pausing;
        const nextAt = paused?.nextAt ?? new Date(at.getTime() + pauseDelayMs(1)).toISOString();
        outcome = { state: 'pending', attempts: state.attempts, nextAt, lastReason: error.message };
      } else {
        outcome = afterFailure(error, attempts, now());
      }
    }
    for (let tries = 0; tries < recordTries; tries += 1) {
      if ((await guarded(lead.id, () => store.record(lead.id, outcome, state).then(() => true))) === true) break;
    }
    if (broken) return 'halted';
    if (outcome.state === 'sent') {
      if (round.status.pause) {
        round.resuming ??= resume();
        await round.resuming;
      }
      report({ kind: 'sent', lead, attempts });
      if (acknowledge && !(lead.review && lead.review.length > 0)) await acknowledge(lead);
    } else if (outcome.state === 'failed') report({ kind: 'failed', lead, attempts, reason: outcome.reason });
    else report({ kind: 'retrying', lead, attempts, nextAt: outcome.nextAt, reason: outcome.lastReason ?? '' });
    return outcome.state;
  }

  async function retry(budget: number): Promise<number> {
    const deadline = Date.now() + budget;
    const round = await startRound();
    // A pass runs only where a delivery is set: the store is no longer « store only ».
    if (round.status.storeOnly) {
      await guarded(undefined, () =>
        record.update((current) => (current.storeOnly ? { ...current, storeOnly: undefined } : undefined)),
      );
    }
    // While an incident holds the sending, a pass sends nothing: every lead would get the same answer.
    if (pausedAt(round.status, now())) return 0;
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
    // At the end of a pause, one lead goes first, alone: while the delivery is still broken, that is the only
    // request of the pass.
    const probe = round.status.pause ? queue.shift() : undefined;
    if (probe && (await attempt(probe, round)) === 'sent') sent += 1;
    const worker = async () => {
      for (let lead = queue.shift(); lead; lead = queue.shift()) {
        if (Date.now() + Math.min(deliveryTimeoutMs + storeReserveMs, budget / 2) > deadline) return;
        // A lead that fails never holds back the others: each has its own schedule. A broken delivery does.
        if (round.halted) return;
        if ((await attempt(lead, round)) === 'sent') sent += 1;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    // The leads first; then the digest, one provider call, only while it still fits in the budget and the delivery
    // is not found broken.
    if (digest && !round.halted && Date.now() + Math.min(deliveryTimeoutMs + storeReserveMs, budget / 2) <= deadline) {
      await guarded(undefined, () => digest(now()));
    }
    return sent;
  }

  let pass: Promise<number> | undefined;
  return {
    async notify(lead) {
      const round = await startRound();
      // During an incident a new lead waits, still due, for the pass that ends the pause.
      if (pausedAt(round.status, now())) return false;
      return (await attempt(lead, round)) === 'sent';
    },
    retryPending(budget = budgetMs) {
      pass ??= retry(budget).finally(() => {
        pass = undefined;
      });
      return pass;
    },
  };
}
