declare const __CMS_STORAGE__: import('./storage.ts').StorageSettings;
/** The GitHub App's slug (public), for the editor's sign-in page in GitHub mode; empty otherwise. */
declare const __CMS_APP_SLUG__: string;

declare module 'virtual:cms-orders' {
  const orders: import('./keystatic.config.ts').Orders;
  export default orders;
}
/**
 * Where « Aperçu » shows the site: the address of the site's dev server in local mode, the template of the
 * branch preview deployments (PREVIEW_URL, with `{branch}`) in GitHub mode; empty when there is none.
 */
declare const __CMS_PREVIEW__: string;
/**
 * GitHub's REST API as the hosted « Aperçu » reads the branch from it: https://api.github.com, or the stand-in
 * named by CMS_GITHUB_API_URL at build time (`npm run cms:build`).
 */
declare const __CMS_GITHUB_API__: string;
/** Whether « Aperçu » in GitHub mode frames the branch rendered by the editor's own page (/apercu-page). */
declare const __CMS_LIVE_PREVIEW__: boolean;
