// @vitest-environment jsdom
/**
 * The table of lead stores (src/contact/lead-stores.ts) reaches every place that names a store: a store added to the
 * table and left out of the GDPR notice, the processors' file, the hosts' builds, the release messages or
 * `npm run leads` fails here. The expected facts come from the table and from content/, docs/ and the commands' lines as the reader sees them.
 */
import { readFileSync } from 'node:fs';
import { render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { releaseMessages } from '../../src/content/schema/messages.ts';
import { type LeadStoreSpec, leadStoreKinds, leadStores } from '../../src/contact/lead-stores.ts';
import { readSettings } from '../../src/contact/settings.ts';
import { ProcessorList } from '../../src/site/mdx/widgets/Facts.tsx';
import { leadsLines } from '../../ops/leads/lines.ts';

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const processorsFile = readJson('content/processors.json');

describe('the table of lead stores', () => {
  it('lists the three stores the receiver has: files (npm start), D1 (Cloudflare Pages), Netlify Blobs', () => {
    expect(leadStoreKinds).toEqual(['files', 'd1', 'blobs']);
    expect(leadStoreKinds.map((kind) => leadStores[kind].keeper)).toEqual(['server', 'provider', 'provider']);
  });

  it.each(leadStoreKinds)('names the keeper of %s in the GDPR notice: its provider, or the site’s own server', (kind) => {
    const keeper = leadStores[kind].keeper;
    const stored = processorsFile.leadStores[kind];
    expect(stored === undefined).toBe(keeper === 'server');
    render(createElement(ProcessorList, { recipients: 'email', store: kind }));
    if (keeper === 'provider') {
      expect(screen.getAllByText(stored.role)).toHaveLength(1);
      expect(screen.queryByText(processorsFile.filesStore)).toBeNull();
    } else {
      expect(screen.getByText(processorsFile.filesStore)).toBeVisible();
    }
  });

  it.each(leadStoreKinds)('gives %s on the host whose build names it, and its host’s guide says how to set it', (kind) => {
    const { hostBuild: build, guide }: LeadStoreSpec = leadStores[kind];
    expect(readFileSync(guide, 'utf8')).toMatch(kind === 'files' ? /`LEADS_DIR`/ : new RegExp(`CONTACT_STORE[=\`| ]+${kind}\\b`));
    if (!build) return expect(kind).toBe('files');
    expect(readSettings({ [build.variable]: '1' }).build.hostBuild?.store).toBe(kind);
  });

  it.each(leadStoreKinds)('offers %s in the release messages and `npm run leads` reads it with its options', (kind) => {
    expect(releaseMessages.noStore).toContain(kind);
    expect(releaseMessages.storeUnknown('s3')).toContain(kind);
    for (const flag of leadStores[kind].leadsFlags) expect(leadsLines.usage).toContain(flag);
  });
});
