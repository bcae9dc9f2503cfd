/**
 * The field types the data-file schemas share (content/*.json), with their French messages from ./messages.ts,
 * so that every file says the same thing about the same mistake.
 */
import * as v from 'valibot';
import { valueMessages } from './messages.ts';

/** A displayed text: a string, never empty. */
export const text = v.pipe(v.string(valueMessages.notText), v.minLength(1, valueMessages.empty));

/** A path of the site (`/contact`); the check also verifies it is a page of the registry. */
export const internalPath = v.pipe(text, v.startsWith('/', valueMessages.notPath));

/** A full web address (`https://…`). */
export const website = v.pipe(text, v.url(valueMessages.notUrl));

/** An email address. */
export const email = v.pipe(text, v.email(valueMessages.notEmail));

/** A calendar day written `2026-03-01`, and a real one (no 31 February), refused with `message`. */
export const isoDayWith = (message: string) =>
  v.pipe(
    text,
    v.isoDate(message),
    // Valibot runs this check even after isoDate has refused the text: a text that is no date at all is refused
    // too, rather than throwing (« 1er décembre 2026 » is an Invalid Date, whose toISOString throws).
    v.check((day) => {
      const date = new Date(`${day}T12:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
    }, message),
  );

export const isoDay = isoDayWith(valueMessages.notDay);

/** An amount of money: a number, zero or more (`138.75`), without its currency sign. */
export const amount = v.pipe(v.number(valueMessages.notAmount), v.minValue(0, valueMessages.notAmount));
