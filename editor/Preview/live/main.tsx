/**
 * The page each frame of the hosted « Aperçu » loads (/apercu-page?page=/faq%23cout&branche=…, built by
 * `npm run cms:build` into dist-cms/apercu-page.html, same origin as the editor): the branch's version of a page
 * of the site, rendered here from its files (./LivePage.tsx), then again each time the branch's head moves (a save),
 * the edit kept in view and outlined as the local preview does (../focus.ts).
 */
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { previewMessages } from '../../../src/content/schema/messages.ts';
import '../../../src/site/styles/global.css';
import '../../../src/site/styles/view-transition.css';
import { addedTexts } from '../changed-text.ts';
import { showEdit } from '../focus.ts';
import { type Branch, editorToken, followHead, ReadError } from './github.ts';
import { LivePage, type LoadedPage, loadPage, pageOf } from './LivePage.tsx';

const query = new URLSearchParams(window.location.search);
const [pathname = '/', anchor = ''] = `/${(query.get('page') ?? '/').replace(/^\/+/, '')}`.split('#');
const hash = anchor ? `#${anchor}` : '';
const root = createRoot(document.getElementById('root')!);

/** A French note instead of the page: signed out, a file GitHub did not give, a content mistake. */
function note(text: string): ReactNode {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: '1.5rem' }}>
      <p role="alert">{text}</p>
    </main>
  );
}

function explain(error: unknown): string {
  if (error instanceof ReadError) return previewMessages.liveReadFailed(error.path, error.status);
  return previewMessages.liveMistake(error instanceof Error ? error.message : String(error));
}

const token = editorToken(document.cookie);
const page = pageOf(pathname);
const branchName = query.get('branche') ?? '';
if (!page) root.render(note(previewMessages.liveUnknownPage(pathname)));
else if (!token || !branchName) root.render(note(previewMessages.liveSignedOut));
else {
  const branch: Branch = { api: __CMS_GITHUB_API__, repo: __CMS_STORAGE__.githubRepo ?? '', branch: branchName, token };
  let shown: LoadedPage | undefined;
  const show = async () => {
    let loaded: LoadedPage;
    try {
      loaded = await loadPage(branch, page);
    } catch (error) {
      root.render(note(explain(error)));
      return;
    }
    // The texts the save added, in the files it changed (none at the first showing).
    const changed = shown ? [...loaded.sources].flatMap(([path, text]) => addedTexts(shown?.sources.get(path) ?? '', text)) : [];
    shown = loaded;
    root.render(
      <StrictMode>
        <LivePage page={page}>{loaded.element}</LivePage>
      </StrictMode>,
    );
    // Once React has committed the page: the entry unfolded, in view below the sticky header, the change outlined.
    requestAnimationFrame(() => setTimeout(() => showEdit(document, hash, changed)));
  };
  // One showing at a time, in order; the head is followed from the start, so a save during the first read counts.
  let showing = show();
  followHead(branch, () => {
    showing = showing.then(show);
  });
}
