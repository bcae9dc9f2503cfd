/**
 * The way of one lead through the receiver, as named steps over one value: read (./receiver.ts: method, type,
 * size, origin, encoding, fields), limit (the client's rate), judge (./spam/), store (the lead store first: nothing
 * is answered « envoyé » before it is kept), answer, then, after the answer, notify (./notify.ts), acknowledge
 * (./acknowledgement.ts) and count (the audience). Each step's outcome is a closed union, so that what happens to a
 * lead in each case is written once, here. Without a store (a host without its binding), a lead is delivered at
 * once or refused (502), and spam, with nowhere to be kept apart, is not delivered: the log says so.
 */
import { company } from '../../content/data/company.ts';
import { contactForm } from '../../content/data/contact-form.ts';
import { contactReceiver } from '../../content/data/contact-receiver.ts';
import { brand } from '../../content/data/brand.ts';
import { contactWaysCopy } from '../../content/data/contact-ways.ts';
import { parisDay } from '../../content/french-date.ts';
import { fillTemplate } from '../../content/template.ts';
import { createContactSchema } from '../../contact/contact-schema.ts';
import { contactWays } from '../../contact/contact-ways.ts';
import type { Settings } from '../../contact/settings.ts';
import type { Budget } from '../store/budget.ts';
import type { DeliveryStatusStore } from '../store/delivery-status.ts';
import { reasonOf, type StoredLead } from '../store/lead.ts';
import type { LeadStore, SpamKind } from '../store/lead-store.ts';
import { acknowledgedWays, acknowledgementEmail, type AcknowledgementMemory } from './acknowledgement.ts';
import { type Channel, delivered, labels } from './channel.ts';
import { failureKindOf } from './delivery/post.ts';
import { receiverLines } from './lines.ts';
import { createNotifications, type NotificationEvent, passBudgetMs } from './notify.ts';
import { rateKey, type RateLimiter } from './rate-limit.ts';
import { type ClientInfo, createContactReceiver } from './receiver.ts';
import { spamLines } from './spam/lines.ts';
import { spamReasonsText } from './spam/reasons.ts';
import type { RepeatMemory } from './spam/repeats.ts';
import { type SpamVerdict, spamScore } from './spam/score.ts';
import { obviousSignals } from './spam/weights.ts';

/** The stores of one invocation, over its counted driver. */
export interface OpenLeads {
  store: LeadStore;
  status: DeliveryStatusStore;
  repeats: RepeatMemory;
  acknowledgements: AcknowledgementMemory;
}

/** What the store step did with a valid message. */
type Kept =
  | { kind: 'stored'; lead: StoredLead }
  | { kind: 'quarantined'; lead: StoredLead }
  /** Spam past the day's cap of its kind: counted, not stored. */
  | { kind: 'refused'; spam: SpamKind }
  /** No store: delivered at once, or (spam) dropped. */
  | { kind: 'delivered' }
  | { kind: 'dropped' };

/** The acknowledgement's turn, as the log says it. */
type Acknowledged = 'sent' | 'skipped' | 'failed';

export interface LeadWayOptions {
  settings: Settings;
  /** The stores, or none (no store on this host, or one that cannot be opened). */
  leads?: OpenLeads;
  /** How the log names the store. */
  where: string;
  /** The channel, when notifications may go (no settings problem). */
  channel?: Channel;
  rateLimiter: RateLimiter;
  calls: Budget;
  now: () => Date;
  report: (event: NotificationEvent) => void;
  log: (line: string) => void;
  logError: (line: string) => void;
  /** The audience: one more lead today; never rejects. */
  countLead?: (at: Date) => Promise<void>;
  /** What follows this request's own notification: a retry pass with the digest, when its gate lets one through. */
  thenPass?: () => Promise<void> | undefined;
  /** Refuse every message (503): nothing can keep or deliver it. */
  unavailable: boolean;
}

const schema = createContactSchema(contactForm.errors);

/** A lead delivered later than this after its reception gets no acknowledgement: a person answers it. */
const acknowledgementWindowMs = 24 * 60 * 60 * 1000;

/** The ways /contact shows, as the content sets them when the receiver starts. */
const ways = acknowledgedWays(contactWays({ phone: company.phone, email: company.email, ...contactWaysCopy }), contactWaysCopy.labels);

/** The spam kind a verdict is kept under: an obvious bot's signal, or judged. */
const spamKindOf = (verdict: SpamVerdict): SpamKind =>
  ((obviousSignals as readonly string[]).find((signal) => verdict.reasons.includes(signal as never)) as SpamKind | undefined) ??
  'judged';

export function leadWay(
  options: LeadWayOptions,
): (request: Request, client: ClientInfo, after: (work: Promise<unknown>) => void) => Promise<Response> {
  const { settings, leads, channel, log, logError, now } = options;
  const words = receiverLines;

  /** judge: the verdict without the memory first, so that spam never feeds it; then with what it remembers. */
  async function judge(input: Parameters<typeof spamScore>[0]): Promise<SpamVerdict> {
    const first = spamScore(input);
    if (first.spam || !leads) return first;
    try {
      const repeats = await leads.repeats.remember(input.values.message, input.values.email, now());
      return spamScore({ ...input, repeats });
    } catch (error) {
      // The memory failing costs one signal, never a lead.
      logError(fillTemplate(words.storeError, { where: options.where, id: '-', reason: reasonOf(error) }));
      return first;
    }
  }

  /** store: kept first; without a store, delivered at once. Rejects when the message could be neither. */
  async function keep(message: StoredLead | Parameters<NonNullable<Channel['send']>>[0], verdict: SpamVerdict): Promise<Kept> {
    if (!leads) {
      if (verdict.spam) {
        log(fillTemplate(spamLines.dropped, { reasons: spamReasonsText(verdict.reasons) }));
        return { kind: 'dropped' };
      }
      if (!channel) throw new Error('no delivery');
      const review = verdict.outcome === 'review' ? verdict.reasons : undefined;
      try {
        await channel.send({ ...message, ...(review ? { review } : {}) });
      } catch (error) {
        logError(fillTemplate(words.failed, { delivery: channel.name, reason: reasonOf(error) }));
        throw error;
      }
      if (review) log(fillTemplate(spamLines.reviewForwarded, { reasons: spamReasonsText(review) }));
      log(fillTemplate(words.forwarded, { delivery: channel.name }));
      return { kind: 'delivered' };
    }
    const judged = verdict.spam
      ? { spam: { reasons: verdict.reasons, kind: spamKindOf(verdict) } }
      : verdict.outcome === 'review'
        ? { review: verdict.reasons }
        : {};
    let added: Awaited<ReturnType<LeadStore['add']>>;
    try {
      added = await leads.store.add(message, now(), judged);
    } catch (error) {
      logError(fillTemplate(words.failed, { delivery: options.where, reason: reasonOf(error) }));
      throw error;
    }
    if ('refused' in added) {
      log(fillTemplate(spamLines.refused, { reasons: spamReasonsText(verdict.reasons) }));
      return { kind: 'refused', spam: added.refused };
    }
    log(fillTemplate(words.saved, { file: `${options.where} (${added.id})` }));
    if (added.notification.state === 'spam') {
      log(fillTemplate(spamLines.quarantined, { id: added.id, reasons: spamReasonsText(added.notification.reasons) }));
      return { kind: 'quarantined', lead: added };
    }
    if (added.review) log(fillTemplate(spamLines.reviewed, { id: added.id, reasons: spamReasonsText(added.review) }));
    return { kind: 'stored', lead: added };
  }

  /** acknowledge: one email to the visitor, within the day's caps; never touches the leads' channel. */
  async function acknowledge(lead: StoredLead, client: ClientInfo): Promise<Acknowledged> {
    const post = channel?.acknowledge;
    if (!settings.acknowledgement.asked || !post || !leads || settings.delivery.mode !== 'email') return 'skipped';
    if (now().getTime() - Date.parse(lead.receivedAt) > acknowledgementWindowMs) return 'skipped';
    const day = parisDay(now());
    try {
      const turn = await leads.acknowledgements.take(
        day,
        { email: lead.email, client: rateKey(client.address) },
        settings.acknowledgement,
      );
      if (turn !== 'send') {
        log(fillTemplate(words.acknowledgementSkipped, { id: lead.id, why: words.acknowledgementWhy[turn] }));
        return 'skipped';
      }
      const { subject, text } = acknowledgementEmail(contactReceiver.acknowledgement, { name: lead.name, reference: lead.id, ways });
      await post({ to: lead.email.trim(), subject, text, id: lead.id });
      log(fillTemplate(words.acknowledgementSent, { id: lead.id }));
      return 'sent';
    } catch (error) {
      // Out of credits, a refused sender: no more acknowledgements today, and the leads' sending is left alone.
      if (failureKindOf(error) === 'configuration') await leads.acknowledgements.stop(day, reasonOf(error)).catch(() => undefined);
      logError(fillTemplate(words.acknowledgementFailed, { id: lead.id, reason: reasonOf(error) }));
      return 'failed';
    }
  }

  /** notify, acknowledge, count: after the answer, within this invocation's budgets. */
  function afterStored(lead: StoredLead, client: ClientInfo): Promise<void> {
    return (async () => {
      const counting = options.countLead?.(now());
      if (leads && channel) {
        const notifications = createNotifications({
          leads: leads.store,
          status: leads.status,
          send: (stored) => channel.send(delivered(stored)),
          delivery: channel.name,
          target: channel.target,
          now,
          report: options.report,
          calls: options.calls,
          acknowledge: async (sent) => {
            await acknowledge(sent, client);
          },
        });
        await notifications.notify(lead).catch(() => false);
      } else if (leads && settings.delivery.mode === 'local') {
        // Store only: noted, so that npm run leads says « non notifié » rather than « à notifier ».
        await leads.status
          .change((current) => (current.storeOnly ? undefined : { ...current, storeOnly: now().toISOString() }))
          .catch((error: unknown) =>
            logError(fillTemplate(words.storeError, { where: options.where, id: '-', reason: reasonOf(error) })),
          );
      }
      await counting;
    })();
  }

  return async (request, client, after) => {
    let kept: Kept | undefined;
    const answer = await createContactReceiver({
      copy: contactReceiver,
      schema,
      labels,
      contactEmail: company.email,
      siteName: brand.name,
      rateLimiter: options.rateLimiter,
      judge,
      deliver: options.unavailable
        ? undefined
        : async (message, verdict) => {
            kept = await keep(message, verdict ?? { outcome: 'deliver', reasons: [], spam: false });
          },
    })(request, client);
    const stored = kept?.kind === 'stored' ? kept.lead : undefined;
    // One chain of work per request: its own lead first, then the pass; never a promise shared with another request.
    after(
      (async () => {
        if (stored) await afterStored(stored, client);
        await options.thenPass?.();
      })(),
    );
    return answer;
  };
}

/** A retry pass within this invocation's budgets (the request's, or a schedule's). */
export function retryPass(
  options: Pick<LeadWayOptions, 'now' | 'report' | 'calls'> & { digest?: (now: Date) => Promise<number> },
  leads: OpenLeads,
  channel: Channel,
  timeBudgetMs = passBudgetMs,
): Promise<void> {
  return createNotifications({
    leads: leads.store,
    status: leads.status,
    send: (stored) => channel.send(delivered(stored)),
    delivery: channel.name,
    target: channel.target,
    now: options.now,
    report: options.report,
    calls: options.calls,
    ...(options.digest ? { digest: options.digest } : {}),
  })
    .retryPending(timeBudgetMs)
    .then(
      () => undefined,
      () => undefined,
    );
}
