/**
 * The versions that must move together: React Router's three packages on one exact 7.18.x (8.x needs Node 22),
 * the server-side packages a host installs in `dependencies`, and miniflare, which the local D1 runner
 * (src/hosts/cloudflare/wrangler-d1.ts) opens beside wrangler, on the very version wrangler runs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
const manifest = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Manifest;
const project = manifest('package.json');
const declared = (name: string) => project.dependencies?.[name] ?? project.devDependencies?.[name];

describe('pinned versions', () => {
  it('React Router, its dev tools and its Node runtime are one exact 7.18 release', () => {
    const versions = ['react-router', '@react-router/dev', '@react-router/node'].map(declared);
    expect(versions[0]).toMatch(/^7\.18\.\d+$/);
    expect(new Set(versions)).toEqual(new Set([versions[0]]));
  });

  it('the packages the pre-rendering needs on a host are dependencies, not devDependencies', () => {
    for (const name of ['@react-router/node', 'isbot', 'react-router']) expect(project.dependencies).toHaveProperty([name]);
  });

  it('miniflare is the one wrangler runs, so the local D1 is the same database format', () => {
    expect(declared('miniflare')).toBe(manifest('node_modules/wrangler/package.json').dependencies?.miniflare);
  });
});
