import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A random alphanumeric id (default 20 characters, ~119 bits). */
export function newId(length = 20): string {
  const bytes = randomBytes(length * 2);
  let id = '';
  for (let i = 0; i < bytes.length && id.length < length; i += 1) {
    const byte = bytes[i]!;
    // Rejection sampling keeps the distribution uniform over 62 symbols.
    if (byte < 248) id += ALPHABET[byte % 62];
  }
  return id.length === length ? id : newId(length);
}
