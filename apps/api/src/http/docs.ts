import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { buildOpenApi } from './openapi.js';

const OPENAPI_PATH = '/api/openapi.json';

/**
 * OpenAPI JSON, always (it is the contract, public like the routes it describes), plus Swagger UI when `ui`
 * (config SWAGGER_UI_ENABLED; off in production unless enabled). @fastify/swagger-ui declares a dependency
 * on @fastify/swagger only for its `swagger()` decorator; the document comes from the contract, so a tiny
 * stand-in provides it instead of a second, route-scanning generator.
 */
export async function registerDocs(
  app: FastifyInstance,
  { upgradeInsecure, ui }: { upgradeInsecure: boolean; ui: boolean },
): Promise<void> {
  const document = buildOpenApi();
  app.get(OPENAPI_PATH, async () => document);
  if (!ui) return;
  await app.register(
    fp(
      async (instance) => {
        // JSON is valid YAML, which covers swagger-ui's /yaml route.
        instance.decorate('swagger', (opts?: { yaml?: boolean }) =>
          opts?.yaml ? JSON.stringify(document) : document,
        );
      },
      { name: '@fastify/swagger', fastify: '5.x' },
    ),
  );
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Plain-http deployments (localhost, docker) must still load the UI's assets.
    transformStaticCSP: (header) =>
      upgradeInsecure ? header : header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });
}
