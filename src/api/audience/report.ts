/**
 * The figures of `npm run stats` for a period, from the daily totals of any audience store, and their
 * French terminal text. Visitors are counted per day (no visitor can be recognised from one day to the next),
 * so the visitors of a period are the sum of its days' visitors.
 */
import { type DayTotals, otherReferrers } from '../store/audience-store.ts';
import { bounds } from '../../contact/audience-settings.ts';
import { type ContactIntentKind, contactIntentKinds } from '../../contact/contact-ways.ts';

/** A period's figures: the same totals as one day's (summed over the period), plus its bounds and its days. */
export interface AudienceFigures extends Omit<DayTotals, 'day' | 'dropped' | 'intents'> {
  since: string;
  until: string;
  days: DayTotals[];
  /** Views dropped under load (Node only): never counted, so the report says how many. */
  dropped: number;
  /** The days that reached a daily cap (src/contact/audience-settings.ts): past it, views went uncounted or under `*`. */
  capped: { views: string[]; visitors: string[]; referrers: string[] };
  /** Clicks on a way to reach us (phone, WhatsApp…), all kinds together. */
  contactIntents: number;
  /** The same, per kind: every kind of src/contact/contact-ways.ts, in its order, 0 for none. */
  contactIntentsByKind: Record<ContactIntentKind, number>;
}

const sortedCounts = (counts: Record<string, number>) =>
  Object.fromEntries(Object.entries(counts).sort(([a, x], [b, y]) => y - x || a.localeCompare(b)));

function addCounts(into: Record<string, number>, from: Record<string, number>) {
  for (const [key, count] of Object.entries(from)) into[key] = (into[key] ?? 0) + count;
}

export function figuresOf(days: readonly DayTotals[], since: string, until: string): AudienceFigures {
  const pages: Record<string, number> = {};
  const referrers: Record<string, number> = {};
  const contactFrom: Record<string, number> = {};
  let visitors = 0;
  let pageviews = 0;
  let reachedContact = 0;
  let leads = 0;
  let dropped = 0;
  const capped: AudienceFigures['capped'] = { views: [], visitors: [], referrers: [] };
  const contactIntentsByKind = Object.fromEntries(contactIntentKinds.map((kind) => [kind, 0])) as Record<ContactIntentKind, number>;
  for (const day of days) {
    for (const kind of contactIntentKinds) contactIntentsByKind[kind] += day.intents?.[kind] ?? 0;
    dropped += day.dropped ?? 0;
    if (day.pageviews >= bounds.viewsPerDay) capped.views.push(day.day);
    if (day.visitors >= bounds.visitorsPerDay) capped.visitors.push(day.day);
    if (Object.hasOwn(day.referrers, otherReferrers)) capped.referrers.push(day.day);
    visitors += day.visitors;
    pageviews += day.pageviews;
    reachedContact += day.reachedContact;
    leads += day.leads;
    addCounts(pages, day.pages);
    addCounts(referrers, day.referrers);
    addCounts(contactFrom, day.contactFrom);
  }
  return {
    since,
    until,
    visitors,
    pageviews,
    pages: sortedCounts(pages),
    referrers: sortedCounts(referrers),
    reachedContact,
    contactFrom: sortedCounts(contactFrom),
    leads,
    days: [...days],
    dropped,
    capped,
    contactIntents: Object.values(contactIntentsByKind).reduce((sum, count) => sum + count, 0),
    contactIntentsByKind,
  };
}

/** `2026-11-26` minus `count` days (calendar days, time zones aside). */
export function daysBefore(day: string, count: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - count);
  return date.toISOString().slice(0, 10);
}

/** `2026-11-26` minus `months` calendar months. */
export function monthsBefore(day: string, months: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 10);
}
