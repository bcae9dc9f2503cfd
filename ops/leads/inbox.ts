/**
 * What `npm run leads` shows the operator: the leads as a table for the terminal, an export for French
 * spreadsheets. One column per field of the form, in its order. Words come from ./lines.ts (a field without a
 * header there takes its label in the form). The retention cut-off of `--purge`
 * is in src/api/contact/purge.ts. `--retry` (one lead, or every failed one) is here too, so that its rules are tested without a
 * process: a lead already sent is left unless forced, and a lead a sender holds is waited for, never taken from it.
 */
import { stringify } from 'csv-stringify/sync';
import { contactForm } from '../../src/content/data/contact-form.ts';
import { contactFields } from '../../src/contact/contact-fields.ts';
import { parisDay } from '../../src/content/french-date.ts';
import { spamReasonsText } from '../../src/api/contact/spam/reasons.ts';
import { parisDateTime, parisTime as parisHour } from '../../src/api/contact/notify.ts';
import { fillTemplate } from '../../src/content/template.ts';
import type { DeliveryStatus } from '../../src/api/store/delivery-status.ts';
import type { StoredLead } from '../../src/api/store/lead.ts';
import type { LeadStore } from '../../src/api/store/lead-store.ts';
import { terminalText } from '../terminal-text.ts';
import type { leadsLines } from './lines.ts';

type InboxWords = typeof leadsLines;

const parisTime = 'Europe/Paris';
const shortDate = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: parisTime });
// sv-SE writes `2026-11-24 20:40:13`, which French Excel and LibreOffice both read as a date and time.
const sheetDate = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'medium', timeZone: parisTime });

/** A lead's reception time in Paris, `24/11/2026 20:40`. */
export const inboxDate = (iso: string) => shortDate.format(new Date(iso));

const messageStart = 40;

/** The message on one line, cut after its first words. */
function excerpt(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  if (line.length <= messageStart) return line;
  // Cut between two words; a first word longer than the column is cut inside.
  const cut = line.slice(0, messageStart - 1);
  return `${cut.replace(/\s+\S*$/, '') || cut}…`;
}

/** What the inbox knows of the delivery beyond each lead: the store's record (an incident, store-only mode). */
export interface InboxOptions {
  delivery?: DeliveryStatus;
}

/**
 * Where the lead's notification stands, in the operator's words: « envoyée », « à notifier (essai N,
 * prochain à HH:MM) » (N: the attempt to come), « échec : raison »; in store-only mode, nobody is notified:
 * « non notifié (stockage seul) ».
 */
function inboxState({ notification }: StoredLead, words: InboxWords, options: InboxOptions = {}): string {
  if (notification.state === 'sent') return words.stateSent;
  if (notification.state === 'failed') return fillTemplate(words.stateFailed, { reason: notification.reason });
  if (notification.state === 'spam') return fillTemplate(words.spam.state, { reasons: spamReasonsText(notification.reasons) });
  if (options.delivery?.storeOnly) return words.stateStoreOnly;
  return fillTemplate(words.statePending, { attempt: String(notification.attempts + 1), time: parisHour(notification.nextAt) });
}

/** The line above the table while an incident pauses the sending; undefined otherwise. */
export function inboxPause(status: DeliveryStatus, words: InboxWords): string | undefined {
  const { pause } = status;
  if (!pause) return undefined;
  return fillTemplate(pause.kind === 'redirect' ? words.redirected : words.paused, {
    reason: pause.reason,
    delivery: pause.delivery,
    since: parisDateTime(pause.since),
    time: parisHour(pause.nextAt),
  });
}

/** The header line: the date, each field, where its notification stands (and « À vérifier » when a lead is marked). */
const headers = ({ columns, spam }: InboxWords, marked = false) => [
  columns.date,
  ...contactFields.map(({ name }) => columns[name] ?? contactForm.fields[name].label),
  columns.notified,
  ...(marked ? [spam.reviewColumn] : []),
];

/**
 * Whether the listing needs the « À vérifier » column: only when one of its leads was delivered marked, so that
 * a listing without any is as it always was.
 */
const anyMarked = (leads: readonly StoredLead[]) => leads.some((lead) => (lead.review?.length ?? 0) > 0);

/** A lead's review mark: its reasons in words, or nothing. */
const reviewCell = (lead: StoredLead) => (lead.review && lead.review.length > 0 ? spamReasonsText(lead.review) : '');

/** The leads as given (newest first), one line each, columns aligned. */
export function inboxTable(leads: readonly StoredLead[], words: InboxWords, options?: InboxOptions): string {
  const marked = anyMarked(leads);
  const rows = [
    headers(words, marked),
    ...leads.map((lead) => [
      inboxDate(lead.receivedAt),
      // A text is cut after its first words; any other field is kept whole, on one line. What a terminal would
      // act on (a lead stored before the input refused it) is shown escaped (../terminal-text.ts).
      ...contactFields.map(({ name, type }) =>
        terminalText(type === 'textarea' ? excerpt(lead[name]) : lead[name].replace(/\s+/g, ' ')),
      ),
      // The state's reason may quote a provider's answer: escaped too.
      terminalText(inboxState(lead, words, options)),
      ...(marked ? [terminalText(reviewCell(lead))] : []),
    ]),
  ];
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => [...(row[column] ?? '')].length))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/**
 * A spreadsheet's formula starts with = + - @, or their full-width forms ＝ ＋ － ＠ (which spreadsheets
 * with Asian input read as the same signs), possibly after spaces or line breaks; a value starting with a tab,
 * carriage return or line feed is treated alike. Such a value is written after an apostrophe so that opening
 * the export never runs what a visitor typed (a phone number `+33…` included, which Excel would otherwise read
 * as a formula).
 */
const formulaStart = /^(?:\s*[=+\-@\uff1d\uff0b\uff0d\uff20]|[\t\r\n])/;
const neutralised = (value: string) => (formulaStart.test(value) ? `'${value}` : value);

/** UTF-8 with a BOM, `;`-separated, every field quoted, line breaks kept inside their cell. */
export function inboxCsv(leads: readonly StoredLead[], words: InboxWords, options?: InboxOptions): string {
  const marked = anyMarked(leads);
  return stringify(
    leads
      .map((lead) => [
        sheetDate.format(new Date(lead.receivedAt)),
        ...contactFields.map(({ name }) => lead[name]),
        // When it went out, as a date a spreadsheet reads; otherwise the state in words.
        lead.notification.state === 'sent' && !Number.isNaN(Date.parse(lead.notification.at))
          ? sheetDate.format(new Date(lead.notification.at))
          : inboxState(lead, words, options),
        ...(marked ? [reviewCell(lead)] : []),
      ])
      .map((row) => row.map(neutralised)),
    {
      bom: true,
      delimiter: ';',
      quoted: true,
      quoted_empty: true,
      record_delimiter: 'windows',
      header: true,
      columns: headers(words, marked),
    },
  );
}

/** What `--retry ID` did. */
export type RetryOneResult =
  | { kind: 'retried'; lead: StoredLead }
  | { kind: 'unknown' }
  | { kind: 'alreadySent' }
  /** Still held by a sender after the wait. */
  | { kind: 'claimed' };

export interface RetryOneOptions {
  /** Puts back a lead already sent (it is then sent again). */
  force?: boolean;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  /** How long to wait for a sender's claim to end: a sender finishes within its provider's timeout. */
  waitMs?: number;
  stepMs?: number;
  /** Called once, when the wait begins. */
  onWait?: () => void;
}

/** Long enough for a live sender to finish (a provider's 10-second timeout, then the store's writes). */
export const retryWaitMs = 30_000;

/**
 * `--retry ID`: back « à notifier », attempts 0, due at once. A lead already sent is left as it is unless `force`;
 * a lead a sender holds is waited for (its claim is never cleared under it), then looked at again, since that
 * sender may just have sent it.
 */
export async function retryOne(
  store: LeadStore,
  id: string,
  {
    force = false,
    now = () => new Date(),
    sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    waitMs = retryWaitMs,
    stepMs = 1_000,
    onWait = () => undefined,
  }: RetryOneOptions = {},
): Promise<RetryOneResult> {
  const started = now().getTime();
  for (let waiting = false; ; waiting = true) {
    const lead = (await store.list()).leads.find((candidate) => candidate.id === id && candidate.notification.state !== 'spam');
    if (!lead) return { kind: 'unknown' };
    if (lead.notification.state === 'sent' && !force) return { kind: 'alreadySent' };
    const retried = await store.retry(id, now(), { keepLiveClaim: true });
    if (retried) return { kind: 'retried', lead: retried };
    if (now().getTime() - started >= waitMs) return { kind: 'claimed' };
    if (!waiting) onWait();
    await sleep(stepMs);
  }
}

/**
 * `--retry` without an id: every « échec » lead back « à notifier » (with `since`, a `AAAA-MM-JJ` day in Paris,
 * only those received that day or after). A lead a sender holds is left to it and named apart.
 */
export async function retryFailed(
  store: LeadStore,
  { since, now = () => new Date() }: { since?: string; now?: () => Date } = {},
): Promise<{ retried: StoredLead[]; claimed: StoredLead[] }> {
  const failed = (await store.list()).leads.filter(
    (lead) => lead.notification.state === 'failed' && (since === undefined || parisDay(new Date(lead.receivedAt)) >= since),
  );
  const retried: StoredLead[] = [];
  const claimed: StoredLead[] = [];
  for (const lead of failed) {
    const back = await store.retry(lead.id, now(), { keepLiveClaim: true });
    if (back) retried.push(back);
    else claimed.push(lead);
  }
  return { retried, claimed };
}
