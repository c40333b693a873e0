// Building blocks the landing page's sections share: the login button, an external link that says it
// opens a new tab, and a section with its centred eyebrow / title / lead heading.
import type { ReactNode } from 'react';
import { CHAT_APP_NOTE } from '../../components/chat-app';
import { FacebookIcon } from '../../components/facebook-icon';
import { Button, type ButtonSize } from '../../primitives/button';
import { cn } from '../../primitives/cn';

export const focusRing =
  'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden';

/** The login starters of the page (header, hero, call to action). */
export interface LoginProps {
  onLogin: () => void;
  loginPending: boolean;
  loginDisabled?: boolean;
}

export function LoginButton({
  onLogin,
  pending,
  size = 'md',
  className,
  compact = false,
  disabled = false,
}: {
  onLogin: () => void;
  pending: boolean;
  /** Not usable yet: the prerendered page before its script has taken over. */
  disabled?: boolean;
  size?: ButtonSize;
  className?: string;
  /** Reads 'Login' below the sm breakpoint (a phone's header has no room for the whole label). */
  compact?: boolean;
}) {
  return (
    <Button
      size={size}
      onClick={onLogin}
      loading={pending}
      disabled={disabled}
      className={className}
      aria-label={compact ? LOGIN_LABEL : undefined}
    >
      {pending ? null : <FacebookIcon className="size-4" />}
      {compact ? (
        <>
          <span className="sm:hidden">Login</span>
          <span className="hidden sm:inline">{LOGIN_LABEL}</span>
        </>
      ) : (
        LOGIN_LABEL
      )}
    </Button>
  );
}

const LOGIN_LABEL = 'Login with Facebook';

export function ExternalLink({
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

/** A chat-app link with its note below it, so nobody expects a form or a checkout. */
export function ChatAppLink({
  href,
  children,
  className,
  noteClassName,
}: {
  href: string;
  children: ReactNode;
  className?: string;
  noteClassName?: string;
}) {
  return (
    <div className="grid gap-1.5">
      <ExternalLink href={href} className={className}>
        {children}
      </ExternalLink>
      <p className={cn('text-xs text-muted-foreground', noteClassName)}>{CHAT_APP_NOTE}</p>
    </div>
  );
}

export interface SectionHeadingProps {
  eyebrow: string;
  title: string;
  lead: string;
}

function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
}: {
  id: string;
} & SectionHeadingProps) {
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

/** A full-width band of the page: `titleId` names it (the heading's id, or one inside `children`); with an
 *  `id` it is a nav target that clears the sticky header. */
export function LandingSection({
  id,
  titleId,
  heading,
  className,
  children,
}: {
  id?: string;
  titleId: string;
  heading?: SectionHeadingProps;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className={cn(id && 'scroll-mt-24', 'py-16 sm:py-24', className)}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        {heading ? <SectionHeading id={titleId} {...heading} /> : null}
        {children}
      </div>
    </section>
  );
}
