import { PRICING } from '@pagecast/contract';
import { Check, MessageCircle } from 'lucide-react';
import { buttonVariants } from '../../primitives/button';
import { Card } from '../../primitives/card';
import { ChatAppLink, LandingSection } from './parts';

/** Spec §1 Pro plan features: the contract's list, so the landing page cannot drift from it. */
export const PRO_FEATURES = PRICING.features;

/** #support: the chat-with-us card. */
export function Support({ supportUrl }: { supportUrl: string }) {
  return (
    <LandingSection id="support" titleId="support-title" className="sm:py-20">
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
            <h2 id="support-title" className="text-2xl font-bold tracking-tight text-foreground">
              Questions? Talk to our team
            </h2>
            <p className="mt-2 max-w-xl text-muted-foreground">
              Need help connecting your pages, planning a campaign or setting up access for your
              business? Send us a message on chat and a real person will get back to you.
            </p>
          </div>
        </div>
        <ChatAppLink
          href={supportUrl}
          className={buttonVariants({
            size: 'lg',
            className: 'w-full bg-success text-success-foreground hover:bg-success/90 md:w-auto',
          })}
          noteClassName="text-center md:text-left"
        >
          <MessageCircle aria-hidden="true" />
          Chat with us
        </ChatAppLink>
      </div>
    </LandingSection>
  );
}

/** #pricing: the one plan, its features and a contact button. */
export function Pricing({ supportUrl }: { supportUrl: string }) {
  return (
    <LandingSection
      id="pricing"
      titleId="pricing-title"
      className="bg-muted/40"
      heading={{
        eyebrow: 'Pricing',
        title: 'One plan, everything included',
        lead: 'No tiers to compare and no per-message fees. Access for your business is set up with our team.',
      }}
    >
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
            <ul aria-label={`${PRICING.plan} plan features`} className="mt-6 grid gap-3 text-sm">
              {PRO_FEATURES.map((feature) => (
                <li key={feature} className="flex items-start gap-3">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
            <ChatAppLink
              href={supportUrl}
              className={buttonVariants({ size: 'lg', className: 'mt-8 w-full' })}
              noteClassName="text-center"
            >
              Contact the team
            </ChatAppLink>
            <p className="mt-3 text-center text-xs text-muted-foreground">
              Renews monthly or annually. Cancel anytime in account settings.
            </p>
          </div>
        </Card>
      </div>
    </LandingSection>
  );
}
