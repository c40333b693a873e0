// A pending campaign's standing with its scheduling admin's page access: held (the reason, from the API),
// or not confirmed by Facebook within the re-check interval. The list shows a badge, the detail a notice.
import { accessUnverified, type Campaign } from '@pagecast/contract';
import { Badge } from '../../primitives/badge';
import { ANALYTICS_TEXT as T } from './texts';

type Standing = Pick<Campaign, 'status' | 'hold' | 'accessVerifiedAt'>;

/** Beside the status badge in the list: 'On hold' (the reason on hover) or 'Access not checked'. */
export function CampaignAccessBadge({
  campaign,
  recheckMinutes,
  now,
}: {
  campaign: Standing;
  recheckMinutes?: number;
  now?: number;
}) {
  if (campaign.status === 'pending' && campaign.hold)
    return (
      <Badge variant="warning" title={campaign.hold.reason}>
        {T.onHold}
      </Badge>
    );
  if (accessUnverified(campaign, recheckMinutes, now))
    return (
      <Badge variant="outline" title={T.accessUnverifiedNotice(recheckMinutes ?? 60)}>
        {T.accessUnverified}
      </Badge>
    );
  return null;
}

/** At the top of the detail: the hold's reason, or that the admin's access was not checked recently. */
export function CampaignAccessNotice({
  campaign,
  recheckMinutes,
  now,
}: {
  campaign: Standing;
  recheckMinutes?: number;
  now?: number;
}) {
  const text =
    campaign.status === 'pending' && campaign.hold
      ? campaign.hold.reason
      : accessUnverified(campaign, recheckMinutes, now)
        ? T.accessUnverifiedNotice(recheckMinutes ?? 60)
        : null;
  if (!text) return null;
  return (
    <p
      role="status"
      data-testid="campaign-access-notice"
      className="rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm"
    >
      {text}
    </p>
  );
}
