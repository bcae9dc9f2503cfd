/**
 * Audience counting (src/audience/): the endpoint's rules (what is counted, what never is), the files store
 * (a day's totals, the flood bound, the salt and hashes gone once the day is over, the purge), the figures of
 * `npm run stats`, the GDPR notice's text on and off, and the release rule that refuses a notice that disagrees.
 */
import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { audienceNoticeProblems } from '../../scripts/content-check/release.ts';
import { audienceCountedBy } from '../../src/audience/build.ts';
import { createAudienceCounter, pageOf, referrerHost } from '../../src/audience/counter.ts';
import { figuresOf } from '../../src/audience/report.ts';
import { bounds } from '../../src/audience/settings.ts';
import { filesAudienceStore } from '../../src/audience/store/files.ts';
import { AudienceText } from '../../src/mdx/widgets/Audience.tsx';

const agent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Safari/537.36';
const day = '2026-11-26';
const at = new Date(`${day}T10:00:00Z`);

async function counterIn(env: Record<string, string> = {}) {
  const dir = await mkdtemp(path.join(tmpdir(), 'propllc-audience-'));
  const store = filesAudienceStore(dir);
  const counter = createAudienceCounter({ env, store, now: () => at, logError: () => undefined });
  const view = (page: string, headers: Record<string, string> = {}, address = '192.0.2.1', query = '') =>
    counter.handle(
      new Request(`https://www.propllc.fr/api/count?p=${encodeURIComponent(page)}${query}`, {
        method: 'POST',
        headers: { host: 'www.propllc.fr', 'user-agent': agent, ...headers },
      }),
      { address },
    );
  const totals = async () => figuresOf(await store.days(day, day), day, day);
  return { dir, store, counter, view, totals };
}

describe('the count endpoint', () => {
  it('answers 204 and counts a view: the page, the visitor once a day, an outside referrer’s host only', async () => {
    const { view, totals } = await counterIn();
    expect((await view('/', {}, '192.0.2.1', '&r=www.example.org')).status).toBe(204);
    await view('/about');
    await view('/contact');
    await view('/contact', {}, '192.0.2.1', '&r=www.propllc.fr');
    await view('/nulle-part', { 'user-agent': `${agent} autre` });
    expect(await totals()).toMatchObject({
      visitors: 2,
      pageviews: 5,
      pages: { '/contact': 2, '/': 1, '/about': 1, '/404': 1 },
      referrers: { 'www.example.org': 1 },
      reachedContact: 1,
      contactFrom: { '/about': 1 },
    });
  });

  it('counts nothing for bots, Sec-GPC, prefetches and prerenders, /api/ pages, objecting visitors, or with AUDIENCE=off', async () => {
    const { view, totals } = await counterIn();
    await view('/', { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' });
    await view('/', { 'sec-gpc': '1' });
    await view('/', { 'sec-purpose': 'prefetch;prerender' });
    await view('/api/contact');
    await view('/', { cookie: 'autre=1; ne-pas-compter=1' });
    expect((await totals()).pageviews).toBe(0);
    const off = await counterIn({ AUDIENCE: 'off' });
    await off.view('/');
    await off.counter.countLead(at);
    expect(await off.totals()).toMatchObject({ pageviews: 0, leads: 0 });
  });

  it('the objection link sets the one cookie, for /api/count only, and the other link removes it', async () => {
    const { counter } = await counterIn();
    const object = await counter.handle(new Request('https://www.propllc.fr/api/count?objection=1'), {});
    expect(object.status).toBe(200);
    expect(object.headers.get('set-cookie')).toBe(
      'ne-pas-compter=1; Max-Age=34214400; Path=/api/count; HttpOnly; SameSite=Lax; Secure',
    );
    expect(await object.text()).toContain('<h1>Vous ne serez plus compté</h1>');
    const undo = await counter.handle(new Request('https://www.propllc.fr/api/count?objection=0'), {});
    expect(undo.headers.get('set-cookie')).toMatch(/^ne-pas-compter=; Max-Age=0;/);
  });

  it('bounds what one visitor and one address add in a day', async () => {
    const { store } = await counterIn();
    const few = { ...bounds, viewsPerVisitor: 3, viewsPerAddress: 4 };
    const add = (visitor: string) => store.addView({ day, visitor, address: 'a', page: '/' }, few);
    expect([await add('v1'), await add('v1'), await add('v1'), await add('v1')]).toEqual([true, true, true, false]);
    expect([await add('v2'), await add('v3')]).toEqual([true, false]);
    expect((await store.days(day, day))[0]).toMatchObject({ visitors: 2, pageviews: 4 });
  });

  it('keeps the day’s salt and hashes for that day only, privately, and purges totals past retention', async () => {
    const { dir, store } = await counterIn();
    const salt = await store.salt(day);
    expect(await store.salt(day)).toBe(salt);
    await store.addView({ day, visitor: 'v', address: 'a', page: '/' }, bounds);
    await store.addLead(day);
    expect((await stat(path.join(dir, 'today', `${day}.salt`))).mode & 0o777).toBe(0o600);
    const next = await store.salt('2026-11-27');
    expect(next).not.toBe(salt);
    expect(await readdir(path.join(dir, 'today'))).toEqual(['2026-11-27.salt']);
    // The totals hold no hash.
    const totals = await readFile(path.join(dir, 'days', `${day}.json`), 'utf8');
    expect(JSON.parse(totals)).toEqual({
      day,
      visitors: 1,
      pageviews: 1,
      pages: { '/': 1 },
      referrers: {},
      reachedContact: 0,
      contactFrom: {},
      leads: 1,
    });
    expect(await store.purge('2026-11-27', '2026-11-27')).toBe(1);
    expect(await store.days('2000-01-01', '2100-01-01')).toEqual([]);
  });

  it('purges, with the first count of a day, the totals older than the 25 months of the notice', async () => {
    const { store, view } = await counterIn();
    for (const old of ['2024-10-25', '2024-10-26', '2024-10-27']) await store.addLead(old);
    await view('/');
    expect((await store.days('2000-01-01', '2100-01-01')).map((totals) => totals.day)).toEqual(['2024-10-26', '2024-10-27', day]);
  });

  it('reads pages and referrers strictly', () => {
    expect(pageOf('/about')).toBe('/about');
    expect(pageOf('/about/')).toBe('/about');
    expect(pageOf('/about.html')).toBe('/about');
    expect(pageOf('/contact/merci')).toBe('/contact/merci');
    expect(pageOf('/inconnue')).toBe('/404');
    expect(pageOf('//evil.example/')).toBeUndefined();
    expect(pageOf('/api/count')).toBeUndefined();
    expect(referrerHost('https://www.example.org/q?utm_source=x', 'www.propllc.fr')).toBe('www.example.org');
    expect(referrerHost('www.propllc.fr', 'www.propllc.fr:443')).toBeUndefined();
    expect(referrerHost('javascript:alert(1)', 'www.propllc.fr')).toBeUndefined();
    expect(referrerHost('\u001b[1A', 'www.propllc.fr')).toBeUndefined();
  });
});

describe('the GDPR notice', () => {
  it('says what is counted, without cookie, for how long, with the objection link; or that nothing is', () => {
    const { unmount } = render(<AudienceText counted />);
    expect(document.body.textContent).toContain('Il n’enregistre ni cookie ni autre identifiant dans votre navigateur.');
    expect(document.body.textContent).toContain('conservés 25\u00a0mois puis supprimés');
    expect(screen.getByRole('link', { name: 'Ne pas être compté' }).getAttribute('href')).toBe('/api/count?objection=1');
    unmount();
    render(<AudienceText counted={false} />);
    expect(document.body.textContent).toBe('Le site ne mesure pas son audience\u202f: aucune visite n’est comptée.');
  });

  it('follows the build: counted with the site’s store, not with AUDIENCE=off or without a store', () => {
    const build = { VITE_CONTACT_ENDPOINT: '/api/contact', CONTACT_STORE: 'files' };
    expect(audienceCountedBy(build)).toBe(true);
    expect(audienceCountedBy({ ...build, AUDIENCE: 'off' })).toBe(false);
    expect(audienceCountedBy({ VITE_CONTACT_ENDPOINT: '/api/contact' })).toBe(false);
  });

  it('the release check refuses a notice without the widget, or one that denies counting while the site counts', () => {
    const widget = { relative: 'content/legal/cookies.mdx', source: 'Texte.\n\n<AudienceNotice />\n' };
    const denies = { relative: 'content/legal/donnees-personnelles.mdx', source: 'Intro.\n\nLe site ne dépose aucun cookie et rien.' };
    expect(audienceNoticeProblems([widget], true)).toEqual([]);
    expect(audienceNoticeProblems([widget, denies], false)).toEqual([]);
    expect(audienceNoticeProblems([widget, denies], true)).toEqual([
      expect.stringMatching(/^content\/legal\/donnees-personnelles\.mdx:3 → la notice dit « ne dépose aucun cookie »/),
    ]);
    expect(audienceNoticeProblems([denies], false)).toEqual([expect.stringMatching(/^content\/legal\/ → La section « Cookies »/)]);
  });
});
