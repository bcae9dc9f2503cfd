/**
 * How a lead store names and reads its records (./lead-store.ts, ./digest-queue.ts): the keys of each kind of entry,
 * and a record read back as a lead, or as what the operator is told of one that cannot be read.
 */
import * as v from 'valibot';
import { fillTemplate } from '../../content/template.ts';
import { receiverLines } from '../contact/lines.ts';
import { type Driver, getMany } from './driver.ts';
import {
  type LeadRecord,
  leadOf,
  leadRecord,
  type Listing,
  newestFirst,
  reasonOf,
  receivedAtOf,
  type StoredLead,
  type Unreadable,
} from './lead.ts';

/** Why a message is kept apart, as its key says: an obvious bot (trap field, markup), or judged on other signals. */
export type SpamKind = 'honeypot' | 'markup' | 'judged';
export const spamKinds: readonly SpamKind[] = ['honeypot', 'markup', 'judged'];

export const leadKey = (id: string) => `lead/${id}`;
export const spamKey = (id: string, kind: SpamKind) => `spam/${id}.${kind}`;
export const failedKey = (id: string) => `failed/${id}`;
export const dueKey = (nextAt: string, id: string) => `due/${String(Math.max(0, Date.parse(nextAt) || 0)).padStart(15, '0')}/${id}`;
export const spamDayKey = (day: string) => `spam-day/${day}`;
export const digestStateKey = 'digest/state';
export const digestDayKey = (day: string) => `digest/day/${day}`;

/** `spam/<id>.<kind>` → its id and kind. */
export function parseSpamKey(key: string): { id: string; kind: SpamKind } | undefined {
  const match = /^spam\/([^.]+)\.(honeypot|markup|judged)$/.exec(key);
  return match ? { id: match[1] ?? '', kind: match[2] as SpamKind } : undefined;
}

/** `due/<ms>/<id>` → its id and time. */
export function parseDueKey(key: string): { id: string; at: number } | undefined {
  const match = /^due\/(\d{15})\/(.+)$/.exec(key);
  return match ? { id: match[2] ?? '', at: Number(match[1]) } : undefined;
}

export const leadIdOf = (key: string) => key.slice('lead/'.length);
export const spamIdOf = (key: string) => parseSpamKey(key)?.id ?? key.slice('spam/'.length);

/** What reads records over one driver. */
export function recordsOf(driver: Driver) {
  /** A record read back, or why it cannot be. */
  function parse(id: string, key: string, value: string | undefined): { lead: StoredLead; record: LeadRecord } | Unreadable {
    const where = `${driver.where} ${key}`;
    if (value === undefined) return { id, where, reason: receiverLines.unreadableGone };
    if (!receivedAtOf(id)) return { id, where, reason: receiverLines.unreadableName };
    try {
      const record = v.parse(leadRecord, JSON.parse(value));
      return { lead: leadOf(id, record), record };
    } catch (error) {
      return { id, where, reason: fillTemplate(receiverLines.unreadableContent, { reason: reasonOf(error) }) };
    }
  }

  /** Reads these keys into a listing, newest first. */
  async function read(keys: readonly string[], idOf: (key: string) => string): Promise<Listing & { records: Map<string, string> }> {
    const entries = await getMany(driver, keys);
    const listing: Listing & { records: Map<string, string> } = { leads: [], unreadable: [], records: new Map() };
    keys.forEach((key, index) => {
      const result = parse(idOf(key), key, entries[index]?.value);
      if ('lead' in result) {
        listing.leads.push(result.lead);
        listing.records.set(result.lead.id, key);
      } else if (entries[index] !== undefined) listing.unreadable.push(result);
    });
    listing.leads.sort(newestFirst);
    return listing;
  }

  return { parse, read };
}
