// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { interfaceText } from '../../src/content/data/interface.ts';
import { ErrorBoundary } from '../../src/site/root.tsx';

/** A page that fails while rendering. */
function Broken(): never {
  throw new Error('Panne de test');
}

/** A page with nothing of its own: its loader is what fails. */
function Empty() {
  return null;
}

// React and React Router report the thrown error on the console: expected here, so kept quiet.
afterEach(() => vi.restoreAllMocks());

describe('root error boundary (routing failure)', () => {
  test('an error thrown while rendering shows the site-styled error screen with its message and a link home', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Stub = createRoutesStub([
      {
        path: '/',
        Component: Broken,
        ErrorBoundary,
      },
    ]);
    render(<Stub initialEntries={['/']} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error' })).toBeVisible();
    expect(screen.getByText('Panne de test')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: interfaceText.error.home })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: interfaceText.error.contact })).toHaveAttribute('href', '/contact');
    // Styled like the site: the header and footer frame it.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  test('an error response shows its status', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Stub = createRoutesStub([
      {
        path: '/',
        Component: Empty,
        loader: () => {
          throw new Response('', { status: 503, statusText: 'Service Unavailable' });
        },
        ErrorBoundary,
      },
    ]);
    render(<Stub initialEntries={['/']} />);

    expect(await screen.findByText('503 Service Unavailable')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error' })).toBeVisible();
  });
});
