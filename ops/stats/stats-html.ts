/**
 * `npm run stats -- --html FILE`: one self-contained French page that opens offline and runs no script. Its charts
 * (visitors and leads per day, the way to /contact with the clicks on a way to reach us, the top pages) are Vega-Lite specifications compiled and
 * rendered to SVG by Vega in Node when the report is made, with French number and date formats.
 */
import * as vega from 'vega';
import * as vegaLite from 'vega-lite';
import { intentNames, statsLines } from './lines.ts';
import { contactIntentKinds } from '../../src/contact/contact-ways.ts';
import { brand } from '../../src/content/data/brand.ts';
import { frenchLongDate } from '../../src/content/french-date.ts';
import { fillTemplate } from '../../src/content/template.ts';
import type { AudienceFigures } from '../../src/api/audience/report.ts';
import { frenchNumber, limitNotes, pageName, shareOf } from './stats-text.ts';

const words = statsLines;
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** French names of months and days from the runtime's own locale data (no copy of them here). */
function frenchTimeLocale() {
  const names = (count: number, at: (index: number) => Date, options: Intl.DateTimeFormatOptions) =>
    Array.from({ length: count }, (_, index) => new Intl.DateTimeFormat('fr-FR', { ...options, timeZone: 'UTC' }).format(at(index)));
  const month = (index: number) => new Date(Date.UTC(2026, index, 15));
  // 2026-11-01 is a Sunday: d3's lists start on Sunday.
  const weekday = (index: number) => new Date(Date.UTC(2026, 10, 1 + index));
  return {
    dateTime: '%A %e %B %Y à %X',
    date: '%d/%m/%Y',
    time: '%H:%M:%S',
    periods: ['AM', 'PM'],
    days: names(7, weekday, { weekday: 'long' }),
    shortDays: names(7, weekday, { weekday: 'short' }),
    months: names(12, month, { month: 'long' }),
    shortMonths: names(12, month, { month: 'short' }),
  };
}

let localeSet = false;
function setFrenchLocale() {
  if (localeSet) return;
  // Spaces as French typography writes them: a narrow no-break space between thousands.
  vega.formatLocale({ decimal: ',', thousands: '\u202f', grouping: [3], currency: ['', '\u00a0€'] });
  vega.timeFormatLocale(frenchTimeLocale() as Parameters<typeof vega.timeFormatLocale>[0]);
  localeSet = true;
}

async function svgOf(spec: vegaLite.TopLevelSpec): Promise<string> {
  // Errors only: Vega-Lite warns about layered sorts it resolves itself.
  const logger = vega.logger(vega.Error);
  const view = new vega.View(vega.parse(vegaLite.compile(spec, { logger }).spec), { renderer: 'none', logger });
  const svg = await view.toSVG();
  view.finalize();
  return svg;
}

/** Room on the right of the longest bar for its label. */
const roomFor = (counts: number[]) => ({ domainMax: Math.max(1, ...counts) * 1.15, nice: false });
const labelAxis = { labelLimit: 320 };

const base = { config: { font: 'system-ui, sans-serif', view: { stroke: null } }, width: 640 } as const;

export async function statsHtml(figures: AudienceFigures, siteUrl: string | undefined): Promise<string> {
  setFrenchLocale();
  const site = siteUrl ? new URL(siteUrl).host : brand.name;
  const perDay = figures.days.flatMap((day) => [
    { day: day.day, series: words.visitors, count: day.visitors },
    { day: day.day, series: words.leads, count: day.leads },
  ]);
  const days = await svgOf({
    ...base,
    height: 240,
    data: { values: perDay },
    mark: { type: 'line', point: true },
    encoding: {
      x: { field: 'day', type: 'temporal', timeUnit: 'yearmonthdate', title: words.day, axis: { format: '%e %b' } },
      y: { field: 'count', type: 'quantitative', title: words.count, axis: { format: ',d', tickMinStep: 1 } },
      color: { field: 'series', type: 'nominal', title: null, legend: { orient: 'top' } },
    },
  });
  const funnelValues = [
    { step: words.funnelVisitors, count: figures.visitors },
    { step: words.funnelContact, count: figures.reachedContact },
    { step: words.funnelIntents, count: figures.contactIntents },
    { step: words.funnelLeads, count: figures.leads },
  ];
  const funnel = await svgOf({
    ...base,
    height: { step: 40 },
    data: { values: funnelValues },
    encoding: {
      y: { field: 'step', type: 'nominal', sort: funnelValues.map((value) => value.step), title: null, axis: labelAxis },
      x: {
        field: 'count',
        type: 'quantitative',
        title: words.count,
        axis: { format: ',d', tickMinStep: 1 },
        scale: roomFor(funnelValues.map((value) => value.count)),
      },
    },
    layer: [
      { mark: { type: 'bar', color: '#1f5f8b' } },
      { mark: { type: 'text', align: 'left', dx: 4 }, encoding: { text: { field: 'count', type: 'quantitative', format: ',d' } } },
    ],
  });
  const pages = await svgOf({
    ...base,
    height: { step: 28 },
    data: {
      values: Object.entries(figures.pages)
        .slice(0, 10)
        .map(([page, count]) => ({ page: pageName(page), count })),
    },
    encoding: {
      y: { field: 'page', type: 'nominal', sort: '-x', title: null },
      x: { field: 'count', type: 'quantitative', title: words.pageviews, axis: { format: ',d', tickMinStep: 1 } },
    },
    layer: [
      { mark: { type: 'bar', color: '#4c8c4a' } },
      { mark: { type: 'text', align: 'left', dx: 4 }, encoding: { text: { field: 'count', type: 'quantitative', format: ',d' } } },
    ],
  });
  const title = fillTemplate(words.htmlTitle, { site });
  const period = fillTemplate(words.htmlPeriod, { since: frenchLongDate(figures.since), until: frenchLongDate(figures.until) });
  const summary: [string, string][] = [
    [words.visitors, frenchNumber(figures.visitors)],
    [words.pageviews, frenchNumber(figures.pageviews)],
    [words.reachedContact, shareOf(figures.reachedContact, figures.visitors)],
    [words.contactIntents, frenchNumber(figures.contactIntents)],
    ...contactIntentKinds
      .filter((kind) => figures.contactIntentsByKind[kind] > 0)
      .map((kind): [string, string] => [`\u2003${intentNames[kind]}`, frenchNumber(figures.contactIntentsByKind[kind])]),
    [words.leads, shareOf(figures.leads, figures.visitors)],
  ];
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 52rem; padding: 0 1rem; color: #1a1a1a; }
dl { display: grid; grid-template-columns: max-content auto; gap: 0.25rem 1.5rem; }
dt { font-weight: 600; }
dd { margin: 0; font-variant-numeric: tabular-nums; }
figure { margin: 1.5rem 0; overflow-x: auto; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(period)}</p>
${figures.days.length === 0 ? `<p>${escapeHtml(words.none)}</p>\n` : ''}<dl>
${summary.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('\n')}
</dl>
${limitNotes(figures)
  .map((note) => `<p>${escapeHtml(note)}</p>\n`)
  .join('')}<h2>${escapeHtml(words.chartDays)}</h2>
<figure role="img" aria-label="${escapeHtml(words.chartDays)}">${days}</figure>
<h2>${escapeHtml(words.chartFunnel)}</h2>
<figure role="img" aria-label="${escapeHtml(words.chartFunnel)}">${funnel}</figure>
<h2>${escapeHtml(words.chartPages)}</h2>
<figure role="img" aria-label="${escapeHtml(words.chartPages)}">${pages}</figure>
</main>
</body>
</html>
`;
}
