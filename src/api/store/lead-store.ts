/**
 * Where a lead is kept before the visitor is told « Message envoyé » (store first, notify after). One
 * interface, three stores: files in LEADS_DIR (Node), a D1 table (Cloudflare) and a Netlify Blobs store
 * (Netlify), each in its host's folder (src/hosts/<host>/), opened with the audience's (./host-store.ts). The
 * same store serves the receiver, the retried notification (../contact/notify.ts) and the operator's inbox
 * (`npm run leads`).
 */
import * as v from 'valibot';
import type { ContactValues } from '../../contact/contact-fields.ts';
import { mapFields } from '../../contact/map-fields.ts';

/** Where a lead's notification stands. */
export type Notification =
  /** It went out at `at` (ISO 8601). */
  | { state: 'sent'; at: string }
  /** `attempts` made so far (0: none yet); the next one is due at `nextAt` (ISO 8601). */
  | { state: 'pending'; attempts: number; nextAt: string; lastReason?: string }
  /** Given up at `at`: a final answer, or the last attempt failed. */
  | { state: 'failed'; attempts: number; at: string; reason: string }
  /**
   * Kept apart as spam at `at`, with its reasons (../spam/weights.ts): never due, never notified until the
   * operator rescues it (`retry`), purged after `spamRetentionDays`.
   */
  | { state: 'spam'; reasons: string[]; at: string };

/** What an attempt to notify leads to (a lead is kept apart as spam only when stored). */
export type Outcome = Exclude<Notification, { state: 'spam' }>;

export interface StoredLead extends ContactValues {
  /** Sortable by date: the ISO time of reception, then a random part. */
  id: string;
  /** ISO 8601, UTC. */
  receivedAt: string;
  notification: Notification;
  /**
   * Delivered but marked « à vérifier »: the reasons (signal names of ../spam/weights.ts), decided on reception
   * and kept with the lead, so that a retried notification is marked too. Absent for an unmarked lead.
   */
  review?: string[];
}

/** A record the store could not read: named so the operator can look at it; skipped by everything else. */
export interface Unreadable {
  id: string;
  /** The file or key, for the operator. */
  where: string;
  reason: string;
}

/**
 * An entry of an index that a store set right by itself (Netlify Blobs' `pending/` markers, ./blobs.ts): removed
 * because its lead is sent, failed, spam or gone, or because a marker with more attempts supersedes it; or,
 * `restored`, written back for a lead that had no state at all. Each is logged, never silent.
 */
export interface IndexRepair {
  id: string;
  /** The key removed or written back. */
  key: string;
  why: 'sent' | 'failed' | 'spam' | 'gone' | 'superseded' | 'restored';
}

/**
 * An incident of the delivery itself (../notify.ts): the provider answered that the setting is broken (401, 403,
 * 404, 410, Brevo's sender or account), so no lead is sent, and none loses an attempt, until it works again.
 */
export interface DeliveryPause {
  /** When the incident began (ISO 8601). */
  since: string;
  /** Which delivery (`email Brevo`, `webhook`), as the log names it. */
  delivery: string;
  /** The provider's last answer. */
  reason: string;
  /** Configuration errors met in a row: the step of the backoff. */
  failures: number;
  /** When sending is tried again (ISO 8601). */
  nextAt: string;
}

/** The delivery's own record, one per store, apart from any lead's. */
export interface DeliveryStatus {
  pause?: DeliveryPause;
  /** Since when (ISO 8601) the receiver stores leads without notifying anyone (store only). */
  storeOnly?: string;
}

/** The record as stored (JSON); anything else reads as no record: a broken record never stops the sending. */
const deliveryStatusValue = v.object({
  pause: v.optional(
    v.object({ since: v.string(), delivery: v.string(), reason: v.string(), failures: v.number(), nextAt: v.string() }),
  ),
  storeOnly: v.optional(v.string()),
});

export function parseDeliveryStatus(value: unknown): DeliveryStatus {
  const parsed = v.safeParse(deliveryStatusValue, value);
  if (!parsed.success) return {};
  const { pause, storeOnly } = parsed.output;
  return { ...(pause ? { pause } : {}), ...(storeOnly ? { storeOnly } : {}) };
}

/**
 * A change of the delivery's record: the new record given the current one, or undefined to leave it as it is.
 * It may be called more than once (a store that lost a race reads again), so it must not count its calls.
 */
export type DeliveryStatusChange = (current: DeliveryStatus) => DeliveryStatus | undefined;

/** What list/forget/purge return: the leads concerned, and the records skipped. */
export interface Listing {
  leads: StoredLead[];
  unreadable: Unreadable[];
  /** What `due` or `purge` set right in the store's index on the way (./blobs.ts only). */
  repaired?: IndexRepair[];
}

export interface LeadStore {
  /**
   * Resolves once the lead is durably stored, never before; it is then pending, due at once, or, given spam
   * reasons, kept apart (`spam`), never due. Given review reasons (and no spam ones), it is stored with them
   * (`review`), in the same write as the lead itself.
   */
  add(message: ContactValues, receivedAt: Date, spamReasons?: readonly string[], review?: readonly string[]): Promise<StoredLead>;
  /** Every lead, newest first. */
  list(): Promise<Listing>;
  /**
   * At most `limit` pending leads due at `now`, the longest due first, found without reading the others
   * (names, an index or a query): a pass reads one batch whatever the number of pending leads. Unreadable
   * records among them come back as such, so that the caller can set them aside.
   */
  due(now: Date, limit: number): Promise<Listing>;
  /**
   * Takes the right to notify one lead until `until`, and gives its state as it is now: undefined when it is
   * sent, failed, not due yet, no longer in the state the caller read (`lead.notification`, as `due` or `add`
   * gave it), or when another sender (request, isolate, instance, schedule) holds a claim that has not expired.
   */
  claim(lead: StoredLead, now: Date, until: Date): Promise<Notification | undefined>;
  /**
   * Writes the outcome of an attempt (sent, pending with its next time, or failed) and frees the claim;
   * `previous`, the state claimed, spares the store a search for what to replace.
   */
  record(id: string, notification: Outcome, previous?: Notification): Promise<void>;
  /**
   * `npm run leads -- --retry ID` (and `--pas-indesirable ID`, which rescues a spam lead): back to pending,
   * attempts 0, due at `now`; undefined when there is no such lead.
   */
  retry(id: string, now: Date, options?: RetryOptions): Promise<StoredLead | undefined>;
  /**
   * Deletes every lead of this email address (case-insensitive), and its traces in the memories (repeats,
   * acknowledgements); returns the leads, and the records skipped.
   */
  forget(email: string): Promise<Listing>;
  /**
   * Deletes the leads received before `before`, and the spam ones received before `spamBefore`; returns them,
   * and the records skipped.
   */
  purge(before: Date, spamBefore?: Date): Promise<Listing>;
  /**
   * Remembers that `email` sent the message `body` at `now`, and says how many different addresses sent it
   * within the window (this one included). Bounded: entries older than the window go, and a message keeps at
   * most a few dozen addresses. Keyed hashes only (../spam/repeats.ts), under the store's own random key, which
   * `purge` replaces (dropping every entry of the old key); `forget` removes the address's entries.
   */
  repeats?(body: string, email: string, now: Date): Promise<number>;
  /**
   * The acknowledgement's memory (../contact/acknowledgement.ts): true, and `email` remembered for `day` (Paris,
   * `YYYY-MM-DD`), the first time that day in every process, isolate or instance; false after. Only a hash of the
   * address salted with the day's random salt is kept; the first claim of a new day deletes the earlier days'.
   */
  acknowledge?(email: string, day: string): Promise<boolean>;
  /** Deletes the acknowledgements' salts and hashes of every day but `today` (the daily purge). */
  forgetAcknowledgements?(today: string): Promise<void>;
  /**
   * The daily digest of quarantined messages (../digest.ts): at most `limit` leads kept apart as spam that no
   * digest has named yet, oldest first. A rescued or forgotten lead is no longer one.
   */
  unreported(limit: number): Promise<Listing>;
  /** Notes these spam leads as named by a digest the provider accepted at `at`; a lead no longer spam is left alone. */
  markReported(ids: readonly string[], at: Date): Promise<void>;
  /**
   * Takes the digest of `day` (Paris, `YYYY-MM-DD`) in one atomic write: true for the one caller, whatever the
   * process, isolate or instance, that took it; false when it was taken already.
   */
  claimDigest(day: string, at: Date): Promise<boolean>;
  /** Gives `day` back after a digest the provider did not accept, so that a later pass sends it. */
  releaseDigest(day: string): Promise<void>;
  /** The delivery's record (an incident, store-only mode); `{}` when there is none. */
  deliveryStatus?(): Promise<DeliveryStatus>;
  /**
   * Changes the delivery's record atomically in the store (an exclusive create, a conditional write), so that of
   * two senders (isolates, instances) opening or ending the same incident only one does; gives the record
   * before and after (the same when `change` left it).
   */
  updateDeliveryStatus?(change: DeliveryStatusChange): Promise<{ before: DeliveryStatus; after: DeliveryStatus }>;
}

interface RetryOptions {
  /**
   * Leaves a lead that a sender holds (a live claim) untouched: undefined then. `npm run leads -- --retry` waits for
   * the claim to end rather than clear it under a sender that may be posting it.
   */
  keepLiveClaim?: boolean;
}

/** A digest's day as the stores write it in a name or key: `YYYY-MM-DD`, nothing else. */
export const digestDayPattern = /^\d{4}-\d{2}-\d{2}$/;
/** Review reasons as read back from a store: a list of texts, or nothing (anything else reads as nothing). */
export function reviewOf(value: unknown): { review?: string[] } {
  return Array.isArray(value) && value.length > 0 && value.every((reason) => typeof reason === 'string') ? { review: [...value] } : {};
}

/** Whether a stored lead falls under a purge: past the retention period, or spam past its shorter one. */
export const purged = (lead: StoredLead, before: Date, spamBefore?: Date) =>
  Date.parse(lead.receivedAt) < before.getTime() ||
  (spamBefore !== undefined && lead.notification.state === 'spam' && Date.parse(lead.receivedAt) < spamBefore.getTime());

/**
 * A stored lead's fields as read back. A field added to the form after the lead was stored reads as empty,
 * so that older leads are still listed, exported and forgotten.
 */
export const storedFields = v.object(mapFields(() => v.optional(v.string(), '')));

/** Newest first, by reception time then id. */
export const newestFirst = (a: StoredLead, b: StoredLead) => b.receivedAt.localeCompare(a.receivedAt) || b.id.localeCompare(a.id);

export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A sortable id: the reception time, then 8 random hex digits. */
export function leadId(receivedAt: Date): string {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(4)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${receivedAt.toISOString().replace(/[:.]/g, '-')}-${random}`;
}

/** `2026-11-24T19-40-13-123Z-ab12cd34` → `2026-11-24T19:40:13.123Z`, or undefined for anything else. */
export function receivedAtOf(id: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-[0-9a-f]{8}$/.exec(id);
  return match ? `${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z` : undefined;
}

/** A new lead's state: no attempt yet, due at once. */
export const firstNotification = (receivedAt: string): Notification => ({ state: 'pending', attempts: 0, nextAt: receivedAt });

/**
 * Files and Blobs find due leads by their names alone: a pending lead's marker is named
 * `<id>.<attempts>.<next time in ms>`. Ids hold no dot.
 */
export const pendingMarker = (id: string, attempts: number, nextAt: string) => `${id}.${attempts}.${Date.parse(nextAt)}`;

export function parsePendingMarker(name: string): { id: string; attempts: number; nextAt: string } | undefined {
  const match = /^([^.]+)\.(\d{1,4})\.(\d{1,15})$/.exec(name);
  if (!match) return undefined;
  const next = new Date(Number(match[3]));
  if (Number.isNaN(next.getTime())) return undefined;
  return { id: match[1] ?? '', attempts: Number(match[2]), nextAt: next.toISOString() };
}

/** Of several markers left for one lead (a sender stopped between writing the new and removing the old), the latest. */
export function latestMarkers<T extends { id: string; attempts: number }>(markers: Iterable<T>): Map<string, T> {
  const latest = new Map<string, T>();
  for (const marker of markers) {
    const known = latest.get(marker.id);
    if (!known || marker.attempts > known.attempts) latest.set(marker.id, marker);
  }
  return latest;
}

export const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
