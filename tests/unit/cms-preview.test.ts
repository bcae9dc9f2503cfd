// @vitest-environment jsdom
/**
 * « Aperçu »: what the last save changed, as the site's dev server tells the preview's helper (editor/site-preview.ts),
 * and the frames' addresses (editor/Preview/Preview.tsx).
 */
import { describe, expect, it, vi } from 'vitest';
import { frameSource, livePageSource } from '../../editor/Preview/Preview.tsx';
import { writeInPlace } from '../../editor/Preview/live/data-files.ts';
import { editorToken } from '../../editor/Preview/live/github.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ViteDevServer } from 'vite';
import { comparable, followSaves, hydrated, mark, markDuration, rulesOf, selectorOf, unfold } from '../../editor/Preview/focus.ts';
import { addedTexts, visibleText } from '../../editor/Preview/changed-text.ts';
import { sitePreview } from '../../editor/site-preview.ts';

describe('visibleText', () => {
  it('keeps the words a visitor reads on a line of MDX, JSON or frontmatter', () => {
    expect(visibleText('* Un **compte** [bancaire](/contact) dédié')).toBe('Un compte bancaire dédié');
    expect(visibleText('question: Combien de temps faut-il ?')).toBe('Combien de temps faut-il ?');
    expect(visibleText('  "title": "Nos \\"offres\\"",')).toBe('Nos "offres"');
    expect(visibleText('écrivez-nous à <CompanyEmail /> pour toute question.')).toBe('pour toute question.');
  });

  it('gives nothing for a line without words', () => {
    expect(visibleText('  <Card title="Séparation" icon="wallet">')).toBe('');
    expect(visibleText('---')).toBe('');
    expect(visibleText('')).toBe('');
  });
});

describe('addedTexts', () => {
  it('lists the text of the lines a save added, not of those it kept', () => {
    const before = 'question: Délai ?\norder: 5\n---\nUne phrase.\n\nUne autre phrase.';
    const after = 'question: Délai ?\norder: 5\n---\nUne phrase.\n\nUne autre phrase, changée.';
    expect(addedTexts(before, after)).toEqual(['Une autre phrase, changée.']);
  });

  it('counts a line written twice as twice', () => {
    expect(addedTexts('Même ligne ici', 'Même ligne ici\nMême ligne ici')).toEqual(['Même ligne ici']);
  });
});

describe('comparable', () => {
  it('finds the file’s words in the page despite the site’s typography', () => {
    expect(comparable('L’EIN\u202f? « oui »')).toBe(comparable('L\'EIN ? "oui"'));
  });
});

describe('frameSource', () => {
  it('gives each width its own address locally, so that both frames load at once', () => {
    expect(frameSource('http://127.0.0.1:4401/faq#cout', 375, false)).toBe('http://127.0.0.1:4401/faq?largeur=375#cout');
    expect(frameSource('https://b.propllc.pages.dev/faq#cout', 375, true)).toBe('https://b.propllc.pages.dev/faq#cout');
  });
});

describe('the preview helper before and after React hydrates the page', () => {
  const page = () => {
    document.head.innerHTML = '';
    document.body.innerHTML =
      '<main><details id="delai" name="faq"><summary>Délai ?</summary><div><p>Avant.</p><p>Nouvelle phrase.</p></div></details></main>';
    return document.querySelectorAll('p')[1]!;
  };
  const sheet = () => rulesOf(document);

  it('names an element by its place under the nearest ancestor with an id', () => {
    const sentence = page();
    expect(selectorOf(sentence)).toBe('[id="delai"] > div:nth-child(2) > p:nth-child(2)');
    expect(document.querySelector(selectorOf(sentence))).toBe(sentence);
  });

  it('unfolds with a rule until React has hydrated, then opens the answer for real', () => {
    vi.useFakeTimers();
    try {
      const sentence = page();
      const details = document.getElementById('delai') as HTMLDetailsElement;
      unfold(sentence);
      // No attribute of the site's elements changes before hydration: React would find the page different.
      expect(details.hasAttribute('open')).toBe(false);
      expect(sheet()).toContain('[id="delai"]::details-content{content-visibility:visible}');
      vi.advanceTimersByTime(500);
      expect(details.open).toBe(false);

      // React's root on the document, once its first render is committed.
      expect(hydrated(document)).toBe(false);
      Object.assign(document, { __reactContainer$test: { stateNode: { current: { child: {} } } } });
      expect(hydrated(document)).toBe(true);
      vi.advanceTimersByTime(100);
      expect(details.open).toBe(true);
      expect(sheet()).not.toContain('details-content');
    } finally {
      delete (document as unknown as Record<string, unknown>).__reactContainer$test;
      vi.useRealTimers();
    }
  });

  it('outlines a changed text with a rule that goes after a while', () => {
    vi.useFakeTimers();
    try {
      const sentence = page();
      mark([sentence]);
      expect(sentence.attributes).toHaveLength(0);
      expect(sheet()).toContain(`${selectorOf(sentence)}{outline:3px solid`);
      vi.advanceTimersByTime(markDuration);
      // Its own rule only: a mark another test of this document left is on real time.
      expect(sheet()).not.toContain(`${selectorOf(sentence)}{outline`);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the hosted « Aperçu »', () => {
  it('frames the editor’s own page of the branch, the entry kept in its address', () => {
    expect(livePageSource('/faq#cout', 'contenu/Tarifs 2027')).toBe('/apercu-page?page=%2Ffaq%23cout&branche=contenu%2FTarifs+2027');
  });

  it('reads the branch with the token Keystatic keeps for the signed-in editor, and no other cookie', () => {
    expect(editorToken('autre=1; keystatic-gh-access-token=ghu_abc%3D; keystatic-gh-refresh-token=x')).toBe('ghu_abc=');
    expect(editorToken('keystatic-gh-refresh-token=x')).toBeUndefined();
    expect(editorToken('')).toBeUndefined();
  });
});

describe('writeInPlace', () => {
  it('gives a bundled data object the branch’s values, keeping the objects components already hold', () => {
    const links = [
      { label: 'FAQ', to: '/faq' },
      { label: 'Contact', to: '/contact' },
    ];
    const bundled: Record<string, unknown> = { nav: { label: 'Navigation', links }, gone: 1 };
    const held = bundled.nav;
    writeInPlace(bundled, { nav: { label: 'Menu', links: [{ label: 'Vos questions', to: '/faq' }] } });
    expect(bundled).toEqual({ nav: { label: 'Menu', links: [{ label: 'Vos questions', to: '/faq' }] } });
    expect(bundled.nav).toBe(held);
    expect((held as { links: unknown }).links).toBe(links);
  });
});

describe('a save the dev server takes in late', () => {
  it('is still outlined when the hot update brings its text after the page was shown', async () => {
    document.head.innerHTML = '';
    document.body.innerHTML = '<main><details id="delai" open><summary>Délai ?</summary><p>Avant.</p></details></main>';
    performance.clearMarks('apercu-outlined');
    // The page was sent with the save already known, but rendered from the file before it.
    const change = { at: 1_000, texts: ['Nous suivons chaque étape avec vous.'] };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(change)));
    // What jsdom lacks of a browser's layout: the helper scrolls the edit into view and watches the page's size.
    const win = document.defaultView as unknown as Record<string, unknown>;
    const { ResizeObserver } = win;
    win.ResizeObserver = class {
      observe() {}
      disconnect() {}
    };
    Element.prototype.scrollIntoView = () => {};
    try {
      followSaves(change, '/__apercu/changes', 'text/x-apercu-later');
      expect(performance.getEntriesByName('apercu-outlined')).toHaveLength(0);
      // The hot update: the page's text becomes the saved one.
      document.querySelector('p')!.textContent = 'Nous suivons chaque étape avec vous. Avant.';
      await vi.waitFor(
        () => {
          const details = performance.getEntriesByName('apercu-outlined').map((entry) => (entry as PerformanceMark).detail);
          expect(details).toContain('Nous suivons chaque étape avec vous. Avant.');
        },
        { timeout: 30_000 },
      );
    } finally {
      // The helper watches the page for the rest of its life: this page ends here.
      document.documentElement.replaceChild(document.createElement('body'), document.body);
      win.ResizeObserver = ResizeObserver;
      delete (Element.prototype as Partial<Element>).scrollIntoView;
      vi.unstubAllGlobals();
    }
  });

  it('is told to « Aperçu » before the file watcher reports it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apercu-'));
    try {
      const file = path.join(dir, 'delai.mdx');
      writeFileSync(file, 'Comptez environ 3 à 4 semaines.\n');
      let handle: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | undefined;
      // A dev server whose watcher never reports anything: the worst of a busy machine.
      const server = {
        watcher: { add() {}, on() {} },
        middlewares: { use: (fn: typeof handle) => (handle = fn) },
        httpServer: null,
      } as unknown as ViteDevServer;
      (sitePreview(dir).configureServer as (server: ViteDevServer) => void)(server);
      writeFileSync(file, 'Nous suivons chaque étape avec vous.\nComptez environ 3 à 4 semaines.\n');
      const body = await new Promise<string>((resolve) => {
        const res = { setHeader() {}, end: resolve } as unknown as ServerResponse;
        handle!({ url: '/__apercu/changes', method: 'GET', headers: {} } as IncomingMessage, res, () => resolve('next'));
      });
      expect(JSON.parse(body)).toMatchObject({ file: 'delai.mdx', texts: ['Nous suivons chaque étape avec vous.'] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
