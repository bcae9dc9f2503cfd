/** The static server maps URLs to dist/ like the hosts do, and never serves a file outside it. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { resolveRequest } from '../../src/hosts/node/static-server.ts';

const parent = mkdtempSync(path.join(tmpdir(), 'propllc-static-'));
const root = path.join(parent, 'dist');
mkdirSync(path.join(root, 'assets'), { recursive: true });
mkdirSync(path.join(root, 'contact'), { recursive: true });
mkdirSync(path.join(root, 'guides'), { recursive: true });
mkdirSync(path.join(root, 'outils'), { recursive: true });
const files = ['index.html', 'about.html', 'contact.html', 'contact/merci.html', 'assets/site.js', '404.html'];
for (const file of [...files, 'guides.html', 'guides/index.html', 'outils/index.html']) {
  writeFileSync(path.join(root, file), file);
}
// A file beside dist/ that no URL may reach.
writeFileSync(path.join(parent, 'secret.txt'), 'secret');

afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe('URLs of flat pages', () => {
  test('serves /, /about and nested pages from their .html files', () => {
    expect(resolveRequest(root, '/')).toEqual({ file: path.join(root, 'index.html') });
    expect(resolveRequest(root, '/about')).toEqual({ file: path.join(root, 'about.html') });
    expect(resolveRequest(root, '/contact/merci')).toEqual({ file: path.join(root, 'contact/merci.html') });
    expect(resolveRequest(root, '/assets/site.js')).toEqual({ file: path.join(root, 'assets/site.js') });
  });

  test('redirects /about/, /about.html and /index.html to the one URL form', () => {
    expect(resolveRequest(root, '/about/')).toEqual({ redirect: '/about' });
    expect(resolveRequest(root, '/about.html')).toEqual({ redirect: '/about' });
    expect(resolveRequest(root, '/index.html')).toEqual({ redirect: '/' });
  });

  test('a folder index beside a flat page of its name redirects to that page in one step', () => {
    expect(resolveRequest(root, '/guides')).toEqual({ file: path.join(root, 'guides.html') });
    expect(resolveRequest(root, '/guides/')).toEqual({ redirect: '/guides' });
    expect(resolveRequest(root, '/guides/index.html')).toEqual({ redirect: '/guides' });
    // Alone, a folder index is served at its folder's URL.
    expect(resolveRequest(root, '/outils/')).toEqual({ file: path.join(root, 'outils/index.html') });
    expect(resolveRequest(root, '/outils/index.html')).toEqual({ redirect: '/outils/' });
  });

  test('knows nothing else', () => {
    expect(resolveRequest(root, '/nope')).toBeUndefined();
    expect(resolveRequest(root, '/assets')).toBeUndefined();
  });
});

describe('path guard', () => {
  for (const url of [
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/assets/%2E%2E/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/..%5c..%5csecret.txt',
    '/%2e%2e%5csecret.txt',
    `/${'../'.repeat(8)}etc/passwd`,
  ]) {
    test(`${url} is refused`, () => {
      expect(resolveRequest(root, url)).toBeUndefined();
    });
  }

  test('an absolute path or a NUL byte in the URL serves nothing', () => {
    expect(resolveRequest(root, `/${path.join(parent, 'secret.txt')}`)).toBeUndefined();
    expect(resolveRequest(root, '/about%00.html')).toBeUndefined();
    expect(resolveRequest(root, '/%E0%A4%A')).toBeUndefined();
  });
});
