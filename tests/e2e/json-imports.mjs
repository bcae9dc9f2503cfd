/**
 * Preloaded into Playwright's processes (see playwright.config.ts): the content loaders (src/content/data/) import
 * JSON without an import attribute, which Vite, tsx and every bundler accept but Node's own loader refuses; this
 * hook gives such an import the `type: 'json'` attribute Node wants.
 */
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
    export async function load(url, context, nextLoad) {
      if (new URL(url).pathname.endsWith('.json') && context.importAttributes?.type === undefined) {
        return nextLoad(url, { ...context, importAttributes: { ...context.importAttributes, type: 'json' } });
      }
      return nextLoad(url, context);
    }
  `)}`,
);
