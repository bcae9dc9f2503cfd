import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { IslandData } from './Island.tsx';
import { IslandBoundary } from './IslandBoundary.tsx';

/**
 * Hydrates one island in place: reads the JSON data that follows its element (written by <Island>) and
 * renders the same tree as the page render did, so the existing DOM (and what was typed) is adopted.
 * In the browser `react-dom/client` is Preact's (vite.client.config.ts): a small island hydrates in a
 * few milliseconds, with no long task for a keystroke to wait behind.
 */
export function hydrateIsland<P extends object>(element: HTMLElement, Widget: ComponentType<P>): void {
  const script = element.nextElementSibling;
  if (!(script instanceof HTMLScriptElement) || script.type !== 'application/json') {
    throw new Error(`island "${element.dataset.island}": its JSON data is missing`);
  }
  const { props, errorCopy } = JSON.parse(script.textContent ?? '') as IslandData<P>;
  hydrateRoot(
    element,
    <IslandBoundary copy={errorCopy}>
      <Widget {...props} />
    </IslandBoundary>,
  );
}
