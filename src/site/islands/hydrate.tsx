import type { ComponentType } from 'react';
import { options } from 'preact';
import { hydrateRoot } from 'react-dom/client';
import type { IslandData } from './Island.tsx';
import { IslandBoundary } from './IslandBoundary.tsx';

/**
 * Hydrates one island in place: reads the JSON data that follows its element (written by <Island>) and
 * renders the same tree as the page render did, so the existing DOM (and what was typed) is adopted.
 * In the browser `react-dom/client` is Preact's (vite.client.config.ts): a small island hydrates in a
 * few milliseconds, with no long task for a keystroke to wait behind.
 */
// Preact clears a DOM property it no longer renders by setting it to '', and `input.maxLength = ''` is a
// limit of 0 characters (React removes the attribute): the form drops its limits once hydrated, so
// `maxLength` goes through the attribute, which Preact removes. React, in the page render, never reads this.
const previousVnodeHook = options.vnode;
options.vnode = (vnode) => {
  const props = vnode.props as Record<string, unknown>;
  if (typeof vnode.type === 'string' && 'maxLength' in props) {
    props.maxlength = props.maxLength;
    delete props.maxLength;
  }
  previousVnodeHook?.(vnode);
};

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
