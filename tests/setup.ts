import { afterEach } from 'vitest';

// The DOM matchers and the cleanup are for the files that render into jsdom: the others skip loading them.
if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');
  afterEach(cleanup);
}
