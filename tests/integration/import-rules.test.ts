/**
 * The import rules (.dependency-cruiser.mjs) run by `npm run lint`: on a small tree shaped like the project, written to a
 * temporary folder, the same rule file must pass, then fail on the circle that once came back (a content schema
 * importing the manifest that imports it) and on a component reading content/'s loaders.
 * dependency-cruiser runs in this process, as its command does (rule file, `err` report, one error per broken rule):
 * its TypeScript parser loads once for all cases instead of once per case.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseConfig from 'dependency-cruiser/config-utl/extract-depcruise-config';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const rules = path.join(root, '.dependency-cruiser.mjs');

/**
 * The floors and the rooms: the manifest reads the schemas, the schemas read their messages, a component takes its
 * words by props; the API reads the content's loaders, each host adapts the API, the operator's commands open a host's
 * store; the tools and the editor sit outside src/. A package stands for React, another for a host's SDK.
 */
const floors: Record<string, string> = {
  'src/content/content.config.ts':
    "import { pageSchema } from './schema/schema.ts';\nexport const collections = { pages: pageSchema };\n",
  'src/content/schema/schema.ts': "import { fieldMessages } from './messages.ts';\nexport const pageSchema = fieldMessages;\n",
  'src/content/schema/messages.ts': "export const fieldMessages = 'message';\n",
  'src/content/data/brand.ts': "import { collections } from '../content.config.ts';\nexport const brand = collections;\n",
  'src/site/components/Hero.tsx': 'export const Hero = ({ title }: { title: string }) => title;\n',
  'src/site/registry.ts': "export const pages = ['/'];\n",
  'src/api/contact/receiver.ts':
    "import { brand } from '../../content/data/brand.ts';\nimport { pages } from '../../site/registry.ts';\nexport const receive = [brand, pages];\n",
  'src/hosts/node/serve.ts':
    "import { createServer } from 'node:http';\nimport { receive } from '../../api/contact/receiver.ts';\nexport const serve = [createServer, receive];\n",
  'src/hosts/netlify/blobs.ts': "import { getStore } from 'host-sdk';\nexport const store = getStore;\n",
  'ops/leads.ts': "import { serve } from '../src/hosts/node/serve.ts';\nexport const leads = serve;\n",
  'tools/check.ts': "import { collections } from '../src/content/content.config.ts';\nexport const check = collections;\n",
  'editor/main.ts': "import { Hero } from '../src/site/components/Hero.tsx';\nexport const main = Hero;\n",
  'node_modules/react/package.json': '{ "name": "react", "main": "index.js" }\n',
  'node_modules/react/index.js': 'exports.createElement = () => null;\n',
  'node_modules/host-sdk/package.json': '{ "name": "host-sdk", "main": "index.js" }\n',
  'node_modules/host-sdk/index.js': 'exports.getStore = () => null;\n',
};

let tree: string | undefined;
afterEach(async () => {
  if (tree) await rm(tree, { recursive: true, force: true });
  tree = undefined;
});

/**
 * Writes the tree, with `changes` over `floors`, and cruises it with the lint's rule file and report: whether it
 * fails and the rules it names.
 */
async function lint(changes: Record<string, string> = {}) {
  tree = await mkdtemp(path.join(os.tmpdir(), 'import-rules-'));
  for (const [file, source] of Object.entries({ ...floors, ...changes })) {
    await mkdir(path.dirname(path.join(tree, file)), { recursive: true });
    await writeFile(path.join(tree, file), source);
  }
  const ruleSet = await extractDepcruiseConfig(rules);
  const result = await cruise(['src', 'ops', 'tools', 'editor'], {
    ruleSet,
    validate: true,
    outputType: 'err',
    baseDir: tree,
  });
  // The report is coloured when the terminal allows it: the names are read without the colours.
  const output = stripVTControlCharacters(String(result.output));
  // `  error <rule>: <from> → <to>`; a circle goes on over the next lines, back to where it started.
  const violations = [...output.matchAll(/error ([\w-]+): (\S+) →\s+(\S+)/g)].map(([, rule, from, to]) => `${rule}: ${from} → ${to}`);
  return { failed: result.exitCode > 0, violations, cruised: /\((\d+) modules/.exec(output)?.[1] };
}

describe('import rules', () => {
  it('pass on a tree whose floors hold', async () => {
    expect(await lint()).toEqual({ failed: false, violations: [], cruised: '14' });
  });

  it('fail on an added circle, a type-only import included', async () => {
    const result = await lint({
      'src/content/schema/messages.ts':
        "import type { collections } from '../content.config.ts';\nexport const fieldMessages: keyof typeof collections = 'pages';\n",
    });
    expect(result.failed).toBe(true);
    expect(result.violations).toContain('schemas-import-no-manifest: src/content/schema/messages.ts → src/content/content.config.ts');
    expect(result.violations).toContain('no-circular: src/content/content.config.ts → src/content/schema/schema.ts');
  });

  it('fail on a component that reads its words from content/ instead of its props', async () => {
    const result = await lint({
      'src/site/components/Hero.tsx': "import { brand } from '../../content/data/brand.ts';\nexport const Hero = () => brand;\n",
    });
    expect(result).toMatchObject({
      failed: true,
      violations: ['components-take-words-by-props: src/site/components/Hero.tsx → src/content/data/brand.ts'],
    });
  });

  // Each room's rule, broken by one line: [what the line does, the file, its source, the rule the lint must name].
  const broken: [string, string, string, string][] = [
    [
      'the API imports a module of Node',
      'src/api/contact/receiver.ts',
      "import { readFile } from 'node:fs';\nexport const receive = readFile;\n",
      'api-imports-no-node: src/api/contact/receiver.ts → fs',
    ],
    [
      'the API imports React',
      'src/api/contact/receiver.ts',
      "import { createElement } from 'react';\nexport const receive = createElement;\n",
      'api-runs-anywhere: src/api/contact/receiver.ts → node_modules/react/index.js',
    ],
    [
      'the API reaches React through a loader',
      'src/content/data/brand.ts',
      "import { createElement } from 'react';\nexport const brand = createElement;\n",
      'api-reaches-no-react: src/api/contact/receiver.ts → node_modules/react/index.js',
    ],
    [
      'the API imports a host',
      'src/api/contact/receiver.ts',
      "import { store } from '../../hosts/netlify/blobs.ts';\nexport const receive = store;\n",
      'api-imports-no-host: src/api/contact/receiver.ts → src/hosts/netlify/blobs.ts',
    ],
    [
      'a host imports another host',
      'src/hosts/node/serve.ts',
      "import { store } from '../netlify/blobs.ts';\nexport const serve = store;\n",
      'host-node-stays-home: src/hosts/node/serve.ts → src/hosts/netlify/blobs.ts',
    ],
    [
      'the site imports the API',
      'src/site/components/Hero.tsx',
      "import { receive } from '../../api/contact/receiver.ts';\nexport const Hero = () => receive;\n",
      'site-imports-no-api-nor-host: src/site/components/Hero.tsx → src/api/contact/receiver.ts',
    ],
    [
      'the site imports a host',
      'src/site/registry.ts',
      "import { store } from '../hosts/netlify/blobs.ts';\nexport const pages = store;\n",
      'site-imports-no-api-nor-host: src/site/registry.ts → src/hosts/netlify/blobs.ts',
    ],
    [
      'src/ imports an operator command',
      'src/hosts/netlify/blobs.ts',
      "import { leads } from '../../../ops/leads.ts';\nexport const store = leads;\n",
      'src-imports-no-tools: src/hosts/netlify/blobs.ts → ops/leads.ts',
    ],
    [
      'src/ imports a tool',
      'src/site/registry.ts',
      "import { check } from '../../tools/check.ts';\nexport const pages = check;\n",
      'src-imports-no-tools: src/site/registry.ts → tools/check.ts',
    ],
    [
      'src/ imports the editor',
      'src/site/registry.ts',
      "import { main } from '../../editor/main.ts';\nexport const pages = main;\n",
      'src-imports-no-tools: src/site/registry.ts → editor/main.ts',
    ],
  ];
  it.each(broken)('fail when %s', async (_, file, source, violation) => {
    const result = await lint({ [file]: source });
    expect(result.failed).toBe(true);
    expect(result.violations).toContain(violation);
  });
});
