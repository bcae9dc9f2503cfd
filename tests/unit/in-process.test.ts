// @vitest-environment node
/**
 * tests/unit/ stays the fast loop: its files run in-process, all at once. A file that starts a server, runs a
 * process or copies the project belongs to tests/integration/; this scan of each unit file's source says which
 * line would make it slow, and why.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** What a unit file may not hold: each pattern, and what it would start. */
const outOfProcess: readonly { pattern: RegExp; starts: string }[] = [
  { pattern: /from ['"](node:)?child_process['"]/, starts: 'a child process' },
  { pattern: /^import (?!type )[^;]*from ['"](node:)?(http|https|net)['"]/m, starts: 'a server or a socket' },
  { pattern: /\.listen\(/, starts: 'a server listening on a port' },
  { pattern: /from ['"]@netlify\/blobs\/server['"]/, starts: 'the local Netlify Blobs server' },
  { pattern: /\/(project-copy|run-script|raw-http|build-copy)\.ts['"]/, starts: 'a copy of the project, a command or a server' },
  { pattern: /\bcheckContent\b|\/proofreading\/grammar\.ts['"]|\/diff\/proofread\.ts['"]/, starts: 'Grammalecte in a process' },
  { pattern: /\/wrangler-d1\.ts['"]/, starts: 'wrangler' },
];

/** The lines of `source` that would take a unit file out of the process, with what each starts. */
function outOfProcessLines(source: string): string[] {
  return source.split('\n').flatMap((line, index) => {
    const rule = outOfProcess.find(({ pattern }) => pattern.test(line));
    return rule ? [`${index + 1}: ${rule.starts}`] : [];
  });
}

function unitFiles(): string[] {
  const testFile = /\.test\.tsx?$/;
  const under = (folder: string) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => testFile.test(file))
      .map((file) => path.join(folder, file));
  return [...under('tests/unit'), ...under('src')];
}

describe('the unit tests stay in-process', () => {
  it('finds a child process, a listening server, a socket, a project copy, Grammalecte and wrangler', () => {
    const source = [
      "import { execFile } from 'node:child_process';",
      "import { createServer } from 'node:http';",
      "import type { AddressInfo } from 'node:net';",
      "await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));",
      "import { BlobsServer } from '@netlify/blobs/server';",
      "import { projectWith } from '../integration/project-copy.ts';",
      "import { checkContent } from '../../tools/check/content-check/check.ts';",
      "import { wranglerRunner } from '../../src/hosts/cloudflare/wrangler-d1.ts';",
      "import { checkMdxContent } from '../../tools/check/content-check/check.ts';",
    ].join('\n');
    expect(outOfProcessLines(source)).toEqual([
      '1: a child process',
      '2: a server or a socket',
      '4: a server listening on a port',
      '5: the local Netlify Blobs server',
      '6: a copy of the project, a command or a server',
      '7: Grammalecte in a process',
      '8: wrangler',
    ]);
  });

  it('holds for every file of tests/unit/ and every test beside the source', () => {
    const files = unitFiles();
    expect(files).toContain(path.join('tests', 'unit', 'in-process.test.ts'));
    const found = files
      .filter((file) => file !== path.join('tests', 'unit', 'in-process.test.ts'))
      .flatMap((file) => outOfProcessLines(readFileSync(path.join(root, file), 'utf8')).map((line) => `${file}:${line}`));
    expect(found, 'move these files (or their describe) to tests/integration/').toEqual([]);
  });
});
