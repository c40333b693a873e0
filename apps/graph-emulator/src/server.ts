import { registerMedia } from './media/media.js';
import type { IncomingMessage } from 'node:http';
import formbody from '@fastify/formbody';
import { crossSite, hostAllowed, originOf } from './login/origins.js';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { registerControl } from './control/routes.js';
import { registerRequestLog } from './control/requests.js';
import type { GraphContext } from './graph/context.js';
import type { GraphRequest } from './graph/request.js';
import { handleGraph } from './graph/router.js';
import { GraphApiError } from './graph/errors.js';
import { registerLogin } from './login/dialog.js';
import { registerSdk } from './login/sdk.js';
import { SlidingWindowLimiter } from './send/ratelimit.js';
import { sleep } from './util/format.js';
import { WebhookDispatcher } from './webhooks/dispatcher.js';
import { loadState, StateSaver } from './world/persist.js';
import { seedWorld, type SeedOption } from './world/seed.js';
import type { AppFeatures, Behaviour } from './world/types.js';
import { World } from './world/world.js';
import { servingVersion } from './graph/versions.js';
import { TemplateReviews } from './templates/templates.js';
import { metaSpec } from './spec/model.js';
import { RequestLog } from './spec/request-log.js';

export interface EmulatorOptions {
  port?: number;
  host?: string;
  publicUrl?: string;
  appId?: string;
  appSecret?: string;
  appName?: string;
  /** Features Meta grants the app after App Review (`humanAgent`, off unless set); a state file's win. */
  appFeatures?: Partial<AppFeatures>;
  seed?: SeedOption;
  stateFile?: string;
  behaviour?: Partial<Behaviour>;
  dataDeletionCallbackUrl?: string;
  deauthorizeCallbackUrl?: string;
  logger?: boolean;
  /**
   * Browser origins the Graph API answers with CORS (the browser SDK's FB.api from the product's pages).
   * Any other origin gets no CORS headers, and the control API (`/_emulator`) never does: it mints sign-in
   * tokens, so no web page may call it.
   */
  allowedOrigins?: string[];
  /**
   * Behind a proxy that stamps each request's arrival (`X-Request-Start: t=<epoch seconds or ms>`, nginx's
   * `t=${msec}`): the Send API counts its rate limit and records outbox times by that stamp. The platform
   * stamps requests at its edge; this one process stamps them when its event loop gets to them, and a
   * garbage-collection pause then stamps together requests that arrived apart. Off by default: any
   * client could set the header.
   */
  trustRequestStart?: boolean;
  /**
   * A file that keeps the request log (every request's shape and its check against Meta's spec, also at
   * `GET /_emulator/requests`), rewritten on each new shape. The API's spec test gives each emulator one.
   */
  requestLogFile?: string;
}

/** The product's origins in development: `pnpm start` (3000) and the Vite dev server (5173). */
export const DEFAULT_ALLOWED_ORIGINS = [
  'http://localhost:3000',
  'http://127.0.0.1:3000',
  'http://localhost:5173',
  'http://127.0.0.1:5173',
];

export interface Emulator {
  url: string;
  app: FastifyInstance;
  world: World;
  close(): Promise<void>;
}

const VERSION_PREFIX = /^\/(v\d+\.\d+)(?=\/|$)/;

/** `t=1795673894.197` (seconds, as nginx's `$msec`) or `t=1795673894197` (ms): the epoch ms. */
function arrival(header: string | string[] | undefined): { receivedAt?: number } {
  const m = typeof header === 'string' ? /^t=(\d+(?:\.\d+)?)$/.exec(header.trim()) : null;
  if (!m) return {};
  const t = Number(m[1]);
  return { receivedAt: t < 1e11 ? Math.round(t * 1000) : t };
}

/**
 * Whether the request is for a path under `prefix`: by its raw URL or by the route Fastify matched on the
 * decoded path (`/%5Femulator/users` reaches `/_emulator/users`, and the raw URL does not say so).
 */
function routedUnder(req: FastifyRequest, prefix: string): boolean {
  return req.url.startsWith(prefix) || (req.routeOptions.url ?? '').startsWith(prefix);
}

/** Waits `ms`, or less when the client closes the connection (nobody is left to answer). */
function holdUnlessClosed(ms: number, raw: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      raw.socket?.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    raw.socket?.once('close', done);
  });
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const world = new World({
    id: options.appId ?? '1000000000000001',
    secret: options.appSecret ?? 'pagecast-emulator-app-secret',
    name: options.appName ?? 'Pagecast',
    ...(options.appFeatures ? { features: options.appFeatures } : {}),
  });
  const loaded = options.stateFile ? loadState(world, options.stateFile) : false;
  if (!loaded) seedWorld(world, options.seed ?? 'demo');
  if (options.behaviour) world.behaviour = { ...world.behaviour, ...options.behaviour };

  const saver = options.stateFile ? new StateSaver(world, options.stateFile) : null;
  if (saver) world.onChange = () => saver.schedule();
  const webhooks = new WebhookDispatcher(world);
  world.onEvent = (e) => webhooks.enqueue(e);
  // Templates left PENDING in a state file are decided (and announced) on time after a restart too.
  const reviews = new TemplateReviews(world);
  world.onTemplatePending = () => reviews.schedule();
  reviews.schedule();

  let listenUrl = '';
  const baseUrl = () => (options.publicUrl ?? listenUrl).replace(/\/$/, '');
  const ctx: GraphContext = {
    world,
    sendLimiter: new SlidingWindowLimiter(),
    mediaSendLimiter: new SlidingWindowLimiter(),
    conversationsLimiter: new SlidingWindowLimiter(),
    webhooks,
    baseUrl,
    spec: metaSpec(),
    requests: new RequestLog(metaSpec(), options.requestLogFile),
  };

  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 10 * 1024 * 1024 });
  await app.register(formbody);

  // CORS for the browser SDK's FB.api calls from the product's origin (e.g. http://localhost:3000) only.
  const allowedOrigins = new Set(options.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS);
  // No web site may drive the control API or confirm a login: not by a cross-site form (Origin,
  // Sec-Fetch-Site on anything but a read), not by a name rebound to 127.0.0.1 (Host, on every request).
  // Reads stay open to pages: the product's inbox shows the emulator's media (`/_emulator/cdn/...`), and
  // without CORS another site cannot read an answer anyway. Scripts and tests send neither header.
  app.addHook('onRequest', async (req, reply) => {
    const guarded = routedUnder(req, '/_emulator') || routedUnder(req, '/dialog/oauth/confirm');
    if (!guarded) return;
    const read = req.method === 'GET' || req.method === 'HEAD';
    const own = [`http://${req.headers.host}`, `https://${req.headers.host}`, originOf(baseUrl())];
    if (!hostAllowed(req.headers.host) || (!read && crossSite(req.headers, own)))
      return reply.code(403).send({ message: 'Cross-site requests to the emulator are refused.' });
  });
  app.addHook('onRequest', async (req, reply) => {
    const origin = req.headers.origin;
    if (!origin || !allowedOrigins.has(origin) || routedUnder(req, '/_emulator')) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('vary', 'Origin');
    if (req.method === 'OPTIONS') {
      reply.header('access-control-allow-methods', 'GET,POST,DELETE,PUT,OPTIONS');
      reply.header(
        'access-control-allow-headers',
        req.headers['access-control-request-headers'] ?? 'content-type,authorization',
      );
      reply.header('access-control-max-age', '600');
      return reply.code(204).send();
    }
  });

  app.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
    if (routedUnder(req, '/_emulator'))
      return reply.code(err.statusCode ?? 500).send({ message: err.message });
    const status = err.statusCode ?? 500;
    const e =
      status < 500
        ? new GraphApiError(100, `(#100) ${err.message}`)
        : new GraphApiError(1, 'An unknown error occurred');
    return reply.code(e.status).send(e.body());
  });

  registerControl(app, {
    world,
    webhooks,
    limiters: [ctx.sendLimiter, ctx.mediaSendLimiter, ctx.conversationsLimiter, world.highVolume],
    baseUrl,
    callbacks: {
      dataDeletionCallbackUrl: options.dataDeletionCallbackUrl,
      deauthorizeCallbackUrl: options.deauthorizeCallbackUrl,
    },
  });
  registerLogin(app, world, baseUrl, allowedOrigins);
  registerSdk(app, baseUrl);
  registerMedia(app, world);

  app.get('/_emulator/health', () => ({ ok: true }));
  registerRequestLog(app, ctx.requests);

  app.route({
    method: ['GET', 'POST', 'DELETE'],
    url: '/*',
    handler: async (req, reply) => {
      const raw = req.url;
      const q = raw.indexOf('?');
      let path = q < 0 ? raw : raw.slice(0, q);
      let versionPrefix = '';
      const m = VERSION_PREFIX.exec(path);
      if (m) {
        versionPrefix = `/${m[1]}`;
        path = path.slice(m[0].length);
      }
      const body = req.body;
      const params: Record<string, unknown> = { ...(req.query as Record<string, unknown>) };
      if (body && typeof body === 'object' && !Array.isArray(body)) Object.assign(params, body);
      const graphReq: GraphRequest = {
        method: req.method as GraphRequest['method'],
        path: decodeURIComponent(path.replace(/^\/+/, '')),
        params,
        versionPrefix,
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
        ...(options.trustRequestStart ? arrival(req.headers['x-request-start']) : {}),
      };
      const latency = world.behaviour.latencyMs;
      if (latency > 0) await sleep(latency);
      const res = await handleGraph(ctx, graphReq);
      // An injected hang (behaviour.hangNext): the call took effect, its answer comes late (or never, when
      // the caller gives up first and closes the connection).
      if (graphReq.holdAnswerMs) await holdUnlessClosed(graphReq.holdAnswerMs, req.raw);
      reply.code(res.status);
      reply.header('facebook-api-version', servingVersion(versionPrefix.slice(1)));
      for (const [k, v] of Object.entries(res.headers)) reply.header(k, v);
      return reply.send(res.body);
    },
  });

  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 4010, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 4010);
  listenUrl = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${port}`;

  let closed = false;
  return {
    url: listenUrl,
    app,
    world,
    async close() {
      if (closed) return;
      closed = true;
      reviews.close();
      await webhooks.close();
      await app.close();
      await saver?.close();
    },
  };
}
