/**
 * The branch's files, read through GitHub's REST API with the signed-in editor's own token: the one Keystatic keeps
 * in the `keystatic-gh-access-token` cookie and reads itself (`getSyncAuth` in @keystatic/core). Nothing is stored.
 * `api` is GitHub's API (https://api.github.com), or the stand-in the build names (CMS_GITHUB_API_URL).
 */

/** The editor's GitHub token, as Keystatic keeps it for the signed-in editor; undefined when signed out. */
export function editorToken(cookies: string): string | undefined {
  for (const pair of cookies.split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === 'keystatic-gh-access-token') return decodeURIComponent(value.join('=')) || undefined;
  }
  return undefined;
}

export interface Branch {
  readonly api: string;
  /** `owner/name`. */
  readonly repo: string;
  readonly branch: string;
  readonly token: string;
}

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

function contentsUrl({ api, repo, branch }: Branch, path: string): string {
  return `${api}/repos/${repo}/contents/${encodePath(path)}?ref=${encodeURIComponent(branch)}`;
}

function headers(branch: Branch, accept: string): Record<string, string> {
  return { Accept: accept, Authorization: `Bearer ${branch.token}`, 'X-GitHub-Api-Version': '2022-11-28' };
}

/** A failed read: the file's path and the status GitHub answered. */
export class ReadError extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
  ) {
    super(`${path}: ${status}`);
  }
}

/** A file of the branch as text (GitHub's raw media type). */
export async function readFile(branch: Branch, path: string): Promise<string> {
  const response = await fetch(contentsUrl(branch, path), {
    headers: headers(branch, 'application/vnd.github.raw+json'),
    cache: 'no-store',
  });
  if (!response.ok) throw new ReadError(path, response.status);
  return response.text();
}

/** The names of the files in a folder of the branch. */
export async function listFolder(branch: Branch, path: string): Promise<string[]> {
  const response = await fetch(contentsUrl(branch, path), {
    headers: headers(branch, 'application/vnd.github+json'),
    cache: 'no-store',
  });
  if (!response.ok) throw new ReadError(path, response.status);
  const entries = (await response.json()) as { name: string; type: string }[];
  return entries.filter((entry) => entry.type === 'file').map((entry) => entry.name);
}

/**
 * Calls `onMove` with the branch's head commit each time it moves (Keystatic commits on each save), asking every
 * `every` ms while the page is visible; an unchanged answer is a cheap 304 (ETag). Returns the function that stops.
 */
export function followHead(branch: Branch, onMove: (sha: string) => void, every = 2_000): () => void {
  let etag: string | undefined;
  let sha: string | undefined;
  let timer: number | undefined;
  let stopped = false;
  const url = `${branch.api}/repos/${branch.repo}/commits/${encodeURIComponent(branch.branch)}`;
  const ask = async () => {
    if (document.visibilityState === 'visible') {
      const response = await fetch(url, {
        headers: { ...headers(branch, 'application/vnd.github.sha'), ...(etag ? { 'If-None-Match': etag } : {}) },
        cache: 'no-store',
      }).catch(() => undefined);
      if (response?.ok) {
        etag = response.headers.get('ETag') ?? undefined;
        const head = (await response.text()).trim();
        if (sha !== undefined && head !== sha) onMove(head);
        sha = head;
      }
    }
    if (!stopped) timer = window.setTimeout(() => void ask(), every);
  };
  void ask();
  return () => {
    stopped = true;
    window.clearTimeout(timer);
  };
}
