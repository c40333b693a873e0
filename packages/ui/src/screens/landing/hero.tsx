import { ArrowRight, Send } from 'lucide-react';
import { buttonVariants } from '../../primitives/button';
import { LandingSection, LoginButton, type LoginProps } from './parts';

/** The opening band: tagline, title, login and a jump to the demo. */
export function Hero({ onLogin, loginPending, loginDisabled }: LoginProps) {
  return (
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
          <LoginButton
            onLogin={onLogin}
            pending={loginPending}
            disabled={loginDisabled}
            size="lg"
          />
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
  );
}

/** The closing band: one more login button on the primary colour. */
export function CallToAction({ onLogin, loginPending, loginDisabled }: LoginProps) {
  return (
    <LandingSection titleId="cta-title">
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
            disabled={loginDisabled}
            size="lg"
            className="w-full bg-background text-foreground hover:bg-background/90 sm:w-auto"
          />
        </div>
      </div>
    </LandingSection>
  );
}
