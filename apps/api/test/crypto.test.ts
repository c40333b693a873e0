import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decryptToken,
  encryptToken,
  tokenCipher,
  TokenDecryptError,
} from '../src/crypto/tokens.js';

const key = randomBytes(32);

describe('token encryption (AES-256-GCM)', () => {
  it('round-trips and uses the v1:<iv>:<tag>:<ciphertext> format', () => {
    const token = 'EAAB-page-token-éü-' + 'x'.repeat(300);
    const enc = encryptToken(token, key);
    expect(enc).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(Buffer.from(enc.split(':')[1] ?? '', 'base64')).toHaveLength(12);
    expect(enc).not.toContain('page-token');
    expect(decryptToken(enc, key)).toBe(token);
  });

  it('uses a fresh IV each time', () => {
    expect(encryptToken('same', key)).not.toBe(encryptToken('same', key));
  });

  it('detects tampering with the ciphertext, tag or iv', () => {
    const [v, iv, tag, data] = encryptToken('secret-token', key).split(':') as [
      string,
      string,
      string,
      string,
    ];
    const flip = (b64: string) => {
      const b = Buffer.from(b64, 'base64');
      b[0] = (b[0] ?? 0) ^ 1;
      return b.toString('base64');
    };
    expect(() => decryptToken([v, iv, tag, flip(data)].join(':'), key)).toThrow(TokenDecryptError);
    expect(() => decryptToken([v, iv, flip(tag), data].join(':'), key)).toThrow(TokenDecryptError);
    expect(() => decryptToken([v, flip(iv), tag, data].join(':'), key)).toThrow(TokenDecryptError);
    expect(() => decryptToken(['v2', iv, tag, data].join(':'), key)).toThrow(/unknown format/);
    expect(() => decryptToken('not-a-token', key)).toThrow(TokenDecryptError);
  });

  it('fails with the wrong key and refuses keys of the wrong size', () => {
    const enc = encryptToken('secret-token', key);
    expect(() => decryptToken(enc, randomBytes(32))).toThrow(/authentication failed/);
    expect(() => encryptToken('x', randomBytes(16))).toThrow(/32 bytes/);
  });

  it('tokenCipher binds the key', () => {
    const c = tokenCipher(key);
    expect(c.decrypt(c.encrypt('abc'))).toBe('abc');
  });
});
