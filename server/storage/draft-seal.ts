// What a draft holds of what was typed (its answers, a page posted with errors) is sealed with a
// key derived from the draft's token. The token is in the respondent's address only; the
// database keeps its SHA-256 (./drafts.ts), from which the key cannot be derived. So wherever a
// draft's bytes remain after it is sent or deleted (PostgreSQL's dead rows and unzeroed free
// space, its write-ahead log and archives, a backup, SQLite's log before it is cut), they cannot
// be read without the token, which the service never stores (server/README.md).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM's key for this draft: HKDF-SHA-256 of the token (128 random bits). */
const keyOf = (token: string) =>
  Buffer.from(hkdfSync('sha256', token, '', 'feedback draft text', 32));

/** The text sealed for storing: the version, then base64url of IV, ciphertext and tag. */
export function seal(token: string, text: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(token), iv);
  const sealed = Buffer.concat([
    iv,
    cipher.update(text, 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return VERSION + sealed.toString('base64url');
}

/** The text a sealed value holds; a value stored before drafts were sealed is read as it is. */
export function unseal(token: string, stored: string): string {
  if (!stored.startsWith(VERSION)) return stored;
  const bytes = Buffer.from(stored.slice(VERSION.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(token), bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  const text = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES);
  return Buffer.concat([decipher.update(text), decipher.final()]).toString('utf8');
}
