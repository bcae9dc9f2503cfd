/**
 * The daily digest: nothing is hidden without the operator being told. At most once a Paris day, the first pass
 * (./notify.ts) after 08:00 that finds something to report sends one digest, through the channel of the leads
 * (./delivery/), of everything since the last one: every message kept apart as spam (the obvious bots counted, the
 * others listed, newest first), those refused past a day's cap, the leads given up (« échec »), and an incident still
 * open. Whatever the volume, each message kept apart is in the next digest, so none reaches the spam purge unreported.
 * Across processes, isolates and instances one digest goes out a day: the day is taken in the store by one
 * conditional write, what it reported is noted only once the provider accepted it, and a digest it refused gives the
 * day back. A sender stopped between taking the day and noting leaves it to the next day's: a message may be named
 * twice, never lost.
 */
import { parisDay } from '../../content/french-date.ts';
import type { DeliveryStatusStore } from '../store/delivery-status.ts';
import { reasonOf, type StoredLead } from '../store/lead.ts';
import type { LeadStore } from '../store/lead-store.ts';
import { type DigestEntry, isEmptyDigest, type QuarantineDigest } from './delivery/digest-text.ts';
import { spamReasonsText } from './spam/reasons.ts';
import { failureKindOf } from './delivery/post.ts';
import { contactReceiver } from '../../content/data/contact-receiver.ts';

/** The digest without any text a visitor typed: ids, dates and reasons only. */
function withheld(digest: QuarantineDigest): QuarantineDigest {
  const hidden = contactReceiver.digest.withheld;
  const plain = (entry: DigestEntry): DigestEntry => ({ ...entry, name: hidden, email: hidden, message: hidden });
  return { ...digest, judged: digest.judged.map(plain), failed: digest.failed.map((entry) => ({ ...plain(entry), reasons: [] })) };
}

/** The hour (Paris) from which a day's digest may go: the operator reads it in the morning. */
const digestHour = 8;
/**
 * After a digest the provider refused, or a day found taken, the least wait before this process or isolate asks the
 * store again: a provider that is down is not asked at every pass.
 */
const digestRetryMs = 5 * 60_000;

/** What the digest says in the log. */
type DigestEvent = { kind: 'digestSent'; day: string; count: number } | { kind: 'digestFailed'; day: string; reason: string };

export interface DigestOptions {
  send: (digest: QuarantineDigest) => Promise<void>;
  report?: (event: DigestEvent) => void;
}

/** The stores a digest reads and writes, those of the invocation that runs it. */
export interface DigestStores {
  store: Pick<LeadStore, 'unreported' | 'markReported' | 'claimDigest' | 'releaseDigest'>;
  status: Pick<DeliveryStatusStore, 'read'>;
}

const parisHours = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Paris' });
/** The hour in Paris of an instant, 0 to 23. */
const parisHour = (date: Date) => Number(parisHours.format(date));

const entryOf = (lead: StoredLead, reasons: readonly string[]): DigestEntry => ({
  id: lead.id,
  receivedAt: lead.receivedAt,
  name: lead.name,
  email: lead.email,
  message: lead.message,
  reasons,
});

/**
 * The digest's step of a pass: resolves with the number of messages reported now (0 when no digest went out). What it
 * knows between passes is plain values (the day it sent, when to ask again), never a promise: each request of a Worker
 * keeps its own work.
 */
export function createDigest({ send, report = () => undefined }: DigestOptions): (now: Date, stores: DigestStores) => Promise<number> {
  let sentDay: string | undefined;
  let askAgainAt = Number.NEGATIVE_INFINITY;
  return async (now, { store: leads, status }) => {
    if (parisHour(now) < digestHour) return 0;
    const day = parisDay(now);
    if (day === sentDay || now.getTime() < askAgainAt) return 0;
    const found = await leads.unreported(now);
    const pause = (await status.read()).pause;
    const digest: QuarantineDigest = {
      day,
      counted: found.counted,
      judged: found.judged.map((lead) =>
        entryOf(lead, lead.notification.state === 'spam' ? lead.notification.reasons.map((reason) => spamReasonsText([reason])) : []),
      ),
      refused: found.refused,
      failed: found.failed.map((lead) => entryOf(lead, lead.notification.state === 'failed' ? [lead.notification.reason] : [])),
      ...(pause ? { incident: { since: pause.since, reason: pause.reason } } : {}),
    };
    // A day with nothing to report does not use up its digest.
    if (isEmptyDigest(digest)) return 0;
    if (!(await leads.claimDigest(day, now))) {
      askAgainAt = now.getTime() + digestRetryMs;
      return 0;
    }
    try {
      try {
        await send(digest);
      } catch (error) {
        // A target's firewall may refuse the visitor text it quotes (the very text it refused in a lead): the same
        // digest again, that text withheld, names every message all the same.
        if (failureKindOf(error) !== 'refused') throw error;
        await send(withheld(digest));
      }
    } catch (error) {
      askAgainAt = now.getTime() + digestRetryMs;
      report({ kind: 'digestFailed', day, reason: reasonOf(error) });
      // The day is given back: a later pass, here or elsewhere, sends the digest; everything stays to report.
      await leads.releaseDigest(day);
      return 0;
    }
    sentDay = day;
    const count = digest.judged.length + Object.values(digest.counted).reduce((sum, value) => sum + value, 0) + digest.failed.length;
    report({ kind: 'digestSent', day, count });
    await leads.markReported(found.mark);
    return count;
  };
}
