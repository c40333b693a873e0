// Utility message templates, as Meta runs them for Messenger since 2026: a page creates a template
// (category UTILITY, `parameter_format` POSITIONAL `{{1}}` — Meta's default — or NAMED `{{first_name}}`),
// Meta reviews it (PENDING, then APPROVED or REJECTED, "within seconds"; here after
// `behaviour.templateApprovalMs`) and tells subscribed apps with a `message_template_status_update` page
// webhook in the Graph `changes` form. A template has one of Meta's ten statuses
// (`pagemessage_templates_status_enum_param`); the control API moves it to any of them. Only an approved
// template can be sent (`messaging_type: UTILITY`), in or out of the 24-hour window, every parameter filled.
// Here the edge and the send check; Meta's review and its webhook are in review.ts.
//
// What Meta documents (developers.facebook.com/docs/messenger-platform/send-messages/utility-messages):
// the two formats, "the message template cannot start or end with a parameter … the template will not be able
// to be created", and the rejection reasons INCORRECT_PARAMS, PARAMS_TO_WORD_RATIO_EXCEED_LIMIT and
// TAG_SHOULD_BE_MARKETING. What it does not: any error code for Messenger templates (132000 / 132001 are
// WhatsApp's), what triggers each rejection, and the ratio's figure. Those answers here are guesses, each
// marked, as plain `(#100)` invalid-parameter errors.
import { createHash } from 'node:crypto';
import { requirePageToken, type Auth } from '../graph/auth.js';
import { requireEndpoint } from '../graph/permissions.js';
import { type GraphContext } from '../graph/context.js';
import { param, type GraphRequest } from '../graph/request.js';
import { errors, GraphApiError } from '../graph/errors.js';
import { fieldsOf } from '../graph/nodes.js';
import { pagedResponse, parseLimit, stringQuery, windowOf } from '../graph/paging.js';
import type { MessageTemplate, Page } from '../world/types.js';
import type { World } from '../world/world.js';
import { bodyParams, PLACEHOLDER } from './body.js';
import { settleTemplates } from './review.js';

export { decide, settleTemplates, TemplateReviews } from './review.js';

const NAME = /^[a-z0-9_]{1,512}$/;
const PARAM_NAME = /^[a-z_][a-z0-9_]*$/;
const PARAM_POSITION = /^[1-9][0-9]*$/;
const BODY_MAX = 1024;
const PARAM_TEXT_MAX = 1024;
/** Meta's ten template statuses (`pagemessage_templates_status_enum_param`). */
export const TEMPLATE_STATUSES = [
  'APPROVED',
  'ARCHIVED',
  'DELETED',
  'DISABLED',
  'IN_APPEAL',
  'LIMIT_EXCEEDED',
  'PAUSED',
  'PENDING',
  'PENDING_DELETION',
  'REJECTED',
] as const;
const TEMPLATE_FIELDS = new Set([
  'id',
  'name',
  'language',
  'status',
  'category',
  'components',
  'parameter_format',
  'rejected_reason',
]);

/** A refused template: Meta's generic invalid parameter with a user message. (guess: no documented code.) */
const invalid = (userMsg: string, subcode?: number) =>
  new GraphApiError(
    100,
    'Invalid parameter',
    subcode,
    {},
    {
      error_user_title: 'Invalid template',
      error_user_msg: userMsg,
    },
  );

/** `/{page-id}/message_templates`: GET lists, POST creates, DELETE removes by name (and template_id). */
export function templatesEdge(
  ctx: GraphContext,
  req: GraphRequest,
  auth: Auth,
  page: Page,
): unknown {
  const pa = requirePageToken(auth, page, req.method);
  requireEndpoint(pa, 'templates');
  settleTemplates(ctx.world, page);
  if (req.method === 'GET') return listTemplates(ctx, req, page);
  if (req.method === 'POST') return createTemplate(ctx.world, req, page);
  if (req.method === 'DELETE') return deleteTemplate(ctx.world, req, page);
  throw errors.unknownObject(req.method, page.id);
}

function listTemplates(ctx: GraphContext, req: GraphRequest, page: Page): unknown {
  const name = param(req, 'name');
  const list = page.templates.filter((t) => !t.deleted && (name === undefined || t.name === name));
  const limit = parseLimit(req.params['limit'], 25);
  const indexOf = (id: string) => list.findIndex((t) => t.id === id);
  const win = windowOf(
    list,
    { limit, after: param(req, 'after'), before: param(req, 'before') },
    (k) => indexOf(k) + 1,
    (k) => Math.max(0, indexOf(k)),
  );
  const specs = fieldsOf(req, 'id,name,language,status,category,components,parameter_format');
  for (const f of specs)
    if (!TEMPLATE_FIELDS.has(f.name)) throw errors.nonexistingField(f.name, 'MessageTemplate');
  // Asked for: every template says its rejected_reason (NONE when not rejected); by default only rejected ones.
  const asked = (param(req, 'fields') ?? '').trim() !== '';
  const fields = specs.map((f) => f.name);
  return pagedResponse(
    win,
    win.items.map((t) =>
      renderTemplate(t, asked || t.status !== 'REJECTED' ? fields : [...fields, 'rejected_reason']),
    ),
    (t) => t.id,
    {
      baseUrl: ctx.baseUrl() + req.versionPrefix,
      path: `${page.id}/message_templates`,
      query: { ...stringQuery(req, ['access_token', 'fields', 'name']), limit: String(limit) },
    },
  );
}

function renderTemplate(t: MessageTemplate, fields: string[]): Record<string, unknown> {
  const all: Record<string, unknown> = {
    id: t.id,
    name: t.name,
    language: t.language,
    status: t.status,
    category: t.category,
    components: t.components,
    parameter_format: t.parameterFormat ?? 'NAMED',
    rejected_reason: t.rejectedReason ?? 'NONE',
  };
  const out: Record<string, unknown> = { id: t.id };
  for (const f of fields) if (f in all) out[f] = all[f];
  return out;
}

function createTemplate(world: World, req: GraphRequest, page: Page): unknown {
  const name = param(req, 'name') ?? '';
  if (!NAME.test(name))
    throw invalid('Template names may only hold lowercase letters, digits and underscores.');
  const language = param(req, 'language') ?? '';
  if (!/^[a-z]{2,3}(_[A-Z]{2})?$/.test(language)) throw invalid('Choose a supported language.');
  const category = (param(req, 'category') ?? '').toUpperCase();
  if (category !== 'UTILITY')
    throw invalid('Messenger message templates must be in the UTILITY category.');
  // POSITIONAL is Meta's default when parameter_format is not given.
  const format = (param(req, 'parameter_format') ?? 'POSITIONAL').toUpperCase();
  if (format !== 'NAMED' && format !== 'POSITIONAL')
    throw invalid('parameter_format must be NAMED or POSITIONAL.');
  const components = componentsOf(req);
  const body = components.find((c) => String(c.type).toUpperCase() === 'BODY');
  const text = typeof body?.text === 'string' ? body.text : '';
  if (!text.trim()) throw invalid('A template needs a BODY component with text.');
  if (text.length > BODY_MAX) throw invalid(`The body can hold at most ${BODY_MAX} characters.`);
  if (text.replace(PLACEHOLDER, '').match(/\{\{|\}\}/))
    throw invalid('The body has a parameter without its double braces.');
  const params = bodyParams(text);
  if (format === 'NAMED' && params.some((p) => !PARAM_NAME.test(p)))
    throw invalid(
      'NAMED parameters are lowercase letters, digits and underscores, like {{first_name}}.',
    );
  if (format === 'POSITIONAL' && params.some((p) => !PARAM_POSITION.test(p)))
    throw invalid(
      'POSITIONAL parameters are numbers, like {{1}}; use parameter_format NAMED for names.',
    );
  // Meta's documented creation rule: no dangling parameter.
  if (/^\s*\{\{[^{}]*\}\}/.test(text) || /\{\{[^{}]*\}\}\s*$/.test(text))
    throw invalid(
      'The message template cannot start or end with a parameter. Dangling parameters are not allowed.',
    );
  const examples = format === 'NAMED' ? namedExamples(body) : positionalExamples(body);
  const wanted = format === 'NAMED' ? params : params.map((_, i) => String(i));
  if (wanted.some((p) => !examples.includes(p)) || examples.some((e) => !wanted.includes(e)))
    throw invalid(
      format === 'NAMED'
        ? 'Each {{parameter}} of the body needs one example in body_text_named_params, and each example a parameter of the body.'
        : 'The body needs one example per parameter in body_text, in order.',
    );
  const buttons = components.find((c) => String(c.type).toUpperCase() === 'BUTTONS')?.buttons;
  if (buttons !== undefined) checkButtons(buttons);
  if (page.templates.some((t) => !t.deleted && t.name === name && t.language === language)) {
    throw new GraphApiError(
      100,
      'Message template already exists',
      2388024,
      {},
      {
        error_user_title: 'Message template already exists',
        error_user_msg: 'Content in this language already exists',
      },
    );
  }
  const now = world.now();
  const delay = world.behaviour.templateApprovalMs;
  const template: MessageTemplate = {
    id: templateId(page, name, language),
    name,
    language,
    category: 'UTILITY',
    parameterFormat: format,
    components,
    body: text,
    params,
    status: 'PENDING',
    rejectedReason: null,
    createdAt: now,
    decideAt: now + delay,
    deleted: false,
  };
  page.templates.push(template);
  world.touch();
  if (delay <= 0) settleTemplates(world, page);
  // Decided by the clock: reads settle it lazily, the review timer sends the webhook on time.
  else world.onTemplatePending();
  return { id: template.id, status: template.status, category: 'UTILITY' };
}

function deleteTemplate(world: World, req: GraphRequest, page: Page): unknown {
  const name = param(req, 'name');
  if (!name) throw errors.param('Param name must be non-empty.');
  // Meta's spec: `name`, and optionally `template_id` so other languages of the name stay.
  const templateId = param(req, 'template_id');
  const hit = page.templates.filter(
    (t) => !t.deleted && t.name === name && (templateId === undefined || t.id === templateId),
  );
  // (guess: Meta documents no answer for an unknown template; WhatsApp's subcode.)
  if (hit.length === 0) throw invalid(`Message template "${name}" does not exist.`, 2593002);
  for (const t of hit) t.deleted = true;
  world.touch();
  return { success: true };
}

/** A template the demo world starts with, already decided (no webhook: nobody is subscribed yet). */
export function seedTemplate(
  world: World,
  page: Page,
  input: {
    name: string;
    body: string;
    language?: string;
    buttons?: Array<{ type: 'URL'; text: string; url: string }>;
    status: 'APPROVED' | 'REJECTED';
    reason?: string;
  },
): MessageTemplate {
  const language = input.language ?? 'en_US';
  const params = bodyParams(input.body);
  const format =
    params.length > 0 && params.every((p) => PARAM_POSITION.test(p)) ? 'POSITIONAL' : 'NAMED';
  const components: Array<Record<string, unknown>> = [
    {
      type: 'BODY',
      text: input.body,
      example:
        format === 'NAMED'
          ? { body_text_named_params: params.map((p) => ({ param_name: p, example: p })) }
          : { body_text: [params.map((p) => `example ${p}`)] },
    },
  ];
  if (input.buttons?.length) components.push({ type: 'BUTTONS', buttons: input.buttons });
  const now = world.now();
  const t: MessageTemplate = {
    id: templateId(page, input.name, language),
    name: input.name,
    language,
    category: 'UTILITY',
    parameterFormat: format,
    components,
    body: input.body,
    params,
    status: input.status,
    rejectedReason: input.status === 'REJECTED' ? (input.reason ?? 'NONE') : null,
    createdAt: now,
    decideAt: now,
    deleted: false,
  };
  page.templates.push(t);
  return t;
}

/**
 * A UTILITY send's `message.template`: the approved template it names, with every parameter once. Returns
 * the text the contact reads (the body with its parameters filled) for the conversation and the outbox.
 */
export function utilityMessage(
  world: World,
  page: Page,
  message: Record<string, unknown>,
): { text: string; template: { name: string; language: string; params: Record<string, string> } } {
  settleTemplates(world, page);
  const spec = message.template;
  if (!spec || typeof spec !== 'object')
    throw errors.param('messaging_type UTILITY requires message.template');
  const s = spec as Record<string, unknown>;
  const name = typeof s.name === 'string' ? s.name : '';
  const lang = s.language as { code?: unknown } | string | undefined;
  const code = typeof lang === 'string' ? lang : typeof lang?.code === 'string' ? lang.code : '';
  const same = (x: MessageTemplate) => x.name === name && x.language === code;
  const t = page.templates.find((x) => !x.deleted && same(x));
  // (guess: Meta documents no Messenger template send errors; WhatsApp's 132000 / 132001 are not used.)
  if (!t && page.templates.some(same)) throw errors.param('Template has been deleted');
  if (!t) throw errors.param(`Template ${name} does not exist in ${code || 'that language'}`);
  if (t.status !== 'APPROVED')
    throw errors.param(`Template ${t.name} is not approved (status ${t.status})`);
  const positional = (t.parameterFormat ?? 'NAMED') === 'POSITIONAL';
  const given: Record<string, string> = {};
  const comps = Array.isArray(s.components) ? (s.components as Array<Record<string, unknown>>) : [];
  for (const comp of comps) {
    if (String(comp.type).toLowerCase() !== 'body') continue;
    const list = Array.isArray(comp.parameters)
      ? (comp.parameters as Array<Record<string, unknown>>)
      : [];
    for (const p of list) {
      const text = typeof p.text === 'string' ? p.text : '';
      if (!text.trim() || text.length > PARAM_TEXT_MAX) throw paramsMismatch();
      if (positional) {
        // POSITIONAL: the order of the list is the position ({{1}} first); names have no place.
        if (p.parameter_name !== undefined) throw paramsMismatch();
        given[String(Object.keys(given).length + 1)] = text;
        continue;
      }
      const pname = typeof p.parameter_name === 'string' ? p.parameter_name : '';
      if (!pname || pname in given) throw paramsMismatch();
      given[pname] = text;
    }
  }
  const names = Object.keys(given);
  if (names.length !== t.params.length || t.params.some((p) => !(p in given)))
    throw paramsMismatch();
  const text = t.body.replace(PLACEHOLDER, (whole, p: string) => given[p] ?? whole);
  return { text, template: { name: t.name, language: t.language, params: given } };
}

/** (guess: Meta documents no code for parameters that do not fit the template.) */
const paramsMismatch = () =>
  errors.param('Number of parameters does not match the expected number of params');

function componentsOf(req: GraphRequest): Array<Record<string, unknown>> {
  const raw = req.params['components'];
  let v: unknown = raw;
  if (typeof raw === 'string') {
    try {
      v = JSON.parse(raw);
    } catch {
      throw errors.param('Param components must be a JSON array');
    }
  }
  if (!Array.isArray(v) || v.some((c) => !c || typeof c !== 'object'))
    throw errors.param('Param components must be an array of objects');
  return v as Array<Record<string, unknown>>;
}

/** The parameter names a NAMED body's examples cover (`body_text_named_params`). */
function namedExamples(body: Record<string, unknown> | undefined): string[] {
  const example = body?.example as { body_text_named_params?: unknown } | undefined;
  const list = Array.isArray(example?.body_text_named_params) ? example.body_text_named_params : [];
  return list
    .map((e) =>
      e && typeof e === 'object' ? (e as { param_name?: unknown }).param_name : undefined,
    )
    .filter((n): n is string => typeof n === 'string');
}

/** The indexes ('0', '1', …) a POSITIONAL body's examples cover (the first row of `body_text`). */
function positionalExamples(body: Record<string, unknown> | undefined): string[] {
  const example = body?.example as { body_text?: unknown } | undefined;
  const rows = Array.isArray(example?.body_text) ? example.body_text : [];
  const row: unknown[] = Array.isArray(rows[0]) ? (rows[0] as unknown[]) : [];
  return row.flatMap((v, i) => (typeof v === 'string' && v.trim() ? [String(i)] : []));
}

function checkButtons(buttons: unknown): void {
  if (!Array.isArray(buttons)) throw invalid('BUTTONS must hold a list of buttons.');
  if (buttons.length > 3) throw invalid('A template has at most 3 buttons.');
  for (const b of buttons as Array<Record<string, unknown>>) {
    if (String(b?.type).toUpperCase() !== 'URL') throw invalid('Only URL buttons are supported.');
    const text = typeof b.text === 'string' ? b.text : '';
    if (!text || text.length > 25) throw invalid('Button text must be 1 to 25 characters.');
    if (!isHttps(b.url)) throw invalid('Button URLs must use https.');
  }
}

function isHttps(url: unknown): boolean {
  try {
    return new URL(String(url)).protocol === 'https:';
  } catch {
    return false;
  }
}

/** Stable per page, name, language and creation order: the demo world's ids stay the same every start. */
function templateId(page: Page, name: string, language: string): string {
  const h = createHash('sha256')
    .update(`${page.id}:${name}:${language}:${page.templates.length}`)
    .digest();
  return (h.readBigUInt64BE(0) % 10n ** 15n).toString().padStart(15, '1');
}
