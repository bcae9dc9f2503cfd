/**
 * The site script: the only JavaScript of pages that have nothing interactive (≤ 1.5 KB gzip,
 * tests/built/budgets.test.ts). It does what only the visitor's browser can know or do, reading
 * everything it needs (labels, messages, island URLs) from attributes of the pre-rendered HTML:
 * importing copy or styles would pull them into every page's script.
 * - `[data-current-year]`: the year, in Paris time (the build's year is written until then);
 * - `time[data-today]`: today's date, in Paris time, French long format, with the month names of its `data-months`;
 * - `[data-missing-path]`: the not-found page logs the path that was asked for;
 * - `[data-menu-toggle]`: keeps `aria-expanded` and the label of the mobile menu's toggle in step
 *   with its popover, and gives focus back to the toggle when Escape closes it;
 * - `[data-island]`: loads an island's code once the page has painted (see src/site/islands/);
 * - `body[data-count]`: counts the view (src/api/audience/): one beacon with the path and the outside referrer's host,
 *   sent once the page is shown (a prerendered page waits until it is, and is never counted if it is not); and a
 *   click on `a[data-intent]` (a way to reach us), one beacon with its kind (`?i=`), which the browser sends while it
 *   follows the link, so `tel:` or WhatsApp opens at once. Nothing is kept in the browser (no cookie, no storage).
 * It is fetched once the page has painted (tools/build/postbuild.ts writes the loader), so it never delays the first paint.
 */
import { frenchLongDate, parisDay, parisYear } from '../../content/french-date.ts';
import { scheduleIslands } from './islands.ts';

const now = new Date();

for (const element of document.querySelectorAll<HTMLElement>('[data-current-year]')) {
  // Written only when the year has turned since the build: a needless write costs a layout on a slow phone.
  const year = parisYear(now);
  if (element.textContent !== year) element.textContent = year;
}

for (const time of document.querySelectorAll<HTMLTimeElement>('time[data-today]')) {
  const day = parisDay(now);
  const months = time.dataset.months?.split(' ') ?? [];
  // Left as the build wrote it when the day has not changed, or when the page gives no month names.
  if (time.dateTime === day || months.length !== 12) continue;
  time.dateTime = day;
  time.textContent = frenchLongDate(day, months);
}

const missing = document.querySelector<HTMLElement>('[data-missing-path]');
// Leaves a trace of dead links in the browser console, and in any monitoring that records it.
if (missing) console.error(missing.dataset.missingPath?.replace('{path}', location.pathname));

const toggle = document.querySelector<HTMLButtonElement>('[data-menu-toggle]');
const menu = toggle && document.getElementById(toggle.getAttribute('popovertarget') ?? '');
if (toggle && menu) {
  // Browsers expose a popover's state to assistive technology but write no aria-expanded:
  // without this script the attribute is left out rather than stuck at "false".
  const sync = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', (open ? toggle.dataset.labelClose : toggle.dataset.labelOpen) ?? '');
  };
  sync(menu.matches(':popover-open'));
  menu.addEventListener('toggle', (event) => sync((event as ToggleEvent).newState === 'open'));
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !menu.matches(':popover-open')) return;
    // Closed here rather than by the browser, so focus lands on the toggle in every engine
    // (Safari does not focus a clicked button, so it would not be "the element focused before").
    event.preventDefault();
    menu.hidePopover();
    toggle.focus();
  });
}

scheduleIslands();

const counter = document.body.dataset.count;
if (counter) {
  const count = () =>
    navigator.sendBeacon(`${counter}?p=${encodeURIComponent(location.pathname)}&r=${document.referrer.split('/')[2] ?? ''}`);
  if ((document as { prerendering?: boolean }).prerendering) document.addEventListener('prerenderingchange', count, { once: true });
  else count();
  document.addEventListener('click', (event) => {
    const kind = (event.target as Element | null)?.closest?.<HTMLElement>('a[data-intent]')?.dataset.intent;
    if (kind) navigator.sendBeacon(`${counter}?i=${encodeURIComponent(kind)}`);
  });
}
