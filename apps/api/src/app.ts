import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import jwt from '@fastify/jwt';
import rateLimit from '@fastify/rate-limit';
import type { Pool } from 'pg';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { JWT_EXPIRES_IN, type JwtClaims } from './auth/jwt.js';
import { verifiedTokens } from './auth/verified-tokens.js';
import { sessionCookieNames } from './auth/cookies.js';
import { readPageAccess } from './auth/guards.js';
import { createPageAccessCache } from './auth/page-access-cache.js';
import { createSessionCache } from './auth/session-cache.js';
import { sessionState } from './modules/sessions/index.js';
import { createApiKeyAuth } from './modules/api-keys/index.js';
import type { Config } from './config.js';
import { tokenCipher } from './crypto/tokens.js';
import type { GraphClient } from './graph/index.js';
import { contentSecurityPolicy, inlineScriptHashes } from './http/csp.js';
import { registerDocs } from './http/docs.js';
import { registerConnectionDrain } from './http/connections.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerHealth, type Lifecycle } from './http/health.js';
import { registerMetrics } from './http/metrics.js';
import { registerNullCharGuard } from './http/null-chars.js';
import { postgresRateLimitStore } from './http/rate-limit-store.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerRuntimeConfig, registerWeb, sendSpaIndex, wantsSpa } from './http/web.js';
import { createLogger } from './logger.js';
import { liveMessageLoader } from './modules/inbox/index.js';
import { registerModules } from './modules/index.js';
import { createRealtimeHub, type RealtimeHub } from './realtime/index.js';
import { applyRouteRateLimit } from './modules/shared/route-guard.js';
import type { AfterCommit } from './modules/shared/after-commit.js';
import { ingestConsumers } from './runtime.js';

export interface AppDeps {
  config: Config;
  /** createDb's pool: what the modules' repos run on (db/client.ts#Sql). */
  pool: Pool;
  boss?: PgBoss;
  /** The Graph API client (src/graph); optional for tests that never reach the Graph API. */
  graph?: GraphClient;
  logger?: Logger;
  /**
   * The webhook ingest's after-commit consumers: main.ts passes its runtime's; by default (tests) the same
   * list built on this app's database (runtime.ts#ingestConsumers).
   */
  afterCommit?: readonly AfterCommit[];
  /** Live event hub; by default one per app on the app's database (its LISTEN opens on first use). */
  realtime?: RealtimeHub;
  /** Set by the process on SIGTERM: /readyz then answers 503 while the replica drains (main.ts). */
  lifecycle?: Lifecycle;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Fastify's 'incoming request' and 'request completed' lines in one, written when the request is answered:
 * method, URL (tokens masked), client, status and time, at the same levels. Half the logging cost of a
 * request (bench/FINDINGS.md); every other Fastify log line is unchanged.
 */
class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info(
        { req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
    }
  }
}

/** The HTTP app with every dependency injected; it never listens (main.ts and tests decide). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, pool } = deps;
  // Typed as Fastify's base logger, so the instance type stays the plain FastifyInstance (not pino's).
  const loggerInstance: FastifyBaseLogger = deps.logger ?? createLogger(config);
  const app = Fastify({
    loggerInstance,
    bodyLimit: 1024 * 1024,
    logController: new OneLineRequestLog(),
    // Client IPs (rate limits, logs) from X-Forwarded-For only when a configured proxy sets it.
    // On a Unix socket the peer has no address (undefined): it is the proxy, the one hop believed.
    trustProxy: config.socketPath
      ? (address: string | undefined, hop: number) => hop === 0 && !address
      : config.trustedProxies.length > 0
        ? config.trustedProxies
        : false,
    // Keep a caller's (or proxy's) request id when it is sane, so logs join up across services.
    genReqId: (req: IncomingMessage) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  // Callback hooks on the per-request path: an async one costs a promise and a microtask per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  registerConnectionDrain(app);

  registerErrorHandler(app);
  registerNullCharGuard(app);
  // Before the rate-limit plugin adds its own onRoute hook, so it sees the contract's limits.
  app.addHook('onRoute', applyRouteRateLimit);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: contentSecurityPolicy(config, inlineScriptHashes(config.webDist)),
    },
    // The social network's login opens a popup that must talk back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // HSTS only means something over https, i.e. in production behind TLS.
    hsts: config.isProduction,
  });
  await app.register(cors, {
    // A list, not a string: a string is echoed to every origin; a list answers only the matching one.
    origin: [config.webOrigin],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['x-request-id'],
  });
  await app.register(formbody);
  // The browser's session cookie (auth/cookies.ts); read by @fastify/jwt when no Bearer header is sent.
  await app.register(cookie);
  app.decorate('sessionCookie', {
    secret: config.jwtSecret,
    origins: [...new Set([config.webOrigin, config.publicUrl])],
    isProduction: config.isProduction,
  });
  await app.register(jwt, {
    secret: config.jwtSecret,
    cookie: { cookieName: sessionCookieNames(config.isProduction).session, signed: false },
    sign: { expiresIn: JWT_EXPIRES_IN },
  });
  // A session sends the same token on every request: verified once, then answered by its text until its exp.
  app.decorate(
    'verifiedTokens',
    verifiedTokens((token) => app.jwt.verify<JwtClaims>(token)),
  );
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(pool) });

  registerMetrics(app, config);
  registerHealth(app, pool, deps.lifecycle);
  registerRuntimeConfig(app, config);
  await registerDocs(app, { upgradeInsecure: config.isProduction, ui: config.swaggerUi });
  const realtime =
    deps.realtime ??
    createRealtimeHub(pool, { loadMessage: liveMessageLoader(pool), logger: app.log });
  if (!deps.realtime) app.addHook('onClose', () => realtime.close());
  // Every authenticated request checks its session, answered from this process's cache while the sessions
  // NOTIFY keeps it current (auth/session-cache.ts), so an ended session stops working everywhere at once.
  const sessions = createSessionCache({
    load: (sessionId, adminId) => sessionState(pool, sessionId, adminId),
    events: realtime,
  });
  app.addHook('onClose', async () => sessions.close());
  app.decorate('sessionState', (sessionId: string, adminId: string, notAfter?: number) =>
    sessions.state(sessionId, adminId, notAfter),
  );
  // API keys: their state through this process's cache (the sessions NOTIFY ends a revoked one everywhere),
  // their last use, their own limit (modules/api-keys/auth.ts).
  const apiKeys = createApiKeyAuth({
    pool,
    events: realtime,
    perMinute: config.apiKeyRequestsPerMinute,
    log: app.log,
  });
  app.addHook('onClose', () => apiKeys.close());
  app.decorate('apiKeys', apiKeys);
  // The inbox list's page check, answered from this process's cache while the access NOTIFY keeps it
  // current (auth/page-access-cache.ts).
  const pageAccess = createPageAccessCache({
    load: (adminId, fbPageId) => readPageAccess(pool, adminId, fbPageId),
    events: realtime,
  });
  app.addHook('onClose', async () => pageAccess.close());
  await registerModules(app, {
    config,
    pool,
    boss: deps.boss,
    graph: deps.graph,
    tokens: tokenCipher(config.encryptionKey),
    // Webhooks are processed in this process (modules/webhooks): campaign counters consume them.
    afterCommit: deps.afterCommit ?? ingestConsumers(pool),
    realtime,
    pageAccess: pageAccess.of,
  });

  const webEnabled = await registerWeb(app, config.webDist);
  app.setNotFoundHandler((request, reply) => {
    if (webEnabled && wantsSpa(request)) return sendSpaIndex(reply);
    const path = request.url.split('?')[0];
    return reply.code(404).send({ message: `Route ${request.method} ${path} not found` });
  });

  return app;
}
