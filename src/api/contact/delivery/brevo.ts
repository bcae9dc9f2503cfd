/**
 * Deliveries by email through Brevo's transactional API (a French company, data hosted in the EU): a lead to the
 * company, an acknowledgement to a visitor, the daily digest to the company. Brevo says when the setting is wrong
 * (401, 403; a 400 about the sender or the account), which pauses the leads' sending (../notify.ts); a 400 about
 * what the visitor typed (`replyTo`) stays that lead's.
 */
import { type ContactFieldName, contactFields, type ContactValues } from '../../../contact/contact-fields.ts';
import { mapFields } from '../../../contact/map-fields.ts';
import { fillTemplate } from '../../../content/template.ts';
import type { DigestText, QuarantineDigest } from './digest-text.ts';
import { type Fetch, globalFetch, idempotencyHeader, post, singleLine } from './post.ts';
import type { Delivered } from './webhook.ts';

export const brevoEndpoint = 'https://api.brevo.com/v3/smtp/email';

/** Brevo's codes of a 400 that concern the account, whatever the lead. */
const accountCodes: ReadonlySet<string> = new Set([
  'unauthorized',
  'permission_denied',
  'account_under_validation',
  'not_enough_credits',
]);

/** Whether Brevo's 400 is about the sender or the account (every lead would fail alike), not this lead. */
function accountAnswer(status: number, body: unknown): boolean {
  if (status !== 400 || typeof body !== 'object' || body === null) return false;
  const { code, message } = body as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && accountCodes.has(code)) return true;
  if (typeof message !== 'string') return false;
  // What the visitor typed goes into `replyTo` (and the recipients are ours): a message about them stays this lead's.
  if (/reply|recipient|\b(in|field|parameter) ['"]?to\b|\bto\s*[.[]/i.test(message)) return false;
  return /\b(senders?|account|activat\w*|suspended|credits?)\b/i.test(message);
}

const brevoConfiguration = { statuses: new Set([401, 403]), answer: accountAnswer };

export interface BrevoAccount {
  apiKey: string;
  /** A sender address verified in Brevo (CONTACT_FROM). */
  from: string;
  senderName: string;
  fetch?: Fetch;
}

function send(account: BrevoAccount, id: string | undefined, email: Record<string, unknown>): Promise<void> {
  return post(
    account.fetch ?? globalFetch,
    brevoEndpoint,
    {
      sender: { name: account.senderName, email: account.from },
      ...email,
      // In the email's own headers too, for a mail rule or a script.
      ...(id ? { headers: { [idempotencyHeader]: id } } : {}),
    },
    { headers: { 'api-key': account.apiKey, ...(id ? { [idempotencyHeader]: id } : {}) }, configuration: brevoConfiguration },
  );
}

export interface BrevoLeadOptions extends BrevoAccount {
  /** Who receives the leads (PropLLC). */
  to: readonly string[];
  subject: string;
  intro: string;
  labels: Readonly<Record<ContactFieldName, string>>;
  /** The last line, with the lead's id (`{id}`), when it has one. */
  reference?: string;
  /** How a lead « à vérifier » is marked: the mark that starts the subject, the first line naming the reasons. */
  review?: { mark: string; line: (reasons: readonly string[]) => string };
}

/** Each field's value on one line, for a header or a one-line summary. */
const singleLines = (message: ContactValues) => mapFields((field) => singleLine(message[field.name]));

export function brevoDelivery(options: BrevoLeadOptions): (message: Delivered) => Promise<void> {
  const lines = contactFields.filter((field) => field.type !== 'textarea');
  const texts = contactFields.filter((field) => field.type === 'textarea');
  return (message) => {
    const oneLine = singleLines(message);
    const reasons = message.review && message.review.length > 0 ? message.review : undefined;
    const review = options.review && reasons ? options.review : undefined;
    const subject = singleLine(fillTemplate(options.subject, oneLine));
    return send(options, message.id, {
      to: options.to.map((email) => ({ email })),
      // Answering the email answers the visitor.
      replyTo: { email: message.email, name: oneLine.name },
      subject: review ? singleLine(`${review.mark} ${subject}`) : subject,
      // The one-line fields first, each kept on its line (a line break in a name would fake a « Téléphone » line
      // below it), then each text under its label.
      textContent: [
        ...(review && reasons ? [review.line(reasons), ''] : []),
        options.intro,
        '',
        ...lines.map(({ name }) => `${options.labels[name]}\u202f: ${oneLine[name]}`),
        ...texts.flatMap(({ name }) => ['', `${options.labels[name]}\u202f:`, message[name]]),
        ...(message.id && options.reference ? ['', fillTemplate(options.reference, { id: message.id })] : []),
      ].join('\n'),
    });
  };
}

/** The acknowledgement, one text-only email to the visitor, under its own id (`ack-` and the lead's). */
export function brevoAcknowledgementDelivery(
  options: BrevoAccount & { replyTo: string },
): (email: { to: string; subject: string; text: string; id: string }) => Promise<void> {
  return ({ to, subject, text, id }) =>
    send(options, `ack-${id}`, {
      to: [{ email: to }],
      replyTo: { email: options.replyTo },
      subject: singleLine(subject),
      textContent: text,
    });
}

/** The digest as one email. */
export function brevoDigestDelivery(
  options: BrevoAccount & { to: readonly string[] },
  text: DigestText,
  id: (day: string, body: unknown) => Promise<string>,
): (digest: QuarantineDigest) => Promise<void> {
  return async (digest) => {
    const shown = text(digest);
    const email = {
      to: options.to.map((address) => ({ email: address })),
      subject: singleLine(shown.subject),
      textContent: shown.blocks.join('\n\n'),
    };
    return send(options, await id(digest.day, email), email);
  };
}
