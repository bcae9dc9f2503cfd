// @vitest-environment node
/**
 * The Cloudflare Pages Function (functions/api/contact.ts → src/hosts/cloudflare/api.ts) on a project where nothing
 * is set: no store, no delivery, no Rate Limiting binding. A valid message gets 503 with the contact email, never a
 * false « envoyé », with the function's own security headers (Pages' _headers do not reach a function's answers),
 * and the longest message the form allows is valid there too; the function warns once that each isolate counts on
 * its own. The shared `wrangler pages dev` of the end-to-end specs has a store and a webhook, so these answers are
 * read here, through what the function exports.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { company } from '../../src/content/data/company.ts';
import { cloudflareLines } from '../../src/hosts/cloudflare/lines.ts';
import { validLead } from '../fixtures/visitor.ts';

const origin = 'https://propllc.pages.dev';
const url = `${origin}/api/contact`;
const valid = validLead();

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A fresh isolate's function: its API is made again from the environment. */
async function unconfigured() {
  vi.resetModules();
  const { onRequest } = await import('../../functions/api/contact.ts');
  return (body: string, contentType: string) =>
    onRequest({
      request: new Request(url, {
        method: 'POST',
        headers: { 'Content-Type': contentType, Origin: origin, Accept: 'application/json', 'CF-Connecting-IP': '203.0.113.9' },
        body,
      }),
      env: {},
    });
}

describe('the Cloudflare function with nothing set', () => {
  it('answers a valid message 503 with the contact email and its own security headers, and warns of the missing rate-limit binding', async () => {
    const post = await unconfigured();
    const answer = await post(JSON.stringify(valid), 'application/json');
    expect(answer.status).toBe(503);
    expect(await answer.text()).toContain(company.email);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(console.warn).toHaveBeenCalledWith(cloudflareLines.rateLimitBindingMissing);
    // Said once per isolate, not once per message.
    await post(JSON.stringify(valid), 'application/json');
    expect(vi.mocked(console.warn).mock.calls.filter(([line]) => line === cloudflareLines.rateLimitBindingMissing)).toHaveLength(1);
  });

  it('takes the longest message the form allows as valid: 503 there too, not 422', async () => {
    const post = await unconfigured();
    // 1 000 characters as the textarea counts them, 99 line breaks posted as CRLF.
    const message = Array.from({ length: 100 }, (_, index) => (index === 0 ? 'x'.repeat(10) : 'y'.repeat(9))).join('\r\n');
    const longest = await post(new URLSearchParams({ ...valid, message }).toString(), 'application/x-www-form-urlencoded');
    expect(longest.status).toBe(503);
    // One character more is refused for its length.
    const tooLong = await post(
      new URLSearchParams({ ...valid, message: `${message}y` }).toString(),
      'application/x-www-form-urlencoded',
    );
    expect(tooLong.status).toBe(422);
  });
});
