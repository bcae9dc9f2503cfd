/** The terminal text of `npm run stats`: French words (./lines.ts), French numbers and dates. */
import { intentNames, statsLines } from './lines.ts';
import { frenchLongDate } from '../../src/content/french-date.ts';
import { fillTemplate } from '../../src/content/template.ts';
import { terminalText } from '../terminal-text.ts';
import { notFoundPath } from '../../src/site/registry.ts';
import type { AudienceFigures } from '../../src/api/audience/report.ts';
import { otherReferrers } from '../../src/api/store/audience-store.ts';
import { bounds } from '../../src/contact/audience-settings.ts';
import type { ContactIntentKind } from '../../src/contact/contact-ways.ts';

const words = statsLines;
const number = new Intl.NumberFormat('fr-FR');
const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 });

export const frenchNumber = (value: number) => number.format(value);
export const shareOf = (count: number, of: number) =>
  fillTemplate(words.shareOfVisitors, {
    count: number.format(count),
    // French typography puts a narrow no-break space before %, whatever the runtime's ICU version writes.
    share: percent.format(of === 0 ? 0 : count / of).replace(/\s%/u, '\u202f%'),
  });

/** A page path as the operator reads it: the not-found page and « arrived on it » named. */
export const pageName = (path: string) => (path === '' ? words.direct : path === notFoundPath ? words.notFound : path);

/** A referrer host as the operator reads it: the hosts past the day's cap named together. */
const referrerName = (host: string) => (host === otherReferrers ? words.otherReferrers : terminalText(host));

/** What went uncounted in the period, and why: a day's caps reached, views dropped under load. */
export function limitNotes(figures: AudienceFigures): string[] {
  const notes = (days: string[], template: string, count: number) =>
    days.map((day) => fillTemplate(template, { date: frenchLongDate(day), count: number.format(count) }));
  return [
    ...notes(figures.capped.views, words.capViews, bounds.viewsPerDay),
    ...notes(figures.capped.visitors, words.capVisitors, bounds.visitorsPerDay),
    ...notes(figures.capped.referrers, words.capReferrers, bounds.referrersPerDay),
    ...(figures.dropped > 0 ? [fillTemplate(words.dropped, { count: number.format(figures.dropped) })] : []),
  ];
}

/** The ways to reach us clicked in the period, most clicked first. */
const usedIntents = (figures: AudienceFigures) =>
  Object.fromEntries(
    Object.entries(figures.contactIntentsByKind)
      .filter(([, count]) => count > 0)
      .sort(([, a], [, b]) => b - a),
  );

const lines = (title: string, counts: Record<string, number>, name = (key: string) => key) => {
  const entries = Object.entries(counts);
  if (entries.length === 0) return [];
  const width = Math.max(...entries.map(([key]) => name(key).length));
  return ['', title, ...entries.map(([key, count]) => `  ${name(key).padEnd(width)}  ${number.format(count).padStart(7)}`)];
};

export function statsText(figures: AudienceFigures, store: string): string {
  const title = fillTemplate(words.title, {
    since: frenchLongDate(figures.since),
    until: frenchLongDate(figures.until),
    store,
  });
  const limits = limitNotes(figures);
  if (figures.days.length === 0) return `${title}\n\n${words.none}`;
  const summary: [string, string][] = [
    [words.visitors, number.format(figures.visitors)],
    [words.pageviews, number.format(figures.pageviews)],
    [words.reachedContact, shareOf(figures.reachedContact, figures.visitors)],
    [words.contactIntents, number.format(figures.contactIntents)],
    [words.leads, shareOf(figures.leads, figures.visitors)],
  ];
  const width = Math.max(...summary.map(([label]) => label.length));
  const dayWidth = Math.max(words.day.length, ...figures.days.map((day) => frenchLongDate(day.day).length));
  const columns = [words.day.padEnd(dayWidth), words.visitors, words.pageviews, words.reachedContact, words.leads];
  const perDay = [
    columns.join(' | '),
    ...figures.days.map((day) =>
      [
        frenchLongDate(day.day).padEnd(dayWidth),
        ...[day.visitors, day.pageviews, day.reachedContact, day.leads].map((value, index) =>
          number.format(value).padStart(columns[index + 1]?.length ?? 0),
        ),
      ].join(' | '),
    ),
  ];
  return [
    title,
    '',
    ...summary.map(([label, value]) => `${label.padEnd(width)}  ${value}`),
    ...(limits.length > 0 ? ['', ...limits] : []),
    ...lines(words.pages, figures.pages, pageName),
    // Hosts come from visitors' browsers: escaped like anything printed from visitor input.
    ...lines(words.referrers, figures.referrers, referrerName),
    ...lines(words.contactFrom, figures.contactFrom, pageName),
    ...lines(words.contactIntentsByKind, usedIntents(figures), (kind) => intentNames[kind as ContactIntentKind]),
    '',
    words.perDay,
    ...perDay.map((line) => `  ${line}`),
  ].join('\n');
}
