import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, maskUrl } from '../src/logger.js';

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
  });
});
