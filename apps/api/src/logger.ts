import pino, { type Logger, type LoggerOptions } from 'pino';
import type { Config } from './config.js';

// Tokens never reach the logs (ARCHITECTURE §3): headers, token-ish fields a few levels deep, and URLs.
const TOKEN_KEYS = [
  'access_token',
  'accessToken',
  'token',
  'userToken',
  'pageToken',
  'signed_request',
  'password',
];
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'authorization',
  ...TOKEN_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`, `*.*.*.${k}`]),
];

export function maskUrl(url: string): string {
  return url.replace(
    /([?&](?:access_token|input_token|token|appsecret_proof)=)[^&#]*/gi,
    '$1[Redacted]',
  );
}

export function loggerOptions(config: Pick<Config, 'logLevel' | 'isProduction'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: { paths: REDACT, censor: '[Redacted]' },
    serializers: {
      req: (req: { method: string; url: string; id?: string; ip?: string }) => ({
        method: req.method,
        url: typeof req.url === 'string' ? maskUrl(req.url) : req.url,
        reqId: req.id,
        remoteAddress: req.ip,
      }),
      err: pino.stdSerializers.err,
    },
  };
}

export function createLogger(config: Pick<Config, 'logLevel' | 'isProduction'>): Logger {
  return pino(loggerOptions(config));
}
