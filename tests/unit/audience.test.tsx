// @vitest-environment jsdom
/**
 * Audience counting (src/api/audience/): the endpoint's rules (what is counted, what never is), the audience store
 * over its own driver (a day's totals, the flood bound, the salt and hashes gone once the day is over, the daily
 * purge), the counts of `npm start` held in memory, the figures of `npm run stats`, the GDPR notice's text on and
 * off, and the release rule that refuses a notice that disagrees. What every driver keeps of the audience store:
 * tests/fixtures/driver-contract.ts.
 */
import { access, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { audienceNoticeProblems } from '../../tools/check/content-check/release.ts';
import { createAudienceCounter, pageOf, referrerHost } from '../../src/api/audience/counter.ts';
import { figuresOf } from '../../src/api/audience/report.ts';
import { bounds, flushEveryMs } from '../../src/contact/audience-settings.ts';
import { readSettings } from '../../src/contact/settings.ts';
import { type AudienceStore, audienceStore } from '../../src/api/store/audience-store.ts';
import { bufferedDriver } from '../../src/api/store/buffered-driver.ts';
import { memoryDriver } from '../../src/api/store/memory-driver.ts';
import { statsText } from '../../ops/stats/stats-text.ts';
import { filesDriver } from '../../src/hosts/node/files-driver.ts';
import { createSiteServer, type Ticker } from '../../src/hosts/node/site-server.ts';
import { AudienceText } from '../../src/site/mdx/widgets/Audience.tsx';
import { testApi } from '../fixtures/api.ts';

const agent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Safari/537.36';
const day = '2026-11-26';
const at = new Date(`${day}T10:00:00Z`);

/** The counter as the API builds it from `env` (AUDIENCE), over an audience store of its own, in memory. */
async function counterIn(env: Record<string, string> = {}, limits = bounds) {
  const driver = memoryDriver('audience');
  const store = audienceStore(driver);
  const counter = createAudienceCounter({
    enabled: readSettings(env).audience.asked,
    store,
    now: () => at,
    logError: () => undefined,
    limits,
  });
  const view = (page: string, headers: Record<string, string> = {}, address = '192.0.2.1', query = '') =>
    counter.handle(
      new Request(`https://www.propllc.fr/api/count?p=${encodeURIComponent(page)}${query}`, {
        method: 'POST',
        headers: { host: 'www.propllc.fr', 'user-agent': agent, ...headers },
      }),
      { address },
    );
  const totals = async () => figuresOf(await store.days(day, day), day, day);
  /** Every key and value the store holds. */
  const everything = async () =>
    (await Promise.all((await driver.keys('')).map(async (key) => `${key} ${(await driver.get(key))?.value ?? ''}`))).join('\n');
  return { driver, store, counter, view, totals, everything };
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

  it('purges, with the leads’ daily purge, the totals older than the 25 months of the notice and the past days’ salts', async () => {
    const driver = memoryDriver('audience');
    const store = audienceStore(driver);
    for (const old of ['2024-10-25', '2024-10-26', '2024-10-27']) await store.addLead(old);
    const yesterday = '2026-11-25';
    await store.salt(yesterday);
    await store.addView({ day: yesterday, visitor: 'v1', address: 'a', page: '/' }, bounds);
    expect(await driver.keys('salt/')).toEqual([`salt/${yesterday}`]);
    // A day without a visit: the daily purge alone.
    const site = await testApi({}, { audience: driver, now: () => at });
    await site.api.scheduled();
    expect((await store.days('2000-01-01', '2100-01-01')).map((totals) => totals.day)).toEqual([
      '2024-10-26',
      '2024-10-27',
      yesterday,
    ]);
    // What identified yesterday's visitors is gone with the day: only the totals are kept.
    expect((await driver.keys('')).filter((key) => !key.startsWith('day/'))).toEqual([]);
    expect(site.log).toContain(
      `Audience\u202f: purge automatique des totaux d’avant le 26 octobre 2024 (25\u00a0mois de conservation) et des sels des jours passés\u202f; jours supprimés\u202f: 1.`,
    );
    // Once a day: a second run the same day purges nothing more, and says nothing.
    await store.addLead('2024-10-25');
    await site.api.scheduled();
    expect((await store.days('2024-10-25', '2024-10-25')).map((totals) => totals.day)).toEqual(['2024-10-25']);
    expect(site.log.filter((line) => line.startsWith('Audience'))).toHaveLength(1);
  });

  it('counts only what our own pages ask: Sec-Fetch-Site, when sent, must be same-origin', async () => {
    const { view, totals } = await counterIn();
    for (const site of ['cross-site', 'same-site', 'none']) {
      expect((await view('/about', { 'sec-fetch-site': site })).status).toBe(204);
    }
    await view('/faq', { 'sec-fetch-site': 'same-origin' });
    // An older browser sends no such header: taken at its word.
    await view('/terms');
    expect((await totals()).pages).toEqual({ '/faq': 1, '/terms': 1 });
  });

  it('sets or removes the objection only from our own pages: another site cannot undo it', async () => {
    const { counter } = await counterIn();
    const ask = (choice: string, site: string) =>
      counter.handle(new Request(`https://www.propllc.fr/api/count?objection=${choice}`, { headers: { 'sec-fetch-site': site } }), {});
    for (const [choice, site] of [
      ['0', 'cross-site'],
      ['1', 'cross-site'],
      ['0', 'none'],
    ]) {
      const answer = await ask(choice ?? '', site ?? '');
      expect(answer.status).toBe(403);
      expect(answer.headers.get('set-cookie')).toBeNull();
      const page = await answer.text();
      expect(page).toContain('<h1>Votre choix n’a pas été modifié</h1>');
      expect(page).toContain('href="/legal"');
    }
    expect((await ask('1', 'same-origin')).headers.get('set-cookie')).toMatch(/^ne-pas-compter=1;/);
    expect((await ask('0', 'same-origin')).headers.get('set-cookie')).toMatch(/^ne-pas-compter=; Max-Age=0;/);
  });

  it('bounds one client as the rate limit keys it: an IPv6 client rotating inside its /64 is one client', async () => {
    const { view, totals } = await counterIn({}, { ...bounds, viewsPerAddress: 3 });
    // Each view from another address of the same /64, with another User-Agent: five visitors, one client.
    for (const host of [1, 2, 3, 4, 5]) await view('/', { 'user-agent': `${agent} ${host}` }, `2001:db8:1:2::${host}`);
    expect(await totals()).toMatchObject({ visitors: 3, pageviews: 3 });
    // Another /64 is another client.
    await view('/', {}, '2001:db8:1:3::1');
    expect((await totals()).pageviews).toBe(4);
  });

  it('caps a day: views, new visitors, and distinct referrer hosts (the next ones under « autres sites »)', async () => {
    const { store } = await counterIn();
    const few = { ...bounds, viewsPerDay: 5, visitorsPerDay: 2, referrersPerDay: 2 };
    const add = (visitor: string, referrer?: string) =>
      store.addView({ day, visitor, address: visitor, page: '/', ...(referrer ? { referrer } : {}) }, few);
    expect(await add('v1', 'a.example')).toBe(true);
    expect(await add('v2', 'b.example')).toBe(true);
    // A third visitor is past the day's cap of new visitors; the two known ones still count.
    expect(await add('v3')).toBe(false);
    expect(await add('v1', 'c.example')).toBe(true);
    expect(await add('v2', 'a.example')).toBe(true);
    expect(await add('v1', 'd.example')).toBe(true);
    // Five views: the day is full.
    expect(await add('v2')).toBe(false);
    expect((await store.days(day, day))[0]).toMatchObject({
      visitors: 2,
      pageviews: 5,
      referrers: { 'a.example': 2, 'b.example': 1, '*': 2 },
    });
  });

  it('npm run stats says which days reached a cap, how many views were dropped, and names « autres sites »', () => {
    const full = {
      day,
      visitors: bounds.visitorsPerDay,
      pageviews: bounds.viewsPerDay,
      pages: { '/': bounds.viewsPerDay },
      referrers: { 'www.example.org': 3, '*': 7 },
      reachedContact: 0,
      contactFrom: {},
      leads: 2,
      dropped: 1234,
    };
    const quiet = { ...full, day: '2026-11-27', visitors: 3, pageviews: 4, pages: { '/': 4 }, referrers: {}, dropped: undefined };
    const figures = figuresOf([full, quiet], day, '2026-11-27');
    expect(figures).toMatchObject({ dropped: 1234, capped: { views: [day], visitors: [day], referrers: [day] } });
    const text = statsText(figures, 'dossier audience');
    expect(text).toContain(
      'Le 26 novembre 2026, le plafond de 5\u202f000 pages vues par jour a été atteint\u202f: les vues suivantes de ce jour n’ont pas été comptées.',
    );
    expect(text).toContain('Le 26 novembre 2026, le plafond de 2\u202f000 nouveaux visiteurs par jour a été atteint');
    expect(text).toContain(
      'Le 26 novembre 2026, plus de 100 sites d’origine\u202f: les suivants sont comptés ensemble sous «\u202f(autres sites)\u202f».',
    );
    expect(text).toContain('Vues non comptées parce que trop de demandes de comptage arrivaient à la fois\u202f: 1\u202f234.');
    expect(text).toMatch(/^ {2}\(autres sites\) +7$/m);
    expect(statsText(figuresOf([quiet], day, '2026-11-27'), 'dossier audience')).not.toContain('plafond');
  });

  it('past the counts waiting, a count is dropped at once and the drop counted; a lead never is', async () => {
    const dropped: string[] = [];
    const leads: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const store: AudienceStore = {
      salt: async () => {
        await held;
        return 'sel';
      },
      addView: async () => true,
      addIntent: async () => true,
      addLead: async (leadDay) => {
        leads.push(leadDay);
      },
      days: async () => [],
      purge: async () => 0,
      addDropped: async (dropDay) => {
        dropped.push(dropDay);
      },
    };
    const counter = createAudienceCounter({ enabled: true, store, now: () => at, maxWaiting: 2, logError: () => undefined });
    const work: Promise<void>[] = [];
    const request = () =>
      counter.handle(
        new Request('https://www.propllc.fr/api/count?p=%2F', { method: 'POST', headers: { 'user-agent': agent } }),
        { address: '192.0.2.1' },
        (promise) => work.push(promise),
      );
    for (let index = 0; index < 5; index += 1) expect((await request()).status).toBe(204);
    expect(dropped).toEqual([day, day, day]);
    await counter.countLead(at);
    expect(leads).toEqual([day]);
    release();
    await Promise.all(work);
    // Room again once the waiting counts are done.
    await request();
    expect(dropped).toHaveLength(3);
  });

  it('counts a click on a way to reach us per day and per kind, never as a view; refuses an unknown kind and stores nothing', async () => {
    const { counter, view, totals, driver, everything } = await counterIn();
    const intent = (kind: string, headers: Record<string, string> = {}) =>
      counter.handle(
        new Request(`https://www.propllc.fr/api/count?i=${encodeURIComponent(kind)}`, {
          method: 'POST',
          headers: { host: 'www.propllc.fr', 'user-agent': agent, 'sec-fetch-site': 'same-origin', ...headers },
        }),
        { address: '192.0.2.1' },
      );
    await view('/contact');
    for (const kind of ['whatsapp', 'phone', 'whatsapp']) expect((await intent(kind)).status).toBe(204);
    // Not ours to count: another site, a bot, Sec-GPC.
    await intent('phone', { 'sec-fetch-site': 'cross-site' });
    await intent('phone', { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    await intent('phone', { 'sec-gpc': '1' });
    for (const kind of ['fax', 'https://spam.example/', '']) expect((await intent(kind)).status).toBe(400);
    const figures = await totals();
    expect(figures).toMatchObject({ pageviews: 1, contactIntents: 3 });
    expect(figures.contactIntentsByKind).toEqual({ phone: 1, whatsapp: 2, telegram: 0, email: 0, booking: 0 });
    const stored = (await driver.get(`day/${day}`))?.value ?? '';
    expect(JSON.parse(stored).intents).toEqual({ whatsapp: 2, phone: 1 });
    const all = await everything();
    expect(all).not.toContain('fax');
    expect(all).not.toContain('spam.example');
  });

  it('npm run stats gives the contact intents, in all and per kind, in the path to contact', () => {
    const withIntents = {
      day,
      visitors: 10,
      pageviews: 30,
      pages: { '/contact': 4 },
      referrers: {},
      reachedContact: 4,
      contactFrom: {},
      leads: 1,
      intents: { whatsapp: 3, phone: 1 },
    };
    const next = { ...withIntents, day: '2026-11-27', intents: { whatsapp: 1, booking: 2 } };
    const figures = figuresOf([withIntents, next, { ...next, day: '2026-11-28', intents: undefined }], day, '2026-11-28');
    expect(figures.contactIntents).toBe(7);
    expect(figures.contactIntentsByKind).toEqual({ phone: 1, whatsapp: 4, telegram: 0, email: 0, booking: 2 });
    const text = statsText(figures, 'dossier audience');
    expect(text).toMatch(/^Clics vers un moyen de nous joindre +7$/m);
    expect(text).toContain('Moyens de nous joindre cliqués');
    expect(text).toMatch(/^ {2}WhatsApp +4$/m);
    expect(text).toMatch(/^ {2}Prise de rendez-vous +2$/m);
    expect(text).not.toContain('Telegram');
    expect(figuresOf([], day, day)).toMatchObject({ contactIntents: 0, contactIntentsByKind: { phone: 0 } });
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
    // Hostnames only: letters, digits, hyphens and dots; an international name in its ASCII form.
    expect(referrerHost('sub-domain.example.co.uk', 'www.propllc.fr')).toBe('sub-domain.example.co.uk');
    expect(referrerHost('bücher.example', 'www.propllc.fr')).toBe('xn--bcher-kva.example');
    expect(referrerHost('exa_mple.org', 'www.propllc.fr')).toBeUndefined();
    expect(referrerHost('[2001:db8::1]', 'www.propllc.fr')).toBeUndefined();
    expect(referrerHost('a$b.example', 'www.propllc.fr')).toBeUndefined();
  });
});

describe('the counts of npm start, held in memory', () => {
  const exists = (file: string) =>
    access(file).then(
      () => true,
      () => false,
    );

  it('are written by a flush only, drops and leads included; a restart the same day goes on from what was written', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'propllc-audience-buffer-'));
    const buffered = bufferedDriver(filesDriver(dir));
    const store = audienceStore(buffered);
    const dayFile = path.join(dir, 'day', `${day}.json`);
    // A drop before the day is even in memory (its first counts, under load) is kept for it.
    await store.addDropped(day);
    const salt = await store.salt(day);
    for (const visitor of ['v1', 'v2', 'v1'])
      expect(await store.addView({ day, visitor, address: 'a', page: '/' }, bounds)).toBe(true);
    await store.addLead(day);
    await store.addDropped(day);
    // The counts wait in memory.
    expect(await exists(dayFile)).toBe(false);
    await buffered.flush();
    expect(JSON.parse(await readFile(dayFile, 'utf8'))).toMatchObject({ visitors: 2, pageviews: 3, leads: 1, dropped: 2 });
    await store.addLead(day);
    await buffered.flush();
    expect(JSON.parse(await readFile(dayFile, 'utf8'))).toMatchObject({ leads: 2 });
    // A restart the same day goes on from what was written: the same salt, so the same visitors.
    const again = bufferedDriver(filesDriver(dir));
    expect(await audienceStore(again).salt(day)).toBe(salt);
    expect(await audienceStore(again).addView({ day, visitor: 'v1', address: 'a', page: '/about' }, bounds)).toBe(true);
    await again.flush();
    expect((await audienceStore(filesDriver(dir)).days(day, day))[0]).toMatchObject({ visitors: 2, pageviews: 4, leads: 2 });
  });

  it('are written by the server every few seconds (its own timer, never one per view)', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'propllc-audience-site-'));
    const audienceDir = path.join(root, 'audience');
    const ticks = new Map<number, () => void>();
    const ticker: Ticker = (tick, everyMs) => {
      ticks.set(everyMs, tick);
      return () => ticks.delete(everyMs);
    };
    const errors: string[] = [];
    const site = await createSiteServer({
      root: path.join(root, 'dist'),
      env: { LEADS_DIR: path.join(root, 'leads'), AUDIENCE_DIR: audienceDir },
      log: () => undefined,
      logError: (line) => errors.push(line),
      clock: { now: () => at, ticker },
    });
    // The timers start with the server (never listening here: no socket in a unit test).
    site.server.emit('listening');
    expect([...ticks.keys()].sort()).toEqual([flushEveryMs, 30_000].sort());
    const work: Promise<unknown>[] = [];
    const answer = await site.api.fetch(
      new Request('http://localhost/api/count?p=%2F', { method: 'POST', headers: { 'user-agent': agent } }),
      { client: { address: '192.0.2.1' }, waitUntil: (job) => work.push(job) },
    );
    expect(answer.status).toBe(204);
    await Promise.all(work);
    const dayFile = path.join(audienceDir, 'day', `${day}.json`);
    expect(await exists(dayFile)).toBe(false);
    ticks.get(flushEveryMs)?.();
    await vi.waitFor(async () => expect(await exists(dayFile)).toBe(true), { timeout: 30_000 });
    expect(JSON.parse(await readFile(dayFile, 'utf8'))).toMatchObject({ visitors: 1, pageviews: 1 });
    site.server.emit('close');
    expect(ticks.size).toBe(0);
    expect(errors).toEqual([]);
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
    const audienceCountedBy = (env: Record<string, string>) => readSettings(env).build.audienceCounted;
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
