/**
 * Starts the islands of a page: `<div data-island data-island-src="/assets/….js">`, written by the build
 * (src/site/islands/Island.tsx, then tools/build/postbuild.ts for the URL). An island's code is fetched after
 * the page has painted and the browser is idle (at most 2 s after `load`), or at once when the visitor
 * reaches for it (focus or pointer down inside it), as Astro's `client:idle` does. The fields keep
 * whatever was typed meanwhile: hydration adopts the existing DOM.
 */
interface IslandModule {
  hydrate(element: HTMLElement): void;
}

export function scheduleIslands(): void {
  for (const element of document.querySelectorAll<HTMLElement>('[data-island-src]')) {
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      import(/* @vite-ignore */ element.dataset.islandSrc ?? '').then(
        // Hydration in a task of its own, after the one that evaluated the island's modules: two shorter tasks,
        // neither long enough to block a tap on a slow phone (npm run bench, « TBT »).
        (module: IslandModule) => setTimeout(() => module.hydrate(element), 0),
        (error: unknown) => console.error(error),
      );
    };
    element.addEventListener('focusin', start, { once: true });
    element.addEventListener('pointerdown', start, { once: true });
    const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(start, { timeout: 2000 }) : setTimeout(start, 200));
    // The site script itself runs once the page has painted (tools/build/postbuild.ts): only `load` is left to wait for.
    if (document.readyState === 'complete') idle();
    else addEventListener('load', idle, { once: true });
  }
}
