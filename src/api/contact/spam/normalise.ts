/**
 * Text as the filter reads it. Invisible characters (zero-width spaces and joiners, the word joiner, the byte-order
 * mark, the soft hyphen, bidirectional marks: Unicode's default-ignorable code points) change nothing a person sees
 * but break every pattern and every hash (« c\u200Basino » is « casino »), and look-alike forms (fullwidth letters,
 * ligatures) likewise: NFKC first, then those characters out, before any pattern, any hash and any count.
 */
const ignorable = /\p{Default_Ignorable_Code_Point}/gu;

export const normaliseText = (text: string) => text.normalize('NFKC').replace(ignorable, '');

/** The joiner inside an emoji sequence (👩‍💻), which phones type: no sign of anything. */
const emojiJoiner = /(?<=\p{Extended_Pictographic}\uFE0F?)\u200D(?=\p{Extended_Pictographic})/gu;

/**
 * Whether a text holds format characters: invisible, and no keyboard types them. Pasted from a word processor, a
 * soft hyphen or a zero-width space may come with a real message: a sign to look at, never enough to set it apart.
 */
export const hasInvisible = (text: string) => /\p{Cf}/u.test(text.replace(emojiJoiner, ''));
