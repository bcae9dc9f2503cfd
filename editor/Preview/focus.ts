/**
 * « Aperçu » puts the edit in view, in the page shown by each frame: the entry named by the address (`#cout`)
 * unfolded (a FAQ answer is a closed `<details>`) and scrolled below the sticky header (the site's
 * `scroll-padding-top`), and the text the last save changed outlined for a moment, the outline fading out.
 * No words of its own, and nothing of it in the site: it runs only in the editor's preview.
 */

/** How long the outline stays (it fades out over the last part). */
export const markDuration = 6_000;

/**
 * The helper's rules go into a constructed style sheet adopted by the document: no element of its own in the page,
 * which React owns (it may take out of `<head>` what it did not render).
 */
const sheets = new WeakMap<Document, { rules: Map<string, string>; sheet?: CSSStyleSheet; element?: HTMLStyleElement }>();

/** The helper's rules in `doc`, as one text (what its style sheet holds). */
export function rulesOf(doc: Document): string {
  return [...(sheets.get(doc)?.rules.values() ?? [])].join('\n');
}

/** Text compared without what the site's typography changes: spaces, apostrophes and quotation marks, case. */
export function comparable(text: string): string {
  return text.toLowerCase().replace(/[\s\u00a0\u202f«»"“”‘’'`]+/g, '');
}

const blocks = 'p, li, h1, h2, h3, h4, h5, h6, summary, dt, dd, td, th, blockquote, figcaption, a, strong, small';

/** The smallest elements of the page whose text holds one of `texts`. */
export function elementsShowing(doc: Document, texts: readonly string[]): Element[] {
  const wanted = texts.map(comparable).filter(Boolean);
  if (wanted.length === 0) return [];
  const scope = doc.querySelector('main') ?? doc.body;
  const found = [...scope.querySelectorAll(blocks)].filter((element) => {
    const text = comparable(element.textContent ?? '');
    return wanted.some((want) => text.includes(want));
  });
  return found.filter((element) => !found.some((other) => other !== element && element.contains(other)));
}

/** A selector naming `element` alone: its id, or its place under the nearest ancestor that has one. */
export function selectorOf(element: Element): string {
  const parts: string[] = [];
  for (let at: Element | null = element; at; at = at.parentElement) {
    if (at.id) {
      parts.unshift(`[id="${at.id.replace(/["\\]/g, '\\$&')}"]`);
      break;
    }
    const parent = at.parentElement;
    if (!parent) {
      parts.unshift(at.localName);
      break;
    }
    parts.unshift(`${at.localName}:nth-child(${[...parent.children].indexOf(at) + 1})`);
  }
  return parts.join(' > ');
}

/**
 * Whether React has hydrated the page (the site's dev server hydrates it): its root, on the document, has
 * committed its first render. Until then the helper changes no attribute of the site's elements, or React would
 * find the page different from the HTML it was sent.
 */
export function hydrated(doc: Document): boolean {
  const key = Object.keys(doc).find((name) => name.startsWith('__reactContainer$'));
  const root = key ? (doc as unknown as Record<string, { stateNode?: { current?: { child?: unknown } } }>)[key] : undefined;
  return Boolean(root?.stateNode?.current?.child);
}

/** Sets (or, with `null`, removes) the helper's rule called `name` in `doc`. */
function setRule(doc: Document, name: string, rule: string | null): void {
  let state = sheets.get(doc);
  if (!state) {
    state = { rules: new Map() };
    const win = doc.defaultView;
    if (win && 'adoptedStyleSheets' in doc && typeof win.CSSStyleSheet === 'function') {
      state.sheet = new win.CSSStyleSheet();
      doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, state.sheet];
    } else {
      // A browser without constructed style sheets: an element of its own at the end of `<head>`.
      state.element = doc.createElement('style');
      doc.head.append(state.element);
    }
    sheets.set(doc, state);
  }
  if (rule === null) state.rules.delete(name);
  else state.rules.set(name, rule);
  if (state.sheet) state.sheet.replaceSync(rulesOf(doc));
  else if (state.element) state.element.textContent = rulesOf(doc);
}

/** The closed `<details>` around `element` (and `element` itself when it is one), outermost first. */
function closedAround(element: Element): HTMLDetailsElement[] {
  const closed: HTMLDetailsElement[] = [];
  for (let at: Element | null = element; at; at = at.parentElement) {
    if (at.localName === 'details' && !(at as HTMLDetailsElement).open) closed.unshift(at as HTMLDetailsElement);
  }
  return closed;
}

/**
 * Unfolds every closed `<details>` around `element`. Once the page is hydrated, by opening it; before, by showing
 * its content with a rule (`::details-content`), then opening it for real as soon as React has hydrated the page.
 */
export function unfold(element: Element): void {
  const doc = element.ownerDocument;
  for (const details of closedAround(element)) {
    if (hydrated(doc)) {
      details.open = true;
      continue;
    }
    const name = `reveal ${selectorOf(details)}`;
    setRule(doc, name, `${selectorOf(details)}::details-content{content-visibility:visible}`);
    const whenHydrated = () => {
      if (!details.isConnected) return setRule(doc, name, null);
      if (!hydrated(doc)) return void setTimeout(whenHydrated, 50);
      details.open = true;
      setRule(doc, name, null);
    };
    whenHydrated();
  }
}

/** The element named by the address's fragment, if the page has it. */
export function anchored(doc: Document, hash: string): Element | null {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  return id ? doc.getElementById(id) : null;
}

let marks = 0;

/** Outlines `elements` for `markDuration` (a rule naming each one), the outline fading out, then takes it away. */
export function mark(elements: readonly Element[]): void {
  const doc = elements[0]?.ownerDocument;
  if (!doc) return;
  for (const element of elements) {
    const name = `mark ${selectorOf(element)}`;
    // A new animation name for each mark: a second save restarts the fading.
    const animation = `apercu-change-${++marks}`;
    setRule(
      doc,
      name,
      `${selectorOf(element)}{outline:3px solid #f59e0b;outline-offset:4px;border-radius:2px;animation:${animation} ${markDuration}ms ease-in forwards}
@keyframes ${animation}{0%,55%{outline-color:#f59e0b}100%{outline-color:transparent}}`,
    );
    setTimeout(() => {
      if (rulesOf(doc).includes(`animation:${animation} `)) setRule(doc, name, null);
    }, markDuration);
    // What was outlined, in the page's own timeline: the end-to-end test reads it even once the outline has faded.
    doc.defaultView?.performance.mark('apercu-outlined', { detail: element.textContent ?? '' });
  }
}

/**
 * Keeps `element` at the top of the view (below the sticky header) while the page settles: its styles and
 * fonts may arrive after its text and move it. Stops at the first gesture of the reader, or after a few seconds.
 */
export function keepInView(element: Element, settleFor = 4_000): void {
  const doc = element.ownerDocument;
  const win = doc.defaultView;
  if (!win) return;
  const scroll = () => element.scrollIntoView({ block: 'start', behavior: 'instant' });
  scroll();
  const observer = new win.ResizeObserver(scroll);
  observer.observe(doc.documentElement);
  const stop = () => {
    observer.disconnect();
    for (const type of gestures) win.removeEventListener(type, stop, true);
  };
  const gestures = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  for (const type of gestures) win.addEventListener(type, stop, { capture: true, once: true });
  win.setTimeout(stop, settleFor);
}

/**
 * The whole: unfolds the changed texts and the anchored entry (the entry last, as FAQ answers are exclusive),
 * outlines the changed texts, and keeps in view the entry (its changed text too when the entry fits on the
 * screen, else that text), or else the first changed text. Answers whether a changed text was found.
 */
export function showEdit(doc: Document, hash: string, texts: readonly string[]): boolean {
  const entry = anchored(doc, hash);
  const changed = elementsShowing(doc, texts);
  for (const element of changed) unfold(element);
  if (entry) unfold(entry);
  mark(changed);
  const inEntry = changed.find((element) => entry?.contains(element));
  const fits = (element: Element) => element.getBoundingClientRect().height < (doc.defaultView?.innerHeight ?? 0) * 0.7;
  const focus = entry && inEntry && !fits(entry) ? inEntry : (entry ?? changed[0]);
  if (focus) keepInView(focus);
  return changed.length > 0;
}

/** What the last save changed (editor/site-preview.ts): when, and the texts of the lines it added. */
export interface LastChange {
  readonly at: number;
  readonly texts: readonly string[];
}

/**
 * In a page of the site's dev server beside the editor (editor/site-preview.ts writes this module into each page,
 * with the last change known when the page was sent): shows the edit at once, then again after each save, which
 * the dev server brings to the page by itself. Self-contained, with no import, so that it needs no request.
 */
export function followSaves(initial: LastChange | null, changesPath: string, laterScript: string): void {
  // A change counts as shown once its text was found: a page sent before the dev server took the save in shows the
  // old text, and the hot update that brings the new one must still outline it.
  let shown = showEdit(document, location.hash, initial?.texts ?? []) ? (initial?.at ?? 0) : 0;
  requestAnimationFrame(() =>
    setTimeout(() => {
      // When the edit was first painted in view, in the page's own clock (the end-to-end test times it).
      performance.mark('apercu-edit-shown');
      // Then the site's own scripts, held back until now (editor/site-preview.ts): React, and the dev server's updates.
      for (const held of document.querySelectorAll(`script[type="${laterScript}"]`)) {
        const script = document.createElement('script');
        script.type = 'module';
        script.textContent = held.textContent;
        held.replaceWith(script);
      }
    }),
  );
  let pending = 0;
  const check = async () => {
    const response = await fetch(changesPath, { cache: 'no-store' }).catch(() => null);
    const change = response?.ok ? ((await response.json()) as LastChange | null) : null;
    if (!change || change.at === shown || elementsShowing(document, change.texts).length === 0) return;
    shown = change.at;
    showEdit(document, location.hash, change.texts);
  };
  // A save changes the page's text (a hot update): look then, once the page is quiet for a moment.
  new MutationObserver(() => {
    clearTimeout(pending);
    pending = window.setTimeout(() => void check(), 60);
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
}
