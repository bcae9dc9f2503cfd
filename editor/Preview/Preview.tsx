/** Class names of ./preview.css, which apercu.html links. */
const styles = {
  root: 'apercu',
  title: 'apercu-title',
  hint: 'apercu-hint',
  actions: 'apercu-actions',
  views: 'apercu-views',
  view: 'apercu-view',
  caption: 'apercu-caption',
  viewport: 'apercu-viewport',
  frame: 'apercu-frame',
} as const;

/**
 * The editor's preview page (/apercu?page=/faq%23cout[&branche=…]): the site's own page, in two frames as wide
 * as a phone and a desktop screen (the desktop one drawn at its real width and scaled down to fit).
 * Local mode: the site's dev server, which `npm run cms` starts beside the editor; each save writes content/,
 * and the dev server updates the frames by itself (hot update, or a reload that keeps the anchor). The editor's
 * server sends this page rendered, with no script (editor/server.ts): the frames start loading as the page arrives.
 * GitHub mode: the built editor's own page /apercu-page (editor/Preview/live/), which renders the branch's files with the
 * site's code and follows its saves; « Ouvrir » opens the branch's preview deployment on the host (PREVIEW_URL,
 * `{branch}` → the branch's alias), what the reviewer sees. Without the live page (`npm run cms` in GitHub mode), the
 * frames show that deployment.
 */
import { useState } from 'react';
import { previewMessages } from '../../src/content/schema/messages.ts';
import { previewOrigin } from '../../tools/diff/preview.ts';

/** The two widths editors check, as the site's tests do (375 px, 1280 px), and how much each is scaled down. */
const viewports = [
  { label: previewMessages.phone, width: 375, height: 740, scale: 1 },
  { label: previewMessages.desktop, width: 1280, height: 1000, scale: 0.6 },
] as const;

/** Where the page is served: the dev server's address locally, the branch's preview deployment in GitHub mode. */
export function siteOrigin(preview: string, githubMode: boolean, branch: string | undefined): string | undefined {
  return githubMode ? previewOrigin(preview, { branch }) : preview || undefined;
}

/**
 * A frame's address. Locally, each width asks with a query of its own: the browser lets only one request for an
 * address run at a time (its cache lock), so the second frame would otherwise wait for the first.
 */
export function frameSource(src: string, width: number, githubMode: boolean): string {
  if (githubMode) return src;
  const url = new URL(src);
  url.searchParams.set('largeur', String(width));
  return url.href;
}

/** The built editor's page that renders `page` (`/faq#cout`) of `branch` (editor/Preview/live/main.tsx). */
export function livePageSource(page: string, branch: string): string {
  return `/apercu-page?${new URLSearchParams({ page, branche: branch })}`;
}

export function Preview({
  search,
  preview,
  githubMode,
  live = false,
}: {
  search: string;
  preview: string;
  githubMode: boolean;
  /** GitHub mode: the frames render the branch (the built editor's /apercu-page). */
  live?: boolean;
}) {
  const query = new URLSearchParams(search);
  // Only an address of the site itself: the page is shown from the configured origin, nothing else.
  const page = `/${(query.get('page') ?? '/').replace(/^\/+/, '')}`;
  const branch = query.get('branche') ?? undefined;
  const origin = siteOrigin(preview, githubMode, branch);
  const [version, setVersion] = useState(0);
  const liveSource = githubMode && live && branch ? livePageSource(page, branch) : undefined;
  if (!origin && !liveSource) {
    return (
      <main className={styles.root}>
        <h1 className={styles.title}>{previewMessages.title(page)}</h1>
        <p className={styles.hint}>{previewMessages.noPreview}</p>
      </main>
    );
  }
  const src = origin ? `${origin}${page}` : undefined;
  return (
    <main className={styles.root}>
      <h1 className={styles.title}>{previewMessages.title(page)}</h1>
      <p className={styles.hint}>
        {liveSource ? previewMessages.followsLive : githubMode ? previewMessages.followsBranch : previewMessages.followsSaves}
      </p>
      <div className={styles.actions}>
        {githubMode ? (
          <button type="button" onClick={() => setVersion(version + 1)}>
            {previewMessages.reload}
          </button>
        ) : null}
        {src ? (
          <a href={src} target="_blank" rel="noopener">
            {previewMessages.open}
          </a>
        ) : null}
      </div>
      <div className={styles.views}>
        {viewports.map((viewport) => (
          <figure key={viewport.width} className={styles.view}>
            <figcaption className={styles.caption}>{viewport.label}</figcaption>
            <div
              className={styles.viewport}
              style={{ width: viewport.width * viewport.scale, height: viewport.height * viewport.scale }}
            >
              <iframe
                key={version}
                title={viewport.label}
                src={liveSource ?? frameSource(src ?? '', viewport.width, githubMode)}
                width={viewport.width}
                height={viewport.height}
                className={styles.frame}
                style={{ transform: `scale(${viewport.scale})` }}
              />
            </div>
          </figure>
        ))}
      </div>
    </main>
  );
}
