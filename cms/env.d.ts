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
