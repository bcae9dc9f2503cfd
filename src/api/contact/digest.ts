/**
 * The daily digest of the messages kept apart as spam: nothing is hidden without the operator being told.
 * At most once a Paris day, the first retry pass (./notify.ts) after 08:00 that finds quarantined messages no
 * digest has named sends one digest of them through the configured channel (./deliveries.ts). A day with nothing
 * to report does not use up its digest; a message quarantined after the day's digest waits for the next day's.
 * Across processes, isolates and instances one digest goes out per day: the day is taken in the store in one
 * atomic write, the messages are marked only once the provider accepted the digest, and a digest it refused gives
 * the day back. A sender stopped between taking the day and marking the messages leaves them to the next day's
 * digest: a message may be named twice, never lost.
 */
import { parisDay } from '../../content/french-date.ts';
import type { DigestEntry, QuarantineDigest } from './deliveries.ts';
import { spamReasonsText } from './spam/reasons.ts';
import { type LeadStore, reasonOf, type StoredLead } from '../store/lead-store.ts';

/** The hour (Paris) from which a day's digest may go: the operator reads it in the morning. */
const digestHour = 8;
/** Messages one digest names; the others wait for the next one, and the digest says so. */
const digestLimit = 50;
/**
 * After a digest the provider refused, or a day found taken, the least wait before this process or isolate asks
 * the store again: a provider that is down is not asked at every pass.
 */
const digestRetryMs = 5 * 60_000;

/** What the digest says in the log. */
export type DigestEvent =
  | { kind: 'digestSent'; day: string; count: number }
  | { kind: 'digestFailed'; day: string; count: number; reason: string };

export interface DigestOptions {
  store: Pick<LeadStore, 'unreported' | 'markReported' | 'claimDigest' | 'releaseDigest'>;
  send: (digest: QuarantineDigest) => Promise<void>;
  report?: (event: DigestEvent) => void;
}

const parisHours = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Paris' });
/** The hour in Paris of an instant, 0 to 23. */
const parisHour = (date: Date) => Number(parisHours.format(date));

/** A spam lead as a digest names it: its reasons in the operator's words. */
const digestEntry = (lead: StoredLead): DigestEntry => ({
  id: lead.id,
  receivedAt: lead.receivedAt,
  name: lead.name,
  email: lead.email,
  message: lead.message,
  reasons: lead.notification.state === 'spam' ? lead.notification.reasons.map((reason) => spamReasonsText([reason])) : [],
});

/**
 * The digest's step of a pass: resolves with the number of messages reported now (0 when no digest went out).
 * What it knows between passes is plain values (the day it sent, when to ask again), never a promise: each
 * request of a Worker keeps its own work.
 */
export function createDigest({ store, send, report = () => undefined }: DigestOptions): (now: Date) => Promise<number> {
  let sentDay: string | undefined;
  let askAgainAt = Number.NEGATIVE_INFINITY;
  return async (now) => {
    if (parisHour(now) < digestHour) return 0;
    const day = parisDay(now);
    if (day === sentDay || now.getTime() < askAgainAt) return 0;
    // One more than a digest names: whether others wait.
    const { leads } = await store.unreported(digestLimit + 1);
    if (leads.length === 0) return 0;
    if (!(await store.claimDigest(day, now))) {
      // Another sender has the day (or had it, and may give it back): asked again later, not at every pass.
      askAgainAt = now.getTime() + digestRetryMs;
      return 0;
    }
    const named = leads.slice(0, digestLimit);
    try {
      await send({ day, entries: named.map(digestEntry), more: leads.length > digestLimit });
    } catch (error) {
      askAgainAt = now.getTime() + digestRetryMs;
      report({ kind: 'digestFailed', day, count: named.length, reason: reasonOf(error) });
      // The day is given back: a later pass, here or elsewhere, sends the digest; the messages stay to report.
      await store.releaseDigest(day);
      return 0;
    }
    sentDay = day;
    report({ kind: 'digestSent', day, count: named.length });
    await store.markReported(
      named.map((lead) => lead.id),
      now,
    );
    return named.length;
  };
}
