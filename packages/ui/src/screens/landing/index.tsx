import {
  ArrowRight,
  CalendarClock,
  ChartColumn,
  Check,
  LayoutGrid,
  MessageCircle,
  MessageSquareText,
  Search,
  Send,
  Tags,
  UsersRound,
} from 'lucide-react';
import { PRICING } from '@pagecast/contract';
import { useContext, type ReactNode } from 'react';
import { FacebookIcon } from '../../components/facebook-icon';
import { PublicHeader, PublicHeaderActionsContext, PublicShell } from '../../layout/public-layout';
import { CampaignStatusBadge } from '../../primitives/badge';
import { Button, buttonVariants, type ButtonSize } from '../../primitives/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../../primitives/card';
import { cn } from '../../primitives/cn';

export interface LandingScreenProps {
  /** Starts the social-network login. */
  onLogin: () => void;
  /** Login in progress: the login buttons show a spinner and are disabled. */
  loginPending?: boolean;
  /** Chat-app contact link (e.g. https://wa.me/...); opens in a new tab. */
  supportUrl: string;
}

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

/** Spec §1 Pro plan features: the contract's list, so the landing page cannot drift from it. */
export const PRO_FEATURES = PRICING.features;

const NAV_LINKS = [
  { href: '#features', label: 'Features' },
  { href: '#demo', label: 'Demo' },
  { href: '#pricing', label: 'Pricing' },
] as const;

const focusRing = 'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden';

function LoginButton({
  onLogin,
  pending,
  size = 'md',
  className,
}: {
  onLogin: () => void;
  pending: boolean;
  size?: ButtonSize;
  className?: string;
}) {
  return (
    <Button size={size} onClick={onLogin} loading={pending} className={className}>
      {pending ? null : <FacebookIcon className="size-4" />}
      Login with Facebook
    </Button>
  );
}

function ExternalLink({
  href,
  children,
  className,
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
}: {
  id: string;
  eyebrow: string;
  title: string;
  lead: string;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
      <h2
        id={id}
        className="mt-2 text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl"
      >
        {title}
      </h2>
      <p className="mt-4 text-base leading-7 text-pretty text-muted-foreground sm:text-lg">
        {lead}
      </p>
    </div>
  );
}

/** Public landing page (/): header, hero, features, demo, support, pricing, call-to-action, footer. */
export function LandingScreen({ onLogin, loginPending = false, supportUrl }: LandingScreenProps) {
  const headerActions = useContext(PublicHeaderActionsContext);
  return (
    <PublicShell
      header={
        <PublicHeader className="flex-wrap gap-x-6 gap-y-1 py-3">
          <nav
            aria-label="Sections"
            className="order-last -mx-2 w-full md:order-none md:mx-0 md:w-auto"
          >
            <ul className="flex items-center gap-1 text-sm font-medium">
              {NAV_LINKS.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    className={cn(
                      'inline-flex rounded-md px-2 py-1.5 text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground md:px-3',
                      focusRing,
                    )}
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex items-center gap-2">
            {headerActions}
            <LoginButton
              onLogin={onLogin}
              pending={loginPending}
              size="sm"
              className="hidden sm:inline-flex"
            />
          </div>
        </PublicHeader>
      }
    >
      {/* Hero */}
      <section
        aria-labelledby="hero-title"
        className="relative overflow-hidden bg-linear-to-b from-accent/70 via-background to-background"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-32 left-1/2 size-[36rem] -translate-x-1/2 rounded-full bg-primary/10 blur-3xl"
        />
        <div className="relative mx-auto flex max-w-4xl flex-col items-center px-4 pt-16 pb-20 text-center sm:px-6 sm:pt-24 sm:pb-28">
          <p className="inline-flex items-center gap-2 rounded-full border border-border bg-background/80 px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs sm:text-sm">
            <Send aria-hidden="true" className="size-3.5 text-primary" />
            Messenger campaigns for Facebook page admins
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-foreground sm:text-5xl lg:text-6xl"
          >
            Message Scheduling Got Easy
          </h1>
          <p className="mt-5 max-w-2xl text-base leading-7 text-pretty text-muted-foreground sm:text-lg sm:leading-8">
            Schedule bulk Messenger campaigns, chat with your page’s audience from one real-time
            inbox, and reach exactly the right people with tags — all in one console.
          </p>
          <div className="mt-8 flex w-full flex-col items-stretch justify-center gap-3 sm:w-auto sm:flex-row sm:items-center">
            <LoginButton onLogin={onLogin} pending={loginPending} size="lg" />
            <a href="#demo" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
              See it in action
              <ArrowRight aria-hidden="true" />
            </a>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">
            Sign in with the Facebook account that manages your pages.
          </p>
        </div>
      </section>

      {/* Features */}
      <section
        id="features"
        aria-labelledby="features-title"
        className="scroll-mt-24 py-16 sm:py-24"
      >
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionHeading
            id="features-title"
            eyebrow="Features"
            title="Everything you need to reach your audience"
            lead="From the first scheduled broadcast to the last reply, Pagecast keeps your page’s conversations and campaigns in one place."
          />
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
        </div>
      </section>

      {/* Demo */}
      <section
        id="demo"
        aria-labelledby="demo-title"
        className="scroll-mt-24 bg-muted/40 py-16 sm:py-24"
      >
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionHeading
            id="demo-title"
            eyebrow="Demo"
            title="See Pagecast in action"
            lead="Chat with contacts in real time on one side, follow every campaign’s delivery on the other."
          />
          <figure className="mt-12">
            <ProductPreview />
            <figcaption className="mt-4 text-center text-sm text-muted-foreground">
              A preview of the Pagecast inbox and the Campaign Analytics report.
            </figcaption>
          </figure>
        </div>
      </section>

      {/* Support */}
      <section id="support" aria-labelledby="support-title" className="scroll-mt-24 py-16 sm:py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <div className="flex flex-col items-start gap-6 rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-10 md:flex-row md:items-center md:justify-between">
            {/* Phones stack the icon above the text, so the copy gets the card's whole width. */}
            <div className="flex flex-col items-start gap-4 sm:flex-row">
              <span
                aria-hidden="true"
                className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-success/15 text-success"
              >
                <MessageCircle className="size-6" />
              </span>
              <div>
                <h2
                  id="support-title"
                  className="text-2xl font-bold tracking-tight text-foreground"
                >
                  Questions? Talk to our team
                </h2>
                <p className="mt-2 max-w-xl text-muted-foreground">
                  Need help connecting your pages, planning a campaign or setting up access for your
                  business? Send us a message on chat and a real person will get back to you.
                </p>
              </div>
            </div>
            <ExternalLink
              href={supportUrl}
              className={buttonVariants({
                size: 'lg',
                className:
                  'w-full bg-success text-success-foreground hover:bg-success/90 md:w-auto',
              })}
            >
              <MessageCircle aria-hidden="true" />
              Chat with us
            </ExternalLink>
          </div>
        </div>
      </section>

      {/* Pricing */}
      <section
        id="pricing"
        aria-labelledby="pricing-title"
        className="scroll-mt-24 bg-muted/40 py-16 sm:py-24"
      >
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionHeading
            id="pricing-title"
            eyebrow="Pricing"
            title="One plan, everything included"
            lead="No tiers to compare and no per-message fees. Access for your business is set up with our team."
          />
          <div className="mx-auto mt-12 max-w-md">
            <Card className="relative overflow-hidden border-primary/40 shadow-lg ring-1 ring-primary/20">
              <div aria-hidden="true" className="h-1.5 bg-primary" />
              <div className="p-6 sm:p-8">
                <div className="flex items-center justify-between gap-4">
                  <h3 className="text-xl font-semibold text-foreground">{PRICING.plan}</h3>
                  <span className="rounded-full bg-accent px-3 py-1 text-xs font-semibold text-accent-foreground">
                    Most popular
                  </span>
                </div>
                <p className="mt-4 flex items-baseline gap-1">
                  <span className="text-5xl font-extrabold tracking-tight text-foreground">{`$${PRICING.pricePerMonthUsd}`}</span>
                  <span className="text-base font-medium text-muted-foreground">/month</span>
                </p>
                <p className="mt-3 text-sm text-muted-foreground">
                  Everything you need to message your page audiences at scale.
                </p>
                <ul
                  aria-label={`${PRICING.plan} plan features`}
                  className="mt-6 grid gap-3 text-sm"
                >
                  {PRO_FEATURES.map((feature) => (
                    <li key={feature} className="flex items-start gap-3">
                      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                      <span>{feature}</span>
                    </li>
                  ))}
                </ul>
                <ExternalLink
                  href={supportUrl}
                  className={buttonVariants({ size: 'lg', className: 'mt-8 w-full' })}
                >
                  Contact the team
                </ExternalLink>
                <p className="mt-3 text-center text-xs text-muted-foreground">
                  Renews monthly or annually. Cancel anytime in account settings.
                </p>
              </div>
            </Card>
          </div>
        </div>
      </section>

      {/* Call to action */}
      <section aria-labelledby="cta-title" className="py-16 sm:py-24">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <div className="relative overflow-hidden rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground shadow-lg sm:px-12 sm:py-16">
            <div
              aria-hidden="true"
              className="pointer-events-none absolute -right-24 -bottom-24 size-72 rounded-full bg-primary-foreground/10 blur-2xl"
            />
            <h2
              id="cta-title"
              className="relative text-3xl font-bold tracking-tight text-balance sm:text-4xl"
            >
              Ready to reach your whole audience?
            </h2>
            <p className="relative mx-auto mt-4 max-w-xl text-base text-pretty opacity-90 sm:text-lg">
              Connect your Facebook page in under a minute and schedule your first campaign today.
            </p>
            <div className="relative mt-8 flex justify-center">
              <LoginButton
                onLogin={onLogin}
                pending={loginPending}
                size="lg"
                className="w-full bg-background text-foreground hover:bg-background/90 sm:w-auto"
              />
            </div>
          </div>
        </div>
      </section>
    </PublicShell>
  );
}

const demoContacts = [
  {
    name: 'Amelia Brooks',
    preview: 'Is the spring sale still on?',
    time: '10:42',
    online: true,
    active: true,
  },
  {
    name: 'Daniel Kim',
    preview: 'Thanks, order received!',
    time: '09:15',
    online: true,
    active: false,
  },
  {
    name: 'Sofia Martins',
    preview: 'Can I change my booking?',
    time: 'Yesterday',
    online: false,
    active: false,
  },
  {
    name: 'Omar Haddad',
    preview: 'See you at the event',
    time: 'Apr 8',
    online: false,
    active: false,
  },
] as const;

const demoCampaigns = [
  {
    name: 'Spring Sale',
    time: '2025-04-12 09:00',
    sent: 1240,
    delivered: 1198,
    status: 'completed',
  },
  {
    name: 'Event Reminder',
    time: '2025-04-14 17:30',
    sent: 860,
    delivered: 402,
    status: 'processing',
  },
  { name: 'Order Updates', time: '2025-04-18 08:00', sent: 0, delivered: 0, status: 'pending' },
] as const;

/** Static, decorative mock of the inbox and campaign table (hidden from assistive tech; the figure caption
 *  describes it). */
function ProductPreview() {
  return (
    <div
      aria-hidden="true"
      className="overflow-hidden rounded-2xl border border-border bg-card text-card-foreground shadow-2xl shadow-primary/10"
    >
      <div className="flex items-center gap-2 border-b border-border bg-muted/60 px-4 py-3">
        <span className="size-3 rounded-full bg-destructive/70" />
        <span className="size-3 rounded-full bg-warning" />
        <span className="size-3 rounded-full bg-success/80" />
        <span className="ml-3 hidden truncate rounded-md bg-background px-3 py-1 text-xs text-muted-foreground sm:block">
          pagecast.app/dashboard/chats
        </span>
      </div>
      <div className="grid md:grid-cols-[minmax(0,18rem)_1fr]">
        <div className="hidden border-r border-border md:block">
          <div className="border-b border-border p-4">
            <p className="text-sm font-semibold">Messages</p>
            <div className="mt-3 flex items-center gap-2 rounded-md border border-input px-3 py-2 text-xs text-muted-foreground">
              <Search className="size-3.5" />
              Search conversations...
            </div>
          </div>
          <ul>
            {demoContacts.map((contact) => (
              <li
                key={contact.name}
                className={cn(
                  'flex items-center gap-3 border-b border-border px-4 py-3 last:border-b-0',
                  contact.active && 'bg-accent',
                )}
              >
                <span className="relative inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/15 text-sm font-semibold text-primary">
                  {contact.name[0]}
                  {contact.online ? (
                    <span className="absolute right-0 bottom-0 size-2.5 rounded-full bg-success ring-2 ring-card" />
                  ) : null}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="flex items-center justify-between gap-2">
                    <span className="truncate text-sm font-medium">{contact.name}</span>
                    <span className="shrink-0 text-[0.7rem] text-muted-foreground">
                      {contact.time}
                    </span>
                  </span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {contact.preview}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex min-w-0 flex-col">
          <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-3">
            <div className="flex items-center gap-3">
              <span className="inline-flex size-9 items-center justify-center rounded-full bg-primary/15 text-sm font-semibold text-primary">
                A
              </span>
              <div>
                <p className="text-sm font-semibold">Amelia Brooks</p>
                <p className="text-xs text-success">Online</p>
              </div>
            </div>
            <span className="inline-flex items-center gap-1 rounded-full border border-border px-2.5 py-1 text-xs text-muted-foreground">
              <Tags className="size-3.5" />
              VIP customers
            </span>
          </div>
          <div className="grid gap-3 bg-background/50 px-4 py-5">
            <div className="max-w-[75%] rounded-2xl rounded-bl-sm bg-muted px-3.5 py-2 text-sm sm:max-w-[60%]">
              Hi! Is the spring sale still on this weekend?
              <span className="mt-1 block text-[0.65rem] text-muted-foreground">
                Apr 10, 2025, 10:41 AM
              </span>
            </div>
            <div className="max-w-[75%] justify-self-end rounded-2xl rounded-br-sm bg-primary px-3.5 py-2 text-sm text-primary-foreground sm:max-w-[60%]">
              It is! Everything is 20% off until Sunday night.
              <span className="mt-1 block text-[0.65rem] opacity-80">Apr 10, 2025, 10:42 AM</span>
            </div>
          </div>
          <div className="border-t border-border px-4 py-4">
            <div className="flex items-center justify-between">
              <p className="text-sm font-semibold">Campaign Analytics</p>
              <span className="text-xs text-muted-foreground">Page 1 of 3</span>
            </div>
            <div className="mt-3 overflow-x-auto rounded-lg border border-border">
              <table className="w-full min-w-[30rem] text-left text-xs">
                <thead className="bg-muted/60 text-muted-foreground">
                  <tr>
                    <th className="px-3 py-2 font-medium">Name</th>
                    <th className="px-3 py-2 font-medium">Scheduled Time</th>
                    <th className="px-3 py-2 text-right font-medium">Dispatched</th>
                    <th className="px-3 py-2 text-right font-medium">Delivered</th>
                    <th className="px-3 py-2 font-medium">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {demoCampaigns.map((campaign) => (
                    <tr key={campaign.name} className="border-t border-border">
                      <td className="px-3 py-2 font-medium whitespace-nowrap">{campaign.name}</td>
                      <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">
                        {campaign.time}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">
                        {campaign.sent.toLocaleString('en-US')}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">
                        {campaign.delivered.toLocaleString('en-US')}
                      </td>
                      <td className="px-3 py-2">
                        <CampaignStatusBadge status={campaign.status} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
