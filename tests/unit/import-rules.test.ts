/**
 * The import rules (.dependency-cruiser.mjs) run by `npm run lint`: on a small tree shaped like src/, written to a
 * temporary folder, the same command and rule file must pass, then fail on the circle that once came back
 * (a content schema importing the manifest that imports it) and on a component reading content/'s loaders.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const depcruise = path.join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const rules = path.join(root, '.dependency-cruiser.mjs');

/** The manifest reads the schemas, the schemas read their messages, a component takes its words by props. */
const floors: Record<string, string> = {
  'src/content.config.ts':
    "import { pageSchema } from './content-schema/schema.ts';\nexport const collections = { pages: pageSchema };\n",
  'src/content-schema/schema.ts': "import { fieldMessages } from './messages.ts';\nexport const pageSchema = fieldMessages;\n",
  'src/content-schema/messages.ts': "export const fieldMessages = 'message';\n",
  'src/content-data/brand.ts': "import { collections } from '../content.config.ts';\nexport const brand = collections;\n",
  'src/components/Hero.tsx': 'export const Hero = ({ title }: { title: string }) => title;\n',
};

let tree: string | undefined;
afterEach(async () => {
  if (tree) await rm(tree, { recursive: true, force: true });
  tree = undefined;
});

/** Writes the tree, with `changes` over `floors`, and runs the lint's command on it: its exit and the rules it names. */
async function lint(changes: Record<string, string> = {}) {
  tree = await mkdtemp(path.join(os.tmpdir(), 'import-rules-'));
  for (const [file, source] of Object.entries({ ...floors, ...changes })) {
    await mkdir(path.dirname(path.join(tree, file)), { recursive: true });
    await writeFile(path.join(tree, file), source);
  }
  const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
  const { stdout, failed } = await promisify(execFile)(process.execPath, [depcruise, '--config', rules, 'src'], {
    cwd: tree,
    env,
  }).then(
    ({ stdout }) => ({ stdout, failed: false }),
    (error: { stdout: string }) => ({ stdout: error.stdout, failed: true }),
  );
  // `  error <rule>: <from> → <to>`; a circle goes on over the next lines, back to where it started.
  const violations = [...stdout.matchAll(/error ([\w-]+): (\S+) →\s+(\S+)/g)].map(([, rule, from, to]) => `${rule}: ${from} → ${to}`);
  return { failed, violations, cruised: /\((\d+) modules/.exec(stdout)?.[1] };
}

describe('import rules', { timeout: 60_000 }, () => {
  it('pass on a tree whose floors hold', async () => {
    expect(await lint()).toEqual({ failed: false, violations: [], cruised: '5' });
  });

  it('fail on an added circle, a type-only import included', async () => {
    const result = await lint({
      'src/content-schema/messages.ts':
        "import type { collections } from '../content.config.ts';\nexport const fieldMessages: keyof typeof collections = 'pages';\n",
    });
    expect(result.failed).toBe(true);
    expect(result.violations).toContain('schemas-import-no-manifest: src/content-schema/messages.ts → src/content.config.ts');
    expect(result.violations).toContain('no-circular: src/content-schema/messages.ts → src/content.config.ts');
  });

  it('fail on a component that reads its words from content/ instead of its props', async () => {
    const result = await lint({
      'src/components/Hero.tsx': "import { brand } from '../content-data/brand.ts';\nexport const Hero = () => brand;\n",
    });
    expect(result).toMatchObject({
      failed: true,
      violations: ['components-take-words-by-props: src/components/Hero.tsx → src/content-data/brand.ts'],
    });
  });
});
