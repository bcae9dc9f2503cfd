declare const __CMS_STORAGE__: import('./storage.ts').StorageSettings;
/** The GitHub App's slug (public), for the editor's sign-in page in GitHub mode; empty otherwise. */
declare const __CMS_APP_SLUG__: string;

declare module 'virtual:cms-orders' {
  const orders: import('./keystatic.config.ts').Orders;
  export default orders;
}
