// Every Graph request checked against Meta's spec (model.ts): the node type and edge it reaches, the method, the
// parameters (required ones, enum values, numbers and booleans) and the `fields=` it asks for. What Meta's spec
// refuses is answered in Meta's words; what the spec does not know but Meta lets through (an extra parameter) is
// answered, and only reported (the request log, and the API's spec test that reads it).
import { param, type GraphRequest } from '../graph/request.js';
import { errors, type GraphApiError } from '../graph/errors.js';
import { FieldsSyntaxError, parseFields } from '../graph/fields.js';
import type { World } from '../world/world.js';
import type { Method, NodeModel, OperationSpec, ParamSpec, SpecModel } from './model.js';

/** Where a request lands: the node's type, its id (as in the path) and the edge below it ('' for the node). */
export interface SpecTarget {
  node: string;
  id: string;
  edge: string;
}

export interface SpecProblem {
  /** What is outside Meta's spec, in words. */
  message: string;
}

export interface SpecVerdict {
  /** What is outside Meta's spec (empty when the request is inside it). */
  problems: SpecProblem[];
  /** Meta's answer to the first problem it refuses, if any. */
  refusal: GraphApiError | null;
}

/**
 * The node type a path reaches, as the router resolves it (without throwing: an unknown object or a bad token is
 * the router's to answer). `/me` is the token's user, or its page for a Page token.
 */
export function resolveTarget(world: World, req: GraphRequest): SpecTarget | null {
  const [first, ...rest] = req.path.split('/').filter(Boolean);
  const edge = rest.join('/');
  if (first === undefined) return { node: 'Root', id: '', edge: '' };
  if (first === 'oauth') return { node: 'OAuth', id: 'oauth', edge };
  if (first === 'debug_token') return { node: 'DebugToken', id: first, edge };
  const at = (node: string): SpecTarget => ({ node, id: first, edge });
  if (first === 'me') {
    const token =
      param(req, 'access_token') ?? /^(?:Bearer|OAuth)\s+(.+)$/i.exec(req.authorization ?? '')?.[1];
    const check = token && !token.includes('|') ? world.tokens.check(token) : null;
    if (!check?.ok) return null;
    return at(check.record.type === 'PAGE' ? 'Page' : 'User');
  }
  if (first === world.app.id) return at('Application');
  if (first.startsWith('act_')) return at('AdAccount');
  if (world.marketing.campaigns.has(first)) return at('MessageCampaign');
  if (world.users.has(first)) return at('User');
  if (world.pages.has(first)) return at('Page');
  if (first.startsWith('t_')) return at('UnifiedThread');
  if (first.startsWith('m_')) return at('Message');
  if (world.psidIndex.has(first)) return at('UserProfile');
  return null;
}

/** `a,b` or `["a","b"]` (form) or an array (JSON body). */
function listOf(v: unknown): unknown[] | null {
  if (Array.isArray(v)) return v as unknown[];
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (s.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(s);
      return Array.isArray(parsed) ? (parsed as unknown[]) : null;
    } catch {
      return null;
    }
  }
  return s === '' ? [] : s.split(',').map((x) => x.trim());
}

const INT = /^-?\d+$/;

/** A mistyped scalar (guess: Meta documents no wording for it; this is the form of its other param errors). */
function typeProblem(name: string, type: string, v: unknown): string | null {
  const s = typeof v === 'string' ? v.trim() : v;
  if (type === 'bool') {
    const ok = typeof s === 'boolean' || s === 'true' || s === 'false' || s === '1' || s === '0';
    return ok ? null : `Param ${name} must be a boolean`;
  }
  if (type === 'int' || type === 'unsigned int') {
    const ok =
      (typeof s === 'number' && Number.isInteger(s)) || (typeof s === 'string' && INT.test(s));
    if (!ok) return `Param ${name} must be an integer`;
    return type === 'unsigned int' && Number(s) < 0 ? `Param ${name} must be non-negative` : null;
  }
  if (type === 'float') {
    const ok = typeof s === 'number' || (typeof s === 'string' && s !== '' && !isNaN(Number(s)));
    return ok ? null : `Param ${name} must be a number`;
  }
  return null;
}

/**
 * One parameter against its spec. Enum values are compared without case: Meta's spec lists them in capitals
 * (`MESSENGER`), its documentation sends them in small letters (`platform=messenger`,
 * https://developers.facebook.com/docs/graph-api/reference/page/conversations/), and both work.
 */
function paramProblem(
  name: string,
  spec: ParamSpec,
  v: unknown,
): { message: string; values: string[] } | null {
  const list = spec.type.startsWith('list<');
  if (spec.values) {
    const allowed = new Set(spec.values.map((x) => x.toLowerCase()));
    const oneOf = `must be one of {${spec.values.join(', ')}}`;
    if (!list)
      return allowed.has(String(v).toLowerCase())
        ? null
        : { message: `Param ${name} ${oneOf}`, values: [String(v)] };
    const items = listOf(v);
    if (items === null) return { message: `Param ${name} must be an array`, values: [] };
    const bad = items.map(String).filter((x) => !allowed.has(x.toLowerCase()));
    if (bad.length === 0) return null;
    const index = items.findIndex((x) => !allowed.has(String(x).toLowerCase()));
    return { message: `Param ${name}[${index}] ${oneOf}`, values: bad };
  }
  const message = list ? null : typeProblem(name, spec.type, v);
  return message ? { message, values: [String(v)] } : null;
}

export function operationOf(
  node: NodeModel,
  method: Method,
  edge: string,
): OperationSpec | undefined {
  if (edge !== '' || method === 'POST') return node.edges.get(edge)?.[method];
  if (method === 'GET') return node.read;
  if (method === 'DELETE') return node.delete;
  return undefined;
}

/** The top-level names of `fields=` (syntax errors are the router's to answer). */
export function fieldNames(v: unknown): string[] {
  if (typeof v !== 'string' || v.trim() === '') return [];
  try {
    return parseFields(v).map((f) => f.name);
  } catch (e) {
    if (e instanceof FieldsSyntaxError) return [];
    throw e;
  }
}

/** What Meta's spec says of one request. */
export function checkRequest(
  model: SpecModel,
  method: Method,
  target: SpecTarget,
  params: Record<string, unknown>,
): SpecVerdict {
  const node = model.nodes.get(target.node);
  const where = `${method} ${target.node}${target.edge ? `/${target.edge}` : ''}`;
  if (!node)
    return { problems: [{ message: `${where}: node type not in the extract` }], refusal: null };
  const op = operationOf(node, method, target.edge);
  if (!op) {
    const first = target.edge.split('/')[0] ?? '';
    // A known node or edge without this method: Meta's "Unsupported <method> request". An unknown edge: a GET
    // names a field that does not exist; other methods get "Unknown path components" (guess: Meta documents
    // neither; these are the answers reported from the field for GET and POST).
    const refusal =
      target.edge === '' || node.edges.has(target.edge)
        ? errors.unknownObject(method, target.id)
        : method === 'GET' && !target.edge.includes('/')
          ? errors.nonexistingField(first, target.node)
          : errors.unknownPath(target.edge);
    return { problems: [{ message: `${where}: not in the extract` }], refusal };
  }
  const problems: SpecProblem[] = [];
  let refusal: GraphApiError | null = null;
  /** Records a problem and Meta's refusal of it (the first one refused is the answer). */
  const report = (message: string, e: GraphApiError | null, values: string[] = []) => {
    // The log names the values sent rather than repeating a long list of allowed ones.
    const said =
      values.length > 0
        ? `${message.replace(/\{[^}]*\}/, '{…}')} - got ${values.join(', ')}`
        : message;
    problems.push({ message: `${where}: ${said}` });
    if (e) refusal ??= e;
  };
  for (const [name, spec] of Object.entries(op.params)) {
    const v = params[name];
    if (spec.required && (v === undefined || v === null || v === ''))
      report(`missing ${name}`, errors.param(`The parameter ${name} is required`));
  }
  for (const [name, v] of Object.entries(params)) {
    if (v === undefined) continue;
    const spec = op.params[name] ?? model.graphWide[name];
    if (!spec) {
      // Meta lets unknown parameters through (guess: it documents nothing; extra query parameters are ignored
      // in every answer seen), so the emulator answers; the request log reports them.
      report(`param ${name} not in the extract`, null);
      continue;
    }
    const problem = paramProblem(name, spec, v);
    if (problem) report(problem.message, errors.param(problem.message), problem.values);
  }
  const returned = op.returns ? (model.aliases.get(op.returns) ?? op.returns) : target.node;
  const fieldsOf = target.edge === '' ? node : model.nodes.get(returned);
  if (method === 'GET' && fieldsOf?.fields) {
    const typeName = target.edge === '' ? target.node : returned;
    for (const f of fieldNames(params['fields'])) {
      if (!fieldsOf.fields.has(f) && !fieldsOf.readableEdges.has(f))
        report(`field ${f} not on ${typeName}`, errors.nonexistingField(f, typeName));
    }
  }
  return { problems, refusal };
}
