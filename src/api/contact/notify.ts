/**
 * The notification of a stored lead (email through Brevo or webhook), a step apart from storing it: the visitor's
 * answer never waits on it. What each answer leads to (./delivery/post.ts names the kinds):
 * - `temporary`: this lead's next attempt is scheduled (`retryDelaysMs`); after the last, « échec ».
 * - `refused` (a 4xx): the lead is not sent again, « échec », unless another lead was answered the same just before
 *   with no success between: then the setting is wrong, not the leads, and it is an incident (below), and the lead
 *   refused first goes back to pending. One lead refused alone (its content, which a firewall in front of the
 *   target refused) ends « échec », is named in the next digest, and the others go out.
 * - `redirect` (a 3xx): likewise, except that a redirected lead is never posted again (the target may have done the
 *   work before redirecting): two different leads redirected are an incident, both stay « échec », named.
 * - `configuration` (the provider says the setting is wrong): an incident at once.
 * An incident is a record in the store (../store/delivery-status.ts): no lead is sent and none loses an attempt
 * until it ends. It is tried again by the same schedule (staying at its last delay, never giving up; every 12 hours
 * for a redirect), one lead first, alone (and a second one if that first was refused: it may be that lead's own
 * content). A new setting ends it at once, and the leads it held, due all along, leave. Every sender (isolate,
 * instance) sees it, and the log says it once when it opens and once when it ends.
 * A pass reads one batch of due leads, goes on past a lead that fails, and starts no attempt that its time budget
 * or its host's subrequest budget (../store/budget.ts) could not finish. A claim in the store keeps two senders from
 * sending the same lead; only a sender that stops between the provider's answer and the store's update can leave a
 * lead to be sent again after its claim expires, which is why each notification carries the lead's id.
 */
import { type Budget, budget as unlimited } from '../store/budget.ts';
import type { DeliveryPause, DeliveryStatus, DeliveryStatusStore, PauseKind } from '../store/delivery-status.ts';
import { type Outcome, reasonOf, type StoredLead, type Unreadable } from '../store/lead.ts';
import type { Claim, LeadStore } from '../store/lead-store.ts';
import { deliveryTimeoutMs, failureKindOf } from './delivery/post.ts';

const minute = 60_000;
/**
 * The per-lead schedule, the only one: the wait before each retry of a temporary failure. The first retry comes
 * within a minute (most outages are a provider's hiccup), the next ones further apart, so that a provider down for
 * half a day still gets the lead, and one that never comes back is asked 6 times in about 15 hours.
 */
export const retryDelaysMs: readonly number[] = [1 * minute, 5 * minute, 30 * minute, 120 * minute, 720 * minute];
export const maxAttempts = retryDelaysMs.length + 1;

/**
 * The wait after the `failures`-th incident answer in a row: the same schedule, staying at its last delay; for a
 * target that redirects, its last delay at once: each probe there is a lead that may be redirected in its turn.
 */
const pauseDelayMs = (failures: number, kind: PauseKind = 'configuration') =>
  kind === 'redirect'
    ? (retryDelaysMs.at(-1) ?? 12 * 60 * minute)
    : (retryDelaysMs[Math.min(Math.max(failures, 1), retryDelaysMs.length) - 1] ?? 12 * 60 * minute);

/** Longer than a provider's timeout: a live sender's claim never expires under it. */
const claimMs = 2 * minute;
/** Leads read per pass, whatever the number pending. */
const retryBatch = 20;
/** Attempts of one pass running at once. */
const concurrency = 4;
/**
 * A pass's time budget: under the 30 s hosts give background work (Workers' and Netlify's `waitUntil`, Netlify's
 * scheduled function). An attempt starts only while one full provider timeout, plus the store's writes, still fits.
 */
export const passBudgetMs = 25_000;
const storeReserveMs = 5_000;
/**
 * Calls (store and provider) one attempt may make, its acknowledgement included, and what a pass keeps for the
 * records of attempts begun: a subrequest budget admits an attempt only with room for both.
 */
const attemptCalls = 14;
const recordReserve = 4;
/** Tries at writing an attempt's outcome: a store error right after the provider accepted would send it again. */
const recordTries = 3;

/** What happened to a lead's notification, for the log: one event per change of state. */
export type NotificationEvent =
  | { kind: 'sent'; lead: StoredLead; attempts: number }
  | { kind: 'retrying'; lead: StoredLead; attempts: number; nextAt: string; reason: string }
  | { kind: 'failed'; lead: StoredLead; attempts: number; reason: string }
  | { kind: 'unreadable'; record: Unreadable }
  | { kind: 'storeError'; id?: string; reason: string }
  /** An incident opened: said once, by the sender that opened it. */
  | { kind: 'paused'; pause: DeliveryPause }
  /** It ended (a delivery succeeded, or the setting changed): said once, by the sender that ended it. */
  | { kind: 'resumed'; pause: DeliveryPause }
  /** The pass stopped before its batch's end, its subrequest budget spent: the rest waits for the next. */
  | { kind: 'budget'; left: number };

export interface NotificationsOptions {
  leads: LeadStore;
  status: DeliveryStatusStore;
  send: (lead: StoredLead) => Promise<void>;
  /** The delivery's name in an incident's record and the log (`email Brevo`, `webhook`). */
  delivery: string;
  /** A fingerprint of the delivery's setting: an incident opened under another one is over. */
  target: string;
  now?: () => Date;
  report?: (event: NotificationEvent) => void;
  /** Replaces `passBudgetMs` (tests). */
  timeBudgetMs?: number;
  /** The host's subrequests for this invocation (Cloudflare); unlimited elsewhere. */
  calls?: Budget;
  /** The daily digest (./digest.ts), asked at the end of each pass that found the delivery working. */
  digest?: (now: Date) => Promise<number>;
  /** Called once a lead not marked « à vérifier » was delivered and its state written; never rejects. */
  acknowledge?: (lead: StoredLead) => Promise<void>;
}

export interface Notifications {
  /** Sends this lead's notification unless it went out already or another sender holds it; true when sent now. */
  notify(lead: StoredLead): Promise<boolean>;
  /** Sends the due leads (one batch) within the budgets; concurrent calls share one pass. Resolves with the number sent. */
  retryPending(timeBudgetMs?: number): Promise<number>;
}

const parisHour = new Intl.DateTimeFormat('fr-FR', { timeStyle: 'short', timeZone: 'Europe/Paris' });
/** `HH:MM` in Paris, the time of the next attempt in the log and in `npm run leads`. */
export const parisTime = (iso: string) => parisHour.format(new Date(iso));
const parisDayHour = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });
/** `24/11/2026 20:40` in Paris: since when an incident lasts. */
export const parisDateTime = (iso: string) => parisDayHour.format(new Date(iso));

/** The incident in force at `now` for this setting; one opened under another setting is over. */
const activePause = (status: DeliveryStatus, target: string): DeliveryPause | undefined =>
  status.pause && (status.pause.target === '' || status.pause.target === target) ? status.pause : undefined;

/** What one attempt ended in, for the pass. */
type Attempted = 'sent' | 'retrying' | 'failed' | 'taken' | 'halted' | 'refused';

/** One pass's (or one request's) view of the delivery, so that it writes the record at most once each way. */
interface Round {
  status: DeliveryStatus;
  /** An incident opened or stepped in this round: the other leads are not tried. */
  halted: boolean;
  pausing?: Promise<DeliveryPause | undefined>;
  resuming?: Promise<void>;
  /** The answer of the last lead refused in this round. */
  refusedWith?: string;
}

export function createNotifications({
  leads,
  status,
  send,
  delivery,
  target,
  now = () => new Date(),
  report = () => undefined,
  timeBudgetMs = passBudgetMs,
  calls = unlimited(),
  digest,
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

  /** Opens the incident, or steps it when it was due again; another sender's step still ahead is followed. */
  async function pause(kind: PauseKind, reason: string, at: Date): Promise<DeliveryPause | undefined> {
    const changed = await guarded(undefined, () =>
      status.change((current) => {
        const open = activePause(current, target);
        if (open && Date.parse(open.nextAt) > at.getTime()) return undefined;
        const failures = (open?.failures ?? 0) + 1;
        const nextAt = new Date(at.getTime() + pauseDelayMs(failures, kind)).toISOString();
        const { refusal: _refusal, ...rest } = current;
        return { ...rest, pause: { kind, since: open?.since ?? at.toISOString(), delivery, reason, failures, nextAt, target } };
      }),
    );
    const opened = changed?.after.pause;
    if (opened && !activePause(changed.before, target)) report({ kind: 'paused', pause: opened });
    return opened;
  }

  /** Ends the incident (and forgets a refusal: a success says the setting works). */
  async function resume(): Promise<void> {
    const changed = await guarded(undefined, () =>
      status.change((current) =>
        current.pause || current.refusal ? { ...current, pause: undefined, refusal: undefined } : undefined,
      ),
    );
    if (changed?.before.pause && !changed.after.pause) report({ kind: 'resumed', pause: changed.before.pause });
  }

  /**
   * A 4xx or 3xx for this lead: an incident when a different lead was answered the same with no success since
   * (that lead goes back to pending), or this lead's own refusal, noted for the next lead to explain.
   */
  async function refusedOrIncident(
    lead: StoredLead,
    kind: 'refused' | 'redirect',
    reason: string,
    at: Date,
  ): Promise<'incident' | 'own'> {
    let earlier: string | undefined;
    const changed = await guarded(lead.id, () =>
      status.change((current) => {
        const known = current.refusal;
        if (known && known.id !== lead.id && known.kind === kind) {
          earlier = known.id;
          return undefined;
        }
        earlier = undefined;
        return { ...current, refusal: { id: lead.id, kind, reason, at: at.toISOString() } };
      }),
    );
    if (changed === undefined || earlier === undefined) return 'own';
    const first = earlier;
    await pause(kind === 'redirect' ? 'redirect' : 'configuration', reason, at);
    // The first lead refused was the setting's victim too: it goes back, to be sent once the setting works. One
    // redirected stays « échec »: the target may have done the work before redirecting, so it is not posted again.
    if (kind === 'refused') await guarded(first, () => leads.retry(first, at, { onlyFailed: true }));
    return 'incident';
  }

  /**
   * `probe`: the first lead at the end of an incident. Refused, it is kept pending (no one's fault yet): the
   * second probe says whether the refusal was its own.
   */
  async function attempt(lead: StoredLead, round: Round, probe = false): Promise<Attempted> {
    const start = now();
    const claim: Claim | undefined = await guarded(lead.id, () => leads.claim(lead, start, new Date(start.getTime() + claimMs)));
    if (!claim) return 'taken';
    const attempts = claim.notification.attempts + 1;
    let outcome: Outcome;
    let result: Attempted;
    try {
      await send(lead);
      outcome = { state: 'sent', at: now().toISOString() };
      result = 'sent';
    } catch (error) {
      const kind = failureKindOf(error);
      const reason = reasonOf(error);
      const at = now();
      // Kept during an incident: due at once, so that it leaves as soon as the incident ends (a new setting too).
      const keep: Outcome = { state: 'pending', attempts: claim.notification.attempts, nextAt: at.toISOString(), lastReason: reason };
      const failed: Outcome = { state: 'failed', attempts, at: at.toISOString(), reason };
      if (kind === 'configuration') {
        round.halted = true;
        round.pausing ??= pause('configuration', reason, at);
        await round.pausing;
        outcome = keep;
        result = 'halted';
      } else if (kind === 'refused' || kind === 'redirect') {
        if ((await refusedOrIncident(lead, kind, reason, at)) === 'incident') {
          round.halted = true;
          // A redirected lead may have been done by the target: never posted again.
          outcome = kind === 'redirect' ? failed : keep;
          result = 'halted';
        } else {
          outcome = probe && kind === 'refused' ? keep : failed;
          result = 'refused';
          round.refusedWith = reason;
        }
      } else {
        const delay = retryDelaysMs[attempts - 1];
        outcome =
          delay === undefined
            ? { state: 'failed', attempts, at: at.toISOString(), reason }
            : { state: 'pending', attempts, nextAt: new Date(at.getTime() + delay).toISOString(), lastReason: reason };
        result = outcome.state === 'failed' ? 'failed' : 'retrying';
      }
    }
    for (let tries = 0; tries < recordTries; tries += 1) {
      if ((await guarded(lead.id, () => leads.record(lead.id, outcome, claim))) !== undefined) break;
    }
    // Refused alone while another sender opened an incident meanwhile: the setting's victim, back to pending.
    if (result === 'refused' && outcome.state === 'failed') {
      const opened = activePause((await guarded(lead.id, () => status.read())) ?? {}, target);
      if (opened?.kind === 'configuration' && opened.since >= start.toISOString()) {
        if (await guarded(lead.id, () => leads.retry(lead.id, now(), { onlyFailed: true }))) return 'halted';
      }
    }
    if (outcome.state === 'sent') {
      if (round.status.pause || round.status.refusal) {
        round.resuming ??= resume();
        await round.resuming;
      }
      report({ kind: 'sent', lead, attempts });
      if (acknowledge && !(lead.review && lead.review.length > 0)) await acknowledge(lead);
    } else if (outcome.state === 'failed') report({ kind: 'failed', lead, attempts, reason: outcome.reason });
    else if (result === 'retrying')
      report({ kind: 'retrying', lead, attempts, nextAt: outcome.nextAt, reason: outcome.lastReason ?? '' });
    return result;
  }

  const startRound = async (): Promise<Round> => {
    const read = (await guarded(undefined, () => status.read())) ?? {};
    // An incident of another setting is over: the setting was changed (a redeploy, a restart with a new value).
    if (read.pause && !activePause(read, target)) await resume();
    return { status: read.pause && !activePause(read, target) ? { ...read, pause: undefined } : read, halted: false };
  };

  const pausedAt = (round: Round, at: Date) => {
    const open = activePause(round.status, target);
    return open !== undefined && Date.parse(open.nextAt) > at.getTime();
  };

  async function retry(timeBudget: number): Promise<number> {
    const deadline = Date.now() + timeBudget;
    const fits = () => Date.now() + Math.min(deliveryTimeoutMs + storeReserveMs, timeBudget / 2) <= deadline;
    const round = await startRound();
    // A pass runs only where a delivery is set: the store is no longer « store only ».
    if (round.status.storeOnly) {
      await guarded(undefined, () =>
        status.change((current) => (current.storeOnly ? { ...current, storeOnly: undefined } : undefined)),
      );
    }
    if (pausedAt(round, now())) return 0;
    const due = await guarded(undefined, () => leads.due(now(), retryBatch));
    if (!due) return 0;
    // A record that cannot be read is set aside (its entry of the due index is gone): named once.
    for (const record of due.unreadable) report({ kind: 'unreadable', record });
    const queue = [...due.leads];
    let sent = 0;
    // At the end of an incident, one lead goes first, alone; if it was refused, a second, different one.
    if (activePause(round.status, target)) {
      let refused: StoredLead | undefined;
      for (let probes = 0; probes < 2 && queue.length > 0 && calls.fits(attemptCalls, recordReserve); probes++) {
        const probe = queue.shift();
        if (!probe) break;
        const result = await attempt(probe, round, probes === 0);
        if (result === 'sent') {
          sent += 1;
          break;
        }
        if (result !== 'refused') break;
        refused = probe;
      }
      // The second probe went out: the first one's refusal was its own.
      if (sent > 0 && refused) {
        const reason = round.refusedWith ?? '';
        const given = refused;
        const attempts = (given.notification.state === 'pending' ? given.notification.attempts : 0) + 1;
        const at = now().toISOString();
        if (await guarded(given.id, () => leads.record(given.id, { state: 'failed', attempts, at, reason }))) {
          report({ kind: 'failed', lead: given, attempts, reason });
        }
      }
      // Still broken (or not known to work): the incident stepped or stays due, and nothing else is tried now.
      if (sent === 0) return 0;
    }
    const worker = async () => {
      for (let lead = queue.shift(); lead; lead = queue.shift()) {
        if (!fits() || round.halted) return;
        if (!calls.fits(attemptCalls, recordReserve)) {
          queue.unshift(lead);
          return;
        }
        if ((await attempt(lead, round)) === 'sent') sent += 1;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    if (queue.length > 0 && !round.halted && !calls.fits(attemptCalls, recordReserve)) report({ kind: 'budget', left: queue.length });
    // The leads first; then the digest, one provider call, only while it fits and the delivery is not found broken.
    if (digest && !round.halted && queue.length === 0 && fits() && calls.fits(attemptCalls))
      await guarded(undefined, () => digest(now()));
    return sent;
  }

  let pass: Promise<number> | undefined;
  return {
    async notify(lead) {
      const round = await startRound();
      // During an incident a new lead waits, still due, for the pass that ends it.
      if (pausedAt(round, now())) return false;
      if (!calls.fits(attemptCalls)) return false;
      return (await attempt(lead, round)) === 'sent';
    },
    retryPending(budget = timeBudgetMs) {
      pass ??= retry(budget).finally(() => {
        pass = undefined;
      });
      return pass;
    },
  };
}
