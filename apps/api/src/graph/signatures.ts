import { createHmac, timingSafeEqual } from 'node:crypto';

function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Verifies a webhook's `X-Hub-Signature-256: sha256=<64 hex digits>` against the raw request body bytes (never
 * re-serialised JSON). Exactly that format: no legacy sha1, no extra digit (Buffer.from would drop a trailing
 * odd digit and let a malformed header through).
 */
export function verifySignature(
  rawBody: Buffer | string,
  header: string | undefined | null,
  appSecret: string,
): boolean {
  if (!header) return false;
  const m = /^sha256=([0-9a-fA-F]{64})$/.exec(header);
  if (!m) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return safeEqual(Buffer.from(m[1] as string, 'hex'), expected);
}

export interface SignedRequestPayload {
  algorithm: string;
  user_id?: string;
  issued_at?: number;
  expires?: number;
  [key: string]: unknown;
}

/** Parses and verifies Facebook's `signed_request` (`<sig>.<JSON>`, base64 of either alphabet); null when invalid. */
export function parseSignedRequest(
  signedRequest: string,
  appSecret: string,
): SignedRequestPayload | null {
  const parts = signedRequest.split('.');
  if (parts.length !== 2) return null;
  const [sigPart, payloadPart] = parts as [string, string];
  // Meta sends base64url without padding; some senders use the standard alphabet or pad: Node's decoder
  // reads every form, and the HMAC is over the payload exactly as sent.
  if (!/^[A-Za-z0-9_+/-]+=*$/.test(sigPart) || !/^[A-Za-z0-9_+/-]+=*$/.test(payloadPart))
    return null;
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
