/**
 * The contact receiver, `POST /api/contact`, written once against the Fetch API (Request → Response),
 * so the same module runs under Node (`npm start`), Cloudflare Pages Functions and Netlify Functions.
 * It imports nothing that only one runtime has: delivery, rate limiting and words are passed in by
 * its caller (src/api/contact/lead-way.ts, from the settings).
 *
 * Checks, in this order: method (405), content type and charset (415), size (413), Origin (403),
 * encoding and syntax (400: not UTF-8, bad percent-escape, broken JSON), rate limit (429), fields (422), honeypot (answered like a success, nothing delivered),
 * delivery (502, or 503 when no delivery is configured). Apart from the honeypot, a status below
 * 300 means the message was delivered: the answer is written only after delivery succeeded.
 */
import type { ContactReceiverCopy } from '../../content/schema/contact-receiver-schema.ts';
import { type ContactFieldName, contactFields, type ContactValues, elapsedName, honeypotName } from '../../contact/contact-fields.ts';
import { type ContactSchema, validateContact } from '../../contact/contact-schema.ts';
import { renderPage } from './page.ts';
import { type RateLimiter, rateKey } from './rate-limit.ts';
import type { PagePath } from '../../site/registry.ts';
import { receiverSecurityHeaders } from '../../site/security-headers.ts';
import { elapsedOf } from './spam/elapsed.ts';
import type { SpamInput, SpamVerdict } from './spam/score.ts';
import { fillTemplate } from '../../content/template.ts';

export const contactPath = '/api/contact';
/** Where a form posted without JavaScript lands once the message is delivered (canonical URL form). */
export const confirmationPath = '/contact/merci' satisfies PagePath;
export const contactFormPath = '/contact' satisfies PagePath;
const maxBodyBytes = 16 * 1024;

/**
 * Hands a valid message over (file, email, webhook); rejects when it could not. `verdict`, when the receiver
 * judges messages, gives its outcome: a quarantined message is kept apart, never notified; one « à vérifier » is
 * notified with its reasons.
 */
export type Deliver = (message: ContactValues, verdict?: SpamVerdict) => Promise<void>;

/** Judges a valid message (./spam/score.ts, with what the store remembers of repeated messages). */
type Judge = (input: Omit<SpamInput, 'repeats'>) => Promise<SpamVerdict>;

export interface ClientInfo {
  /** The client's IP address, as the host reports it: the rate limit's key. */
  address?: string;
}

export type ContactHandler = (request: Request, client?: ClientInfo) => Promise<Response>;

export interface ReceiverOptions {
  copy: ContactReceiverCopy;
  /** The contact form's own schema (src/contact/contact-schema.ts) with its French messages. */
  schema: ContactSchema;
  /** Field labels of the form, to name the fields to correct. */
  labels: Readonly<Record<ContactFieldName, string>>;
  /** Given to the visitor whenever the message could not be delivered. */
  contactEmail: string;
  /** Brand name, after the title of the HTML pages. */
  siteName: string;
  /** Undefined when the host has no delivery configured: valid messages get 503, never a fake success. */
  deliver: Deliver | undefined;
  rateLimiter: RateLimiter;
  /**
   * Scores each valid message: spam, the honeypot included, is delivered with its verdict and answered like any
   * message. Without it, a filled honeypot is answered like a success and nothing is delivered.
   */
  judge?: Judge;
}

type AnswerKey = keyof ContactReceiverCopy['answers'];

const jsonType = 'application/json';
const formType = 'application/x-www-form-urlencoded';

function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * Whether the body is declared as UTF-8 (or not declared, as browsers send forms and JSON). Any other
 * charset is refused rather than decoded as UTF-8, which would store « Ã© » or U+FFFD for « é ».
 */
function declaredUtf8(request: Request): boolean {
  const parameters = (request.headers.get('content-type') ?? '').split(';').slice(1);
  for (const parameter of parameters) {
    const [name, ...rest] = parameter.split('=');
    if (name?.trim().toLowerCase() !== 'charset') continue;
    const charset = rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
    if (charset !== 'utf-8' && charset !== 'utf8') return false;
  }
  return true;
}

/**
 * A urlencoded form body, decoded strictly: a bad percent-escape or an escape that is not UTF-8 throws
 * (`URLSearchParams` would keep the escape as text or put U+FFFD in place of the letter). The first
 * value of a name wins, as with `URLSearchParams.get`.
 */
function parseForm(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const separator = pair.indexOf('=');
    const [rawName, rawValue] = separator < 0 ? [pair, ''] : [pair.slice(0, separator), pair.slice(separator + 1)];
    const name = decodeURIComponent(rawName.replaceAll('+', ' '));
    if (!fields.has(name)) fields.set(name, decodeURIComponent(rawValue.replaceAll('+', ' ')));
  }
  return fields;
}

/** The request's own origin: its scheme, and the Host header it was sent with. */
function ownOrigin(request: Request): string | undefined {
  try {
    const url = new URL(request.url);
    return new URL(`${url.protocol}//${request.headers.get('host') ?? url.host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * The body, up to `limit` bytes. Content-Length is only a first, cheap check: the bytes actually
 * received are counted, so a body without Content-Length, or with a false one, is caught too.
 */
async function readBody(request: Request, limit: number): Promise<Uint8Array | 'too large'> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) return 'too large';
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return 'too large';
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** Field values as strings; anything else (a number, an object in JSON) counts as missing. */
function fieldsOf(source: (name: string) => unknown): Partial<Record<ContactFieldName | typeof honeypotName, string>> {
  const fields: Partial<Record<string, string>> = {};
  for (const name of [...contactFields.map((field) => field.name), honeypotName]) {
    const value = source(name);
    if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

export function createContactReceiver(options: ReceiverOptions): ContactHandler {
  const { copy, contactEmail } = options;
  const fill = (text: string) => fillTemplate(text, { email: contactEmail });

  function answer(
    status: number,
    key: AnswerKey,
    {
      html,
      headers = {},
      items,
      fields,
    }: {
      html: boolean;
      headers?: Record<string, string>;
      items?: string[];
      fields?: Partial<Record<ContactFieldName, string>>;
    },
  ): Response {
    const { title, text } = copy.answers[key];
    if (!html) {
      const body = { ok: false, title, message: fill(text), ...(fields ? { fields } : {}) };
      return new Response(JSON.stringify(body), {
        status,
        headers: { ...receiverSecurityHeaders, ...headers, 'Content-Type': 'application/json; charset=utf-8' },
      });
    }
    // The pages a visitor may reach from the real form say how to get the typed text back.
    const back = status === 405 || status === 415 ? undefined : copy.back;
    const page = renderPage({
      title,
      text,
      email: contactEmail,
      siteName: options.siteName,
      items,
      back,
      links: copy.links,
      formPath: contactFormPath,
    });
    return new Response(page, {
      status,
      headers: { ...receiverSecurityHeaders, ...headers, 'Content-Type': 'text/html; charset=utf-8' },
    });
  }

  function success(html: boolean): Response {
    if (html) {
      return new Response(null, { status: 303, headers: { ...receiverSecurityHeaders, Location: confirmationPath } });
    }
    return new Response(JSON.stringify({ ok: true, message: copy.sent }), {
      status: 200,
      headers: { ...receiverSecurityHeaders, 'Content-Type': 'application/json; charset=utf-8' },
    });
  }

  return async (request, client = {}) => {
    const type = mediaType(request);
    // A form post gets pages; the form's script (JSON) and anything else get JSON, unless it asks for HTML.
    const html = type === formType || (type !== jsonType && (request.headers.get('accept') ?? '').includes('text/html'));

    if (request.method !== 'POST') {
      return answer(405, 'methodNotAllowed', { html, headers: { Allow: 'POST' } });
    }
    if (type !== jsonType && type !== formType) return answer(415, 'unsupportedType', { html });
    if (!declaredUtf8(request)) return answer(415, 'unsupportedType', { html });

    const body = await readBody(request, maxBodyBytes);
    if (body === 'too large') return answer(413, 'tooLarge', { html });

    // Browsers send Origin with every cross-site POST; a request without it is not a browser's CSRF.
    const origin = request.headers.get('origin');
    if (origin !== null && origin.toLowerCase() !== ownOrigin(request)) {
      return answer(403, 'forbiddenOrigin', { html });
    }

    // Bytes that are not UTF-8, a bad escape, broken JSON: refused, never stored altered.
    let fields: ReturnType<typeof fieldsOf>;
    // The form's measure of the time taken (metadata, never a field of the lead).
    let elapsed: unknown;
    try {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(body);
      if (type === jsonType) {
        const parsed: unknown = JSON.parse(text);
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
          return answer(400, 'malformed', { html });
        }
        const record = parsed as Record<string, unknown>;
        fields = fieldsOf((name) => (Object.hasOwn(record, name) ? record[name] : undefined));
        elapsed = Object.hasOwn(record, elapsedName) ? record[elapsedName] : undefined;
      } else {
        const form = parseForm(text);
        fields = fieldsOf((name) => form.get(name));
        elapsed = form.get(elapsedName);
      }
    } catch {
      return answer(400, 'malformed', { html });
    }

    const decision = await options.rateLimiter.take(rateKey(client.address));
    if (!decision.allowed) {
      return answer(429, 'tooManyRequests', { html, headers: { 'Retry-After': String(decision.retryAfterSeconds) } });
    }

    const result = validateContact(options.schema, fields);
    if (!result.success) {
      const items = contactFields.flatMap(({ name }) => {
        const message = result.errors[name];
        return message === undefined ? [] : [fillTemplate(copy.fieldError, { label: options.labels[name], message })];
      });
      return answer(422, 'invalid', { html, items, fields: result.errors });
    }

    const honeypot = fields[honeypotName] ?? '';
    // Without a judge, a bot that filled the trap field is told the message went, and nothing is delivered.
    if (!options.judge && honeypot.trim() !== '') return success(html);

    if (!options.deliver) return answer(503, 'unavailable', { html });
    try {
      // Spam gets the same answer as anyone: a bot learns nothing.
      const verdict = options.judge
        ? await options.judge({ values: result.values, honeypot, elapsedMs: elapsedOf(elapsed) })
        : undefined;
      await options.deliver(result.values, verdict);
    } catch {
      return answer(502, 'failed', { html });
    }
    return success(html);
  };
}
