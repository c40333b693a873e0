// Composes every contract route. Each capability owns `./<capability>/router.ts`.
import { contract } from '@pagecast/contract';
import type { AppRoute } from '@ts-rest/core';
import { initServer, type RequestValidationError } from '@ts-rest/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validationError } from '../errors.js';
import { errorBody } from '../http/errors.js';
import { accountRouter } from './account/router.js';
import { apiKeysRouter } from './api-keys/index.js';
import { noteTemplatePath } from './campaigns/index.js';
import { campaignsRouter } from './campaigns/router.js';
import { registerInboxEvents } from './inbox/events.js';
import { inboxContract, inboxRouter } from './inbox/router.js';
import type { ModuleDeps } from './shared/deps.js';
import { facebookContract, facebookRouter } from './facebook/router.js';
import { marketingRouter } from './marketing/router.js';
import { notesRouter } from './notes/router.js';
import { operatorRouter } from './operator/router.js';
import { outboundWebhooksRouter } from './outbound-webhooks/index.js';
import { savedRepliesRouter } from './saved-replies/router.js';
import { pagesRouter } from './pages/router.js';
import { keyPageGuard, routeGuard } from './shared/route-guard.js';
import { sessionsRouter } from './sessions/router.js';
import { signInRouter } from './sign-in/router.js';
import { tagsRouter } from './tags/router.js';
import { templatesRouter } from './templates/router.js';
import { userTagsRouter } from './user-tags/router.js';
import { userRouter } from './user/router.js';
import { registerWebhooks } from './webhooks/router.js';

export type { ModuleDeps } from './shared/deps.js';

const s = initServer();

/** The contract minus its raw routes (probes, webhook, SSE), which are plain Fastify routes. */
export const tsRestContract = {
  signIn: contract.signIn,
  operator: contract.operator,
  user: contract.user,
  pages: contract.pages,
  sessions: contract.sessions,
  account: contract.account,
  apiKeys: contract.apiKeys,
  inbox: inboxContract,
  tags: contract.tags,
  templates: contract.templates,
  marketing: contract.marketing,
  notes: contract.notes,
  savedReplies: contract.savedReplies,
  userTags: contract.userTags,
  campaigns: contract.campaigns,
  webhooks: contract.webhooks,
  system: facebookContract,
};

export async function registerModules(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const router = s.router(tsRestContract, {
    signIn: signInRouter(deps),
    operator: operatorRouter(deps),
    user: userRouter(deps),
    pages: pagesRouter(deps),
    sessions: sessionsRouter(deps),
    account: accountRouter(deps),
    apiKeys: apiKeysRouter(deps),
    inbox: inboxRouter(deps),
    tags: tagsRouter(deps),
    templates: templatesRouter(deps, noteTemplatePath),
    marketing: marketingRouter(deps),
    notes: notesRouter(deps),
    savedReplies: savedRepliesRouter(deps),
    userTags: userTagsRouter(deps),
    campaigns: campaignsRouter(deps),
    webhooks: outboundWebhooksRouter(deps),
    system: facebookRouter(deps),
  });
  await app.register(s.plugin(router), {
    logInitialization: false,
    responseValidation: deps.config.responseValidation,
    requestValidationErrorHandler: answerValidationError,
    hooks: { onRequest: guardContractRoute, preHandler: keyPageGuard(deps.pool) },
  });
  registerWebhooks(app, deps);
  registerInboxEvents(app, deps);
}

async function guardContractRoute(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const route = (request.routeOptions.config as { tsRestRoute?: AppRoute }).tsRestRoute;
  if (route) await routeGuard(route)(request, reply);
}

/** 400 `{ message, fieldErrors }`: each zod issue under its path ('name', 'items.0.id'), from any part. */
function answerValidationError(
  err: RequestValidationError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const issues = [err.pathParams, err.query, err.headers, err.body].flatMap((e) => e?.issues ?? []);
  // Sent here; ts-rest's error handler has nothing to wait for (a reply is thenable, hence the void).
  void reply.code(400).send(errorBody(validationError(issues)));
}
