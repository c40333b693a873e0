import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { GRAPH_API_VERSION } from '@pagecast/contract';
import { decodeSecret, secretWeakness } from './crypto/secret-strength.js';

/** apps/api/src -> repo root; resolved from this file so the cwd does not matter. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = z.string().url().optional();

/**
 * Meta puts a Page that "sends more than 40 messages per second" into high-volume mode: its Page Inbox stops
 * showing new messages, its people cannot send, and listing its conversations fails until the volume falls
 * ("Messenger Platform rate limits", developers.facebook.com/docs/messenger-platform/overview/rate-limiting).
 */
export const HIGH_VOLUME_MESSAGES_PER_SECOND = 40;
/**
 * 0.9 of the threshold. The pacer spaces slots at 0.96 of the rate (34.6/s): 35 sends in a second when they
 * leave on time, and 40 only if five more are packed into a second, ~140 ms of jitter, far past the 10 ms a
 * late send is allowed before it gives its slot up (docs/campaigns.md "Pace").
 */
export const DEFAULT_SEND_RATE_PER_PAGE = 36;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // Loopback unless told otherwise: a replica behind nginx on the same host needs no other address.
  HOST: z.string().default('127.0.0.1'),
  SOCKET_PATH: z.string().min(1).optional(),
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  PORT: port.default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().default(path.join(REPO_ROOT, '.data')),
  EMBEDDED_PG_PORT: port.default(54329),
  WEB_ORIGIN: z.string().url().default('http://localhost:3000'),
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  GRAPH_API_URL: optionalUrl,
  GRAPH_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/)
    .default(GRAPH_API_VERSION),
  FB_SDK_URL: optionalUrl,
  FB_APP_ID: z.string().min(1).default('1000000000000001'),
  FB_APP_SECRET: z.string().min(1).default('pagecast-emulator-app-secret'),
  WEBHOOK_VERIFY_TOKEN: z.string().min(1).default('pagecast-verify-token'),
  EMULATOR_PORT: port.default(4010),
  // Where the in-process emulator writes the shapes of the Graph requests it answered (the end-to-end suite
  // checks them against Meta's spec); unset: kept in memory only.
  EMULATOR_REQUEST_LOG: z.string().min(1).optional(),
  EMULATOR_HOST: z.string().default('127.0.0.1'),
  JWT_SECRET: z.string().min(16, 'JWT_SECRET must be at least 16 characters').optional(),
  ENCRYPTION_KEY: z
    .string()
    .refine(
      (v) => decodeSecret(v)?.bytes.length === 32,
      'ENCRYPTION_KEY must be 32 bytes, in base64 or hex',
    )
    .optional(),
  OPERATOR_USER_IDS: z.string().default(''),
  SUPPORT_URL: z.string().url().default('https://wa.me/15550100200'),
  SEND_RATE_PER_PAGE: z.coerce.number().int().positive().default(DEFAULT_SEND_RATE_PER_PAGE),
  HIGH_VOLUME_SENDS: bool.default('false'),
  // Ceilings of inbox replies a minute (a person types far fewer; a script sending as the page is stopped).
  CHAT_SENDS_PER_ADMIN_MINUTE: z.coerce.number().int().positive().default(30),
  // Requests one API key may make a minute, over every API process (a backend's bursts; a loop is stopped).
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(600),
  CHAT_SENDS_PER_PAGE_MINUTE: z.coerce.number().int().positive().default(60),
  HUMAN_AGENT_SENDS_PER_PAGE_MINUTE: z.coerce.number().int().positive().default(10),
  // Searches and counts of an admin's inbox a minute: typing into the search box asks about two a second at
  // most; a script scanning every tenant's words is stopped before it slows the database for everyone.
  SEARCHES_PER_ADMIN_MINUTE: z.coerce.number().int().positive().default(120),
  // How often every admin's pages and tasks are read again from Facebook (jobs/page-access.ts): a loss found
  // holds their pending campaigns at once. Under an hour it should divide 60; above, whole hours.
  PAGE_ACCESS_RECHECK_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  // Longest an inbox search or count may run (Postgres statement_timeout, per statement); longer answers 503.
  SEARCH_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(2_000),
  // Inbox searches and counts one API process runs at once, and how many more may wait for their turn (more
  // answer 503 with Retry-After): searches never hold more of the pool's 10 connections, nor of the
  // database's CPU, so other requests (and /readyz) never queue behind a burst of them.
  SEARCH_CONCURRENCY: z.coerce.number().int().positive().max(8).default(2),
  SEARCH_QUEUE: z.coerce.number().int().min(0).max(1000).default(40),
  // One admin's share of them: a script looping searches or filters waits in its own queue (and past it is
  // refused) while other tenants' searches take the other slots in turn (search-repo.ts#SearchGate).
  SEARCH_CONCURRENCY_PER_ADMIN: z.coerce.number().int().positive().max(8).default(1),
  SEARCH_QUEUE_PER_ADMIN: z.coerce.number().int().min(0).max(1000).default(8),
  // Searches, filtered listings and counts of one page a minute, all its admins together (more answer 429).
  SEARCHES_PER_PAGE_MINUTE: z.coerce.number().int().positive().default(600),
  // Meta's warm-up between creating a marketing message campaign and its first send (an hour in 2026). Unset:
  // an hour against Facebook, a minute against the in-process emulator (the demo shows the path working).
  MARKETING_WARMUP_MS: z.coerce.number().int().min(0).max(86_400_000).optional(),
  CONVERSATIONS_RATE_PER_PAGE: z.coerce.number().int().positive().default(2),
  // Features that need Meta permissions or App Review (docs/product.md §6): sign-in asks only for what the
  // enabled ones need. HUMAN_AGENT needs the app's Human Agent feature, which Meta grants after App Review.
  UTILITY_TEMPLATES_ENABLED: bool.default('true'),
  MARKETING_MESSAGES_ENABLED: bool.default('true'),
  HUMAN_AGENT_ENABLED: bool.default('false'),
  LIVE_STREAMS_PER_ADMIN: z.coerce.number().int().positive().default(10),
  LIVE_STREAMS_PER_PROCESS: z.coerce.number().int().positive().default(2000),
  WORKERS_IN_API: bool.default('true'),
  RESPONSE_VALIDATION: bool.optional(),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  SWAGGER_UI_ENABLED: bool.optional(),
  TRUSTED_PROXIES: z.string().optional(),
  // Outbound webhooks: the first retry's wait (doubling each try, with jitter, to an hour at most), and the
  // URL rule (production: https to public addresses only; development: also http and local addresses).
  OUTBOUND_WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(10_000),
  OUTBOUND_WEBHOOK_URL_RULE: z.enum(['production', 'development']).optional(),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  outboundWebhooks: {
    /** The wait before the second try; doubled each try (with jitter), an hour at most. */
    retryBaseMs: number;
    /**
     * 'production': https only, and never a loopback, private, link-local or metadata address (checked on
     * the URL and on the address connected to). 'development': http and local addresses too. Defaults to
     * the mode the process runs in.
     */
    urlRule: 'production' | 'development';
  };
  host: string;
  port: number;
  /**
   * Listen on this Unix socket (made 0660) instead of HOST:PORT. Only who may open it (nginx, by the
   * socket's folder and group) reaches the replica, so its X-Forwarded-For is believed from that peer alone:
   * no local client can choose its address, and no TRUSTED_PROXIES is needed on one host.
   */
  socketPath: string | undefined;
  /**
   * On SIGTERM, how long /readyz answers 503 before the replica stops accepting connections, so a balancer
   * that polls it stops sending first (nginx's passive checks move on at the closed socket anyway).
   */
  drainDelayMs: number;
  logLevel: string;
  /** Unset: main starts embedded Postgres and fills it in. */
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  webOrigin: string;
  publicUrl: string;
  webDist: string;
  /** Unset: main starts the emulator in-process and fills it in (with fbSdkUrl). */
  graphApiUrl: string | undefined;
  graphApiVersion: string;
  fbSdkUrl: string | undefined;
  fbAppId: string;
  fbAppSecret: string;
  webhookVerifyToken: string;
  emulatorPort: number;
  emulatorRequestLog: string | undefined;
  /** Where the in-process emulator listens: loopback unless set (it hands out sign-in tokens). */
  emulatorHost: string;
  jwtSecret: string;
  /** 32 raw bytes for AES-256-GCM. */
  encryptionKey: Buffer;
  operatorUserIds: string[];
  /** The chat-app contact link (landing support section, 'Upgrade to Pro'). */
  supportUrl: string;
  sendRatePerPage: number;
  /** SEND_RATE_PER_PAGE may exceed Meta's high-volume threshold (40/s): the admin accepted the consequence. */
  highVolumeSends: boolean;
  /** Requests one API key may make a minute (RateLimit-* headers; 429 past it). */
  apiKeyRequestsPerMinute: number;
  /** Inbox replies a minute: per admin on a page, per page, and HUMAN_AGENT replies per page. */
  chatSendLimits: { perAdmin: number; perPage: number; humanAgentPerPage: number };
  /** Inbox searches and counts one admin may run a minute (every API process together); more answer 429. */
  searchesPerAdminMinute: number;
  /** Inbox searches, filtered listings and counts of one page a minute (all its admins); more answer 429. */
  searchesPerPageMinute: number;
  /** Minutes between two page access re-checks of every admin (the sweep's schedule). */
  pageAccessRecheckMinutes: number;
  /** Postgres statement_timeout of an inbox search or count, in ms. */
  searchTimeoutMs: number;
  /** SEARCH_CONCURRENCY and SEARCH_QUEUE, and one admin's share of each. */
  searchGate: { concurrency: number; queue: number; perTenant: number; queuePerTenant: number };
  /** Meta's warm-up before a new marketing message campaign may send. */
  marketingWarmupMs: number;
  conversationsRatePerPage: number;
  /** Which permission-gated features are on: what sign-in asks for, and what the web app offers. */
  features: {
    utilityTemplates: boolean;
    marketingMessages: boolean;
    /** Inbox replies 24 h to 7 d with the HUMAN_AGENT tag: only for an app Meta approved for it. */
    humanAgent: boolean;
  };
  /** Open live inbox streams one admin may hold in this process (tabs x pages); more answer 429. */
  liveStreamsPerAdmin: number;
  /** Open live inbox streams of this process, all admins together; more answer 429. */
  liveStreamsPerProcess: number;
  workersInApi: boolean;
  /** Bearer token for GET /metrics; unset: open in development, not served in production. */
  metricsToken: string | undefined;
  /**
   * Serve Swagger UI at /api/docs (SWAGGER_UI_ENABLED; default: outside production only). A public page of
   * third-party scripts the product does not need; /api/openapi.json, the developers' contract, is always
   * served.
   */
  swaggerUi: boolean;
  /**
   * Proxies whose X-Forwarded-For names the client (IPs, CIDRs or 'loopback'): the client address of rate
   * limits and logs. Nobody else can choose their address with that header. Default: loopback outside
   * production (the Vite dev proxy), none in production.
   */
  trustedProxies: string[];
  /**
   * Check every answer against the contract (ts-rest responseValidation). On in development and tests,
   * where it catches a handler drifting from the contract; off in production, where it cost more CPU
   * than the rest of a list request (bench/FINDINGS.md) and handlers build bodies field by field.
   */
  responseValidation: boolean;
}

export class ConfigError extends Error {}

/**
 * Parses the environment. Pure apart from the dev-only secret files: when JWT_SECRET / ENCRYPTION_KEY are
 * unset outside production they are generated once and kept in DATA_DIR, so tokens survive restarts.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings (e.g. `FOO=` in a compose file) mean "unset".
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.SEND_RATE_PER_PAGE > HIGH_VOLUME_MESSAGES_PER_SECOND && !e.HIGH_VOLUME_SENDS) {
    throw new ConfigError(
      `SEND_RATE_PER_PAGE=${e.SEND_RATE_PER_PAGE} is above Meta's high-volume threshold of ` +
        `${HIGH_VOLUME_MESSAGES_PER_SECOND} messages per second per page. While a campaign sends that fast, ` +
        `Meta stops showing new messages in the page's Inbox, the page's people cannot send from it, and ` +
        `listing its conversations fails (Pagecast's page sync waits until the campaign ends). Use ` +
        `${HIGH_VOLUME_MESSAGES_PER_SECOND} or less (default ${DEFAULT_SEND_RATE_PER_PAGE}), or set ` +
        `HIGH_VOLUME_SENDS=1 to accept this.`,
    );
  }
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction) {
    const missing = (['JWT_SECRET', 'ENCRYPTION_KEY'] as const).filter((k) => !e[k]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Refusing to start in production without ${missing.join(' and ')}: set ${missing.join(', ')} explicitly ` +
          `(ENCRYPTION_KEY: 32 random bytes in base64 or hex, e.g. \`openssl rand -base64 32\`).`,
      );
    }
    const problems = productionProblems(cleaned, e);
    if (problems.length > 0) {
      throw new ConfigError(
        `Refusing to start in production with weak or development values:\n${problems.map((p) => `  ${p}`).join('\n')}`,
      );
    }
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const jwtSecret =
    e.JWT_SECRET ??
    persistedSecret(dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url'));
  const encryptionKey =
    e.ENCRYPTION_KEY ??
    persistedSecret(dataDir, 'encryption-key', () => randomBytes(32).toString('base64'));

  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    outboundWebhooks: {
      retryBaseMs: e.OUTBOUND_WEBHOOK_RETRY_BASE_MS,
      urlRule: e.OUTBOUND_WEBHOOK_URL_RULE ?? (isProduction ? 'production' : 'development'),
    },
    host: e.HOST,
    port: e.PORT,
    socketPath: e.SOCKET_PATH,
    drainDelayMs: e.DRAIN_DELAY_MS ?? (isProduction ? 2000 : 0),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    webOrigin: e.WEB_ORIGIN.replace(/\/$/, ''),
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ''),
    webDist: path.resolve(e.WEB_DIST),
    graphApiUrl: e.GRAPH_API_URL?.replace(/\/$/, ''),
    graphApiVersion: e.GRAPH_API_VERSION,
    fbSdkUrl:
      e.FB_SDK_URL ??
      (e.GRAPH_API_URL ? `${e.GRAPH_API_URL.replace(/\/$/, '')}/sdk.js` : undefined),
    fbAppId: e.FB_APP_ID,
    fbAppSecret: e.FB_APP_SECRET,
    webhookVerifyToken: e.WEBHOOK_VERIFY_TOKEN,
    emulatorPort: e.EMULATOR_PORT,
    emulatorRequestLog: e.EMULATOR_REQUEST_LOG,
    emulatorHost: e.EMULATOR_HOST,
    jwtSecret,
    encryptionKey: decodeSecret(encryptionKey)?.bytes ?? Buffer.alloc(0),
    operatorUserIds: e.OPERATOR_USER_IDS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    supportUrl: e.SUPPORT_URL,
    sendRatePerPage: e.SEND_RATE_PER_PAGE,
    highVolumeSends: e.HIGH_VOLUME_SENDS,
    apiKeyRequestsPerMinute: e.API_KEY_REQUESTS_PER_MINUTE,
    chatSendLimits: {
      perAdmin: e.CHAT_SENDS_PER_ADMIN_MINUTE,
      perPage: e.CHAT_SENDS_PER_PAGE_MINUTE,
      humanAgentPerPage: e.HUMAN_AGENT_SENDS_PER_PAGE_MINUTE,
    },
    searchesPerAdminMinute: e.SEARCHES_PER_ADMIN_MINUTE,
    pageAccessRecheckMinutes: e.PAGE_ACCESS_RECHECK_MINUTES,
    searchTimeoutMs: e.SEARCH_TIMEOUT_MS,
    searchesPerPageMinute: e.SEARCHES_PER_PAGE_MINUTE,
    searchGate: {
      concurrency: e.SEARCH_CONCURRENCY,
      queue: e.SEARCH_QUEUE,
      perTenant: Math.min(e.SEARCH_CONCURRENCY_PER_ADMIN, e.SEARCH_CONCURRENCY),
      queuePerTenant: Math.min(e.SEARCH_QUEUE_PER_ADMIN, e.SEARCH_QUEUE),
    },
    marketingWarmupMs: e.MARKETING_WARMUP_MS ?? (e.GRAPH_API_URL ? 3_600_000 : 60_000),
    conversationsRatePerPage: e.CONVERSATIONS_RATE_PER_PAGE,
    features: {
      utilityTemplates: e.UTILITY_TEMPLATES_ENABLED,
      marketingMessages: e.MARKETING_MESSAGES_ENABLED,
      humanAgent: e.HUMAN_AGENT_ENABLED,
    },
    liveStreamsPerAdmin: e.LIVE_STREAMS_PER_ADMIN,
    liveStreamsPerProcess: e.LIVE_STREAMS_PER_PROCESS,
    workersInApi: e.WORKERS_IN_API,
    metricsToken: e.METRICS_TOKEN,
    swaggerUi: e.SWAGGER_UI_ENABLED ?? !isProduction,
    trustedProxies: (e.TRUSTED_PROXIES ?? (isProduction ? '' : 'loopback'))
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
    responseValidation: e.RESPONSE_VALIDATION ?? !isProduction,
  };
}

/** The development defaults a production deployment must replace (they are public: they ship in this repo). */
const DEVELOPMENT_DEFAULTS = {
  FB_APP_SECRET: 'pagecast-emulator-app-secret',
  WEBHOOK_VERIFY_TOKEN: 'pagecast-verify-token',
} as const;

const GENERATE =
  'use a random value of at least 128 bits in hex or base64 (`openssl rand -base64 32`)';

/** Each value production must not run with, as a line naming its variable, why, and what to do. */
function productionProblems(
  env: Record<string, string | undefined>,
  e: z.infer<typeof EnvSchema>,
): string[] {
  const problems: string[] = [];
  const weakJwt = secretWeakness(e.JWT_SECRET ?? '');
  if (weakJwt) problems.push(`JWT_SECRET is too weak: it is ${weakJwt}; ${GENERATE}.`);
  const weakKey = secretWeakness(e.ENCRYPTION_KEY ?? '', 32);
  if (weakKey) {
    problems.push(
      `ENCRYPTION_KEY is not a random key: it is ${weakKey}; use 32 random bytes ` +
        '(`openssl rand -base64 32` or `openssl rand -hex 32`).',
    );
  }
  for (const name of ['FB_APP_SECRET', 'WEBHOOK_VERIFY_TOKEN'] as const) {
    const value = env[name];
    const weak = value ? secretWeakness(value) : undefined;
    if (!value || value === DEVELOPMENT_DEFAULTS[name]) {
      problems.push(`${name} is unset or the development default: set the real value.`);
    } else if (weak) {
      problems.push(`${name} is too weak: it is ${weak}; ${GENERATE}.`);
    }
  }
  const weakMetrics = e.METRICS_TOKEN ? secretWeakness(e.METRICS_TOKEN) : undefined;
  if (weakMetrics) problems.push(`METRICS_TOKEN is too weak: it is ${weakMetrics}; ${GENERATE}.`);
  if (!e.DATABASE_URL) {
    problems.push(
      'DATABASE_URL is unset: production runs on its own Postgres (the embedded one is for development ' +
        'and tests, and keeps its data under DATA_DIR).',
    );
  }
  if (!e.GRAPH_API_URL) {
    problems.push(
      'GRAPH_API_URL is unset: production talks to the real Graph API (https://graph.facebook.com); the ' +
        'emulator never runs in production.',
    );
  }
  return problems;
}

/** Once the emulator runs in-process its URL becomes the Graph base (and the SDK's, unless set). */
export function withGraphUrl(config: Config, graphApiUrl: string): Config {
  const url = graphApiUrl.replace(/\/$/, '');
  return { ...config, graphApiUrl: url, fbSdkUrl: config.fbSdkUrl ?? `${url}/sdk.js` };
}

function persistedSecret(dataDir: string, name: string, generate: () => string): string {
  const file = path.join(dataDir, name);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const value = generate();
  // 'wx' so two processes starting together keep the first writer's value.
  try {
    fs.writeFileSync(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST')
      return fs.readFileSync(file, 'utf8').trim();
    throw err;
  }
  return value;
}
