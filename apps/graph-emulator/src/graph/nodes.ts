import { freshUrl } from '../media/media.js';
import { fbTime } from '../util/format.js';
import type { Attachment, Contact, Message, Page, User } from '../world/types.js';
import type { GraphContext } from './context.js';
import type { GraphRequest } from './request.js';
import { errors } from './errors.js';
import { limitOf, parseFields, FieldsSyntaxError, type FieldSpec } from './fields.js';
import { pagedResponse, windowOf } from './paging.js';
import type { Auth } from './auth.js';

const USER_FIELDS = new Set([
  'id',
  'name',
  'first_name',
  'last_name',
  'email',
  'picture',
  'short_name',
]);
const PAGE_FIELDS = new Set([
  'id',
  'name',
  'category',
  'category_list',
  'access_token',
  'picture',
  'tasks',
  'link',
]);
const CONVERSATION_FIELDS = new Set([
  'id',
  'participants',
  'updated_time',
  'snippet',
  'unread_count',
  'message_count',
  'messages',
  'can_reply',
  'senders',
  'link',
]);
const MESSAGE_FIELDS = new Set([
  'id',
  'created_time',
  'from',
  'to',
  'message',
  'attachments',
  'sticker',
]);
const PROFILE_FIELDS = new Set(['id', 'name', 'first_name', 'last_name', 'profile_pic']);

export function fieldsOf(req: GraphRequest, defaults: string): FieldSpec[] {
  const raw = req.params['fields'];
  try {
    return parseFields(typeof raw === 'string' && raw.trim() ? raw : defaults);
  } catch (e) {
    if (e instanceof FieldsSyntaxError) throw errors.param(e.message);
    throw e;
  }
}

function check(specs: FieldSpec[], allowed: Set<string>, node: string): void {
  for (const f of specs) if (!allowed.has(f.name)) throw errors.nonexistingField(f.name, node);
}

export function picture(ctx: GraphContext, id: string) {
  return {
    data: {
      height: 50,
      is_silhouette: false,
      url: `${ctx.baseUrl()}/_emulator/avatars/${id}.svg`,
      width: 50,
    },
  };
}

function pick(obj: Record<string, unknown>, children: FieldSpec[] | null): unknown {
  if (!children) return obj;
  const out: Record<string, unknown> = {};
  for (const c of children) if (c.name in obj) out[c.name] = obj[c.name];
  return out;
}

function renderPicture(ctx: GraphContext, id: string, spec: FieldSpec) {
  const pic = picture(ctx, id);
  if (!spec.children) return pic;
  const data = spec.children.find((c) => c.name === 'data');
  return { data: pick(pic.data, data?.children ?? spec.children.map((c) => ({ ...c }))) };
}

export function renderUser(
  ctx: GraphContext,
  user: User,
  specs: FieldSpec[],
  scopes: string[],
): Record<string, unknown> {
  check(specs, USER_FIELDS, 'User');
  const out: Record<string, unknown> = {};
  for (const f of specs) {
    switch (f.name) {
      case 'id':
        out.id = user.id;
        break;
      case 'name':
        out.name = user.name;
        break;
      case 'short_name':
      case 'first_name':
        out[f.name] = user.firstName;
        break;
      case 'last_name':
        out.last_name = user.lastName;
        break;
      case 'email':
        if (scopes.includes('email')) out.email = user.email;
        break;
      case 'picture':
        out.picture = renderPicture(ctx, user.id, f);
        break;
    }
  }
  if (!('id' in out)) out.id = user.id;
  return out;
}

export function renderPage(
  ctx: GraphContext,
  page: Page,
  specs: FieldSpec[],
  auth: Auth,
): Record<string, unknown> {
  check(specs, PAGE_FIELDS, 'Page');
  const out: Record<string, unknown> = {};
  for (const f of specs) {
    switch (f.name) {
      case 'id':
        out.id = page.id;
        break;
      case 'name':
        out.name = page.name;
        break;
      case 'category':
        out.category = page.category;
        break;
      case 'category_list':
        out.category_list = [{ id: String(2200 + page.category.length), name: page.category }];
        break;
      case 'link':
        out.link = `https://www.facebook.com/${page.id}`;
        break;
      case 'picture':
        out.picture = renderPicture(ctx, page.id, f);
        break;
      case 'tasks': {
        const tasks = auth.kind === 'APP' ? undefined : page.roles.get(auth.user.id);
        if (tasks) out.tasks = [...tasks];
        break;
      }
      case 'access_token':
        if (auth.kind === 'USER' && page.roles.has(auth.user.id))
          out.access_token = ctx.world.tokens.pageTokenFor(auth.record, page.id).token;
        else if (auth.kind === 'PAGE' && auth.page.id === page.id)
          out.access_token = auth.record.token;
        break;
    }
  }
  if (!('id' in out)) out.id = page.id;
  return out;
}

export function renderProfile(
  ctx: GraphContext,
  contact: Contact,
  specs: FieldSpec[],
): Record<string, unknown> {
  check(specs, PROFILE_FIELDS, 'User');
  const out: Record<string, unknown> = {};
  for (const f of specs) {
    switch (f.name) {
      case 'id':
        out.id = contact.psid;
        break;
      case 'name':
        out.name = `${contact.firstName} ${contact.lastName}`;
        break;
      case 'first_name':
        out.first_name = contact.firstName;
        break;
      case 'last_name':
        out.last_name = contact.lastName;
        break;
      case 'profile_pic':
        out.profile_pic = `${ctx.baseUrl()}/_emulator/avatars/${contact.psid}.svg`;
        break;
    }
  }
  if (!('id' in out)) out.id = contact.psid;
  return out;
}

const participant = (id: string, name: string) => ({ name, email: `${id}@facebook.com`, id });

export function renderMessage(
  page: Page,
  contact: Contact,
  msg: Message,
  specs: FieldSpec[],
  /** File URLs as handed out now (signed afresh on every read, as Meta does). */
  fresh: (url: string) => string = (url) => url,
): Record<string, unknown> {
  check(specs, MESSAGE_FIELDS, 'Message');
  const pageP = participant(page.id, page.name);
  const contactP = participant(contact.psid, `${contact.firstName} ${contact.lastName}`);
  const out: Record<string, unknown> = {};
  for (const f of specs) {
    switch (f.name) {
      case 'id':
        out.id = msg.mid;
        break;
      case 'created_time':
        out.created_time = fbTime(msg.time);
        break;
      case 'message':
        out.message = msg.text;
        break;
      case 'from':
        out.from = msg.fromContact ? contactP : pageP;
        break;
      case 'to':
        out.to = { data: [msg.fromContact ? pageP : contactP] };
        break;
      case 'attachments': {
        // Graph's shape: files as `{data: [...]}` with image_data / video_data / file_url by kind; a
        // sticker is not an attachment here but the message's `sticker` field.
        const files = (msg.attachments ?? []).filter((a) => a.type !== 'sticker');
        if (files.length)
          out.attachments = { data: files.map((a, i) => graphAttachment(msg, a, i)) };
        break;
      }
      case 'sticker': {
        const sticker = msg.attachments?.find((a) => a.type === 'sticker');
        if (sticker) out.sticker = fresh(sticker.url);
        break;
      }
    }
  }
  if (!('id' in out)) out.id = msg.mid;
  return out;
}

const MIME: Record<Attachment['type'], string> = {
  image: 'image/svg+xml',
  sticker: 'image/svg+xml',
  audio: 'audio/wav',
  video: 'video/mp4',
  file: 'application/pdf',
};

function graphAttachment(msg: Message, a: Attachment, i: number): Record<string, unknown> {
  const base = { id: `${msg.mid}_${i}`, mime_type: MIME[a.type], name: a.name ?? a.type };
  if (a.type === 'image')
    return { ...base, image_data: { url: a.url, preview_url: a.url, width: 480, height: 360 } };
  if (a.type === 'video')
    return { ...base, video_data: { url: a.url, preview_url: a.url, width: 640, height: 360 } };
  return { ...base, file_url: a.url };
}

export const conversationId = (psid: string) => `t_${psid}`;

/** Messages of a conversation, newest first, cursor-paged (cursor = message index). */
export function renderMessagesEdge(
  ctx: GraphContext,
  req: GraphRequest,
  page: Page,
  contact: Contact,
  opts: {
    limit: number;
    after?: string;
    before?: string;
    specs: FieldSpec[];
    query: Record<string, string>;
  },
) {
  const history = ctx.world.history(page, contact);
  const newestFirst = history.slice().reverse();
  const n = history.length;
  const win = windowOf(
    newestFirst,
    opts,
    (key) => n - Number(key),
    (key) => n - 1 - Number(key),
  );
  const indexOfMsg = (m: Message) => String(history.indexOf(m));
  return pagedResponse(
    win,
    win.items.map((m) =>
      renderMessage(page, contact, m, opts.specs, (url) =>
        freshUrl(url, ctx.baseUrl(), ctx.world.now()),
      ),
    ),
    indexOfMsg,
    {
      baseUrl: ctx.baseUrl() + req.versionPrefix,
      path: `${conversationId(contact.psid)}/messages`,
      query: opts.query,
    },
  );
}

export function renderConversation(
  ctx: GraphContext,
  req: GraphRequest,
  page: Page,
  contact: Contact,
  specs: FieldSpec[],
  accessToken: string,
): Record<string, unknown> {
  check(specs, CONVERSATION_FIELDS, 'Conversation');
  const out: Record<string, unknown> = {};
  const history = () => ctx.world.history(page, contact);
  const contactName = `${contact.firstName} ${contact.lastName}`;
  for (const f of specs) {
    switch (f.name) {
      case 'id':
        out.id = conversationId(contact.psid);
        break;
      case 'link':
        out.link = `/${page.id}/inbox/${contact.psid}`;
        break;
      case 'updated_time':
        out.updated_time = fbTime(contact.updatedAt);
        break;
      case 'participants':
        out.participants = {
          data: [participant(contact.psid, contactName), participant(page.id, page.name)],
        };
        break;
      case 'senders':
        out.senders = {
          data: [participant(contact.psid, contactName), participant(page.id, page.name)],
        };
        break;
      case 'snippet':
        out.snippet = history().at(-1)?.text.slice(0, 100) ?? '';
        break;
      case 'unread_count':
        out.unread_count = contact.unread;
        break;
      case 'message_count':
        out.message_count = history().length;
        break;
      case 'can_reply':
        out.can_reply = true;
        break;
      case 'messages': {
        const limit = limitOf(f, 25);
        out.messages = renderMessagesEdge(ctx, req, page, contact, {
          limit,
          specs: f.children ?? parseFields('id,created_time'),
          query: {
            access_token: accessToken,
            limit: String(limit),
            ...(f.children ? { fields: serialise(f.children) } : {}),
          },
        });
        break;
      }
    }
  }
  if (!('id' in out)) out.id = conversationId(contact.psid);
  return out;
}

export function serialise(specs: FieldSpec[]): string {
  return specs
    .map((s) => {
      const mods = Object.entries(s.modifiers)
        .map(([k, v]) => `.${k}(${v})`)
        .join('');
      return s.name + mods + (s.children ? `{${serialise(s.children)}}` : '');
    })
    .join(',');
}
