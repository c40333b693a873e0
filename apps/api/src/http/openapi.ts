// The OpenAPI document of the API, generated from the contract (@ts-rest/open-api), with what the generator
// does not say on its own: who may call each operation (`security`, from the route's `metadata.auth` and
// `metadata.scope`), what each status means, the media type of the non-JSON answers, the one error body as a
// component, and the few schema forms OpenAPI 3.0 spells differently from the generator (fixOpenApi30Schemas).
// apps/api/test/openapi.test.ts lints it with Redocly's recommended rules.
import {
  API_KEY_SCOPES,
  contract,
  CSRF_COOKIE,
  CSRF_HEADER,
  ErrorBody,
  HOST_COOKIE_PREFIX,
  SESSION_COOKIE,
  type RouteMeta,
} from '@pagecast/contract';
import { isAppRouteOtherResponse, type AppRoute } from '@ts-rest/core';
import { generateOpenApi } from '@ts-rest/open-api';

type OpenApiDocument = ReturnType<typeof generateOpenApi>;
type Operation = Parameters<
  NonNullable<NonNullable<Parameters<typeof generateOpenApi>[2]>['operationMapper']>
>[0];

/** The ways to authenticate, by the names operations' `security` uses. */
export const SECURITY_SCHEMES = {
  session: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'A sign-in session: the JWT that `POST /api/v1/admin/register-user-admin` answers to a client that ' +
      'sends no `Origin`, as `Authorization: Bearer <jwt>`. It lasts 7 days, until logged out or ended.',
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      `The browser's sign-in session: the httpOnly cookie \`${SESSION_COOKIE}\` (\`${HOST_COOKIE_PREFIX}` +
      `${SESSION_COOKIE}\` in production). A write (POST, PUT, PATCH, DELETE) authenticated by it must also ` +
      `send the \`${CSRF_HEADER}\` header with the value of the \`${CSRF_COOKIE}\` cookie, from the app's ` +
      'own origin; otherwise it is refused with 403.',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'pck_…',
    description:
      'An API key (Account → API keys), as `Authorization: Bearer pck_…`. A key may call only the ' +
      'operations whose scope it holds (each names the one it needs: ' +
      `${API_KEY_SCOPES.map((s) => `\`${s}\``).join(', ')}), on the pages it is limited to; ` +
      'anything else is refused with 403. Each key has its own rate limit: past it, 429 with `Retry-After`.',
  },
} as const;

type SchemeName = keyof typeof SECURITY_SCHEMES;
const requirement = (...names: SchemeName[]) => names.map((name) => ({ [name]: [] as string[] }));

/** Who may call a route, as OpenAPI `security` and the sentence its description adds. */
export function operationSecurity(meta: RouteMeta): {
  security: Array<Record<string, string[]>>;
  note: string;
} {
  if (meta.auth === 'public') {
    return { security: [], note: 'Public: no authentication.' };
  }
  if (meta.auth === 'operator') {
    return {
      security: requirement('session', 'sessionCookie'),
      note: 'An operator’s sign-in session only (403 for an admin who is not one, or an API key).',
    };
  }
  if (!meta.scope) {
    return {
      security: requirement('session', 'sessionCookie'),
      note: 'A sign-in session only: an API key is refused with 403.',
    };
  }
  return {
    security: requirement('session', 'sessionCookie', 'apiKey'),
    note: `A sign-in session, or an API key with the scope \`${meta.scope}\`.`,
  };
}

/** What each status means, for the operations that answer it. */
const STATUS_MEANING: Record<string, string> = {
  200: 'Success',
  201: 'Created',
  202: 'Accepted: the work goes on in the background',
  400: 'Invalid request: `fieldErrors` names each field that breaks a rule',
  401: 'Not authenticated: the credentials sent (session, API key, social network token or signature) are missing, expired or invalid',
  403: 'Refused for this caller: its role, its Facebook tasks on the page, the API key’s scope or pages, a cookie-authenticated write without its CSRF proof, or a signature made with another secret',
  404: 'Not found (another admin’s page or record reads as unknown)',
  409: 'Conflict with the current state',
  413: 'Request body over the size limit (1 MB)',
  414: 'A path parameter over 100 characters',
  415: 'A request body in a content type the route does not read',
  422: 'Refused by the social network (e.g. outside the messaging window, or a permission the page lacks)',
  429: 'Too many requests (the route’s own limit, or an API key’s): wait for `Retry-After`, then try again',
  500: 'Internal server error',
  502: 'The social network failed, or answered something unexpected',
  503: 'Unavailable right now (the database, or a service behind the route): retry after `Retry-After`',
};

const ERROR_BODY_REF = { $ref: '#/components/schemas/ErrorBody' };

/**
 * The route's operation with its security, descriptions and media types; `errorBody` receives the schema
 * the generator wrote for the contract's ErrorBody, which every error then points to.
 */
function mapOperation(
  operation: Operation,
  route: AppRoute,
  errorBody: (schema: unknown) => void,
): Operation {
  const meta = route.metadata as RouteMeta;
  const { security, note } = operationSecurity(meta);
  const responses = Object.fromEntries(
    Object.entries(operation.responses as Record<string, Record<string, unknown>>).map(
      ([status, response]) => {
        const declared = route.responses[Number(status)];
        let content = response.content as Record<string, { schema?: unknown }> | undefined;
        if (declared !== undefined && isAppRouteOtherResponse(declared)) {
          content = { [declared.contentType]: { schema: { type: 'string' } } };
        } else if (declared === ErrorBody) {
          errorBody(content?.['application/json']?.schema);
          content = { 'application/json': { schema: ERROR_BODY_REF } };
        }
        return [
          status,
          {
            ...response,
            description: STATUS_MEANING[status] ?? status,
            ...(content ? { content } : {}),
          },
        ];
      },
    ),
  );
  return {
    ...operation,
    description: [operation.description, note].filter(Boolean).join('\n\n'),
    security,
    ...(meta.scope ? { 'x-api-key-scope': meta.scope } : {}),
    responses,
  };
}

/**
 * The generator writes a few JSON Schema forms OpenAPI 3.0 spells otherwise: a numeric `exclusiveMinimum` /
 * `exclusiveMaximum` (3.0 has a boolean beside `minimum` / `maximum`); `nullable` on a schema without a
 * `type` (z.any(): 3.0 gives `nullable` no meaning there, and `{}` already admits null); a `discriminator`
 * over inline `oneOf` schemas (it can only select named ones; each branch's enum still tells them apart).
 */
export function fixOpenApi30Schemas(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) fixOpenApi30Schemas(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  for (const [bound, limit] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof schema[bound] === 'number') {
      schema[limit] = schema[bound];
      schema[bound] = true;
    }
  }
  if (schema.nullable === true && !('type' in schema)) delete schema.nullable;
  if (
    schema.discriminator &&
    Array.isArray(schema.oneOf) &&
    schema.oneOf.some((s) => !(s as { $ref?: unknown }).$ref)
  ) {
    delete schema.discriminator;
  }
  for (const value of Object.values(schema)) fixOpenApi30Schemas(value);
}

export function buildOpenApi(): OpenApiDocument {
  let errorBody: unknown;
  const document = generateOpenApi(
    contract,
    {
      info: {
        title: 'Pagecast API',
        version: '1.0.0',
        description:
          'Generated from @pagecast/contract. Every operation says who may call it (`security`) and, for ' +
          'an API key, the scope it needs (`x-api-key-scope`, also in its description). Every error ' +
          'answers the same body, `ErrorBody`.',
      },
      servers: [{ url: '/', description: 'This Pagecast server' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    {
      setOperationId: 'concatenated-path',
      operationMapper: (operation, route) =>
        mapOperation(operation, route, (schema) => (errorBody ??= schema)),
    },
  );
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ErrorBody: errorBody as object },
  };
  fixOpenApi30Schemas(document);
  return document;
}
