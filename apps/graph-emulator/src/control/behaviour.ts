// The control API's behaviour: latency, rate limits and injected faults, Meta's error rows on demand,
// template verdicts, the app's features and the clock.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Behaviour } from '../world/types.js';
import type { World } from '../world/world.js';
import { armGraphError, clearGraphErrors, resetFaultCycle } from '../send/faults.js';
import { decide, TEMPLATE_STATUSES } from '../templates/templates.js';
import { bad } from './common.js';

const behaviourSchema = z
  .object({
    latencyMs: z.number().int().min(0).max(60_000),
    sendPerSecond: z.number().int().min(0),
    mediaSendPerSecond: z.number().int().min(0),
    highVolumePerSecond: z.number().int().min(0),
    highVolumeHoldMs: z.number().int().min(0).max(3_600_000),
    conversationsPerSecond: z.number().int().min(0),
    failureRate: z.number().min(0).max(1),
    failCodes: z.array(z.number().int()),
    failNext: z.number().int().min(0),
    hangNext: z.number().int().min(0),
    hangMs: z.number().int().min(0).max(600_000),
    unavailablePsids: z.array(z.string()),
    unavailableCode: z.union([z.literal(551), z.literal(200)]),
    legacyMessageTags: z.boolean(),
    webhookRetries: z.number().int().min(0).max(20),
    webhookRetryBaseMs: z.number().int().min(0),
    webhookBatchMs: z.number().int().min(0).max(10_000),
    templateApprovalMs: z.number().int().min(0).max(3_600_000),
    marketingWarmupMs: z.number().int().min(0).max(86_400_000),
    marketingCooldownMs: z
      .number()
      .int()
      .min(0)
      .max(7 * 86_400_000),
  })
  .partial()
  .strict();

const graphErrorSchema = z
  .object({
    code: z.number().int().min(0),
    subcode: z.number().int().min(0).optional(),
    message: z.string().min(1).max(2000).optional(),
    type: z.string().min(1).max(100).optional(),
    remainingSeconds: z.number().int().min(0).optional(),
    psids: z
      .array(z.string().regex(/^\d{1,32}$/))
      .min(1)
      .max(10_000)
      .optional(),
    count: z.number().int().min(1).max(1_000_000).optional(),
    path: z.enum(['standard', 'utility', 'optin', 'marketing']).optional(),
  })
  .strict();

export function registerBehaviourControl(app: FastifyInstance, world: World): void {
  // Meta's verdict now: any of its ten statuses (a reason with REJECTED), with its status webhook.
  app.post('/_emulator/pages/:pageId/message_templates/:id', async (req, reply) => {
    const { pageId, id } = req.params as { pageId: string; id: string };
    const page = world.pages.get(pageId);
    const t = page?.templates.find((x) => x.id === id && !x.deleted);
    if (!page || !t) return bad(reply, 'Unknown page or template', 404);
    const b = z
      .object({
        status: z.enum(TEMPLATE_STATUSES),
        reason: z.string().min(1).nullable().optional(),
      })
      .safeParse(req.body ?? {});
    if (!b.success) return bad(reply, b.error.message);
    decide(world, page, t, b.data.status, b.data.reason ?? null);
    return { id: t.id, status: t.status, rejected_reason: t.rejectedReason };
  });

  // Any row of Meta's error table on demand: the page's next matching send(s) get exactly this error, in
  // Meta's words unless `message` is given (graph/meta-errors.ts). `psids` without `count`: every send to them.
  app.post('/_emulator/pages/:pageId/faults/graph-error', async (req, reply) => {
    const { pageId } = req.params as { pageId: string };
    if (!world.pages.has(pageId)) return bad(reply, 'Unknown page', 404);
    const b = graphErrorSchema.safeParse(req.body ?? {});
    if (!b.success) return bad(reply, b.error.message);
    const { psids, count, path, ...error } = b.data;
    const left = count ?? (psids ? Infinity : 1);
    armGraphError(world, pageId, { error, psids: psids ?? null, path: path ?? null, left });
    return { armed: Number.isFinite(left) ? left : null };
  });
  app.delete('/_emulator/pages/:pageId/faults/graph-error', async (req, reply) => {
    const { pageId } = req.params as { pageId: string };
    if (!world.pages.has(pageId)) return bad(reply, 'Unknown page', 404);
    clearGraphErrors(world, pageId);
    return { ok: true };
  });

  // Features Meta grants the app after App Review (Human Agent): what a test's app has been approved for.
  app.get('/_emulator/app/features', () => world.app.features);
  app.put('/_emulator/app/features', async (req, reply) => {
    const parsed = z
      .object({ humanAgent: z.boolean() })
      .partial()
      .strict()
      .safeParse(req.body ?? {});
    if (!parsed.success) return bad(reply, parsed.error.message);
    world.app.features = { ...world.app.features, ...parsed.data };
    world.touch();
    return world.app.features;
  });
  app.get('/_emulator/behaviour', () => world.behaviour);
  // What fault injection has done so far: error answers by code and held (hung) answers.
  app.get('/_emulator/faults', () => world.faults);
  app.put('/_emulator/behaviour', async (req, reply) => {
    const parsed = behaviourSchema.safeParse(req.body ?? {});
    if (!parsed.success) return bad(reply, parsed.error.message);
    const next: Behaviour = { ...world.behaviour };
    Object.assign(
      next,
      Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)),
    );
    world.behaviour = next;
    if (parsed.data.failNext !== undefined || parsed.data.failCodes !== undefined)
      resetFaultCycle();
    world.touch();
    return world.behaviour;
  });

  app.post('/_emulator/clock', async (req, reply) => {
    const offset = (req.body as { offsetMs?: unknown } | undefined)?.offsetMs;
    if (typeof offset !== 'number' || !Number.isFinite(offset))
      return bad(reply, 'offsetMs (number) is required');
    world.clockOffsetMs = offset;
    // Templates whose review time the jump passed are decided now, not at the old real-time deadline.
    world.onTemplatePending();
    return { offsetMs: offset, now: world.now() };
  });
  app.get('/_emulator/clock', () => ({ offsetMs: world.clockOffsetMs, now: world.now() }));
}
