import {
  CalendarClock,
  ChartColumn,
  LayoutGrid,
  MessageSquareText,
  Tags,
  UsersRound,
} from 'lucide-react';
import { Card, CardDescription, CardHeader, CardTitle } from '../../primitives/card';
import { LandingSection } from './parts';
import { ProductPreview } from './product-preview';

export const LANDING_FEATURES = [
  {
    title: 'Bulk Scheduling',
    description:
      'Schedule one message to thousands of page contacts and let Pagecast deliver it in batches at the time you pick.',
    icon: CalendarClock,
  },
  {
    title: 'Page Management',
    description:
      'Connect every Facebook page you manage and switch between them in a single click.',
    icon: LayoutGrid,
  },
  {
    title: 'User Tagging',
    description:
      'Label contacts right from the inbox, one by one or in bulk, so your audience stays organized.',
    icon: Tags,
  },
  {
    title: 'Advanced Analytics',
    description:
      'Follow the dispatched, delivered and interacted counts of every campaign in one clear report.',
    icon: ChartColumn,
  },
  {
    title: 'Audience Segmentation',
    description:
      'Send to all of your page’s users or only to the contacts that carry a specific tag.',
    icon: UsersRound,
  },
  {
    title: 'Message Templates',
    description:
      'Pick the right Messenger content type for each campaign so your updates stay within platform policy.',
    icon: MessageSquareText,
  },
] as const;

/** #features: the six feature cards. */
export function Features() {
  return (
    <LandingSection
      id="features"
      titleId="features-title"
      heading={{
        eyebrow: 'Features',
        title: 'Everything you need to reach your audience',
        lead: 'From the first scheduled broadcast to the last reply, Pagecast keeps your page’s conversations and campaigns in one place.',
      }}
    >
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
        {LANDING_FEATURES.map(({ title, description, icon: Icon }) => (
          <li key={title}>
            <Card className="h-full transition-shadow hover:shadow-md">
              <CardHeader className="gap-3 pb-6">
                <span
                  aria-hidden="true"
                  className="inline-flex size-11 items-center justify-center rounded-lg bg-accent text-primary"
                >
                  <Icon className="size-5" />
                </span>
                <CardTitle>{title}</CardTitle>
                <CardDescription className="leading-6">{description}</CardDescription>
              </CardHeader>
            </Card>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}

/** #demo: the static product preview with its caption. */
export function Demo() {
  return (
    <LandingSection
      id="demo"
      titleId="demo-title"
      className="bg-muted/40"
      heading={{
        eyebrow: 'Demo',
        title: 'See Pagecast in action',
        lead: 'Chat with contacts in real time on one side, follow every campaign’s delivery on the other.',
      }}
    >
      <figure className="mt-12">
        <ProductPreview />
        <figcaption className="mt-4 text-center text-sm text-muted-foreground">
          A preview of the Pagecast inbox and the Campaign Analytics report.
        </figcaption>
      </figure>
    </LandingSection>
  );
}
