import { createHmac, timingSafeEqual } from 'node:crypto';

function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Verifies a webhook's `X-Hub-Signature-256: sha256=<hex>` (or legacy `X-Hub-Signature: sha1=<hex>`) against the
 * raw request body bytes — never re-serialised JSON.
 */
export function verifySignature(
  rawBody: Buffer | string,
  header: string | undefined | null,
  appSecret: string,
): boolean {
  if (!header) return false;
  const m = /^(sha256|sha1)=([0-9a-fA-F]+)$/.exec(header.trim());
  if (!m) return false;
  const [, algo, hex] = m as unknown as [string, 'sha256' | 'sha1', string];
  const expected = createHmac(algo, appSecret).update(rawBody).digest();
  return safeEqual(Buffer.from(hex.toLowerCase(), 'hex'), expected);
}

export interface SignedRequestPayload {
  algorithm: string;
  user_id?: string;
  issued_at?: number;
  expires?: number;
  [key: string]: unknown;
}

/** Parses and verifies Facebook's `signed_request` (`<base64url sig>.<base64url JSON>`); null when invalid. */
export function parseSignedRequest(
  signedRequest: string,
  appSecret: string,
): SignedRequestPayload | null {
  const parts = signedRequest.split('.');
  if (parts.length !== 2) return null;
  const [sigPart, payloadPart] = parts as [string, string];
  if (!/^[A-Za-z0-9_-]+=*$/.test(sigPart) || !/^[A-Za-z0-9_-]+=*$/.test(payloadPart)) return null;
  const sig = Buffer.from(sigPart, 'base64url');
  const expected = createHmac('sha256', appSecret).update(payloadPart).digest();
  if (!safeEqual(sig, expected)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!payload || typeof payload !== 'object') return null;
  const p = payload as SignedRequestPayload;
  if (typeof p.algorithm !== 'string' || p.algorithm.toUpperCase() !== 'HMAC-SHA256') return null;
  return p;
}
