import { type GraphContext } from './context.js';
import { param, type GraphRequest, type GraphResult } from './request.js';
import { errors } from './errors.js';

type Handler = (ctx: GraphContext, req: GraphRequest) => Promise<GraphResult>;

interface BatchItem {
  method?: string;
  relative_url?: string;
  body?: string;
  name?: string;
}

const VERSION = /^\/?(v\d+\.\d+)(\/|$)/;

/** `POST /` with `batch=[...]`: up to 50 calls, answered in order, each failing independently. */
export async function runBatch(
  ctx: GraphContext,
  req: GraphRequest,
  handle: Handler,
): Promise<unknown> {
  const raw = req.params['batch'];
  let items: unknown;
  try {
    items = typeof raw === 'string' ? JSON.parse(raw) : raw;
  } catch {
    throw errors.param('The parameter batch must be a JSON array');
  }
  if (!Array.isArray(items) || items.length === 0)
    throw errors.param('The parameter batch must be a non-empty JSON array');
  if (items.length > 50)
    throw errors.param('Too many requests in batch message. Maximum batch size is 50');
  const fallbackToken = param(req, 'access_token');
  const includeHeaders = param(req, 'include_headers') !== 'false';
  const out: unknown[] = [];
  for (const item of items as BatchItem[]) {
    const method = (item.method ?? 'GET').toUpperCase();
    const rel = String(item.relative_url ?? '');
    const m = VERSION.exec(rel);
    const stripped = (m ? rel.slice(m[0].length) : rel).replace(/^\//, '');
    const [path = '', query = ''] = stripped.split('?', 2);
    const params: Record<string, unknown> = Object.fromEntries(new URLSearchParams(query));
    if (item.body) for (const [k, v] of new URLSearchParams(item.body)) params[k] = v;
    if (params['access_token'] === undefined && fallbackToken)
      params['access_token'] = fallbackToken;
    if (method !== 'GET' && method !== 'POST' && method !== 'DELETE') {
      out.push({
        code: 400,
        body: JSON.stringify(errors.param(`Unsupported method ${method}`).body()),
      });
      continue;
    }
    const res =
      path === '' && method === 'POST' && params['batch'] !== undefined
        ? {
            status: 400,
            headers: {},
            body: errors.param('Nested batch requests are not supported').body(),
          }
        : await handle(ctx, {
            method,
            path,
            params,
            versionPrefix: m ? `/${m[1]}` : req.versionPrefix,
          });
    const headers = [
      { name: 'Content-Type', value: 'text/javascript; charset=UTF-8' },
      ...Object.entries(res.headers).map(([name, value]) => ({ name, value })),
    ];
    out.push({
      code: res.status,
      ...(includeHeaders ? { headers } : {}),
      body: typeof res.body === 'string' ? res.body : JSON.stringify(res.body),
    });
  }
  return out;
}
