import { createHmac } from 'node:crypto';

/** Meta signs the payload with non-ASCII characters escaped as \uXXXX (lowercase hex). */
export function escapeUnicode(json: string): string {
  return json.replace(
    /[\u007f-\uffff]/g,
    (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'),
  );
}

export function signatureHeaders(rawBody: string, appSecret: string): Record<string, string> {
  return {
    'x-hub-signature-256':
      'sha256=' + createHmac('sha256', appSecret).update(rawBody).digest('hex'),
    'x-hub-signature': 'sha1=' + createHmac('sha1', appSecret).update(rawBody).digest('hex'),
  };
}

/** Facebook's `signed_request`: base64url(HMAC-SHA256(secret, payloadB64)) + '.' + base64url(JSON payload), no padding. */
export function signRequest(payload: Record<string, unknown>, secret: string): string {
  const body = Buffer.from(JSON.stringify({ algorithm: 'HMAC-SHA256', ...payload })).toString(
    'base64url',
  );
  const sig = createHmac('sha256', secret).update(body).digest('base64url');
  return `${sig}.${body}`;
}
