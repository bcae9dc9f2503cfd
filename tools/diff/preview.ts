/**
 * The address of a pull request's deploy preview, from a template set once for the repository
 * (the `PREVIEW_URL` variable, see docs/reviewing.md, "Deploy previews"):
 * - `{pr}` becomes the pull request's number (Netlify: `https://deploy-preview-{pr}--propllc.netlify.app`);
 * - `{branch}` becomes the branch's alias as Cloudflare Pages writes it (`https://{branch}.propllc.pages.dev`):
 *   lower case, every other character than a–z and 0–9 turned into `-`, cut at 28 characters.
 */
export function branchAlias(branch: string): string {
  return branch
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '-')
    .slice(0, 28)
    .replace(/^-+|-+$/g, '');
}

export function previewOrigin(template: string | undefined, pullRequest: { number?: string; branch?: string }): string | undefined {
  if (!template?.trim()) return undefined;
  let url = template.trim();
  if (url.includes('{pr}')) {
    if (!pullRequest.number || !/^\d+$/.test(pullRequest.number)) return undefined;
    url = url.replaceAll('{pr}', pullRequest.number);
  }
  if (url.includes('{branch}')) {
    const alias = branchAlias(pullRequest.branch ?? '');
    if (!alias) return undefined;
    url = url.replaceAll('{branch}', alias);
  }
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
    return parsed.href.replace(/\/+$/, '');
  } catch {
    return undefined;
  }
}
