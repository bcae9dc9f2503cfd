/**
 * A lead as every store keeps it, and the plain functions around it: its id (which carries its reception time, so
 * that the leads due, or past their retention, are found by name), its notification's state, and how a record is
 * read back. The store itself is ./lead-store.ts.
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
   * Kept apart as spam at `at`, with its reasons (../contact/spam/weights.ts): never due, never notified until the
   * operator rescues it, purged after `spamRetentionDays`.
   */
  | { state: 'spam'; reasons: string[]; at: string };

/** What an attempt to notify leads to (a lead is kept apart as spam only when stored). */
export type Outcome = Exclude<Notification, { state: 'spam' }>;

export interface StoredLead extends ContactValues {
  /** Sortable by date: the reception time, then a random part (`leadId`). */
  id: string;
  /** ISO 8601, UTC. */
  receivedAt: string;
  notification: Notification;
  /**
   * Delivered but marked « à vérifier »: the reasons (signal names of ../contact/spam/weights.ts), decided on
   * reception and kept with the lead, so that a retried notification is marked too. Absent for an unmarked lead.
   */
  review?: string[];
}

/** A record the store could not read: named so the operator can look at it; skipped by everything else. */
export interface Unreadable {
  id: string;
  /** The key, for the operator. */
  where: string;
  reason: string;
}

/** What list, forget and purge return: the leads concerned, and the records skipped. */
export interface Listing {
  leads: StoredLead[];
  unreadable: Unreadable[];
}

/**
 * A stored lead's fields as read back. A field added to the form after the lead was stored reads as empty,
 * so that older leads are still listed, exported and forgotten.
 */
export const storedFields = v.object(mapFields(() => v.optional(v.string(), '')));

const notificationValue = v.variant('state', [
  v.object({ state: v.literal('sent'), at: v.string() }),
  v.object({ state: v.literal('pending'), attempts: v.number(), nextAt: v.string(), lastReason: v.optional(v.string()) }),
  v.object({ state: v.literal('failed'), attempts: v.number(), at: v.string(), reason: v.string() }),
  v.object({ state: v.literal('spam'), reasons: v.array(v.string()), at: v.string() }),
]);

/** A lead's record as stored (JSON): its fields, its reception, its review reasons, its state, and a sender's claim. */
export const leadRecord = v.object({
  ...storedFields.entries,
  receivedAt: v.string(),
  // Null where a migration from SQL tables had none (src/hosts/cloudflare/migrations/0009_kv.sql).
  review: v.nullish(v.array(v.string())),
  notification: notificationValue,
  /** Until when (ISO 8601) a sender holds the lead. */
  claim: v.optional(v.string()),
});
export type LeadRecord = v.InferOutput<typeof leadRecord>;

/** Newest first, by reception time then id. */
export const newestFirst = (a: StoredLead, b: StoredLead) => b.receivedAt.localeCompare(a.receivedAt) || b.id.localeCompare(a.id);

export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A time as ids write it: `2026-11-24T19-40-13-123Z` (sorts as the time does). */
export const idTime = (at: Date) => at.toISOString().replace(/[:.]/g, '-');

/** A sortable id: the reception time, then 8 random hex digits. */
export function leadId(receivedAt: Date): string {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(4)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${idTime(receivedAt)}-${random}`;
}

/** `2026-11-24T19-40-13-123Z-ab12cd34` → `2026-11-24T19:40:13.123Z`, or undefined for anything else. */
export function receivedAtOf(id: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-[0-9a-f]{8}$/.exec(id);
  return match ? `${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z` : undefined;
}

/** A new lead's state: no attempt yet, due at once. */
export const firstNotification = (receivedAt: string): Notification => ({ state: 'pending', attempts: 0, nextAt: receivedAt });

export const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A lead as the stores hand it out, from its id and record. */
export function leadOf(id: string, record: LeadRecord): StoredLead {
  const { claim: _claim, review, notification, receivedAt, ...fields } = record;
  return {
    id,
    receivedAt,
    ...v.parse(storedFields, fields),
    notification,
    ...(review && review.length > 0 ? { review: [...review] } : {}),
  };
}
