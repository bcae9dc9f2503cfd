/**
 * The receiver as this site runs it: the words of content/, the contact form's own schema, and the
 * delivery and rate limit chosen by the environment. Every adapter (Node server, Cloudflare Pages
 * Function, Netlify Function) calls this with its host's environment and what only it can provide.
 * With a lead store (files on Node, D1, Netlify Blobs), a valid lead is stored first and the visitor
 * answered then; the email or webhook follows as a separate, retried step (./notify.ts).
 */
import { brand } from '../../content/data/brand.ts';
import { company } from '../../content/data/company.ts';
import { contactForm } from '../../content/data/contact-form.ts';
import { contactReceiver } from '../../content/data/contact-receiver.ts';
import { createContactSchema } from '../../contact/contact-schema.ts';
import { mapFields } from '../../contact/map-fields.ts';
import { acknowledgedWays, acknowledgementEmail } from './acknowledgement.ts';
import { contactWays } from '../../contact/contact-ways.ts';
import { contactWaysCopy } from '../../content/data/contact-ways.ts';
import { acknowledgementSetting } from '../../contact/acknowledgement-settings.ts';
import { parisDay } from '../../content/french-date.ts';
import {
  brevoAcknowledgementDelivery,
  brevoDelivery,
  brevoDigestDelivery,
  type Delivered,
  type Fetch,
  type QuarantineDigest,
  type ReviewWords,
  webhookDelivery,
  webhookDigestDelivery,
} from './deliveries.ts';
import { createDigest, type DigestEvent } from './digest.ts';
import { processors } from '../../content/data/processors.ts';
import { memoryRateLimiter, type RateLimiter } from './rate-limit.ts';
import { type ClientInfo, createContactReceiver, type Deliver, type Judge } from './receiver.ts';
import { spamReasonsText } from './spam/reasons.ts';
import { spamScore } from './spam/score.ts';
import { createNotifications, maxAttempts, type NotificationEvent, parisDateTime, parisTime, passBudgetMs } from './notify.ts';
import { indexRepairLine } from './purge.ts';
import { receiverLines } from './lines.ts';
import { spamLines } from './spam/lines.ts';
import type { Env } from '../../contact/delivery-settings.ts';
import { readSettings, type ReceiverSettings } from './settings.ts';
import type { StoreChoice } from '../store/choose.ts';
import { type LeadStore, reasonOf, type StoredLead } from '../store/lead-store.ts';
import { fillTemplate } from '../../content/template.ts';

/** The form's own label of each field: the email and the list of fields to correct name them so. */
export const labels = mapFields((field) => contactForm.fields[field.name].label);

/** How a lead « à vérifier » is marked in the email and the webhook (./spam/lines.ts). */
const reviewWords: ReviewWords = {
  mark: spamLines.reviewMark,
  line: (reasons) => fillTemplate(spamLines.reviewLine, { reasons: spamReasonsText(reasons) }),
};

/** A lead delivered later than this after its reception gets no acknowledgement. */
const acknowledgementWindowMs = 24 * 60 * 60 * 1000;

/** The least time between two retry passes started by requests (the schedules have their own pace). */
const retryGapMs = 10_000;

export interface SiteReceiverOptions {
  env: Env;
  /**
   * Where each valid lead is stored before the visitor is told it was sent, and how the operator's log names
   * it; or why the store the settings ask for cannot be used (src/api/store/choose.ts).
   */
  store?: StoreChoice;
  /** Replaces the in-memory limit (Cloudflare's Rate Limiting binding). */
  rateLimiter?: RateLimiter;
  fetch?: Fetch;
  /** Audience (src/api/audience/): called once a lead is stored, to count it apart from it; never rejects. */
  onLead?: (at: Date) => Promise<void>;
  log?: (line: string) => void;
  logError?: (line: string) => void;
}

export interface SiteReceiver {
  /**
   * Answers a request. With a store and a notification, `after` receives the work that follows the answer:
   * this request's notification, then a retry of the pending leads (a host passes `waitUntil`; without it
   * the work runs on its own). It never rejects, and shares no promise with another request: Workers
   * cancel a continuation resumed from another request's context.
   */
  handle(request: Request, client?: ClientInfo, after?: (work: Promise<void>) => void): Promise<Response>;
  settings: ReceiverSettings;
  /** French lines for the operator; when there are any, nothing is delivered. */
  problems: string[];
  /** French lines saying where messages go. */
  describe: string;
  /** With a store and an email or webhook: sends the pending leads (start-up, schedule); resolves with how many. */
  retryPending?: () => Promise<number>;
  /**
   * The same retry pass as after a lead, behind the same gate (at most one per gap in this process or isolate), for
   * a request that brings no lead (Cloudflare's `/api/count`); undefined when the gate is closed. Never rejects.
   */
  retryIfDue?: () => Promise<void> | undefined;
}

export function createSiteReceiver({
  env,
  store: storeChoice,
  rateLimiter,
  fetch,
  onLead,
  log = console.log,
  logError = console.error,
}: SiteReceiverOptions): SiteReceiver {
  const words = receiverLines;
  // With a store, `CONTACT_DELIVERY=local` means: store only, notify nobody.
  const store = storeChoice && 'leads' in storeChoice ? storeChoice : undefined;
  const { settings, problems } = readSettings(env, { hasLeadStore: store !== undefined, words });
  if (storeChoice && 'problem' in storeChoice) problems.push(storeChoice.problem);
  const { delivery } = settings;

  let deliver: Deliver | undefined;
  /** The daily digest of quarantined messages, through the same channel as the leads. */
  let sendDigest: ((digest: QuarantineDigest) => Promise<void>) | undefined;
  let describe = words.deliveryNone;
  let deliveryName = '';
  const reported = (name: string, send: Deliver): Deliver => {
    deliveryName = name;
    // With a store, the notifications say each change of a lead's state themselves (`report` below).
    if (store) return send;
    return async (message) => {
      try {
        await send(message);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        logError(fillTemplate(words.failed, { delivery: name, reason }));
        throw error;
      }
      log(fillTemplate(words.forwarded, { delivery: name }));
    };
  };

  if (delivery.mode === 'local' && store) {
    describe = fillTemplate(words.deliveryLocal, { dir: store.where });
  } else if (delivery.mode === 'email') {
    describe = fillTemplate(words.deliveryEmail, { to: delivery.to.join(', ') });
    deliver = reported(
      'email Brevo',
      brevoDelivery({
        apiKey: delivery.apiKey,
        to: delivery.to,
        from: delivery.from,
        senderName: brand.name,
        subject: contactReceiver.email.subject,
        intro: contactReceiver.email.intro,
        labels,
        reference: contactReceiver.email.reference,
        review: reviewWords,
        fetch,
      }),
    );
    sendDigest = brevoDigestDelivery({
      apiKey: delivery.apiKey,
      to: delivery.to,
      from: delivery.from,
      senderName: brand.name,
      labels,
      words: contactReceiver.digest,
      retentionDays: processors.spamRetentionDays,
      fetch,
    });
  } else if (delivery.mode === 'webhook') {
    // The host only: a webhook's path often holds its secret token.
    describe = fillTemplate(words.deliveryWebhook, { host: new URL(delivery.url).host });
    deliver = reported(
      'webhook',
      webhookDelivery({
        url: delivery.url,
        text: contactReceiver.webhookText,
        reviewMark: reviewWords.mark,
        fetch,
        ...(delivery.key ? { key: delivery.key } : {}),
      }),
    );
    sendDigest = webhookDigestDelivery({
      url: delivery.url,
      words: contactReceiver.digest,
      retentionDays: processors.spamRetentionDays,
      fetch,
      ...(delivery.key ? { key: delivery.key } : {}),
    });
  }

  /** One line per change of a lead's state, never one per pass. */
  function report(event: NotificationEvent): void {
    const delivery = deliveryName;
    if (event.kind === 'sent') {
      log(fillTemplate(words.notifySent, { delivery, id: event.lead.id, attempt: String(event.attempts) }));
    } else if (event.kind === 'retrying') {
      logError(
        fillTemplate(words.notifyFailed, {
          delivery,
          id: event.lead.id,
          attempt: String(event.attempts),
          attempts: String(maxAttempts),
          reason: event.reason,
          time: parisTime(event.nextAt),
        }),
      );
    } else if (event.kind === 'failed') {
      logError(
        fillTemplate(words.notifyGaveUp, { delivery, id: event.lead.id, attempt: String(event.attempts), reason: event.reason }),
      );
    } else if (event.kind === 'paused') {
      // Once per incident, with what to check for this delivery.
      logError(
        fillTemplate(words.deliveryPaused, {
          delivery,
          reason: event.pause.reason,
          time: parisTime(event.pause.nextAt),
          check: settings.delivery.mode === 'email' ? words.pauseCheckEmail : words.pauseCheckWebhook,
        }),
      );
    } else if (event.kind === 'resumed') {
      log(fillTemplate(words.deliveryResumed, { delivery, since: parisDateTime(event.pause.since) }));
    } else if (event.kind === 'unreadable') {
      logError(fillTemplate(words.notifyUnreadable, { where: event.record.where, reason: event.record.reason }));
    } else if (event.kind === 'repaired') {
      log(indexRepairLine(event.repair));
    } else {
      logError(fillTemplate(words.storeError, { where: store?.where ?? '', id: event.id ?? '-', reason: event.reason }));
    }
  }

  /**
   * The acknowledgement of a delivered lead (./acknowledgement.ts), when CONTACT_ACK asks for it and it can be
   * sent: by email, with a store that remembers who was acknowledged today. Asked for but impossible, the operator
   * is told once, now (the start of the server, function or isolate): never a silent fallback.
   */
  function acknowledgementFor(): ((lead: StoredLead) => Promise<void>) | undefined {
    const setting = acknowledgementSetting(env);
    if (setting === 'off') return undefined;
    if (setting === 'invalid') {
      logError(words.acknowledgementInvalid);
      return undefined;
    }
    if (delivery.mode !== 'email') {
      logError(words.acknowledgementNeedsEmail);
      return undefined;
    }
    const remember = store?.leads.acknowledge?.bind(store.leads);
    if (!remember) {
      logError(words.acknowledgementNeedsStore);
      return undefined;
    }
    // The ways /contact shows, as the content sets them when the receiver starts.
    const ways = acknowledgedWays(
      contactWays({ phone: company.phone, email: company.email, ...contactWaysCopy }),
      contactWaysCopy.labels,
    );
    const post = brevoAcknowledgementDelivery({
      apiKey: delivery.apiKey,
      from: delivery.from,
      senderName: brand.name,
      replyTo: company.email,
      fetch,
    });
    return async (lead) => {
      try {
        // A lead sent long after its reception (an outage, a rescue from the spam) is answered by a person, not by this.
        if (Date.now() - Date.parse(lead.receivedAt) > acknowledgementWindowMs) return;
        if (!(await remember(lead.email, parisDay(new Date())))) {
          log(fillTemplate(words.acknowledgementAlready, { id: lead.id }));
          return;
        }
        const { subject, text } = acknowledgementEmail(contactReceiver.acknowledgement, {
          name: lead.name,
          reference: lead.id,
          ways,
        });
        await post({ to: lead.email.trim(), subject, text, id: lead.id });
        log(fillTemplate(words.acknowledgementSent, { id: lead.id }));
      } catch (error) {
        logError(fillTemplate(words.acknowledgementFailed, { id: lead.id, reason: reasonOf(error) }));
      }
    };
  }

  /** The digest says once when it went out, and how many messages it named. */
  function reportDigest(event: DigestEvent): void {
    if (event.kind === 'digestSent') {
      log(fillTemplate(words.digestSent, { delivery: deliveryName, count: String(event.count) }));
    } else {
      logError(fillTemplate(words.digestFailed, { delivery: deliveryName, reason: event.reason }));
    }
  }
  // One per process or isolate (it remembers the day it sent), shared by the passes of every request.
  const digest = store && sendDigest ? createDigest({ store: store.leads, send: sendDigest, report: reportDigest }) : undefined;

  const acknowledge = acknowledgementFor();
  const send = deliver;
  const notificationsFor =
    store && send && problems.length === 0
      ? () =>
          createNotifications({
            store: store.leads,
            send,
            report,
            delivery: deliveryName,
            ...(digest ? { digest } : {}),
            ...(acknowledge ? { acknowledge } : {}),
          })
      : undefined;
  if (acknowledge && notificationsFor) describe = [describe, words.acknowledgementOn].join('\n');
  if (store && notificationsFor) describe = [fillTemplate(words.storeFirst, { where: store.where }), describe].join('\n');

  /** A store error outside any lead's notification (the repeat memory, the store-only note): logged, never thrown. */
  const logStoreError = (error: unknown) =>
    logError(fillTemplate(words.storeError, { where: store?.where ?? '', id: '-', reason: reasonOf(error) }));

  // Every message is judged; with a store, the store remembers repeated messages (keyed hashes only).
  const repeats = store?.leads.repeats?.bind(store.leads);
  const judge: Judge = async (input) => {
    // First without the memory: a message quarantined anyway never feeds it, so that posts already judged spam
    // (a filled trap field…) cannot make a common sentence suspect for the visitors who type it next.
    const first = spamScore(input);
    if (first.spam || !repeats) return first;
    let count: number | undefined;
    try {
      count = await repeats(input.values.message, input.values.email, new Date());
    } catch (error) {
      // The memory failing costs one signal, never a lead.
      logStoreError(error);
    }
    return count === undefined ? first : spamScore({ ...input, repeats: count });
  };
  // Without a store there is nowhere to keep spam apart: it is not delivered, and the log says why. A message
  // « à vérifier » is delivered with its mark.
  const dropSpam = (send: Deliver | undefined): Deliver | undefined =>
    send &&
    (async (message, verdict) => {
      if (verdict?.spam) {
        log(fillTemplate(spamLines.dropped, { reasons: spamReasonsText(verdict.reasons) }));
        return;
      }
      if (verdict?.outcome !== 'review') return send(message);
      const marked: Delivered = { ...message, review: verdict.reasons };
      log(fillTemplate(spamLines.reviewForwarded, { reasons: spamReasonsText(verdict.reasons) }));
      await send(marked);
    });

  const schema = createContactSchema(contactForm.errors);
  const limiter = rateLimiter ?? memoryRateLimiter({ limit: settings.rateLimit });
  const receiverWith = (deliverTo: Deliver | undefined) =>
    createContactReceiver({
      copy: contactReceiver,
      schema,
      labels,
      contactEmail: company.email,
      siteName: brand.name,
      // Settings with a problem (a store that cannot be used included) refuse messages rather than lose them.
      deliver: problems.length === 0 ? deliverTo : undefined,
      rateLimiter: limiter,
      judge,
    });
  const withoutStore = receiverWith(dropSpam(deliver));

  /** Notes store-only mode once (a read per lead, a write only the first time); a failure costs only the label. */
  async function noteStoreOnly(leads: LeadStore): Promise<void> {
    try {
      await leads.updateDeliveryStatus?.((current) =>
        current.storeOnly ? undefined : { ...current, storeOnly: new Date().toISOString() },
      );
    } catch (error) {
      logStoreError(error);
    }
  }

  let lastRetry = 0;
  /** Stores the lead, then starts its notification with this request's own notifier. */
  async function handle(request: Request, client?: ClientInfo, after?: (work: Promise<void>) => void): Promise<Response> {
    if (!store || problems.length > 0) return withoutStore(request, client);
    const { leads, where } = store;
    const notifications = notificationsFor?.();
    let sending: Promise<unknown> | undefined;
    let counting: Promise<void> | undefined;
    let noting: Promise<void> | undefined;
    const answer = await receiverWith(async (message, verdict) => {
      let lead: StoredLead;
      try {
        lead = await leads.add(
          message,
          new Date(),
          verdict?.spam ? verdict.reasons : undefined,
          verdict?.outcome === 'review' ? verdict.reasons : undefined,
        );
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        logError(fillTemplate(words.failed, { delivery: where, reason }));
        throw error;
      }
      log(fillTemplate(words.saved, { file: `${where} (${lead.id})` }));
      if (lead.notification.state === 'spam') {
        // Kept apart, not notified, and not counted as a lead: the operator lists and rescues it with npm run leads.
        log(fillTemplate(spamLines.quarantined, { id: lead.id, reasons: spamReasonsText(lead.notification.reasons) }));
        return;
      }
      if (lead.review) {
        log(fillTemplate(spamLines.reviewed, { id: lead.id, reasons: spamReasonsText(lead.review) }));
      }
      counting = onLead?.(new Date());
      sending = notifications?.notify(lead).catch(() => false);
      // Store only: noted in the store, so that npm run leads says « non notifié » rather than « à notifier ».
      if (!notifications && delivery.mode === 'local') noting = noteStoreOnly(leads);
    })(request, client);
    if (notifications) {
      // A time, not a shared promise: at most one retry pass per gap in this process or isolate, or a burst
      // of requests would each list and claim the same pending leads.
      const retry = Date.now() - lastRetry >= retryGapMs;
      if (retry) lastRetry = Date.now();
      const work = (async () => {
        const started = Date.now();
        await sending;
        // One budget for this request's background work: its own notification, then the pass.
        if (retry) await notifications.retryPending(passBudgetMs - (Date.now() - started)).catch(() => 0);
      })();
      if (after) after(work);
    }
    if (counting && after) after(counting);
    if (noting && after) after(noting);
    return answer;
  }

  function retryIfDue(): Promise<void> | undefined {
    if (!notificationsFor || Date.now() - lastRetry < retryGapMs) return undefined;
    lastRetry = Date.now();
    return notificationsFor()
      .retryPending(passBudgetMs)
      .then(
        () => undefined,
        () => undefined,
      );
  }

  return {
    handle,
    settings,
    problems: problems.map((problem) => fillTemplate(words.settingsInvalid, { problem })),
    describe,
    ...(notificationsFor ? { retryPending: () => notificationsFor().retryPending(), retryIfDue } : {}),
  };
}
