// Meta's error answers classified by graph/errors.ts (its table in error-table.ts): one short case per row of the error table a caller
// acts on, and the header and network fallbacks; long because the table is.
import { describe, expect, it } from 'vitest';
import { SOURCES, type GraphErrorKind, type GraphErrorRow } from './error-kinds.js';
import { ERROR_TABLE } from './error-table.js';
import {
  classifyNetworkError,
  classifyResponse,
  errorRow,
  GraphError,
  isMarketingCode,
  retryAfterFromHeaders,
} from './errors.js';
import { parseSignedRequest, verifySignature } from './signatures.js';
import { createHmac } from 'node:crypto';
import { signRequest } from '@pagecast/graph-emulator';

// Every row of Meta's error table, both sides of every boundary, and what a classified answer carries
// (graph/errors.ts). The emulator-backed run of the same table is error-table.test.ts.
const e = (code: number, subcode?: number, message = 'm', extra: Record<string, unknown> = {}) => ({
  error: {
    code,
    error_subcode: subcode,
    message,
    type: 'OAuthException',
    fbtrace_id: 'x',
    ...extra,
  },
});
const kindOf = (body: unknown, status = 400) => classifyResponse(status, body, {}).kind;
/** The code(s) a row is tested with: its code, or both ends of its range; 10 for a row of any code. */
const codesOf = (r: GraphErrorRow): number[] =>
  r.code === null ? [10, 200] : typeof r.code === 'number' ? [r.code] : [r.code[0], r.code[1]];
/** An answer's message that satisfies the row's text patterns. */
const messageOf = (r: GraphErrorRow) =>
  r.text
    ? "(#100) The message tag ACCOUNT_UPDATE is no longer supported; this person isn't available right now"
    : 'm';
const label = (r: GraphErrorRow) =>
  `${r.code === null ? '*' : typeof r.code === 'number' ? r.code : r.code.join('-')}${r.subcode ? `/${r.subcode}` : ''}${r.text ? ' (text)' : ''} -> ${r.kind}`;

describe("Meta's error table", () => {
  it.each(ERROR_TABLE.map((r) => [label(r), r] as const))('%s', (_name, r) => {
    for (const code of codesOf(r)) {
      const err = classifyResponse(400, e(code, r.subcode, messageOf(r)), {});
      expect(err.kind, `${code}`).toBe(r.kind);
      expect(err.meaning, `${code}`).toBe(r.meaning);
      expect(err).toMatchObject({ code, subcode: r.subcode ?? null, status: 400, fbtraceId: 'x' });
      expect(errorRow(code, r.subcode ?? null, messageOf(r))).toBe(r);
    }
  });

  // The kinds written out, independent of the table: a row whose kind is changed or lost (the table test
  // above compares each row with itself) fails here. Keys as `label` writes them, without the kind.
  it('gives every row the kind Meta documents for it', () => {
    const byKind: Record<string, string> = {};
    for (const r of ERROR_TABLE) {
      const key = label(r).split(' -> ')[0]?.replace(' (text)', '(text)');
      byKind[r.kind] = byKind[r.kind] ? `${byKind[r.kind]} ${key}` : `${key}`;
    }
    expect(byKind).toEqual({
      rate_limit:
        '4 17 32 613 80001 80002 80003 80004 80005 80006 80008 80014 2300078 2300079 2300080',
      policy: '613/2018338 613/1893016 9/2018352',
      transient:
        '1 2 1200 2300000 2300002 2300003 2300012 2300041 2300028 2300055 2300057 2300060 2300061 2300062 2300063',
      token: '190 102 104 463 467',
      permission: '3 10 200-299',
      page_restricted: '10/1893063 368 10/1404170',
      marketing:
        '2300011 2300013 2300019 2300066-2300069 2300039 2300040 2300015 2300017 2300053 2300054 2300056 2300058 2300059 2300030 2300031',
      window: '10/2018278 10/2534022 10/2018065',
      recipient:
        '551 200/1545041 200(text) 10/2018108 */2018300 100/2018001 100/2018218 100/1893061 100(text) 2300034 2300035 2300036 2300052 2300042 2300043 2300044 2300032 2300004 2300005 2300037',
      invalid: '100 101 2200 2201 2500 132000-132999 2300001 2300038',
    });
  });

  it('every row cites its source, says what it means, and is the only row for its code', () => {
    const keys = new Set<string>();
    for (const r of ERROR_TABLE) {
      expect(r.source, label(r)).toMatch(/^https:\/\/\S+$/);
      expect(r.meaning.length, label(r)).toBeGreaterThan(5);
      expect(r.label.length, label(r)).toBeGreaterThan(3);
      const key = `${JSON.stringify(r.code)}/${r.subcode}/${r.text?.join('')}`;
      expect(keys.has(key), key).toBe(false);
      keys.add(key);
    }
    expect(Object.values(SOURCES).every((u) => u.startsWith('https://'))).toBe(true);
  });

  it.each([
    // The permission range 200-299, its ends and its neighbours.
    [e(199), 'unknown'],
    [e(200), 'permission'],
    [e(210), 'permission'],
    [e(230), 'permission'],
    [e(299), 'permission'],
    [e(300), 'unknown'],
    // 200/1545041 is a person, not a permission (Meta's table lists it beside 551/1545041).
    [e(200, 1545041), 'recipient'],
    [e(200, 1545042), 'permission'],
    [e(299, 1545041), 'permission'],
    [e(551), 'recipient'],
    [e(551, 1545041), 'recipient'],
    [
      e(200, undefined, "(#200) This person isn't receiving messages from you right now"),
      'recipient',
    ],
    [e(200, undefined, "(#200) This person isn't available right now."), 'recipient'],
    [e(210, undefined, "(#210) This person isn't available right now."), 'permission'],
    [e(200, undefined, '(#200) Requires pages_messaging permission'), 'permission'],
    // Template refusals 132000-132999 and their neighbours.
    [e(131999), 'unknown'],
    [e(132000), 'invalid'],
    [e(132001), 'invalid'],
    [e(132999), 'invalid'],
    [e(133000), 'unknown'],
    // Code 10: its subcodes first, the code's own row after.
    [e(10), 'permission'],
    [e(10, 12345), 'permission'],
    [e(10, 2018278), 'window'],
    [e(10, 2534022), 'window'],
    [e(10, 2018065), 'window'],
    [e(10, 2018108), 'recipient'],
    [e(10, 1893063), 'page_restricted'],
    [e(10, 1404170), 'page_restricted'],
    [e(100, 1893063), 'invalid'],
    [e(368), 'page_restricted'],
    [e(368, 1404078), 'page_restricted'],
    // 613 throttles, but not its policy subcodes.
    [e(613), 'rate_limit'],
    [e(613, 12345), 'rate_limit'],
    [e(613, 2018338), 'policy'],
    [e(613, 1893016), 'policy'],
    [e(100, 2018338), 'invalid'],
    [e(9, 2018352), 'policy'],
    [e(9), 'unknown'],
    // A subcode under any code.
    [e(10, 2018300), 'recipient'],
    [e(200, 2018300), 'recipient'],
    // Retired tags: by subcode, or by both words of the older wording.
    [e(100, 1893061, 'Invalid parameter'), 'recipient'],
    [
      e(100, undefined, '(#100) The message tag ACCOUNT_UPDATE is no longer supported.'),
      'recipient',
    ],
    [e(100, undefined, '(#100) The tag is deprecated'), 'recipient'],
    [e(100, undefined, '(#100) Param tag retired'), 'recipient'],
    [e(100, undefined, '(#100) tag not supported'), 'recipient'],
    [e(100, undefined, '(#100) The tag is invalid'), 'invalid'],
    [e(100, undefined, '(#100) This field is no longer supported'), 'invalid'],
    [e(100, undefined, '(#100) The stage is no longer supported'), 'invalid'],
    [e(100), 'invalid'],
    [e(100, 33), 'invalid'],
    // Token.
    [e(190), 'token'],
    [e(190, 463), 'token'],
    [e(190, 458), 'token'],
    [e(104), 'token'],
    [e(463), 'token'],
    [e(467), 'token'],
    // Marketing codes in `code` or in `error_subcode`.
    [e(2300034, 2300034), 'recipient'],
    [e(2300034), 'recipient'],
    [e(100, 2300034), 'recipient'],
    [e(100, 2300055), 'transient'],
    [e(100, 2399999), 'invalid'],
    [e(2300078, 2300078), 'rate_limit'],
    [e(2300013), 'marketing'],
    [e(2300065), 'unknown'],
    [e(2300066), 'marketing'],
    [e(2300069), 'marketing'],
    [e(2300070), 'unknown'],
    [e(2399999), 'unknown'],
    [e(12345), 'unknown'],
  ] as const)('%j -> %s', (body, kind) => {
    expect(kindOf(body)).toBe(kind);
  });

  it('errorRow: null for no code, and the marketing subcode only when the code is not a marketing one', () => {
    expect(errorRow(null, 2300034)).toBeNull();
    expect(errorRow(12345, null)).toBeNull();
    expect(errorRow(12345, 2300034)?.meaning).toBe('This person stopped marketing messages.');
    expect(errorRow(2300055, 2300034)?.kind).toBe('transient');
    expect(errorRow(12345, 2300065)).toBeNull();
    expect(errorRow(100, 2300065)?.kind).toBe('invalid');
  });

  it('isMarketingCode: 2300000-2399999 only', () => {
    expect(isMarketingCode(null)).toBe(false);
    expect(isMarketingCode(2_299_999)).toBe(false);
    expect(isMarketingCode(2_300_000)).toBe(true);
    expect(isMarketingCode(2_399_999)).toBe(true);
    expect(isMarketingCode(2_400_000)).toBe(false);
  });
});

describe('classifyResponse', () => {
  it('an answer without a Graph error: 429 is a throttle, 5xx temporary, anything else unknown', () => {
    expect(classifyResponse(429, undefined, {})).toMatchObject({
      kind: 'rate_limit',
      retryAfterMs: 1000,
      code: null,
      subcode: null,
      meaning: null,
      fbtraceId: null,
      status: 429,
      message: 'Graph API HTTP 429',
    });
    expect(classifyResponse(429, undefined, {}, 250).retryAfterMs).toBe(250);
    expect(classifyResponse(429, e(12345), {}).kind).toBe('rate_limit');
    expect(kindOf(undefined, 500)).toBe('transient');
    expect(kindOf(undefined, 502)).toBe('transient');
    expect(kindOf(undefined, 499)).toBe('unknown');
    expect(kindOf(undefined, 400)).toBe('unknown');
    expect(kindOf('not json', 400)).toBe('unknown');
    expect(kindOf({ other: 1 }, 400)).toBe('unknown');
    expect(kindOf(e(12345), 500)).toBe('transient');
    expect(kindOf(e(12345), 499)).toBe('unknown');
    // A known code keeps its kind whatever the status.
    expect(kindOf(e(100), 500)).toBe('invalid');
    expect(kindOf(e(100), 429)).toBe('invalid');
    expect(classifyResponse(502, undefined, {}).retryAfterMs).toBeNull();
  });

  it('is_transient makes an unknown code temporary, never a known one', () => {
    expect(kindOf(e(12345, undefined, 'm', { is_transient: true }))).toBe('transient');
    expect(kindOf(e(12345, undefined, 'm', { is_transient: false }))).toBe('unknown');
    expect(kindOf(e(12345))).toBe('unknown');
    expect(kindOf(e(100, undefined, 'm', { is_transient: true }))).toBe('invalid');
    expect(kindOf(e(551, undefined, 'm', { is_transient: true }))).toBe('recipient');
  });

  it('a code or subcode that is not a number is no code', () => {
    const err = classifyResponse(400, { error: { code: '613', error_subcode: '2018338' } }, {});
    expect(err).toMatchObject({ kind: 'unknown', code: null, subcode: null });
  });

  it("keeps Meta's message, or says the HTTP status", () => {
    expect(classifyResponse(400, e(100, undefined, '(#100) Bad'), {}).message).toBe('(#100) Bad');
    expect(classifyResponse(400, { error: { code: 100 } }, {}).message).toBe('Graph API HTTP 400');
  });

  it('retryAfterMs of a throttle: remaining_seconds, else the usage headers, else the default', () => {
    const headers = {
      'x-business-use-case-usage': JSON.stringify({
        '1': [{ type: 'messenger', call_count: 100, estimated_time_to_regain_access: 3 }],
      }),
    };
    const remaining = (s: unknown) => ({ error_data: { remaining_seconds: s } });
    expect(classifyResponse(400, e(613), headers).retryAfterMs).toBe(180_000);
    expect(classifyResponse(400, e(613), {}).retryAfterMs).toBe(1000);
    expect(classifyResponse(400, e(613), {}, 40).retryAfterMs).toBe(40);
    expect(
      classifyResponse(400, e(2300078, 2300078, 'm', remaining(7)), headers).retryAfterMs,
    ).toBe(7000);
    expect(classifyResponse(400, e(2300078, 2300078, 'm', remaining(0)), {}).retryAfterMs).toBe(
      1000,
    );
    expect(classifyResponse(400, e(2300078, 2300078, 'm', remaining(-5)), {}).retryAfterMs).toBe(
      1000,
    );
    expect(classifyResponse(400, e(2300078, 2300078, 'm', remaining('9')), {}).retryAfterMs).toBe(
      1000,
    );
  });

  it('retryAfterMs of a temporary failure: remaining_seconds, else the wait the row names, else none', () => {
    const remaining = (s: number) => ({ error_data: { remaining_seconds: s } });
    expect(classifyResponse(400, e(1200), {}).retryAfterMs).toBeNull();
    expect(classifyResponse(400, e(1200, undefined, 'm', remaining(3)), {}).retryAfterMs).toBe(
      3000,
    );
    expect(classifyResponse(400, e(2300003, 2300003, 'm', remaining(120)), {}).retryAfterMs).toBe(
      120_000,
    );
    expect(classifyResponse(400, e(2300003, 2300003), {}).retryAfterMs).toBe(60_000);
    expect(classifyResponse(400, e(2300028, 2300028), {}).retryAfterMs).toBe(3_600_000);
    expect(classifyResponse(400, e(2300055, 2300055), {}).retryAfterMs).toBe(1_800_000);
    expect(classifyResponse(400, e(2300063), {}).retryAfterMs).toBe(1_800_000);
    expect(classifyResponse(500, undefined, {}).retryAfterMs).toBeNull();
    // Not a kind that is tried again: no wait, whatever the answer says.
    expect(
      classifyResponse(400, e(2300035, 2300035, 'm', remaining(60)), {}).retryAfterMs,
    ).toBeNull();
    expect(
      classifyResponse(400, e(100, undefined, 'm', remaining(60)), headersFull()).retryAfterMs,
    ).toBeNull();
  });

  it('retryAfterFromHeaders: the largest regain time in minutes; X-App-Usage at 100 % waits a minute', () => {
    const buc = (...minutes: unknown[]) => ({
      'x-business-use-case-usage': JSON.stringify({
        '1': minutes.map((m) => ({ estimated_time_to_regain_access: m })),
        '2': [{ call_count: 5 }],
      }),
    });
    expect(retryAfterFromHeaders(buc(1, 4, 2))).toBe(240_000);
    expect(retryAfterFromHeaders(buc('2'))).toBe(120_000);
    expect(retryAfterFromHeaders(buc('x', 1))).toBe(60_000);
    expect(retryAfterFromHeaders(buc(0))).toBeNull();
    expect(retryAfterFromHeaders({ 'x-business-use-case-usage': '{"1":null}' })).toBeNull();
    expect(
      retryAfterFromHeaders({
        'x-business-use-case-usage': [
          JSON.stringify({ '1': [{ estimated_time_to_regain_access: 2 }] }),
        ],
      }),
    ).toBe(120_000);
    // Regain 0 falls through to the app usage.
    expect(retryAfterFromHeaders({ ...buc(0), 'x-app-usage': '{"call_count":100}' })).toBe(60_000);
    expect(retryAfterFromHeaders({ 'x-app-usage': '{"call_count":100,"total_time":5}' })).toBe(
      60_000,
    );
    expect(retryAfterFromHeaders({ 'x-app-usage': '{"call_count":99,"total_time":5}' })).toBeNull();
    expect(retryAfterFromHeaders({ 'x-app-usage': '{"call_count":10}' })).toBeNull();
    // A field that is not a number does not hide the one at 100 %.
    expect(retryAfterFromHeaders({ 'x-app-usage': '{"call_count":"n/a","total_time":100}' })).toBe(
      60_000,
    );
    expect(retryAfterFromHeaders({ 'x-app-usage': 'not json' })).toBeNull();
    expect(retryAfterFromHeaders({ 'x-business-use-case-usage': 'not json' })).toBeNull();
    expect(retryAfterFromHeaders({})).toBeNull();
  });
});

/** Usage headers that would ask for a wait. */
function headersFull() {
  return { 'x-app-usage': '{"call_count":100}' };
}

describe('GraphError', () => {
  it('carries what it was given, with null defaults, and says whether it may be retried', () => {
    const cause = new Error('socket');
    const err = new GraphError({ kind: 'transient', message: 'x', cause });
    expect(err).toMatchObject({
      name: 'GraphError',
      message: 'x',
      status: null,
      code: null,
      subcode: null,
      fbtraceId: null,
      retryAfterMs: null,
      meaning: null,
    });
    expect(err.cause).toBe(cause);
    expect('cause' in new GraphError({ kind: 'unknown', message: 'y' })).toBe(false);
    const kinds: Array<[GraphErrorKind, boolean]> = [
      ['rate_limit', true],
      ['transient', true],
      ['token', false],
      ['permission', false],
      ['page_restricted', false],
      ['marketing', false],
      ['policy', false],
      ['window', false],
      ['recipient', false],
      ['invalid', false],
      ['unknown_outcome', false],
      ['unknown', false],
    ];
    for (const [kind, retryable] of kinds)
      expect(new GraphError({ kind, message: kind }).retryable, kind).toBe(retryable);
  });
});

describe('classifyNetworkError', () => {
  it('a request that may have reached the platform is unknown_outcome; one that provably did not is transient', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(classifyNetworkError(refused, true)).toMatchObject({
      kind: 'transient',
      message: 'Graph API network error: connect ECONNREFUSED (ECONNREFUSED)',
    });
    expect(classifyNetworkError(refused, true).cause).toBe(refused);
    for (const code of [
      'ENOTFOUND',
      'EAI_AGAIN',
      'ENETUNREACH',
      'EHOSTUNREACH',
      'UND_ERR_CONNECT_TIMEOUT',
    ]) {
      expect(classifyNetworkError(Object.assign(new Error(code), { code }), true).kind, code).toBe(
        'transient',
      );
      expect(
        classifyNetworkError(Object.assign(new Error('fetch failed'), { cause: { code } }), true)
          .kind,
        `cause ${code}`,
      ).toBe('transient');
    }
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    expect(classifyNetworkError(reset, true).kind).toBe('unknown_outcome');
    expect(classifyNetworkError(reset, false).kind).toBe('transient');
    expect(classifyNetworkError(new Error('timeout'), true)).toMatchObject({
      kind: 'unknown_outcome',
      message: 'Graph API network error: timeout',
    });
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
