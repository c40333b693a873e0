import { describe, expect, it } from 'vitest';
import { classifyResponse, retryAfterFromHeaders } from './errors.js';
import { parseSignedRequest, verifySignature } from './signatures.js';
import { createHmac } from 'node:crypto';
import { signRequest } from '@pagecast/graph-emulator';

const e = (code: number, subcode?: number, message = 'm') => ({
  error: { code, error_subcode: subcode, message, type: 'OAuthException', fbtrace_id: 'x' },
});

describe('classifyResponse', () => {
  it.each([
    [e(613), 'rate_limit'],
    [e(80001), 'rate_limit'],
    [e(4), 'rate_limit'],
    [e(17), 'rate_limit'],
    [e(1200, 2018024), 'transient'],
    [e(2), 'transient'],
    [e(1), 'transient'],
    [e(190, 463), 'token'],
    [e(102), 'token'],
    [e(551, 1545041), 'recipient'],
    [e(100, 2018001), 'recipient'],
    [e(10, 2018278), 'recipient'],
    // A retired message tag, as Meta answers it since 2026-04-27.
    [e(100, 1893061, 'Invalid parameter'), 'recipient'],
    [
      e(100, undefined, '(#100) The message tag ACCOUNT_UPDATE is no longer supported.'),
      'recipient',
    ],
    [e(200), 'permission'],
    [e(210), 'permission'],
    [e(10), 'permission'],
    [e(100), 'invalid'],
    [e(12345), 'unknown'],
  ] as const)('%j -> %s', (body, kind) => {
    expect(classifyResponse(400, body, {}).kind).toBe(kind);
  });

  it('raw 5xx without a Graph body is transient', () => {
    expect(classifyResponse(502, undefined, {}).kind).toBe('transient');
  });

  it('retryAfterMs from X-Business-Use-Case-Usage minutes, else the default', () => {
    const headers = {
      'x-business-use-case-usage': JSON.stringify({
        '1': [{ type: 'messenger', call_count: 100, estimated_time_to_regain_access: 3 }],
      }),
    };
    expect(classifyResponse(400, e(613), headers).retryAfterMs).toBe(180_000);
    expect(classifyResponse(400, e(613), {}).retryAfterMs).toBe(1000);
    expect(retryAfterFromHeaders({ 'x-app-usage': '{"call_count":100,"total_time":5}' })).toBe(
      60_000,
    );
    expect(retryAfterFromHeaders({ 'x-app-usage': '{"call_count":10}' })).toBeNull();
    expect(retryAfterFromHeaders({ 'x-business-use-case-usage': 'not json' })).toBeNull();
  });
});

describe('signatures', () => {
  const secret = 'pagecast-emulator-app-secret';
  it('verifySignature accepts exactly sha256=<64 hex> over the raw bytes, rejects tampering and other formats', () => {
    const raw = Buffer.from('{"object":"page","entry":[{"text":"h\\u00e9llo"}]}');
    const s256 = 'sha256=' + createHmac('sha256', secret).update(raw).digest('hex');
    const s1 = 'sha1=' + createHmac('sha1', secret).update(raw).digest('hex');
    expect(verifySignature(raw, s256, secret)).toBe(true);
    expect(
      verifySignature(raw.toString(), s256.toUpperCase().replace('SHA256', 'sha256'), secret),
    ).toBe(true);
    // Formats that passed before: the legacy sha1 header and a digest with an extra hex digit.
    expect(verifySignature(raw, s1, secret)).toBe(false);
    expect(verifySignature(raw, `${s256}0`, secret)).toBe(false);
    expect(verifySignature(raw, `${s256}00`, secret)).toBe(false);
    expect(verifySignature(Buffer.concat([raw, Buffer.from(' ')]), s256, secret)).toBe(false);
    expect(verifySignature(raw, s256, 'other')).toBe(false);
    expect(verifySignature(raw, undefined, secret)).toBe(false);
    expect(verifySignature(raw, 'sha256=abc', secret)).toBe(false);
    expect(verifySignature(raw, 'md5=' + 'a'.repeat(32), secret)).toBe(false);
  });

  it('parseSignedRequest reads the standard base64 alphabet, padded or not, as well as base64url', () => {
    // A payload whose base64 holds '+' and '/' (and '=' padding) in the standard alphabet.
    const json = JSON.stringify({ user_id: '42', algorithm: 'HMAC-SHA256', note: '>>>???~~~' });
    const standard = Buffer.from(json).toString('base64');
    expect(standard).toMatch(/[+/]/);
    for (const payload of [standard, standard.replace(/=+$/, '')]) {
      for (const sig of [
        createHmac('sha256', secret).update(payload).digest('base64'),
        createHmac('sha256', secret).update(payload).digest('base64').replace(/=+$/, ''),
        createHmac('sha256', secret).update(payload).digest('base64url'),
      ]) {
        expect(parseSignedRequest(`${sig}.${payload}`, secret)?.user_id, `${sig}.${payload}`).toBe(
          '42',
        );
      }
      expect(
        parseSignedRequest(
          `${createHmac('sha256', 'wrong').update(payload).digest('base64')}.${payload}`,
          secret,
        ),
      ).toBeNull();
    }
  });

  it('parseSignedRequest verifies the emulator signRequest output and rejects tampering', () => {
    const signed = signRequest({ user_id: '42', issued_at: 1700000000 }, secret);
    expect(parseSignedRequest(signed, secret)).toMatchObject({
      user_id: '42',
      algorithm: 'HMAC-SHA256',
      issued_at: 1700000000,
    });
    expect(parseSignedRequest(signed, 'wrong')).toBeNull();
    const [sig, payload] = signed.split('.') as [string, string];
    const forged = Buffer.from(
      JSON.stringify({ user_id: '43', algorithm: 'HMAC-SHA256' }),
    ).toString('base64url');
    expect(parseSignedRequest(`${sig}.${forged}`, secret)).toBeNull();
    expect(parseSignedRequest(payload, secret)).toBeNull();
    const lower = Buffer.from(JSON.stringify({ user_id: '7', algorithm: 'hmac-sha256' })).toString(
      'base64url',
    );
    expect(
      parseSignedRequest(
        `${createHmac('sha256', secret).update(lower).digest('base64url')}.${lower}`,
        secret,
      )?.user_id,
    ).toBe('7');
    const otherAlgo = Buffer.from(
      JSON.stringify({ user_id: '7', algorithm: 'HMAC-SHA1' }),
    ).toString('base64url');
    expect(
      parseSignedRequest(
        `${createHmac('sha256', secret).update(otherAlgo).digest('base64url')}.${otherAlgo}`,
        secret,
      ),
    ).toBeNull();
  });
});
