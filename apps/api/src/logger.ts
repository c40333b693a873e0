import pino, { type Logger, type LoggerOptions } from 'pino';
import type { Config } from './config.js';

// Tokens never reach the logs: authorization headers, cookies and token-ish fields at any
// depth up to MAX_DEPTH, and tokens in URLs. One copy-on-write pass per log line instead of pino's
// path-based redact: its 32 wildcard paths cost about 4x the rest of logging a request (bench/FINDINGS.md).
const SECRET_KEYS = new Set([
  'access_token',
  'accessToken',
  'token',
  'userToken',
  'pageToken',
  'signed_request',
  'password',
  'authorization',
  'cookie',
  // API keys (modules/api-keys) and signing secrets: a key's text lives only in the answer that makes it.
  'apiKey',
  'api_key',
  'secret',
  // Outbound webhook secrets, encrypted at rest (modules/outbound-webhooks): not even their ciphertext.
  'secretEnc',
  'previousSecretEnc',
  'secret_enc',
  'previous_secret_enc',
]);
export const CENSOR = '[Redacted]';
/** Key depth searched (the old redact paths reached `*.*.*.token`, i.e. 4). */
const MAX_DEPTH = 6;

/** `value` with every secret key's value replaced by CENSOR; the original is never mutated. */
export function censorSecrets(value: unknown, depth = 1): unknown {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return value;
  // What JSON.stringify turns into something else (Date, Buffer, URL) holds no secret key of its own.
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const c = censorSecrets(value[i], depth + 1);
      if (c !== value[i]) (out ??= value.slice())[i] = c;
    }
    return out ?? value;
  }
  let out: Record<string, unknown> | undefined;
  const obj = value as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    const v = obj[key];
    const c = SECRET_KEYS.has(key) && v !== undefined ? CENSOR : censorSecrets(v, depth + 1);
    if (c !== v) (out ??= { ...obj })[key] = c;
  }
  return out ?? value;
}

const SECRET_PARAMS = new Set([
  'access_token',
  'input_token',
  'token',
  'appsecret_proof',
  'hub.verify_token',
  'api_key',
  'key',
]);

/** An API key's text wherever it stands in a URL (a path segment, a parameter of another name). */
const API_KEY_TEXT = /pck_[A-Za-z0-9_-]{8,}/g;
/** An outbound webhook's signing secret (modules/outbound-webhooks/signing.ts), likewise. */
const WEBHOOK_SECRET_TEXT = /whsec_[A-Za-z0-9_-]{8,}/g;

/** Redacts secret query values; a key is judged decoded, so `hub%2Everify_token` is masked too. */
export function maskUrl(url: string): string {
  let masked = url.includes('pck_') ? url.replace(API_KEY_TEXT, 'pck_[Redacted]') : url;
  if (masked.includes('whsec_')) masked = masked.replace(WEBHOOK_SECRET_TEXT, 'whsec_[Redacted]');
  return masked.replace(/([?&])([^=&#]*)=([^&#]*)/g, (whole, sep: string, key: string) =>
    SECRET_PARAMS.has(decodedKey(key)) ? `${sep}${key}=[Redacted]` : whole,
  );
}

function decodedKey(key: string): string {
  try {
    return decodeURIComponent(key.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return key.toLowerCase();
  }
}

/**
 * Keys whose serializer builds the logged value from named fields (req, Fastify's res) or censors its own
 * output (err): their class instances (Fastify's request and reply, errors) are not walked here.
 */
const SERIALIZED = new Set(['req', 'res', 'err']);
const isPlain = (v: unknown) => {
  const proto: unknown = v !== null && typeof v === 'object' ? Object.getPrototypeOf(v) : undefined;
  return proto === Object.prototype || proto === null || Array.isArray(v);
};

export function loggerOptions(config: Pick<Config, 'logLevel' | 'isProduction'>): LoggerOptions {
  return {
    level: config.logLevel,
    formatters: {
      // Runs before the serializers: `req`/`res` (Fastify's request and reply objects) are left to theirs.
      log: (obj) => {
        let out: Record<string, unknown> | undefined;
        for (const key of Object.keys(obj)) {
          const v = obj[key];
          if (SERIALIZED.has(key) && !isPlain(v)) continue;
          const c = SECRET_KEYS.has(key) && v !== undefined ? CENSOR : censorSecrets(v, 2);
          if (c !== v) (out ??= { ...obj })[key] = c;
        }
        return out ?? obj;
      },
      bindings: (bindings) => censorSecrets(bindings) as Record<string, unknown>,
    },
    serializers: {
      // Also applied to child loggers' bindings, which pino passes through serializers but not formatters.
      ...Object.fromEntries([...SECRET_KEYS].map((key) => [key, () => CENSOR])),
      // Named fields only: headers (authorization, cookies) are never logged.
      req: (req: { method: string; url: string; id?: string; ip?: string }) => ({
        method: req.method,
        url: typeof req.url === 'string' ? maskUrl(req.url) : req.url,
        reqId: req.id,
        remoteAddress: req.ip,
      }),
      err: (err: Error) => censorSecrets(pino.stdSerializers.err(err)),
    },
  };
}

/**
 * The process logger, writing to stdout (or `dest`, a file path or descriptor). In production lines are
 * buffered (written in blocks of at least 4 KB, at least every second, and flushed on exit) instead of one
 * blocking write per line: under load that was a syscall per request (bench/FINDINGS.md). Elsewhere each
 * line is written at once, so a developer sees it as it happens.
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'isProduction'>,
  dest: string | number = 1,
): Logger {
  const destination = config.isProduction
    ? pino.destination({ dest, sync: false, minLength: 4096, periodicFlush: 1000 })
    : pino.destination({ dest, sync: true });
  return pino(loggerOptions(config), destination);
}
