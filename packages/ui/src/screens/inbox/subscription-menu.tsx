// The chat header's marketing-messages menu: the contact's subscription, 'Ask to subscribe' (Meta's opt-in
// request: inside the 24-hour window, once per topic a week; disabled with the reason otherwise) and
// 'Unsubscribe' for a subscriber.
import type { ContactSubscription } from '@pagecast/contract';
import { Megaphone } from 'lucide-react';
import { buttonVariants } from '../../primitives/button';
import { cn } from '../../primitives/cn';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../primitives/dropdown-menu';
import { INBOX_TEXT as T } from './text';

export interface SubscriptionMenuProps {
  subscription: ContactSubscription;
  busy: boolean;
  onAsk: () => void;
  onUnsubscribe: () => void;
}

export function SubscriptionMenu({
  subscription,
  busy,
  onAsk,
  onUnsubscribe,
}: SubscriptionMenuProps) {
  const status =
    subscription.status === 'subscribed'
      ? T.subscribed(subscription.title)
      : subscription.status === 'stopped'
        ? T.subscriptionStopped
        : T.notSubscribed;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={`${T.marketingMenu}: ${status}`}
        disabled={busy}
        className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'shrink-0')}
      >
        <Megaphone aria-hidden />
        <span className="hidden @3xl:inline">
          {subscription.status === 'subscribed' ? T.subscribedShort : T.marketingMenu}
        </span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        <DropdownMenuLabel>{status}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={!subscription.canAsk} onSelect={onAsk}>
          {T.askToSubscribe}
        </DropdownMenuItem>
        {subscription.cannotAskReason && subscription.status !== 'subscribed' ? (
          <p className="px-2 pb-1.5 text-xs text-muted-foreground">
            {subscription.cannotAskReason}
          </p>
        ) : null}
        {subscription.status === 'subscribed' ? (
          <DropdownMenuItem destructive onSelect={onUnsubscribe}>
            {T.unsubscribe}
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
