/**
 * How every headless Chromium of the project starts (end-to-end tests, the editor's test, the review screenshots):
 * Debian's Chromium when present (CI installs it), Playwright's own browser elsewhere, with the flags that let it
 * run as root in a container with a small /dev/shm and no GPU, and without background downloads.
 */
import { existsSync, statfsSync } from 'node:fs';

const systemChromium = '/usr/bin/chromium';

/**
 * Whether /dev/shm is too small for Chromium's shared memory (Docker gives 64 MB): it then writes it to /tmp
 * instead (`--disable-dev-shm-usage`). Where /dev/shm is large, that flag only costs: the memory it shares goes
 * through files of /tmp (measured: site.spec and contact.spec took 12 % longer with it on a two-core machine).
 */
function smallSharedMemory(): boolean {
  try {
    const { bsize, blocks } = statfsSync('/dev/shm');
    return bsize * blocks < 1024 ** 3;
  } catch {
    return true;
  }
}

export const chromiumLaunchOptions = {
  executablePath: existsSync(systemChromium) ? systemChromium : undefined,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    ...(smallSharedMemory() ? ['--disable-dev-shm-usage'] : []),
    '--disable-background-networking',
    '--disable-component-update',
  ],
};
