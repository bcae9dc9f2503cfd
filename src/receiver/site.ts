/**
 * The receiver as this site runs it: the words of content/, the contact form's own schema, and the
 * delivery and rate limit chosen by the environment. Every adapter (Node server, Cloudflare Pages
 * Function, Netlify Function) calls this with its host's environment and what only it can provide.
 * With a lead store (files on Node, D1, Netlify Blobs), a valid lead is stored first and the visitor
 * answered then; the email or webhook follows as a separate, retried step (./notify.ts).
 */
import { brand } from '../content-data/brand.ts';
import { company } from '../content-data/company.ts';
import { contactForm } from '../content-data/contact-form.ts';
import { contactReceiver } from '../content-data/contact-receiver.ts';
import { createContactSchema } from '../forms/contact-schema.ts';
import { brevoDelivery, type Fetch, webhookDelivery } from './deliveries.ts';
import { memoryRateLimiter, type RateLimiter } from './rate-limit.ts';
import { type ContactHandler, createContactReceiver, type Deliver } from './receiver.ts';
import { createNotifications, type Notifications } from './notify.ts';
import { type Env, readSettings, type ReceiverSettings } from './settings.ts';
import type { StoreChoice } from './store/choose.ts';
import type { StoredLead } from './store/lead-store.ts';
import { fillTemplate } from './template.ts';

export const labels = {
  name: contactForm.fields.name.label,
  email: contactForm.fields.email.label,
  phone: contactForm.fields.phone.label,
  message: contactForm.fields.message.label,
};

export interface SiteReceiverOptions {
  env: Env;
  /**
   * Where each valid lead is stored before the visitor is told it was sent, and how the operator's log names
   * it; or why the store the settings ask for cannot be used (src/receiver/store/choose.ts).
   */
  store?: StoreChoice;
  /** Replaces the in-memory limit (Cloudflare's Rate Limiting binding). */
  rateLimiter?: RateLimiter;
  fetch?: Fetch;
  log?: (line: string) => void;
  logError?: (line: string) => void;
}

export interface SiteReceiver {
  handle: ContactHandler;
  settings: ReceiverSettings;
  /** French lines for the operator; when there are any, nothing is delivered. */
  problems: string[];
  /** French lines saying where messages go. */
  describe: string;
  /** With a store and an email or webhook: the notifications (the hosts retry the pending ones). */
  notifications?: Notifications;
  /**
   * The notifications started by requests, then a retry of the pending ones: what a host keeps running
   * after the answer (`waitUntil`). Never rejects.
   */
  background(): Promise<void>;
}

export function createSiteReceiver({
  env,
  store: storeChoice,
  rateLimiter,
  fetch,
  log = console.log,
  logError = console.error,
}: SiteReceiverOptions): SiteReceiver {
  const words = contactReceiver.console;
  // With a store, `CONTACT_DELIVERY=local` means: store only, notify nobody.
  const store = storeChoice && 'leads' in storeChoice ? storeChoice : undefined;
  const { settings, problems } = readSettings(env, { localFiles: store !== undefined, words });
  if (storeChoice && 'problem' in storeChoice) problems.push(storeChoice.problem);
  const { delivery } = settings;

  let deliver: Deliver | undefined;
  let describe = words.deliveryNone;
  const reported =
    (name: string, send: Deliver): Deliver =>
    async (message) => {
      try {
        await send(message);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        // With a store, the lead is kept and the visitor was told it was sent: only the notification waits.
        logError(fillTemplate(store ? words.notifyFailed : words.failed, { delivery: name, reason }));
        throw error;
      }
      log(fillTemplate(words.forwarded, { delivery: name }));
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
        fetch,
      }),
    );
  } else if (delivery.mode === 'webhook') {
    // The host only: a webhook's path often holds its secret token.
    describe = fillTemplate(words.deliveryWebhook, { host: new URL(delivery.url).host });
    deliver = reported('webhook', webhookDelivery({ url: delivery.url, text: contactReceiver.webhookText, fetch }));
  }

  const notifications =
    store && deliver && problems.length === 0 ? createNotifications({ store: store.leads, send: deliver }) : undefined;
  if (store && notifications) describe = [fillTemplate(words.storeFirst, { where: store.where }), describe].join('\n');
  // Notifications started by requests, awaited by `background()`.
  const running = new Set<Promise<unknown>>();
  if (store && problems.length === 0) {
    const { leads } = store;
    deliver = async (message) => {
      let lead: StoredLead;
      try {
        lead = await leads.add(message, new Date());
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        logError(fillTemplate(words.failed, { delivery: store.where, reason }));
        throw error;
      }
      log(fillTemplate(words.saved, { file: `${store.where} (${lead.id})` }));
      if (notifications) {
        const sending = notifications.notify(lead).catch(() => false);
        running.add(sending);
        void sending.finally(() => running.delete(sending));
      }
    };
  }

  const handle = createContactReceiver({
    copy: contactReceiver,
    schema: createContactSchema(contactForm.errors),
    labels,
    contactEmail: company.email,
    siteName: brand.name,
    // A store that cannot be used refuses messages rather than let them go unstored.
    deliver: problems.length === 0 ? deliver : undefined,
    rateLimiter: rateLimiter ?? memoryRateLimiter({ limit: settings.rateLimit }),
  });
  return {
    handle,
    settings,
    problems: problems.map((problem) => fillTemplate(words.settingsInvalid, { problem })),
    describe,
    notifications,
    async background() {
      await Promise.allSettled([...running]);
      await notifications?.retryPending().catch(() => 0);
    },
  };
}
