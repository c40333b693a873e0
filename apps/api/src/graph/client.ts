import { createHmac } from 'node:crypto';
import { Pool } from 'undici';
import {
  classifyNetworkError,
  classifyResponse,
  GraphError,
  retryAfterFromHeaders,
  type Headers,
} from './errors.js';
import type {
  Account,
  BatchRequest,
  BatchResult,
  Conversation,
  ConversationsPage,
  DebugTokenData,
  ExchangedToken,
  GraphMessage,
  Me,
  PageInfo,
  Paged,
  Permission,
  Profile,
  SendMessageInput,
  SendResult,
  SubscribedApp,
} from './types.js';
import { sleep } from '../lib/sleep.js';

export interface GraphLogger {
  debug?: (obj: Record<string, unknown>, msg?: string) => void;
  warn?: (obj: Record<string, unknown>, msg?: string) => void;
}

export interface GraphClientOptions {
  /** e.g. http://localhost:4010 or https://graph.facebook.com */
  baseUrl: string;
  /** e.g. 'v16.0' */
  version: string;
  appId: string;
  appSecret: string;
  timeoutMs?: number;
  logger?: GraphLogger;
  /** Retries for transient failures (5xx, 1, 2, 1200, network errors on reads). Default 4. */
  maxRetries?: number;
  /** Retries for rate-limit answers (613, 80001, 4, 17, 32...). Default 20. */
  maxRateLimitRetries?: number;
  /** Backoff when a rate limit answer gives no usable wait time. Default 1000 ms. */
  rateLimitBackoffMs?: number;
  /** Waits longer than this are not slept through: the rate_limit error is thrown for the caller to reschedule. Default 60 s. */
  maxRateLimitWaitMs?: number;
  /** Base and cap of the exponential transient backoff. Defaults 200 ms / 5 s. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Connections of the keep-alive pool. Default 32. */
  connections?: number;
  /** Add appsecret_proof to calls made with user/page tokens. Default true. */
  appSecretProof?: boolean;
}

type Mode = 'read' | 'write' | 'send';
type Params = Record<string, string | number | boolean | undefined>;

const SECRET_PARAMS =
  /([?&](?:access_token|client_secret|fb_exchange_token|input_token|appsecret_proof|code)=)[^&]*/g;
/** Never log tokens: redact secrets in any URL or path. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}


function toQuery(params: Params): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  return q.toString();
}

export class GraphClient {
  private readonly pool: Pool;
  private readonly origin: string;
  private readonly prefix: string;
  private readonly o: Required<Omit<GraphClientOptions, 'logger'>> & { logger?: GraphLogger };

  constructor(options: GraphClientOptions) {
    this.o = {
      timeoutMs: 15_000,
      maxRetries: 4,
      maxRateLimitRetries: 20,
      rateLimitBackoffMs: 1_000,
      maxRateLimitWaitMs: 60_000,
      backoffBaseMs: 200,
      backoffMaxMs: 5_000,
      connections: 32,
      appSecretProof: true,
      ...options,
    };
    const url = new URL(options.baseUrl);
    this.origin = url.origin;
    this.prefix = url.pathname.replace(/\/$/, '');
    this.pool = new Pool(this.origin, {
      connections: this.o.connections,
      keepAliveTimeout: 10_000,
      pipelining: 1,
    });
  }

  get appToken(): string {
    return `${this.o.appId}|${this.o.appSecret}`;
  }

  async close(): Promise<void> {
    await this.pool.close();
  }

  private proof(token: string | undefined): string | undefined {
    if (!token || !this.o.appSecretProof || token.includes('|')) return undefined;
    return createHmac('sha256', this.o.appSecret).update(token).digest('hex');
  }

  private backoff(attempt: number): number {
    const exp = Math.min(this.o.backoffMaxMs, this.o.backoffBaseMs * 2 ** attempt);
    return Math.round(exp / 2 + (Math.random() * exp) / 2);
  }

  /**
   * One Graph call with the retry policy. `send` mode never retries when the request may have reached the
   * platform without a definite answer (timeouts, dropped connections, raw 5xx): that surfaces as `unknown_outcome`.
   */
  async request<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    opts: {
      token?: string;
      query?: Params;
      form?: Params;
      json?: unknown;
      mode?: Mode;
      /** Overrides the client's rate-limit retries for this call (0: the caller paces and retries itself). */
      maxRateLimitRetries?: number;
    } = {},
  ): Promise<T> {
    const mode: Mode = opts.mode ?? (method === 'GET' ? 'read' : 'write');
    const query: Params = { ...opts.query };
    if (opts.token) {
      query.access_token = opts.token;
      query.appsecret_proof = this.proof(opts.token);
    }
    const rel = path.replace(/^\//, '');
    const fullPath = `${this.prefix}/${this.o.version}/${rel}${Object.keys(query).length ? `?${toQuery(query)}` : ''}`;
    let body: string | undefined;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers['content-type'] = 'application/json';
    } else if (opts.form) {
      body = toQuery(opts.form);
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    let transientAttempts = 0;
    let rateAttempts = 0;
    for (;;) {
      const started = Date.now();
      let error: GraphError;
      try {
        const res = await this.pool.request({
          method,
          path: fullPath,
          headers,
          body,
          headersTimeout: this.o.timeoutMs,
          bodyTimeout: this.o.timeoutMs,
        });
        const text = await res.body.text();
        let json: unknown = undefined;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        this.o.logger?.debug?.(
          { method, url: redactUrl(fullPath), status: res.statusCode, ms: Date.now() - started },
          'graph call',
        );
        if (
          res.statusCode >= 200 &&
          res.statusCode < 300 &&
          json !== undefined &&
          !(typeof json === 'object' && json && 'error' in json)
        ) {
          return json as T;
        }
        error = classifyResponse(res.statusCode, json, res.headers as Headers);
        if (error.kind === 'rate_limit' && retryAfterFromHeaders(res.headers as Headers) === null) {
          error = new GraphError({
            ...error,
            kind: 'rate_limit',
            message: error.message,
            retryAfterMs: this.o.rateLimitBackoffMs,
          });
        }
        // A raw 5xx without a Graph error code: for a send we cannot know whether the message went out.
        if (mode === 'send' && error.kind === 'transient' && error.code === null) {
          error = new GraphError({
            kind: 'unknown_outcome',
            message: error.message,
            status: error.status,
            retryAfterMs: null,
          });
        }
      } catch (e) {
        error = classifyNetworkError(e, mode === 'send');
        this.o.logger?.debug?.(
          { method, url: redactUrl(fullPath), error: error.message, ms: Date.now() - started },
          'graph call failed',
        );
      }
      if (
        error.kind === 'rate_limit' &&
        rateAttempts < (opts.maxRateLimitRetries ?? this.o.maxRateLimitRetries)
      ) {
        const wait = error.retryAfterMs ?? this.o.rateLimitBackoffMs;
        if (wait <= this.o.maxRateLimitWaitMs) {
          rateAttempts++;
          await sleep(Math.round(wait * (1 + Math.random() * 0.5)));
          continue;
        }
      }
      if (error.kind === 'transient' && transientAttempts < this.o.maxRetries) {
        await sleep(this.backoff(transientAttempts++));
        continue;
      }
      this.o.logger?.warn?.(
        {
          method,
          url: redactUrl(fullPath),
          kind: error.kind,
          code: error.code,
          subcode: error.subcode,
          fbtraceId: error.fbtraceId,
        },
        'graph call failed',
      );
      throw error;
    }
  }

  // ---- tokens ---------------------------------------------------------------------------------

  async debugToken(inputToken: string): Promise<DebugTokenData> {
    const r = await this.request<{ data: DebugTokenData }>('GET', 'debug_token', {
      query: { input_token: inputToken },
      token: this.appToken,
    });
    return r.data;
  }

  async exchangeToken(shortLivedToken: string): Promise<ExchangedToken> {
    const r = await this.request<{ access_token: string; token_type: string; expires_in?: number }>(
      'GET',
      'oauth/access_token',
      {
        query: {
          grant_type: 'fb_exchange_token',
          client_id: this.o.appId,
          client_secret: this.o.appSecret,
          fb_exchange_token: shortLivedToken,
        },
      },
    );
    return {
      accessToken: r.access_token,
      tokenType: r.token_type,
      expiresIn: r.expires_in ?? null,
    };
  }

  // ---- user -----------------------------------------------------------------------------------

  getMe(
    userToken: string,
    fields = 'id,name,email,picture{url,width,height,is_silhouette}',
  ): Promise<Me> {
    return this.request<Me>('GET', 'me', { token: userToken, query: { fields } });
  }

  async getPermissions(userToken: string): Promise<Permission[]> {
    return (
      await this.request<{ data: Permission[] }>('GET', 'me/permissions', { token: userToken })
    ).data;
  }

  /** Every page the user manages, following `paging.cursors.after` until `next` is absent. */
  async *iterateAccounts(
    userToken: string,
    opts: { limit?: number; fields?: string } = {},
  ): AsyncGenerator<Account> {
    let after: string | undefined;
    for (;;) {
      const r: Paged<Account> = await this.request<Paged<Account>>('GET', 'me/accounts', {
        token: userToken,
        query: {
          fields: opts.fields ?? 'id,name,access_token,category,tasks,picture',
          limit: opts.limit ?? 25,
          after,
        },
      });
      for (const a of r.data) yield a;
      if (!r.paging?.next || !r.paging.cursors?.after) return;
      after = r.paging.cursors.after;
    }
  }

  async listAccounts(
    userToken: string,
    opts: { limit?: number; fields?: string } = {},
  ): Promise<Account[]> {
    const out: Account[] = [];
    for await (const a of this.iterateAccounts(userToken, opts)) out.push(a);
    return out;
  }

  getPage(
    pageId: string,
    token: string,
    fields = 'id,name,category,picture,access_token',
  ): Promise<PageInfo> {
    return this.request<PageInfo>('GET', pageId, { token, query: { fields } });
  }

  // ---- webhooks subscriptions -----------------------------------------------------------------

  async subscribeApp(pageId: string, pageToken: string, fields: string[]): Promise<boolean> {
    const r = await this.request<{ success: boolean }>('POST', `${pageId}/subscribed_apps`, {
      token: pageToken,
      form: { subscribed_fields: fields.join(',') },
    });
    return r.success;
  }

  async unsubscribeApp(pageId: string, pageToken: string): Promise<boolean> {
    return (
      await this.request<{ success: boolean }>('DELETE', `${pageId}/subscribed_apps`, {
        token: pageToken,
      })
    ).success;
  }

  async getSubscribedApps(pageId: string, pageToken: string): Promise<SubscribedApp[]> {
    return (
      await this.request<{ data: SubscribedApp[] }>('GET', `${pageId}/subscribed_apps`, {
        token: pageToken,
      })
    ).data;
  }

  /** App-level subscription (`POST /{app-id}/subscriptions`); Facebook verifies the callback with a GET handshake. */
  async subscribeAppWebhooks(input: {
    callbackUrl: string;
    verifyToken: string;
    fields: string[];
    object?: 'page';
  }): Promise<boolean> {
    const r = await this.request<{ success: boolean }>('POST', `${this.o.appId}/subscriptions`, {
      token: this.appToken,
      form: {
        object: input.object ?? 'page',
        callback_url: input.callbackUrl,
        verify_token: input.verifyToken,
        fields: input.fields.join(','),
        include_values: 'true',
      },
    });
    return r.success;
  }

  // ---- conversations --------------------------------------------------------------------------

  /**
   * Pages of `GET /{page-id}/conversations?platform=messenger`, newest first. Each page exposes its cursor
   * and the next one, so a sync can persist `nextCursor` and resume with `after`.
   */
  async *listConversations(
    pageId: string,
    pageToken: string,
    opts: {
      after?: string | null;
      limit?: number;
      messagesLimit?: number;
      userId?: string;
      fields?: string;
      maxRateLimitRetries?: number;
    } = {},
  ): AsyncGenerator<ConversationsPage> {
    const fields =
      opts.fields ??
      `id,participants,updated_time,snippet,unread_count,message_count,messages.limit(${opts.messagesLimit ?? 10}){id,message,from,to,created_time}`;
    let cursor: string | null = opts.after ?? null;
    for (;;) {
      const r: Paged<Conversation> = await this.request<Paged<Conversation>>(
        'GET',
        `${pageId}/conversations`,
        {
          token: pageToken,
          query: {
            platform: 'messenger',
            fields,
            limit: opts.limit ?? 25,
            after: cursor ?? undefined,
            user_id: opts.userId,
          },
          maxRateLimitRetries: opts.maxRateLimitRetries,
        },
      );
      const nextCursor = r.paging?.next && r.paging.cursors?.after ? r.paging.cursors.after : null;
      yield { conversations: r.data, cursor, nextCursor };
      if (!nextCursor) return;
      cursor = nextCursor;
    }
  }

  async getConversationMessages(
    conversationId: string,
    pageToken: string,
    opts: { limit?: number; after?: string | null; fields?: string } = {},
  ): Promise<{ messages: GraphMessage[]; nextCursor: string | null }> {
    const r = await this.request<Paged<GraphMessage>>('GET', `${conversationId}/messages`, {
      token: pageToken,
      query: {
        fields: opts.fields ?? 'id,message,from,to,created_time',
        limit: opts.limit ?? 25,
        after: opts.after ?? undefined,
      },
    });
    return {
      messages: r.data,
      nextCursor: r.paging?.next && r.paging.cursors?.after ? r.paging.cursors.after : null,
    };
  }

  getMessage(
    messageId: string,
    pageToken: string,
    fields = 'id,created_time,from,to,message',
  ): Promise<GraphMessage> {
    return this.request<GraphMessage>('GET', messageId, { token: pageToken, query: { fields } });
  }

  getProfile(
    psid: string,
    pageToken: string,
    fields = 'first_name,last_name,name,profile_pic',
  ): Promise<Profile> {
    return this.request<Profile>('GET', psid, { token: pageToken, query: { fields } });
  }

  // ---- Send API -------------------------------------------------------------------------------

  /**
   * Sends one text message. Retries only rate limits and the platform's temporary codes (1, 2, 1200) and
   * connection failures that prove the request never left; a timeout or dropped connection after the request
   * was written throws `unknown_outcome` (re-sending could duplicate the message).
   */
  async sendMessage(input: SendMessageInput): Promise<SendResult> {
    const body: Record<string, unknown> = {
      recipient: { id: input.psid },
      messaging_type: input.messagingType,
      message: { text: input.text },
    };
    if (input.messagingType === 'MESSAGE_TAG') body.tag = input.tag;
    const r = await this.request<{ recipient_id: string; message_id: string }>(
      'POST',
      `${input.pageId}/messages`,
      {
        token: input.pageToken,
        json: body,
        mode: 'send',
      },
    );
    return { recipientId: r.recipient_id, messageId: r.message_id };
  }

  // ---- batch ----------------------------------------------------------------------------------

  /** Up to 50 calls in one request; each item answers (or fails) independently. */
  async batch(token: string, requests: BatchRequest[]): Promise<BatchResult[]> {
    if (requests.length === 0) return [];
    if (requests.length > 50)
      throw new GraphError({ kind: 'invalid', message: 'A batch holds at most 50 requests' });
    const batch = requests.map((r) => ({
      method: r.method,
      relative_url: r.relativeUrl.replace(/^\//, ''),
      ...(r.body ? { body: toQuery(r.body) } : {}),
      ...(r.name ? { name: r.name } : {}),
    }));
    const raw = await this.request<
      Array<{ code: number; headers?: Array<{ name: string; value: string }>; body: string } | null>
    >('POST', '', {
      token,
      form: { batch: JSON.stringify(batch), include_headers: 'true' },
      mode: requests.some((r) => r.method !== 'GET') ? 'send' : 'read',
    });
    return raw.map((item) => {
      if (!item) return { code: 0, headers: [], body: null };
      let body: unknown = item.body;
      try {
        body = JSON.parse(item.body);
      } catch {
        /* raw */
      }
      return { code: item.code, headers: item.headers ?? [], body };
    });
  }
}

export function createGraphClient(options: GraphClientOptions): GraphClient {
  return new GraphClient(options);
}
