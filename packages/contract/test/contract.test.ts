import { describe, expect, it } from 'vitest';
import {
  bulkTagProgress,
  contract,
  CONTENT_TYPES,
  formatListTime,
  listRoutes,
  matchesName,
  toDisplayMessage,
  CAMPAIGN_PAGE_SIZE,
} from '../src';

describe('contract', () => {
  const routes = listRoutes(contract);
  it('declares every row of spec §7 with its exact path', () => {
    const rows = [
      'POST /api/v1/admin/register-user-admin',
      'DELETE /api/v1/admin/by-user/:id',
      'POST /api/v1/user/addUsersByPage',
      'POST /api/v1/user/delete-user',
      'GET /api/v1/user/deletion-status/:id',
      'GET /api/v1/pages/:pageId',
      'POST /api/v1/pages/sync/:pageId',
      'GET /api/v1/pages/sync-status/:jobId',
      'GET /api/v1/chats/:pageId/recipients',
      'GET /api/v1/chats/:pageId/user/:userId',
      'POST /api/v1/chats/:pageId/user/:userId/send',
      'GET /api/v1/tags/page/:pageId',
      'POST /api/v1/tags',
      'GET /api/user-tags/:userId/:pageId',
      'POST /api/user-tags/add',
      'DELETE /api/user-tags/remove',
      'GET /api/v1/campaigns/page/:pageId',
      'POST /api/v1/campaigns/create',
    ];
    const declared = routes.map((r) => `${r.route.method} ${r.route.path}`);
    expect(rows).toHaveLength(18);
    for (const row of rows) expect(declared).toContain(row);
  });
  it('gives every route auth metadata, a summary and the error body for its errors', () => {
    for (const { key, route, meta } of routes) {
      expect(meta?.auth, key).toMatch(/^(public|admin|operator)$/);
      expect(route.summary, key).toBeTruthy();
    }
  });
  it('lists per route only the errors it can answer: never 501, no conflict on a read', () => {
    for (const { key, route } of routes) {
      const statuses = Object.keys(route.responses).map(Number);
      expect(statuses, key).not.toContain(501);
      if (route.method === 'GET') expect(statuses, key).not.toContain(409);
      if (route.metadata && (route.metadata as { auth?: string }).auth === 'admin') {
        expect(statuses, key).toContain(401);
      }
    }
  });
  it('declares the statuses the server answers before any handler runs', () => {
    for (const { key, route, meta } of routes) {
      const statuses = Object.keys(route.responses).map(Number);
      // Fastify reads a body sent with these methods (bodyErrors); the webhook reads any content type raw.
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) {
        expect(statuses, key).toContain(413);
        if (key !== 'system.webhookReceive') expect(statuses, key).toContain(415);
      }
      if (route.path.includes(':')) expect(statuses, key).toContain(414);
      if (meta.rateLimitPerMinute) expect(statuses, key).toContain(429);
      // A route an API key may call answers the key's own rate limit (apiKeyErrors).
      if (meta.scope) expect(statuses, key).toContain(429);
      // The request guard refuses a NUL or half an emoji anywhere in the request, on every route.
      expect(statuses, key).toContain(400);
      if (meta.auth !== 'public') {
        expect(statuses, key).toContain(401);
        expect(statuses, key).toContain(403);
      }
      // Another admin's page or record reads as unknown (pages.syncStatus answers `not_found` instead).
      if ((meta.pageScoped || meta.pageOf) && key !== 'pages.syncStatus') {
        expect(statuses, key).toContain(404);
      }
    }
  });
  it('has no two routes with the same method and path', () => {
    const declared = routes.map((r) => `${r.route.method} ${r.route.path}`);
    expect(new Set(declared).size).toBe(declared.length);
  });
});

describe('constants', () => {
  it('content types with their labels and page size 7 (spec §9)', () => {
    expect(CONTENT_TYPES.map((t) => `${t.value}:${t.label}`)).toEqual([
      'CONFIRMED_EVENT_UPDATE:Confirmed event update',
      'POST_PURCHASE_UPDATE:Post purchase update',
      'ACCOUNT_UPDATE:Account update',
    ]);
    expect(CAMPAIGN_PAGE_SIZE).toBe(7);
  });
});

describe('display rules (spec §3, §4)', () => {
  it("sender is 'You' when sentBy differs from the recipient", () => {
    const base = { id: 'm1', message: 'hi', createdAt: '2026-11-21T10:00:00.000Z' };
    expect(toDisplayMessage({ ...base, sentBy: '999' }, '111')).toMatchObject({
      sender: 'You',
      isCurrentUser: false,
    });
    expect(toDisplayMessage({ ...base, sentBy: '111' }, '111')).toMatchObject({
      sender: '111',
      isCurrentUser: true,
    });
  });
  it('list times: today hh:mm, Yesterday, else month day', () => {
    const now = new Date(2026, 10, 21, 15, 0);
    expect(formatListTime(new Date(2026, 10, 21, 9, 5).toISOString(), now, 'en-US')).toMatch(
      /09:05/,
    );
    expect(formatListTime(new Date(2026, 10, 20, 23, 59).toISOString(), now, 'en-US')).toBe(
      'Yesterday',
    );
    expect(formatListTime(new Date(2026, 10, 2, 8, 0).toISOString(), now, 'en-US')).toBe('Nov 2');
    expect(formatListTime(null, now)).toBe('');
  });
  it('bulk progress is completed over (added + removed) x chats', () => {
    expect(bulkTagProgress(3, 2, 1, 2)).toBe(50);
    expect(bulkTagProgress(0, 0, 0, 3)).toBe(0);
  });
  it('name search is a case-insensitive substring match', () => {
    expect(matchesName('Alice Martin', 'MART')).toBe(true);
    expect(matchesName('Alice', 'bob')).toBe(false);
    expect(matchesName(null, '')).toBe(true);
  });
});
