// /dashboard/webhooks (Settings → Webhooks): the selected page's endpoints and their delivery logs wired to the
// pure WebhooksScreen; outcomes are toasted, errors in the server's words.
import type { WebhookEndpoint } from '@pagecast/contract';
import { toast } from '@pagecast/ui';
import { DeliveryLog, WebhooksScreen } from '@pagecast/ui/screens/webhooks';
import { useEffect, useRef, useState } from 'react';
import { errorMessage, firstLoadError } from '../../lib/query';
import { usePagesStore } from '../../stores';
import { inFlight, useDeliveriesQuery, useWebhookActions, useWebhooksQuery } from './queries';

type Actions = ReturnType<typeof useWebhookActions>;

/** A set of ids with a call on its way, and `track` to add one for a call's length. */
function usePending() {
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const track = <R,>(id: string, call: Promise<R>): Promise<R> => {
    setPending((s) => new Set(s).add(id));
    return call.finally(() =>
      setPending((s) => {
        const next = new Set(s);
        next.delete(id);
        return next;
      }),
    );
  };
  return { pending, track };
}

export function WebhooksPage() {
  const pageId = usePagesStore((s) => s.selectedPage?.pageId);
  const webhooks = useWebhooksQuery(pageId);
  const actions = useWebhookActions(pageId);
  const { pending, track } = usePending();

  return (
    <WebhooksScreen
      webhooks={webhooks.data ?? null}
      error={firstLoadError(webhooks, 'Could not load the webhooks')}
      onCreate={(body) => actions.create(body)}
      onUpdate={(id, values) => actions.update(id, values)}
      onSetEnabled={(id, enabled) =>
        void track(id, actions.update(id, { enabled }))
          .then(() => toast.success(enabled ? 'Webhook enabled.' : 'Webhook disabled.'))
          .catch((err: unknown) => toast.error(errorMessage(err, 'Could not save the webhook')))
      }
      onRotateSecret={async (id) => {
        const { secret } = await actions.update(id, { rotateSecret: true });
        if (!secret) throw new Error('The server sent no new secret.');
        return { secret };
      }}
      onDelete={(id) => actions.remove(id)}
      onSendTest={(id) =>
        void track(id, actions.sendTest(id))
          .then((message) => toast.success(message))
          .catch((err: unknown) => toast.error(errorMessage(err, 'Could not send the test event')))
      }
      busy={pending}
      renderDeliveryLog={(w) => <WebhookLog webhook={w} actions={actions} />}
      onCopy={(text) => navigator.clipboard.writeText(text)}
    />
  );
}

function WebhookLog({ webhook, actions }: { webhook: WebhookEndpoint; actions: Actions }) {
  const log = useDeliveriesQuery(webhook.id);
  const { pending, track } = usePending();
  const deliveries = log.data?.pages.flatMap((p) => p.deliveries) ?? null;
  // When the last try in flight settles, the list's 'last delivery' (or a disabled status) has changed too.
  const trying = deliveries?.some(inFlight) ?? false;
  const wasTrying = useRef(false);
  const { refreshList } = actions;
  useEffect(() => {
    if (wasTrying.current && !trying) void refreshList();
    wasTrying.current = trying;
  }, [trying, refreshList]);
  return (
    <DeliveryLog
      deliveries={deliveries}
      error={firstLoadError(log, 'Could not load the delivery log')}
      hasMore={log.hasNextPage}
      loadingMore={log.isFetchingNextPage}
      onLoadMore={() => void log.fetchNextPage()}
      replaying={pending}
      onReplay={(deliveryId) =>
        void track(deliveryId, actions.replay(webhook.id, deliveryId))
          .then((message) => toast.success(message))
          .catch((err: unknown) => toast.error(errorMessage(err, 'Could not replay the delivery')))
      }
    />
  );
}
