/**
 * The receiver as this site runs it: the words of content/, the contact form's own schema, and the
 * delivery and rate limit chosen by the environment. Every adapter (Node server, Cloudflare Pages
 * Function, Netlify Function) calls this with its host's environment and what only it can provide.
 */
import { brand } from '../content-data/brand.ts';
import { company } from '../content-data/company.ts';
import { contactForm } from '../content-data/contact-form.ts';
import { contactReceiver } from '../content-data/contact-receiver.ts';
import { createContactSchema, type ContactValues } from '../forms/contact-schema.ts';
import { brevoDelivery, type Fetch, webhookDelivery } from './deliveries.ts';
import { memoryRateLimiter, type RateLimiter } from './rate-limit.ts';
import { type ContactHandler, createContactReceiver, type Deliver } from './receiver.ts';
import { type Env, readSettings, type ReceiverSettings } from './settings.ts';
import { fillTemplate } from './template.ts';

export const labels = {
  name: contactForm.fields.name.label,
  email: contactForm.fields.email.label,
  phone: contactForm.fields.phone.label,
  message: contactForm.fields.message.label,
};

export interface SiteReceiverOptions {
  env: Env;
  /** Node only: stores one message in `dir` and resolves with the file's path once it is complete. */
  localFiles?: (dir: string) => (message: ContactValues) => Promise<string>;
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
  /** One French line saying where messages go. */
  describe: string;
}

export function createSiteReceiver({
  env,
  localFiles,
  rateLimiter,
  fetch,
  log = console.log,
  logError = console.error,
}: SiteReceiverOptions): SiteReceiver {
  const words = contactReceiver.console;
  const { settings, problems } = readSettings(env, { localFiles: localFiles !== undefined, words });
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
        logError(fillTemplate(words.failed, { delivery: name, reason }));
        throw error;
      }
      log(fillTemplate(words.forwarded, { delivery: name }));
    };

  if (delivery.mode === 'local' && localFiles) {
    const store = localFiles(delivery.leadsDir);
    describe = fillTemplate(words.deliveryLocal, { dir: delivery.leadsDir });
    deliver = async (message) => {
      let file: string;
      try {
        file = await store(message);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        logError(fillTemplate(words.failed, { delivery: 'local', reason }));
        throw error;
      }
      log(fillTemplate(words.saved, { file }));
    };
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

  const handle = createContactReceiver({
    copy: contactReceiver,
    schema: createContactSchema(contactForm.errors),
    labels,
    contactEmail: company.email,
    siteName: brand.name,
    deliver,
    rateLimiter: rateLimiter ?? memoryRateLimiter({ limit: settings.rateLimit }),
  });
  return {
    handle,
    settings,
    problems: problems.map((problem) => fillTemplate(words.settingsInvalid, { problem })),
    describe,
  };
}
