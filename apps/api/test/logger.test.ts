import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { CENSOR, censorSecrets, loggerOptions, maskUrl } from '../src/logger.js';

describe('logger redaction', () => {
  it('never writes tokens or authorization headers', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino(loggerOptions({ logLevel: 'info', isProduction: false }), sink);
    log.info({
      accessToken: 'EAAsecret1',
      body: { access_token: 'EAAsecret2', nested: { token: 'EAAsecret3' } },
      headers: { authorization: 'Bearer EAAsecret4' },
      req: {
        method: 'GET',
        url: '/x?access_token=EAAsecret5',
        headers: { authorization: 'Bearer EAAsecret6' },
      },
    });
    const out = lines.join('');
    expect(out).not.toMatch(/EAAsecret/);
    expect(out).toContain('[Redacted]');
  });

  it('masks tokens in URLs', () => {
    expect(maskUrl('/v16.0/me?fields=id&access_token=EAAx&b=1')).toBe(
      '/v16.0/me?fields=id&access_token=[Redacted]&b=1',
    );
    // Meta's webhook handshake carries the verify token in its URL: it was logged with every request.
    expect(
      maskUrl(
        '/api/webhooks/messenger?hub.mode=subscribe&hub.verify_token=s3cret&hub.challenge=42',
      ),
    ).toBe(
      '/api/webhooks/messenger?hub.mode=subscribe&hub.verify_token=[Redacted]&hub.challenge=42',
    );
    // The same keys percent-encoded or in capitals are the same parameters to the server.
    expect(maskUrl('/api/webhooks/messenger?hub%2Everify_token=s3cret&hub%2Echallenge=1')).toBe(
      '/api/webhooks/messenger?hub%2Everify_token=[Redacted]&hub%2Echallenge=1',
    );
    expect(maskUrl('/x?ACCESS%5FTOKEN=EAAx&access_token=EAAy#f')).toBe(
      '/x?ACCESS%5FTOKEN=[Redacted]&access_token=[Redacted]#f',
    );
    // A malformed escape is left as it is, never thrown on.
    expect(maskUrl('/x?a%zz=1&token=t')).toBe('/x?a%zz=1&token=[Redacted]');
  });
});

describe('censorSecrets', () => {
  it('censors secret keys at any depth up to six levels, in arrays too, without touching the original', () => {
    const original = {
      user: { profile: { accessToken: 'EAAa', name: 'n' } },
      list: [{ token: 'EAAb' }, { id: 1 }],
      deep: { a: { b: { c: { d: { password: 'p' } } } } },
      when: new Date(0),
    };
    const copy = structuredClone(original);
    const out = censorSecrets(original) as typeof original;
    expect(out.user.profile).toEqual({ accessToken: CENSOR, name: 'n' });
    expect(out.list).toEqual([{ token: CENSOR }, { id: 1 }]);
    expect(out.deep.a.b.c.d.password).toBe(CENSOR);
    expect(out.when).toBe(original.when);
    expect(original).toEqual(copy);
    // Nothing to censor: the same object back (no copy per log line).
    const clean = { a: { b: 1 } };
    expect(censorSecrets(clean)).toBe(clean);
  });

  it('censors errors logged under err (a serialized error keeps its message)', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino(loggerOptions({ logLevel: 'info', isProduction: false }), sink);
    log.error({ err: Object.assign(new Error('boom'), { token: 'EAAsecret7' }) }, 'failed');
    log.child({ accessToken: 'EAAsecret8' }).info('child');
    const out = lines.join('');
    expect(out).not.toMatch(/EAAsecret/);
    expect(out).toContain('boom');
  });
});
