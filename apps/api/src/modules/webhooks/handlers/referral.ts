// An m.me link into the existing thread (re)opens the 24-hour window (MP/send-messages); no message.
import type { LiveEvent } from '@pagecast/contract';
import { upsertContact } from '../../contacts/index.js';
import type { ReferralEvent } from '../events.js';
import { contactEvent, type Handler } from './common.js';

export const handleReferral: Handler<ReferralEvent> = async (tx, page, { psid, at }) => {
  const contact = await upsertContact(tx, page.id, {
    ...page.profileOf(psid),
    psid,
    lastInboundAt: at,
  });
  const live: LiveEvent[] = contact.inserted ? [await contactEvent(tx, page, psid)] : [];
  return { live, after: { kind: 'referral', pageId: page.fbPageId, psid, at, opensWindow: true } };
};
