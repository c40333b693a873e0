// A delivery or read receipt: the page's messages up to the watermark (or listed by mid) are marked.
import type { ReceiptEvent } from '../events.js';
import { applyReceipt } from '../../inbox/index.js';
import type { Handler } from './common.js';

export const handleReceipt: Handler<ReceiptEvent> = async (tx, page, e) => {
  const { psid, watermark, mids, read, at } = e;
  const newest = await applyReceipt(tx, {
    pageUuid: page.id,
    psid,
    watermark,
    mids,
    read,
  });
  return {
    // The inbox compares with the times it shows (stored ones), not with Meta's watermark.
    live: newest
      ? [
          {
            type: read ? 'read' : 'delivery',
            pageId: page.fbPageId,
            psid,
            watermark: newest.toISOString(),
          },
        ]
      : [],
    after: { kind: read ? 'read' : 'delivery', pageId: page.fbPageId, psid, mids, watermark, at },
  };
};
