import type { Campaign } from '@pagecast/contract';
import { FunnelTrack, percent } from '../../components/funnel-bars';
import { HOME_TEXT as T } from './texts';

/**
 * The last campaign's dispatched / delivered / interacted counts, each as a share of one base, the audience
 * (as the campaign's detail shows them): mixed bases read 97 as 49 % on one line and 100 % on the next.
 */
export function LastCampaignFunnel({ campaign, locale }: { campaign: Campaign; locale?: string }) {
  const of = campaign.audienceCount;
  const rows = [
    { label: T.dispatched, value: campaign.dispatchedCount, of },
    { label: T.delivered, value: campaign.deliveredCount, of },
    { label: T.interacted, value: campaign.interactedCount, of },
  ];
  return (
    <dl className="grid gap-3">
      {rows.map((row) => (
        // dt and dd directly in the row's div (a dl allows one div level around its groups): the count,
        // then its bar as a second description.
        <div
          key={row.label}
          className="grid grid-cols-[1fr_auto] items-baseline gap-x-2 gap-y-1 text-sm"
        >
          <dt className="text-muted-foreground">{row.label}</dt>
          <dd className="font-semibold tabular-nums">
            {row.value.toLocaleString(locale)}
            {row.of > 0 ? (
              <span className="ml-1.5 text-xs font-normal text-muted-foreground">
                {percent(row.value, row.of)}%
              </span>
            ) : null}
          </dd>
          <dd className="col-span-2">
            <FunnelTrack
              value={row.value}
              of={row.of}
              fullWithoutWhole
              className="h-2"
              fillClassName="bg-primary"
            />
          </dd>
        </div>
      ))}
    </dl>
  );
}
