import type { PageOverview } from '@pagecast/contract';
import { Circle, CircleCheck } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../primitives/card';
import { cn } from '../../primitives/cn';
import { HOME_TEXT as T, type HomeLink } from './texts';

/** The first-steps card (sync, first tag, first campaign); hidden once all three are done. */
export function GettingStarted({ overview, link }: { overview: PageOverview; link: HomeLink }) {
  const { contacts, tagCount, lastSync, upcomingCampaigns, lastCampaign } = overview;
  const synced = lastSync?.status === 'completed' || contacts.total > 0;
  const hasCampaign = upcomingCampaigns.length > 0 || lastCampaign !== null;
  const steps = [
    { done: synced, title: T.stepSync, hint: T.stepSyncHint, section: 'chats' as const },
    { done: tagCount > 0, title: T.stepTag, hint: T.stepTagHint, section: 'manage-tags' as const },
    {
      done: hasCampaign,
      title: T.stepCampaign,
      hint: T.stepCampaignHint,
      section: 'schedule' as const,
    },
  ];
  if (steps.every((s) => s.done)) return null;
  return (
    <Card aria-labelledby="home-getting-started">
      <CardHeader>
        <CardTitle as="h2" id="home-getting-started">
          {T.gettingStarted}
        </CardTitle>
        <CardDescription>{T.gettingStartedHint}</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-2 @3xl:grid-cols-3">
          {steps.map((step, i) => (
            <li key={step.title}>
              <a
                {...link(step.section)}
                className={cn(
                  'flex h-full items-start gap-3 rounded-lg border border-border p-3 transition-colors',
                  'hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden',
                  // Done steps recede with a tinted card rather than opacity, which would fail text contrast.
                  step.done && 'bg-muted/50',
                )}
              >
                {step.done ? (
                  <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
                ) : (
                  <Circle
                    aria-hidden="true"
                    className="mt-0.5 size-5 shrink-0 text-muted-foreground"
                  />
                )}
                <span className="grid gap-0.5">
                  <span className={cn('text-sm font-medium', step.done && 'line-through')}>
                    {i + 1}. {step.title}
                    {step.done ? <span className="sr-only"> (done)</span> : null}
                  </span>
                  <span className="text-xs text-muted-foreground">{step.hint}</span>
                </span>
              </a>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
