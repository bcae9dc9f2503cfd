/**
 * Netlify's drivers, over the site's Netlify Blobs when CONTACT_STORE=blobs: the leads in the store `leads`, the
 * audience in its own store, `audience`, never the leads'. Without Netlify's environment the leads' store is a
 * settings problem (valid messages get 503) and nothing is counted; the count endpoint still answers 204.
 */
import { getStore, type Store } from '@netlify/blobs';
import type { HostDriver } from '../../api/app.ts';
import { audienceBlobsStoreName } from '../../contact/audience-settings.ts';
import { leadStores } from '../../contact/lead-stores.ts';
import type { Settings } from '../../contact/settings.ts';
import { settingsLines } from '../../contact/lines.ts';
import { fillTemplate } from '../../content/template.ts';
import { blobsDriver } from './blobs-driver.ts';
import { netlifyLines } from './lines.ts';

/** The leads' Netlify Blobs store, from the table of stores. */
export const blobsStoreName = leadStores.blobs.binding;

/** A Blobs store of the site by its name; strongly consistent, as the claims and counts need. */
export type OpenBlobs = (name: string) => Store;

const siteBlobs: OpenBlobs = (name) => getStore({ name, consistency: 'strong' });

/** Both drivers, each store opened by its name (the Function's environment, or Netlify's API for the commands). */
export const blobsDrivers = (open: OpenBlobs) => ({
  leads: blobsDriver(open(blobsStoreName), fillTemplate(netlifyLines.storeBlobs, { name: blobsStoreName })),
  audience: blobsDriver(open(audienceBlobsStoreName), fillTemplate(netlifyLines.storeBlobs, { name: audienceBlobsStoreName })),
});

/** The Function's drivers: Netlify Blobs when CONTACT_STORE=blobs and the Function has Netlify's environment. */
export function openBlobsDrivers(settings: Settings, open: OpenBlobs = siteBlobs): { leads?: HostDriver; audience?: HostDriver } {
  if (settings.store !== 'blobs') return {};
  try {
    const drivers = blobsDrivers(open);
    return { leads: drivers.leads, ...(settings.audience.asked ? { audience: drivers.audience } : {}) };
  } catch {
    // Reported as a setting: the operator needs what to bind, not the stack.
    return {
      leads: {
        problem: fillTemplate(settingsLines.bindingMissing, {
          store: 'blobs',
          binding: 'Netlify Blobs',
          guide: leadStores.blobs.guide,
        }),
      },
    };
  }
}
