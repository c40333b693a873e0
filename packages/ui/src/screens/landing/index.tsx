import { useContext } from 'react';
import { PublicHeader, PublicHeaderActionsContext, PublicShell } from '../../layout/public-layout';
import { cn } from '../../primitives/cn';
import { Features, Demo } from './features';
import { Pricing, Support } from './contact';
import { CallToAction, Hero } from './hero';
import { focusRing, LoginButton } from './parts';

export { LANDING_FEATURES } from './features';
export { PRO_FEATURES } from './contact';

export interface LandingScreenProps {
  /** Starts the social-network login. */
  onLogin: () => void;
  /** Login in progress: the login buttons show a spinner and are disabled. */
  loginPending?: boolean;
  /** The login buttons are not usable yet (the prerendered page, before its script takes over). */
  loginDisabled?: boolean;
  /** Chat-app contact link (e.g. https://wa.me/...); opens in a new tab. */
  supportUrl: string;
  /** A neutral word about the last login ('Login cancelled'); null: nothing to say. */
  loginNotice?: string | null;
}

const NAV_LINKS = [
  { href: '#features', label: 'Features' },
  { href: '#demo', label: 'Demo' },
  { href: '#pricing', label: 'Pricing' },
] as const;

/** Public landing page (/): header, hero, features, demo, support, pricing, call-to-action, footer. */
export function LandingScreen({
  onLogin,
  loginPending = false,
  loginDisabled = false,
  supportUrl,
  loginNotice = null,
}: LandingScreenProps) {
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
              disabled={loginDisabled}
              size="sm"
              compact
            />
          </div>
        </PublicHeader>
      }
    >
      <Hero onLogin={onLogin} loginPending={loginPending} loginDisabled={loginDisabled} />
      <Features />
      <Demo />
      <Support supportUrl={supportUrl} />
      <Pricing supportUrl={supportUrl} />
      <CallToAction onLogin={onLogin} loginPending={loginPending} loginDisabled={loginDisabled} />
      {/* One live region whichever login button was used: neutral, not an error (nothing broke). */}
      <div
        role="status"
        // Empty, it takes no room (and is no visible status for anyone waiting on the page to settle).
        className={
          loginNotice
            ? 'fixed bottom-4 left-1/2 z-40 -translate-x-1/2 rounded-md border border-border bg-background px-4 py-2 text-sm text-foreground shadow-md'
            : undefined
        }
      >
        {loginNotice}
      </div>
    </PublicShell>
  );
}
