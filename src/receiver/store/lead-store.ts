/**
 * Where a lead is kept before the visitor is told « Message envoyé » (store first, notify after). One
 * interface, three stores: files in LEADS_DIR (Node, ./files.ts), a D1 table (Cloudflare, ./d1.ts) and a
 * Netlify Blobs store (./blobs.ts). The same store serves the receiver, the retried notification
 * (../notify.ts) and the operator's inbox (`npm run leads`).
 */
import * as v from 'valibot';
import type { ContactValues } from '../../forms/contact-fields.ts';
import { mapFields } from '../../forms/contact-schema.ts';

export interface StoredLead extends ContactValues {
  /** Sortable by date: the ISO time of reception, then a random part. */
  id: string;
  /** ISO 8601, UTC. */
  receivedAt: string;
  /** When the email or webhook went out (ISO 8601); absent while the lead is « à notifier ». */
  notifiedAt?: string;
}

export interface LeadStore {
  /** Resolves once the lead is durably stored, never before. */
  add(message: ContactValues, receivedAt: Date): Promise<StoredLead>;
  /** Every lead, newest first. */
  list(): Promise<StoredLead[]>;
  /** Leads not notified yet, oldest first. */
  pending(): Promise<StoredLead[]>;
  /**
   * Takes the right to notify one lead until `until`: false when it is already notified or another
   * sender (request, isolate, instance, schedule) holds a claim that has not expired.
   */
  claim(id: string, now: Date, until: Date): Promise<boolean>;
  /** The notification went out: the lead is never sent again. */
  markNotified(id: string, at: Date): Promise<void>;
  /** The notification failed: the lead stays « à notifier » for the next try. */
  release(id: string): Promise<void>;
  /** Deletes every lead of this email address (case-insensitive); returns them. */
  forget(email: string): Promise<StoredLead[]>;
  /** Deletes the leads received before `before`; returns them. */
  purge(before: Date): Promise<StoredLead[]>;
}

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
