/**
 * How every headless Chromium of the project starts (end-to-end tests, the editor's test, the review screenshots):
 * Debian's Chromium when present (CI installs it), Playwright's own browser elsewhere, with the flags that let it
 * run as root in a container with a small /dev/shm and no GPU, and without background downloads.
 */
import { existsSync } from 'node:fs';

const systemChromium = '/usr/bin/chromium';

export const chromiumLaunchOptions = {
  executablePath: existsSync(systemChromium) ? systemChromium : undefined,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update'],
};
