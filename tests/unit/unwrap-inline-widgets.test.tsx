// @vitest-environment node
/**
 * Inline widgets written over several lines (as the visual editor writes them) give the same HTML as on one
 * line: no paragraph inside a button or a key figure's caption. Block widgets keep their paragraphs.
 */
import { evaluate } from '@mdx-js/mdx';
import type { ReactNode } from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { remarkUnwrapInlineWidgets } from '../../src/site/mdx/remark-unwrap-inline-widgets.ts';

const components = {
  ButtonLink: ({ children }: { children: ReactNode }) => <a href="/contact">{children}</a>,
  Stat: ({ children }: { children: ReactNode }) => <span>{children}</span>,
  Card: ({ children }: { children: ReactNode }) => <div>{children}</div>,
};

async function html(source: string): Promise<string> {
  const { default: Content } = await evaluate(source, { ...runtime, remarkPlugins: [remarkUnwrapInlineWidgets] });
  return renderToStaticMarkup(<Content components={components} />);
}

describe('inline widgets over several lines', () => {
  it('give a button its label without a paragraph, as on one line', async () => {
    const multiLine = await html('<ButtonLink>\n  Contactez-nous **vite**\n</ButtonLink>');
    expect(multiLine).toBe('<a href="/contact">Contactez-nous <strong>vite</strong></a>');
    expect(multiLine).toBe(await html('<ButtonLink>Contactez-nous **vite**</ButtonLink>'));
  });

  it('give a key figure its caption without a paragraph', async () => {
    expect(await html('<Stat>\n  en général\n</Stat>')).toBe('<span>en général</span>');
  });

  it('keep two paragraphs, which the author meant', async () => {
    expect(await html('<Stat>\n  un\n\n  deux\n</Stat>')).toBe('<span><p>un</p><p>deux</p></span>');
  });

  it('leave block widgets their paragraph', async () => {
    expect(await html('<Card>\n  Un texte.\n</Card>')).toBe('<div><p>Un texte.</p></div>');
  });
});
