/**
 * Runs in the site's pages served by its dev server beside the editor (cms/site-preview.ts adds it as their
 * first script, and only there): shows the edit on load, and again after each save, which the dev server
 * brings to the page by itself.
 */
import { elementsShowing, showEdit } from './focus.ts';

interface LastChange {
  readonly at: number;
  readonly texts: readonly string[];
}

const changesPath = '/__apercu/changes';

async function lastChange(): Promise<LastChange | null> {
  try {
    const response = await fetch(changesPath, { cache: 'no-store' });
    return response.ok ? ((await response.json()) as LastChange | null) : null;
  } catch {
    return null;
  }
}

let shown = 0;

/** On load: the entry, and what the last save changed if this page shows it. */
async function onLoad() {
  const change = await lastChange();
  shown = change?.at ?? 0;
  showEdit(document, location.hash, change?.texts ?? []);
}

/** After a save: the changed text, once the page shows it (the update reaches the page a moment after the file). */
async function afterSave() {
  const change = await lastChange();
  if (!change || change.at === shown) return;
  shown = change.at;
  const started = Date.now();
  const attempt = () => {
    if (elementsShowing(document, change.texts).length > 0) showEdit(document, location.hash, change.texts);
    else if (Date.now() - started < 3_000) setTimeout(attempt, 100);
  };
  attempt();
}

void onLoad();
import.meta.hot?.on('vite:afterUpdate', () => void afterSave());
