import type { Campaign } from '@pagecast/contract';
import { formatDateTime, relativeTime } from './format';
import { HOME_TEXT as T } from './texts';

/** One upcoming campaign: name, audience, and when (date and 'in 3 days'). */
export function UpcomingRow({
  campaign,
  now,
  locale,
}: {
  campaign: Campaign;
  now: Date;
  locale?: string;
}) {
  return (
    <li className="flex items-center justify-between gap-3 py-2.5 first:pt-0 last:pb-0">
      <div className="grid min-w-0 gap-0.5">
        <span className="truncate text-sm font-medium">{campaign.name}</span>
        <span className="truncate text-xs text-muted-foreground">
          {campaign.tagName ?? T.allUsers}
        </span>
      </div>
      <time
        dateTime={campaign.scheduledTime}
        className="shrink-0 text-right text-xs text-muted-foreground"
      >
        <span className="block font-medium text-foreground">
          {formatDateTime(campaign.scheduledTime, locale)}
        </span>
        {relativeTime(campaign.scheduledTime, now, locale)}
      </time>
    </li>
  );
}
