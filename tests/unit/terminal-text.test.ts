// @vitest-environment node
/**
 * What `npm run leads` prints of a visitor's text: every character a terminal would act on shown as a visible
 * escape, everything else as typed. fast-check draws strings of every kind (controls and bidi characters often).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { terminalText } from '../../ops/terminal-text.ts';

// Written here again, on purpose: a character dropped from the module's list must fail this test.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters a terminal acts on.
const actedOn = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const dangerous = fc.constantFrom(
  '\u001b',
  '\u0007',
  '\u0008',
  '\r',
  '\n',
  '\t',
  '\u009b',
  '\u0085',
  '\u007f',
  '\u0000',
  '\u202e',
  '\u2066',
  '\u2069',
  '\u2028',
  '\u200f',
);
const visitorText = fc
  .array(fc.oneof(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), dangerous), { maxLength: 12 })
  .map((parts) => parts.join(''));

describe('terminalText', () => {
  it('shows the sequences of the issue escaped: clipboard (OSC 52), cursor up, overwrite, bidi override', () => {
    expect(terminalText('Jeanne\u001b]52;c;ZWNobyBwd25lZA==\u0007')).toBe('Jeanne\\x1b]52;c;ZWNobyBwd25lZA==\\x07');
    expect(terminalText('\u001b[1A\u001b[2Koui')).toBe('\\x1b[1A\\x1b[2Koui');
    expect(terminalText('à notifier\rsent\u0008\u0008')).toBe('à notifier\\rsent\\x08\\x08');
    expect(terminalText('ligne 1\nTéléphone : 06\ttab')).toBe('ligne 1\\nTéléphone : 06\\ttab');
    expect(terminalText('\u009b1A\u0085\u007f')).toBe('\\x9b1A\\x85\\x7f');
    expect(terminalText('Jeanne \u202enitraM\u2066x\u2069\u2028')).toBe('Jeanne \\u202enitraM\\u2066x\\u2069\\u2028');
  });

  it('leaves ordinary text as typed: accents, emoji, right-to-left scripts, typographic spaces, backslashes', () => {
    for (const text of ['Hélène Lefèvre-Dupré', 'Zoë 😀 مرحبا', '« oui »\u00a0!\u202f?', 'C:\\dossier', '']) {
      expect(terminalText(text)).toBe(text);
    }
  });

  it('never leaves a character a terminal acts on, whatever the input', () => {
    fc.assert(
      fc.property(visitorText, (text) => {
        expect(actedOn.test(terminalText(text))).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('changes nothing else: the text between the escapes is the text typed, in order', () => {
    fc.assert(
      fc.property(visitorText, (text) => {
        const kept = [...text].filter((character) => !actedOn.test(character)).join('');
        // Removing the escapes the function wrote gives back the harmless characters.
        const shown = terminalText(text).replace(/\\(?:x[0-9a-f]{2}|u[0-9a-f]{4}|[tnr])/g, '');
        expect(shown).toBe(kept.replace(/\\(?:x[0-9a-f]{2}|u[0-9a-f]{4}|[tnr])/g, ''));
      }),
      { numRuns: 1000 },
    );
  });
});
