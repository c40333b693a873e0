// The contact answered the marketing messages opt-in request, or stopped / resumed from it.
import { applyOptin } from '../../marketing/index.js';
import type { OptinEvent } from '../events.js';
import type { Handler } from './common.js';

export const handleOptin: Handler<OptinEvent> = async (tx, page, { psid, optin, at }) => {
  await applyOptin(tx, page.id, psid, optin, at);
  return { live: [] };
};
