import { randomBytes } from 'node:crypto';

/** Graph API time format: `2017-02-23T00:31:29+0000`. */
export function fbTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19) + '+0000';
}

export function b64urlEncode(s: string | Buffer): string {
  return Buffer.from(s).toString('base64url');
}

export function b64urlDecode(s: string): string {
  return Buffer.from(s, 'base64url').toString('utf8');
}

export function randomToken(prefix: string, bytes = 48): string {
  return prefix + randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'Z');
}

export function fbtraceId(): string {
  return randomBytes(8).toString('base64').replace(/[+/=]/g, 'A').slice(0, 11);
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
