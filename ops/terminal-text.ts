/**
 * Visitor text printed in the operator's terminal (`npm run leads`) is shown, never obeyed. A terminal acts on
 * control characters: ESC starts sequences that move the cursor (`ESC [ 1 A` hides a row above), recolour,
 * retitle the window or set the clipboard (`ESC ] 52 ; c ; … BEL`); CSI (U+009B) does the same in one
 * character; backspace and carriage return overwrite what was printed; bidi overrides and isolates reorder it.
 *
 * Each such character is written as a visible escape, in the style of a JavaScript string: `\t`, `\n`, `\r`,
 * `\xHH` for the other C0 and C1 controls and DEL (ESC is `\x1b`), `\uHHHH` for the bidi controls
 * (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) and the line and paragraph separators
 * (U+2028, U+2029). What follows an ESC is left as typed: once ESC is shown as `\x1b`, `]52;c;…` is plain text.
 * A backslash the visitor typed is not doubled: the output is for reading, not to be parsed back.
 * Node's `util.stripVTControlCharacters` removes sequences instead; the operator must SEE what was sent.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this module shows escaped.
const actedOn = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const named: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

const hex = (code: number, digits: number) => code.toString(16).padStart(digits, '0');

/** `value` with every character a terminal would act on written as a visible escape (see above). */
export function terminalText(value: string): string {
  return value.replace(actedOn, (character) => {
    const code = character.charCodeAt(0);
    return named[character] ?? (code < 0x100 ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`);
  });
}
