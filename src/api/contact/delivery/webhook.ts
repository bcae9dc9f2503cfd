/**
 * Deliveries to a webhook (n8n, Make, Slack…): one JSON POST per lead, and the daily digest as its own JSON, both
 * signed when CONTACT_WEBHOOK_SECRET is set (Standard Webhooks 1.0: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>`; Web Crypto only, so it runs on Workers as on
 * Node). The id of a lead's POST is the lead's, the same from one attempt to the next, so that a receiver drops a
 * repeat; a digest's id is its day and a hash of its content, so that two digests of one day never share one.
 */
import type { ContactValues } from '../../../contact/contact-fields.ts';
import { mapFields } from '../../../contact/map-fields.ts';
import { fillTemplate } from '../../../content/template.ts';
import { type DigestText, digestId, type QuarantineDigest } from './digest-text.ts';
import { type Fetch, globalFetch, idempotencyHeader, post, singleLine } from './post.ts';

/** The key of CONTACT_WEBHOOK_SECRET, its bytes. */
export type WebhookKey = Uint8Array<ArrayBuffer>;
const webhookKeyMinBytes = 24;

/**
 * The key as the Standard Webhooks libraries read a secret: the `whsec_` prefix dropped when there is one, the rest
 * base64-decoded; undefined when that is no valid base64 or gives fewer than the spec's 24 bytes. A secret written
 * another way would sign with bytes the target never checks: the receiver refuses it at start instead.
 */
export function webhookKey(secret: string): WebhookKey | undefined {
  const encoded = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return undefined;
  const bytes = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
  return bytes.length >= webhookKeyMinBytes ? bytes : undefined;
}

const base64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

/** The Standard Webhooks headers of one POST, over the exact bytes sent. */
async function signatureHeaders(key: WebhookKey, id: string, body: string, at: Date): Promise<Record<string, string>> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const hmac = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = await crypto.subtle.sign('HMAC', hmac, new TextEncoder().encode(`${id}.${timestamp}.${body}`));
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${base64(signature)}` };
}

export interface WebhookTarget {
  url: string;
  /** CONTACT_WEBHOOK_SECRET's key: every POST is then signed. */
  key?: WebhookKey;
  fetch?: Fetch;
  /** The signature's time (tests). */
  now?: () => Date;
}

/** POSTs one JSON body under `id` (a lead's, a digest's), signed when the target has a key: every webhook POST. */
export function postWebhook(target: WebhookTarget, id: string | undefined, body: unknown): Promise<void> {
  const { key } = target;
  // Signing needs an id; a message with none (no store) gets one of its own.
  const signedId = id ?? `msg_${crypto.randomUUID()}`;
  return post(target.fetch ?? globalFetch, target.url, body, {
    headers: id ? { [idempotencyHeader]: id } : {},
    ...(key ? { sign: (text: string) => signatureHeaders(key, signedId, text, target.now?.() ?? new Date()) } : {}),
  });
}

/**
 * Slack-style services read `&`, `<` and `>` in `text` as markup (`<!channel>` notifies everyone,
 * `<https://…|texte>` is a disguised link): a visitor's name must arrive as typed, not as markup.
 */
const escapeMarkup = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A message to deliver; a stored lead also has its id, and a lead « à vérifier » its reasons (signal codes). */
export type Delivered = ContactValues & { id?: string; review?: readonly string[] };

export interface WebhookLeadOptions extends WebhookTarget {
  /** A one-line summary, shown as is by Slack-style webhooks (`text`). */
  text: string;
  /** The mark that starts `text` for a lead « à vérifier ». */
  reviewMark?: string;
}

export function webhookDelivery(options: WebhookLeadOptions): (message: Delivered) => Promise<void> {
  return (message) => {
    const { review, id, ...values } = message;
    const text = escapeMarkup(singleLine(fillTemplate(options.text, values)));
    const marked = options.reviewMark !== undefined && review !== undefined && review.length > 0;
    return postWebhook(options, id, {
      text: marked ? `${escapeMarkup(singleLine(options.reviewMark ?? ''))} ${text}` : text,
      ...mapFields((field) => message[field.name]),
      ...(id ? { id } : {}),
      // Stable codes (../spam/weights.ts), for a workflow to route on.
      ...(marked ? { review: { reasons: [...review] } } : {}),
    });
  };
}

/**
 * The digest as its own JSON: `digest` lists the messages (no top-level `email`, so that a flow made for leads never
 * reads it as one), `failed` the leads given up, `text` is what Slack shows, its markup escaped.
 */
export function webhookDigestDelivery(target: WebhookTarget, text: DigestText): (digest: QuarantineDigest) => Promise<void> {
  return async (digest) => {
    const shown = text(digest);
    const body = {
      day: digest.day,
      text: escapeMarkup(shown.lines.join('\n')),
      count: digest.judged.length,
      counted: digest.counted,
      refused: digest.refused,
      digest: shown.judged,
      failed: shown.failed,
      ...(digest.incident ? { incident: digest.incident } : {}),
    };
    const id = await digestId(digest.day, body);
    return postWebhook(target, id, { id, ...body });
  };
}
