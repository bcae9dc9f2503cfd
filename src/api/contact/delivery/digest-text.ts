/**
 * The daily digest's words (../digest.ts sends it), the same for the email and the webhook: every message kept apart
 * since the last digest (the obvious bots counted, the others listed newest first: the first ones in full, the rest
 * one line each), those refused past a day's cap, the leads given up (« échec ») and an incident still open. Visitor
 * text goes on one line with nothing a terminal, a mail client or a chat would obey.
 */
import type { ContactFieldName } from '../../../contact/contact-fields.ts';
import type { ContactReceiverCopy } from '../../../content/schema/contact-receiver-schema.ts';
import { fillTemplate } from '../../../content/template.ts';

/** One message of the digest; `reasons` in the operator's words. */
export interface DigestEntry {
  id: string;
  receivedAt: string;
  name: string;
  email: string;
  message: string;
  reasons: readonly string[];
}

/** What one digest reports. */
export interface QuarantineDigest {
  day: string;
  /** Obvious bots kept apart, by signal (`honeypot`, `markup`). */
  counted: Readonly<Record<string, number>>;
  /** The other messages kept apart, newest first. */
  judged: readonly DigestEntry[];
  /** Messages refused past a day's cap, not stored, by kind. */
  refused: Readonly<Record<string, number>>;
  /** Leads given up since the last digest; `reasons` holds the last answer. */
  failed: readonly DigestEntry[];
  /** An incident of the delivery still open. */
  incident?: { since: string; reason: string };
}

/** Whether a digest has anything to say. */
export const isEmptyDigest = (digest: Omit<QuarantineDigest, 'day'>) =>
  digest.judged.length === 0 &&
  digest.failed.length === 0 &&
  Object.values(digest.counted).every((count) => count === 0) &&
  Object.values(digest.refused).every((count) => count === 0);

type DigestWords = ContactReceiverCopy['digest'];

/** Messages shown in full; the others one line each. */
const detailedEntries = 50;
/** Characters of a message a digest shows. */
const excerptLength = 200;

/** Visitor text on one line: control characters (C0, DEL, C1), line separators and bidirectional controls become spaces. */
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
  return characters.length > excerptLength ? `${characters.slice(0, excerptLength).join('')}…` : characters.join('');
}

const parisDateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });

/** The id of a digest: its day and a hash of what it says, as a receiver drops a repeat by id. */
export async function digestId(day: string, body: unknown): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(body)));
  const hash = Array.from(new Uint8Array(digest).slice(0, 6), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `digest-${day}-${hash}`;
}

interface ShownEntry {
  id: string;
  receivedAt: string;
  name: string;
  email: string;
  reasons: string[];
  excerpt: string;
  command: string;
}

interface DigestShown {
  subject: string;
  /** The text, block by block (the email joins them with blank lines). */
  blocks: string[];
  /** The same as lines, for a chat's `text`. */
  lines: string[];
  judged: ShownEntry[];
  failed: ShownEntry[];
}

export type DigestText = (digest: QuarantineDigest) => DigestShown;

/** The digest's text, from the words of content/contact-receiver.json. */
export function digestText(
  words: DigestWords,
  labels: Readonly<Record<ContactFieldName, string>>,
  { retentionDays, reasonWords }: { retentionDays: number; reasonWords: (reason: string) => string },
): DigestText {
  const label = (name: string, value: string) => `${name}\u202f: ${value}`;
  const shown = (entry: DigestEntry, command: string): ShownEntry => ({
    id: entry.id,
    receivedAt: entry.receivedAt,
    name: visibleLine(entry.name),
    email: visibleLine(entry.email),
    reasons: entry.reasons.map(visibleLine),
    excerpt: excerpt(entry.message),
    command: fillTemplate(command, { id: entry.id }),
  });
  const block = (item: ShownEntry, reasonsLabel: string) =>
    [
      label(words.reference, item.id),
      label(words.received, parisDateTime.format(new Date(item.receivedAt))),
      label(labels.name, item.name),
      label(labels.email, item.email),
      label(reasonsLabel, item.reasons.join(', ')),
      label(words.excerpt, item.excerpt),
      label(words.command, item.command),
    ].join('\n');
  const counts = (counted: Readonly<Record<string, number>>) =>
    Object.entries(counted)
      .filter(([, count]) => count > 0)
      .map(([kind, count]) => `${count} ${reasonWords(kind)}`)
      .join(', ');
  return (digest) => {
    const judged = digest.judged.map((entry) => shown(entry, words.commandLine));
    const failed = digest.failed.map((entry) => shown(entry, words.retryLine));
    const counted = Object.values(digest.counted).reduce((sum, count) => sum + count, 0);
    const refused = Object.values(digest.refused).reduce((sum, count) => sum + count, 0);
    const header: string[] = [];
    if (digest.incident)
      header.push(
        fillTemplate(words.incident, {
          since: parisDateTime.format(new Date(digest.incident.since)),
          reason: visibleLine(digest.incident.reason),
        }),
      );
    const blocks: string[] = [...header];
    const lines: string[] = [...header];
    if (failed.length > 0) {
      blocks.push(
        fillTemplate(words.failedIntro, { count: String(failed.length) }),
        ...failed.map((item) => block(item, words.failedReason)),
      );
      lines.push(
        fillTemplate(words.failedIntro, { count: String(failed.length) }),
        ...failed.map((item) => `• ${fillTemplate(words.webhookFailedItem, { ...item, reasons: item.reasons.join(', ') })}`),
      );
    }
    const total = judged.length + counted;
    if (total > 0 || refused > 0) {
      blocks.push(fillTemplate(words.intro, { count: String(total) }));
      lines.push(fillTemplate(words.webhookText, { count: String(total) }));
    }
    if (counted > 0) {
      const line = fillTemplate(words.counted, { count: String(counted), kinds: counts(digest.counted) });
      blocks.push(line);
      lines.push(line);
    }
    blocks.push(...judged.slice(0, detailedEntries).map((item) => block(item, words.reasons)));
    lines.push(
      ...judged
        .slice(0, detailedEntries)
        .map((item) => `• ${fillTemplate(words.webhookItem, { ...item, reasons: item.reasons.join(', ') })}`),
    );
    const brief = judged.slice(detailedEntries);
    if (brief.length > 0) {
      const briefLines = brief.map((item) => fillTemplate(words.briefLine, { ...item, reasons: item.reasons.join(', ') }));
      blocks.push([fillTemplate(words.more, { count: String(brief.length) }), ...briefLines].join('\n'));
      lines.push(fillTemplate(words.more, { count: String(brief.length) }), ...briefLines.map((line) => `• ${line}`));
    }
    if (refused > 0) {
      const line = fillTemplate(words.refused, { count: String(refused) });
      blocks.push(line);
      lines.push(line);
    }
    const outro = fillTemplate(words.outro, { days: String(retentionDays) });
    blocks.push(outro);
    lines.push(outro);
    return { subject: words.subject, blocks, lines, judged, failed };
  };
}
