/**
 * Every data file of content/ is imported as JSON by a module of this folder and parsed at import with its
 * schema from the content manifest (src/content/content.config.ts), so code gets typed values and a broken file stops
 * the build, the dev server or the receiver with the same French messages as `npm run check`, which normally
 * reports first.
 *
 * The JSON is imported without `with { type: 'json' }`: the esbuild that wrangler 3 bundles Cloudflare Functions
 * with rejects the attribute, while Vite, Vitest, tsx and Netlify's esbuild accept the bare form. Only Node's own
 * loader wants the attribute: Playwright's processes add it (tests/e2e/json-imports.mjs).
 */
import * as v from 'valibot';
import { type DataFileName, type DataFileValue, dataFiles } from '../content.config.ts';
import { describeDataIssue, invalidDataFile } from '../schema/messages.ts';

/** `data`, the content of content/<name>.json, validated by its schema. */
export function loadDataFile<N extends DataFileName>(name: N, data: unknown): DataFileValue<N> {
  const relative = `content/${name}.json`;
  const result = v.safeParse(dataFiles[name].schema, data);
  if (result.success) return result.output as DataFileValue<N>;
  throw new Error(
    invalidDataFile(
      relative,
      result.issues.map((issue) => describeDataIssue(relative, issue)),
    ),
  );
}
