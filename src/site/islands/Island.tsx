import type { ComponentType } from 'react';
import { IslandBoundary, type IslandErrorCopy } from './IslandBoundary.tsx';
import type { IslandName } from './registry.ts';

export interface IslandProps<P extends object> {
  name: IslandName;
  component: ComponentType<P>;
  /** Everything the component needs, as JSON: the same props render the page and hydrate the island. */
  props: P;
  /** The error screen shown in the island's place if it throws in the browser. */
  errorCopy: IslandErrorCopy;
}

/** The island's data, as the browser reads it back (./hydrate.tsx). */
export interface IslandData<P> {
  props: P;
  errorCopy: IslandErrorCopy;
}

/** `<` escaped, so no text in the data can close the script element. */
function serializeIslandData(data: IslandData<unknown>): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/**
 * Renders a widget that needs the browser: its HTML is pre-rendered like the rest of the page, inside
 * an element that the island's own script hydrates alone (`hydrateRoot` on that element). Its data
 * follows as `<script type="application/json">`, which browsers never execute (the CSP is unaffected).
 * The wrapper's content must be exactly what the island renders in the browser, so the component gets
 * nothing but these props (no context from the page, no `useId`, whose values depend on the tree).
 */
export function Island<P extends object>({ name, component: Widget, props, errorCopy }: IslandProps<P>) {
  return (
    <>
      <div data-island={name}>
        <IslandBoundary copy={errorCopy}>
          <Widget {...props} />
        </IslandBoundary>
      </div>
      <script
        type="application/json"
        data-island-data={name}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON data, never executed, with every < escaped by serializeIslandData.
        dangerouslySetInnerHTML={{ __html: serializeIslandData({ props, errorCopy }) }}
      />
    </>
  );
}
