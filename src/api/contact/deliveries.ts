/**
 * Deliveries that only need `fetch`, so they run on every host: an email through Brevo's
 * transactional API (a French company, data hosted in the EU), or a JSON POST to a webhook
 * (n8n, Make, Slack…). The local files of `npm start` are in src/hosts/node/files-folder.ts (Node only).
 */
import type { ContactReceiverCopy } from '../../content/schema/contact-receiver-schema.ts';
import { type ContactFieldName, contactFields, type ContactValues } from '../../contact/contact-fields.ts';
import { mapFields } from '../../contact/map-fields.ts';
import { fillTemplate } from '../../content/template.ts';

export const brevoEndpoint = 'https://api.brevo.com/v3/smtp/email';
/** A provider that does not answer in this time counts as failed (temporary): the visitor gets the email address. */
export const deliveryTimeoutMs = 10_000;

/** The header that carries a stored lead's id, so that a receiver can drop a repeat (IETF draft of that name). */
const leadIdHeader = 'Idempotency-Key';

/**
 * A message to deliver; a stored lead also has its id, sent along, and a lead delivered « à vérifier » its
 * reasons (signal names, src/api/contact/spam/weights.ts).
 */
export type Delivered = ContactValues & { id?: string; review?: readonly string[] };

/** How a lead marked « à vérifier » is shown: the mark that starts the subject or `text`, the reasons in words. */
export interface ReviewWords {
  /** « [À vérifier] ». */
  mark: string;
  /** The email's first line, naming the reasons. */
  line: (reasons: readonly string[]) => string;
}

const isMarked = (message: Delivered): message is Delivered & { review: readonly string[] } =>
  message.review !== undefined && message.review.length > 0;

/**
 * Why a delivery failed, and whether trying again may help. A network error, a timeout, 408, 429 and 5xx are
 * temporary; any other answer is final: a 4xx says the request itself is refused, and a 3xx may come from a
 * target that did the work before redirecting (a Google Apps Script web app answers 302 after `doPost`), so a
 * retry would deliver the lead again. Redirects are never followed.
 * `configuration`: the answer says the delivery itself is broken, not this lead (a revoked key, a workflow switched
 * off, a deleted webhook, an unverified sender): the lead is not at fault, and sending pauses until it works
 * again (../receiver/notify.ts). Such an error is not `final`.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly final: boolean,
    readonly configuration = false,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** Only 2xx is success; this is the classification of the rest. */
const isTemporaryStatus = (status: number) => status === 408 || status === 429 || status >= 500;

/**
 * 401 and 403 (the key or token refused), 404 (an n8n workflow switched off, a Slack webhook deleted: `no_service`)
 * and 410 (gone): whatever the lead, every other would get the same answer.
 */
const configurationStatuses: ReadonlySet<number> = new Set([401, 403, 404, 410]);

/** What a provider's error body may say, cut and kept on one line: it goes to the log and to `npm run leads`. */
const providerSaysLength = 160;

/**
 * Brevo answers 400 with `{ code, message }`; when that concerns the sender (not verified, domain not
 * authenticated) or the account (not activated, suspended, out of credits), every lead would fail alike.
 * Any other 400 is this lead's own refusal, final.
 */
const brevoAccountCodes: ReadonlySet<string> = new Set([
  'unauthorized',
  'permission_denied',
  'account_under_validation',
  'not_enough_credits',
]);
function brevoConfigurationError(status: number, body: unknown): boolean {
  if (status !== 400 || typeof body !== 'object' || body === null) return false;
  const { code, message } = body as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && brevoAccountCodes.has(code)) return true;
  if (typeof message !== 'string') return false;
  // What the visitor typed goes into `replyTo` (and the recipients are ours): a message about them stays this lead's,
  // or one odd address would pause every lead.
  if (/reply|recipient|\b(in|field|parameter) ['"]?to\b|\bto\s*[.[]/i.test(message)) return false;
  return /\b(senders?|account|activat\w*|suspended|credits?)\b/i.test(message);
}

export type Fetch = typeof fetch;

// Called through a wrapper: Workers refuse a `fetch` invoked with another `this`.
const globalFetch: Fetch = (input, init) => fetch(input, init);

/** Line breaks and other control characters would let a name add headers to the email: one line only. */
function singleLine(value: string): string {
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must not reach a header or a log line.
      .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
      .replace(/ {2,}/g, ' ')
      .trim()
  );
}

/**
 * Slack-style services read `&`, `<` and `>` in `text` as markup (`<!channel>` notifies everyone,
 * `<https://…|texte>` is a disguised link): a visitor's name must arrive as typed, not as markup.
 */
function escapeMarkup(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** How a target's answer other than 2xx may say that the delivery itself is broken (beyond `configurationStatuses`). */
type ConfigurationAnswer = (status: number, body: unknown) => boolean;

interface PostOptions {
  /** Signs the request (Standard Webhooks) with this key, under the id given (a lead's, a digest's). */
  signing?: { key: WebhookKey; id: string; now?: () => Date };
  /** Reads the JSON body of a 400 to tell a configuration error (Brevo's sender or account). */
  configurationAnswer?: ConfigurationAnswer;
}

async function post(
  fetcher: Fetch,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  { signing, configurationAnswer }: PostOptions = {},
): Promise<void> {
  const text = JSON.stringify(body);
  // Signed over the exact bytes sent.
  const signature = signing ? await webhookSignatureHeaders(signing.key, signing.id, text, signing.now?.()) : {};
  let response: Response;
  try {
    response = await fetcher(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers, ...signature },
      body: text,
      signal: AbortSignal.timeout(deliveryTimeoutMs),
      // A redirect is never followed, so the message is never re-posted wherever the target points. `manual`
      // rather than `error`: Workers refuse `redirect: 'error'`; a 3xx then fails the check below everywhere.
      redirect: 'manual',
    });
  } catch (error) {
    // No answer (refused, reset, DNS, timeout): temporary.
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new DeliveryError(
      timedOut ? `timeout ${deliveryTimeoutMs / 1000} s` : error instanceof Error ? error.message : String(error),
      false,
    );
  }
  const { status } = response;
  const broken = configurationStatuses.has(status);
  // A provider that explains its refusals (Brevo) is read on a 400 and on a broken delivery, for the operator; any
  // other body is not needed, and reading it frees the connection.
  if (configurationAnswer && (status === 400 || broken)) {
    const answer = await response.text().catch(() => '');
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer);
    } catch {
      parsed = undefined;
    }
    if (broken || configurationAnswer(status, parsed)) {
      const said = typeof parsed === 'object' && parsed !== null ? (parsed as { message?: unknown }).message : undefined;
      const detail = typeof said === 'string' ? singleLine(said).slice(0, providerSaysLength) : '';
      throw new DeliveryError(detail ? `HTTP ${status} (${detail})` : `HTTP ${status}`, false, true);
    }
  } else {
    await response.arrayBuffer().catch(() => undefined);
  }
  if (response.ok) return;
  if (broken) throw new DeliveryError(`HTTP ${status}`, false, true);
  throw new DeliveryError(`HTTP ${status}`, !isTemporaryStatus(status));
}

/**
 * The key of CONTACT_WEBHOOK_SECRET. Standard Webhooks writes it `whsec_` + base64 (the key is the decoded
 * bytes, what its libraries expect); any other text is itself the key (its UTF-8 bytes), as a tool's HMAC
 * field takes it (n8n's Crypto node, Make's `sha256`). Undefined when it cannot serve: `whsec_` followed by no
 * valid base64, or a key shorter than the spec's 24 bytes.
 */
export type WebhookKey = Uint8Array<ArrayBuffer>;
const webhookKeyMinBytes = 24;
export function webhookKey(secret: string): WebhookKey | undefined {
  let bytes: Uint8Array<ArrayBuffer>;
  if (secret.startsWith('whsec_')) {
    const encoded = secret.slice('whsec_'.length);
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return undefined;
    bytes = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
  } else {
    bytes = new TextEncoder().encode(secret);
  }
  return bytes.length >= webhookKeyMinBytes ? bytes : undefined;
}

const base64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

/**
 * The Standard Webhooks headers of one POST: `webhook-id` (the same from one attempt to the next, so that a
 * receiver drops a repeat), `webhook-timestamp` (seconds), `webhook-signature` (`v1,` + base64 HMAC-SHA256 of
 * `id.timestamp.body`). Web Crypto only: it runs on Workers as on Node.
 */
async function webhookSignatureHeaders(
  key: WebhookKey,
  id: string,
  body: string,
  at: Date = new Date(),
): Promise<Record<string, string>> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const hmac = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = await crypto.subtle.sign('HMAC', hmac, new TextEncoder().encode(`${id}.${timestamp}.${body}`));
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${base64(signature)}` };
}

/**
 * POSTs one JSON body to a webhook, signed when a key is given, under `id` (a lead's id, or a digest's own):
 * the one path of every webhook POST, whatever it carries. The id also goes as `Idempotency-Key`.
 */
export function postWebhook(
  options: { url: string; key?: WebhookKey; fetch?: Fetch; now?: () => Date },
  id: string | undefined,
  body: unknown,
): Promise<void> {
  const fetcher = options.fetch ?? globalFetch;
  // Signing needs an id; a message with none (no store) gets one of its own.
  const signing = options.key ? { key: options.key, id: id ?? `msg_${crypto.randomUUID()}`, now: options.now } : undefined;
  return post(fetcher, options.url, id ? { [leadIdHeader]: id } : {}, body, signing ? { signing } : {});
}

/** The lead's id as a header, when it has one. */
const idHeader = (message: Delivered): Record<string, string> => (message.id ? { [leadIdHeader]: message.id } : {});

export interface BrevoOptions {
  apiKey: string;
  /** Who receives the messages (PropLLC). */
  to: readonly string[];
  /** A sender address verified in Brevo. */
  from: string;
  senderName: string;
  subject: string;
  intro: string;
  labels: Readonly<Record<ContactFieldName, string>>;
  /** The last line, with the lead's id (`{id}`), when it has one. */
  reference?: string;
  /** The mark of a lead « à vérifier »; without it, a marked lead is sent unmarked. */
  review?: ReviewWords;
  fetch?: Fetch;
}

/** Each field's value on one line, for a header or a one-line summary (the subject, Slack's `text`). */
const singleLines = (message: ContactValues) => mapFields((field) => singleLine(message[field.name]));

function brevoEmail(options: BrevoOptions, message: Delivered) {
  const { labels } = options;
  const lines = contactFields.filter((field) => field.type !== 'textarea');
  const texts = contactFields.filter((field) => field.type === 'textarea');
  const oneLine = singleLines(message);
  // Marked: the subject starts with the mark and the text with the reasons; unmarked, both are as they always were.
  const review = options.review && isMarked(message) ? { ...options.review, reasons: message.review } : undefined;
  const subject = singleLine(fillTemplate(options.subject, oneLine));
  return {
    sender: { name: options.senderName, email: options.from },
    to: options.to.map((email) => ({ email })),
    // Answering the email answers the visitor.
    replyTo: { email: message.email, name: oneLine.name },
    subject: review ? singleLine(`${review.mark} ${subject}`) : subject,
    // The one-line fields first, each kept on its line (a line break in a name would fake a « Téléphone » line
    // below it, were one ever to get past the form's rule), then each text under its label.
    textContent: [
      ...(review ? [review.line(review.reasons), ''] : []),
      options.intro,
      '',
      ...lines.map(({ name }) => `${labels[name]}\u202f: ${oneLine[name]}`),
      ...texts.flatMap(({ name }) => ['', `${labels[name]}\u202f:`, message[name]]),
      ...(message.id && options.reference ? ['', fillTemplate(options.reference, { id: message.id })] : []),
    ].join('\n'),
    // In the email's own headers too, for a mail rule or a script.
    ...(message.id ? { headers: idHeader(message) } : {}),
  };
}

export function brevoDelivery(options: BrevoOptions): (message: Delivered) => Promise<void> {
  const fetcher = options.fetch ?? globalFetch;
  return (message: Delivered) =>
    post(fetcher, brevoEndpoint, { 'api-key': options.apiKey, ...idHeader(message) }, brevoEmail(options, message), {
      configurationAnswer: brevoConfigurationError,
    });
}

export interface BrevoAcknowledgementOptions {
  apiKey: string;
  /** A sender address verified in Brevo (CONTACT_FROM). */
  from: string;
  senderName: string;
  /** Where the visitor's answer goes: our contact address. */
  replyTo: string;
  fetch?: Fetch;
}

/**
 * The acknowledgement as one text-only email to the visitor's address (./acknowledgement.ts writes it), under its
 * own id (`ack-` and the lead's), so that a repeat is recognisable as a lead's email is.
 */
export function brevoAcknowledgementDelivery(
  options: BrevoAcknowledgementOptions,
): (email: { to: string; subject: string; text: string; id: string }) => Promise<void> {
  const fetcher = options.fetch ?? globalFetch;
  return ({ to, subject, text, id }) =>
    post(
      fetcher,
      brevoEndpoint,
      { 'api-key': options.apiKey, [leadIdHeader]: `ack-${id}` },
      {
        sender: { name: options.senderName, email: options.from },
        to: [{ email: to }],
        replyTo: { email: options.replyTo },
        subject: singleLine(subject),
        textContent: text,
        headers: { [leadIdHeader]: `ack-${id}` },
      },
      { configurationAnswer: brevoConfigurationError },
    );
}

export interface WebhookOptions {
  url: string;
  /** A one-line summary, shown as is by Slack-style webhooks (`text`). */
  text: string;
  /** The mark that starts `text` for a lead « à vérifier » (`review.reasons` carries the reasons' codes). */
  reviewMark?: string;
  /** CONTACT_WEBHOOK_SECRET's key (`webhookKey`): every POST is then signed (Standard Webhooks). */
  key?: WebhookKey;
  fetch?: Fetch;
  /** The signature's time (tests). */
  now?: () => Date;
}

export function webhookDelivery(options: WebhookOptions): (message: Delivered) => Promise<void> {
  return (message: Delivered) => {
    const { review: _review, ...values } = message;
    const text = escapeMarkup(singleLine(fillTemplate(options.text, values)));
    const marked = options.reviewMark !== undefined && isMarked(message);
    return postWebhook(options, message.id, {
      text: marked ? `${escapeMarkup(singleLine(options.reviewMark ?? ''))} ${text}` : text,
      // The fields, and a stored lead's id (also in the header) so that the receiver can drop a repeat.
      ...mapFields((field) => message[field.name]),
      ...(message.id ? { id: message.id } : {}),
      // Stable codes (src/api/contact/spam/weights.ts), for a workflow to route on.
      ...(marked ? { review: { reasons: [...(message.review ?? [])] } } : {}),
    });
  };
}

/** One message kept apart as spam, as the daily digest names it (./digest.ts); `reasons` in the operator's words. */
export interface DigestEntry {
  id: string;
  receivedAt: string;
  name: string;
  email: string;
  message: string;
  reasons: readonly string[];
}

/** The daily digest of quarantined messages: its Paris day, the messages it names, and whether others wait. */
export interface QuarantineDigest {
  day: string;
  entries: readonly DigestEntry[];
  more: boolean;
}

type DigestWords = ContactReceiverCopy['digest'];

/** The id of a day's digest, in the header and the JSON, as a lead's id is: a receiver can drop a repeat. */
const digestId = (day: string) => `digest-${day}`;

/** Characters of a message a digest shows. */
const digestExcerptLength = 200;

/**
 * Visitor text on one line with nothing a terminal, a mail client or a chat would obey: control characters
 * (C0, DEL, C1), line and paragraph separators and bidirectional controls become spaces. Leads stored before the
 * form refused them may hold some.
 */
function visibleLine(value: string): string {
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must not reach the digest.
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g, ' ')
      .replace(/ {2,}/g, ' ')
      .trim()
  );
}

/** The first characters of a message, on one line (whole characters: an emoji is never cut in half). */
function excerpt(message: string): string {
  const characters = Array.from(visibleLine(message));
  return characters.length > digestExcerptLength ? `${characters.slice(0, digestExcerptLength).join('')}…` : characters.join('');
}

const parisDateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });

/** Each entry's values as the digest shows them: every visitor text on one line. */
const shown = (entry: DigestEntry, words: DigestWords) => ({
  id: entry.id,
  receivedAt: entry.receivedAt,
  name: visibleLine(entry.name),
  email: visibleLine(entry.email),
  reasons: entry.reasons.map(visibleLine),
  excerpt: excerpt(entry.message),
  command: fillTemplate(words.commandLine, { id: entry.id }),
});

interface DigestDeliveryOptions {
  words: DigestWords;
  /** How long a message kept apart is kept (`spamRetentionDays`), for the digest's last line. */
  retentionDays: number;
  fetch?: Fetch;
}

export interface BrevoDigestOptions extends DigestDeliveryOptions {
  apiKey: string;
  to: readonly string[];
  from: string;
  senderName: string;
  labels: Readonly<Record<ContactFieldName, string>>;
}

/** The digest as one email: the count, then each message under its reference, each value on its own line. */
export function brevoDigestDelivery(options: BrevoDigestOptions): (digest: QuarantineDigest) => Promise<void> {
  const fetcher = options.fetch ?? globalFetch;
  const { words, labels } = options;
  const label = (name: string, value: string) => `${name}\u202f: ${value}`;
  return (digest) => {
    const id = digestId(digest.day);
    const blocks = digest.entries.map((entry) => {
      const item = shown(entry, words);
      return [
        label(words.reference, item.id),
        label(words.received, parisDateTime.format(new Date(item.receivedAt))),
        label(labels.name, item.name),
        label(labels.email, item.email),
        label(words.reasons, item.reasons.join(', ')),
        label(words.excerpt, item.excerpt),
        label(words.command, item.command),
      ].join('\n');
    });
    const textContent = [
      fillTemplate(words.intro, { count: String(digest.entries.length) }),
      ...blocks,
      [...(digest.more ? [words.more] : []), fillTemplate(words.outro, { days: String(options.retentionDays) })].join('\n'),
    ].join('\n\n');
    return post(
      fetcher,
      brevoEndpoint,
      { 'api-key': options.apiKey, [leadIdHeader]: id },
      {
        sender: { name: options.senderName, email: options.from },
        to: options.to.map((email) => ({ email })),
        subject: singleLine(words.subject),
        textContent,
        headers: { [leadIdHeader]: id },
      },
    );
  };
}

export interface WebhookDigestOptions extends DigestDeliveryOptions {
  url: string;
  /** CONTACT_WEBHOOK_SECRET's key: the digest is signed like every webhook POST. */
  key?: WebhookKey;
  /** The signature's time (tests). */
  now?: () => Date;
}

/**
 * The digest as its own JSON: `digest` lists the messages (no top-level `email`, so that a flow made for leads
 * never reads it as one), `text` is what Slack shows, its markup escaped.
 */
export function webhookDigestDelivery(options: WebhookDigestOptions): (digest: QuarantineDigest) => Promise<void> {
  const { words } = options;
  return (digest) => {
    const id = digestId(digest.day);
    const items = digest.entries.map((entry) => shown(entry, words));
    const lines = [
      fillTemplate(words.webhookText, { count: String(items.length) }),
      ...items.map((item) => `• ${fillTemplate(words.webhookItem, { ...item, reasons: item.reasons.join(', ') })}`),
      ...(digest.more ? [words.more] : []),
      fillTemplate(words.outro, { days: String(options.retentionDays) }),
    ];
    return postWebhook(options, id, {
      id,
      day: digest.day,
      text: escapeMarkup(lines.join('\n')),
      count: items.length,
      more: digest.more,
      digest: items,
    });
  };
}
