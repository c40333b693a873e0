// Campaign Analytics on a phone: one card per campaign instead of a ten-column table that would hide
// its numbers and status off to the side. The same fields, the same order of campaigns, a tap opens it.
import { contentTypeLabel, type Campaign } from '@pagecast/contract';
import { CampaignStatusBadge } from '../../primitives/badge';
import { CampaignAccessBadge } from './access';
import { ANALYTICS_TEXT as T, formatScheduled } from './texts';

export function CampaignCards({
  campaigns,
  onOpenCampaign,
  accessRecheckMinutes,
}: {
  campaigns: Campaign[];
  onOpenCampaign: (campaign: Campaign) => void;
  accessRecheckMinutes?: number;
}) {
  return (
    <ul aria-label={T.title} className="divide-y divide-border" data-testid="campaign-cards">
      {campaigns.map((c) => (
        <li key={c.id}>
          <button
            type="button"
            onClick={() => onOpenCampaign(c)}
            aria-label={`${T.open} ${c.name}`}
            className="grid w-full gap-2 px-4 py-3 text-left transition-colors hover:bg-accent/50 focus-visible:bg-accent/50 focus-visible:outline-hidden"
          >
            <span className="flex items-start justify-between gap-3">
              <span className="min-w-0 font-medium break-words">
                <bdi>{c.name}</bdi>
              </span>
              <span className="flex flex-wrap justify-end gap-1">
                <CampaignStatusBadge
                  status={c.status}
                  failed={c.failedCount}
                  skipped={c.skippedCount}
                />
                <CampaignAccessBadge campaign={c} recheckMinutes={accessRecheckMinutes} />
              </span>
            </span>
            <span className="text-xs text-muted-foreground">
              <span className="font-mono tabular-nums">{formatScheduled(c.scheduledTime)}</span>
              {' · '}
              {contentTypeLabel(c.type)}
            </span>
            <span className="line-clamp-2 text-sm">{c.message}</span>
            <span className="grid grid-cols-3 gap-2 text-xs">
              {(
                [
                  ['Dispatched', c.dispatchedCount],
                  ['Delivered', c.deliveredCount],
                  ['Interacted', c.interactedCount],
                ] as const
              ).map(([label, value]) => (
                <span key={label} className="grid rounded-md bg-muted/60 px-2 py-1">
                  <span className="text-muted-foreground">{label}</span>
                  <span className="text-sm font-semibold tabular-nums">
                    {value.toLocaleString('en')}
                  </span>
                </span>
              ))}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
