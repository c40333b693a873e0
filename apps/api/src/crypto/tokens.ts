// Access tokens at rest: AES-256-GCM, `v1:<iv>:<tag>:<ciphertext>` (base64 parts). The version prefix
// lets a later key rotation tell formats apart; GCM's tag makes any tampering fail loudly.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class TokenDecryptError extends Error {
  constructor(reason: string) {
    super(`Cannot decrypt token: ${reason}`);
  }
}

function checkKey(key: Buffer): void {
  if (key.length !== 32) throw new Error('Encryption key must be 32 bytes (AES-256)');
}

export function encryptToken(plain: string, key: Buffer): string {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [
    VERSION,
    iv.toString('base64'),
    tag.toString('base64'),
    ciphertext.toString('base64'),
  ].join(':');
}

export function decryptToken(encoded: string, key: Buffer): string {
  checkKey(key);
  const parts = encoded.split(':');
  if (parts.length !== 4 || parts[0] !== VERSION) throw new TokenDecryptError('unknown format');
  const [, ivB64, tagB64, dataB64] = parts as [string, string, string, string];
  const iv = Buffer.from(ivB64, 'base64');
  const tag = Buffer.from(tagB64, 'base64');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES)
    throw new TokenDecryptError('bad iv or tag');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(Buffer.from(dataB64, 'base64')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new TokenDecryptError('authentication failed (wrong key or tampered data)');
  }
}

/** Bound to one key, so callers do not pass the key around. */
export function tokenCipher(key: Buffer) {
  checkKey(key);
  return {
    encrypt: (plain: string) => encryptToken(plain, key),
    decrypt: (encoded: string) => decryptToken(encoded, key),
  };
}
export type TokenCipher = ReturnType<typeof tokenCipher>;
