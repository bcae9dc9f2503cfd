/**
 * Every data file of content/ is imported as JSON by a module of this folder and parsed with its schema
 * (src/content-schema/) at import, so code gets typed values and a broken file stops the build, the dev
 * server or the receiver with the same French messages as `npm run check`, which normally reports first.
 *
 * The JSON is imported without `with { type: 'json' }`: the esbuild that wrangler 3 bundles Cloudflare Functions
 * with rejects the attribute, while Vite, Vitest, tsx and Netlify's esbuild accept the bare form. Only Node's own
 * loader wants the attribute: Playwright's processes add it (tests/e2e/json-imports.mjs).
 */
import * as v from 'valibot';
import { describeDataIssue, invalidDataFile } from '../content-schema/messages.ts';

export function loadDataFile<const TSchema extends v.GenericSchema>(
  relative: string,
  schema: TSchema,
  data: unknown,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, data);
  if (result.success) return result.output;
  throw new Error(
    invalidDataFile(
      relative,
      result.issues.map((issue) => describeDataIssue(relative, issue)),
    ),
  );
}
