// The OpenAPI document (src/http/openapi.ts): it declares what the contract declares, and says who may call
// each operation.
import { contract, listRoutes } from '@pagecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApi, SECURITY_SCHEMES } from '../src/http/openapi.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { must } from './support/assert.js';

const routes = listRoutes(contract);
const document = buildOpenApi();

type Operation = {
  operationId: string;
  description?: string;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { description: string; content?: Record<string, unknown> }>;
  'x-api-key-scope'?: string;
};
const operationOf = (route: (typeof routes)[number]): Operation => {
  const openApiPath = route.route.path.replace(/:(\w+)/g, '{$1}');
  const operation = (document.paths[openApiPath] as Record<string, Operation> | undefined)?.[
    route.route.method.toLowerCase()
  ];
  if (!operation) throw new Error(`${route.key}: no operation at ${openApiPath}`);
  return operation;
};

describe('OpenAPI document', () => {
  it('declares for each route exactly the statuses the contract does, with what each means', () => {
    for (const route of routes) {
      const operation = operationOf(route);
      expect(Object.keys(operation.responses).sort(), route.key).toEqual(
        Object.keys(route.route.responses).sort(),
      );
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(response.description, `${route.key} ${status}`).not.toBe(status);
      }
      expect(operation.operationId).toBe(route.key);
    }
  });

  it('says who may call each operation: a session, an API key with its scope, or anyone', () => {
    const schemes = Object.keys(document.components?.securitySchemes ?? {});
    expect(schemes.sort()).toEqual(Object.keys(SECURITY_SCHEMES).sort());
    for (const route of routes) {
      const operation = operationOf(route);
      const names = (operation.security ?? []).flatMap((r) => Object.keys(r)).sort();
      if (route.meta.auth === 'public') {
        expect(operation.security, route.key).toEqual([]);
      } else if (route.meta.auth === 'admin' && route.meta.scope) {
        expect(names, route.key).toEqual(['apiKey', 'session', 'sessionCookie']);
        expect(operation['x-api-key-scope'], route.key).toBe(route.meta.scope);
        expect(operation.description, route.key).toContain(`\`${route.meta.scope}\``);
        expect(Object.keys(operation.responses), `${route.key}: a key's rate limit`).toContain(
          '429',
        );
      } else {
        expect(names, route.key).toEqual(['session', 'sessionCookie']);
        expect(operation['x-api-key-scope'], route.key).toBeUndefined();
        expect(operation.description, route.key).toMatch(/session only/);
      }
      // Each alternative is one scheme: any one of them is enough.
      for (const alternative of operation.security ?? []) {
        expect(Object.values(alternative), route.key).toEqual([[]]);
      }
    }
  });

  it('gives the non-JSON answers their media type and every error the one error body', () => {
    const csv = operationOf(
      must(routes.find((r) => r.key === 'campaigns.exportCampaignRecipients')),
    );
    expect(Object.keys(csv.responses['200']?.content ?? {})).toEqual(['text/csv']);
    const events = operationOf(must(routes.find((r) => r.key === 'inbox.events')));
    expect(Object.keys(events.responses['200']?.content ?? {})).toEqual(['text/event-stream']);
    expect(document.components?.schemas?.ErrorBody).toMatchObject({
      type: 'object',
      properties: { message: { type: 'string' }, fieldErrors: { type: 'object' } },
      required: ['message'],
    });
    for (const route of routes) {
      for (const [status, response] of Object.entries(operationOf(route).responses)) {
        if (Number(status) < 400 || route.key === 'system.readyz') continue;
        expect(response.content, `${route.key} ${status}`).toEqual({
          'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } },
        });
      }
    }
  });
});

describe('the served document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is the one linted here', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(JSON.parse(JSON.stringify(document)));
  });
});
