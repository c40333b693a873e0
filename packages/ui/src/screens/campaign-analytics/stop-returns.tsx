// 'Stop waiting for returns' on a campaign still delivering on return (docs/campaigns.md "Deliver on return"):
// asked once more, then nobody who writes from now on is sent the campaign.
import type { Campaign } from '@pagecast/contract';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../primitives/button';

export const STOP_RETURNS_TEXT = {
  button: 'Stop waiting for returns',
  confirm:
    'Nobody who writes to your page from now on gets this campaign, and those waiting for a person to answer them are not sent it either.',
  stop: 'Stop waiting',
  keep: 'Keep waiting',
  stopping: 'Stopping...',
  stopped: 'This campaign no longer waits for returns.',
  failed: 'Failed to stop waiting for returns.',
} as const;
const T = STOP_RETURNS_TEXT;

/** Whether the campaign still sends on return (and so can be stopped). */
export function deliveringOnReturn(c: Campaign, now = Date.now()): boolean {
  return (
    c.deliverOnReturnUntil !== null &&
    new Date(c.deliverOnReturnUntil).getTime() > now &&
    !c.returnsStoppedAt &&
    c.status !== 'cancelled' &&
    c.status !== 'failed'
  );
}

export function StopReturns({
  campaign,
  onStop,
}: {
  campaign: Campaign;
  /** Resolves when stopped; rejects on failure (the caller says why). */
  onStop?: () => Promise<unknown>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  // Focus follows the step: onto 'Stop waiting' when asked, back to the trigger when kept.
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (wasConfirming.current) trigger.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  if (!onStop || !deliveringOnReturn(campaign)) return null;

  const stop = async () => {
    setPending(true);
    try {
      await onStop();
    } catch {
      // The caller showed why; the choice stays open to try again.
    } finally {
      setPending(false);
    }
  };

  if (!confirming)
    return (
      <div>
        <Button ref={trigger} variant="outline" size="sm" onClick={() => setConfirming(true)}>
          {T.button}
        </Button>
      </div>
    );
  return (
    <div role="group" aria-label={T.button} className="grid gap-2">
      <p className="text-sm">{T.confirm}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          ref={confirmButton}
          variant="destructive"
          size="sm"
          loading={pending}
          onClick={() => void stop()}
        >
          {pending ? T.stopping : T.stop}
        </Button>
        <Button variant="outline" size="sm" disabled={pending} onClick={() => setConfirming(false)}>
          {T.keep}
        </Button>
      </div>
    </div>
  );
}
