// A marketing message's delivery, read or click (a `changes` item): for the campaign counters only.
import { marketingEvent } from '../../marketing/index.js';
import type { ChangeEvent } from '../events.js';
import type { Handler } from './common.js';

export const handleMarketing: Handler<Extract<ChangeEvent, { kind: 'marketing' }>> = async (
  tx,
  page,
  { field, value },
) => ({ live: [], after: (await marketingEvent(tx, page, field, value)) ?? undefined });
