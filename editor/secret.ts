/**
 * KEYSTATIC_SECRET encrypts the GitHub refresh token kept in the editor's cookie: it must hold at least 32 random
 * bytes. Keystatic itself only asks for 32 characters. What a string can hold is estimated from its alphabet:
 * 4 bits a character for hexadecimal, 6 for base64 and anything else; a string of few distinct characters
 * (`aaaa…`, `0000…`) holds almost nothing whatever its length. `openssl rand -hex 32` makes a good one.
 */
const minimumSecretBytes = 32;

/** The random bytes `secret` can hold at most. */
export function secretBytes(secret: string): number {
  const text = secret.trim();
  if (new Set(text).size < 10) return 0;
  const bitsPerCharacter = /^[0-9a-f]+$/i.test(text) ? 4 : 6;
  return Math.floor((text.replace(/=+$/, '').length * bitsPerCharacter) / 8);
}

export const isStrongSecret = (secret: string) => secretBytes(secret) >= minimumSecretBytes;
