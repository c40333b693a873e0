import { Info, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { FacebookIcon } from '../../components/facebook-icon';
import { SUPPORT_EMAIL } from '../../components/brand';
import { Button } from '../../primitives/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../primitives/card';
import {
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../primitives/dialog';
import { PublicLayout } from '../../layout/public-layout';

export const REVOKE_TEXT = {
  relogin: 'Relogin For Data Deletion',
  confirmTitle: 'Delete all your Pagecast data?',
  confirmBody:
    'After you log in, Pagecast stops your scheduled campaigns and deletes your account, your access tokens, and every page only you manage with its contacts, messages, tags and campaigns. This cannot be undone.',
  confirm: 'Log in and delete my data',
  cancel: 'Cancel',
} as const;

export interface RevokeAccessScreenProps {
  /** Logs in again (minimal permissions) and deletes the user's data. Without it the button is disabled. */
  onRelogin?: () => void;
  /** Relogin / deletion in progress. */
  pending?: boolean;
}

const STEPS = [
  <>
    Open Facebook and go to <strong>Settings &amp; privacy</strong> → <strong>Settings</strong>.
  </>,
  <>
    Open <strong>Business integrations</strong> (on some accounts it is called{' '}
    <strong>Apps and websites</strong>).
  </>,
  <>
    Find <strong>Pagecast</strong> in the list of active integrations and select it.
  </>,
  <>
    Click <strong>Remove</strong>, and tick the option to also delete posts, videos or events
    Pagecast posted on your behalf (the data the app holds), then confirm.
  </>,
];

/** /revoke-access: manual removal steps plus the 'Relogin For Data Deletion' action. */
export function RevokeAccessScreen({ onRelogin, pending = false }: RevokeAccessScreenProps) {
  const unavailable = !onRelogin;
  // Wiping everything is one click too few: it is confirmed first (the login then runs from that click).
  const [confirming, setConfirming] = useState(false);
  return (
    <PublicLayout>
      <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <header className="mb-8">
          <h1 className="text-3xl font-bold tracking-tight text-foreground sm:text-4xl">
            Revoke Access
          </h1>
          <p className="mt-3 text-base leading-7 text-muted-foreground">
            You can disconnect Pagecast from your Facebook account and have all of your data deleted
            at any time. Choose one of the two options below.
          </p>
        </header>

        <div className="grid gap-6">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Option 1: Remove Pagecast in Facebook</CardTitle>
              <CardDescription>Follow these steps in the Facebook app or website.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-5">
              <ol className="grid gap-4">
                {STEPS.map((step, index) => (
                  <li key={index} className="flex gap-4">
                    <span
                      aria-hidden="true"
                      className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
                    >
                      {index + 1}
                    </span>
                    <span className="pt-0.5 leading-6 text-foreground/90">{step}</span>
                  </li>
                ))}
              </ol>
              <div className="flex gap-3 rounded-lg border border-border bg-accent/60 p-4 text-sm leading-6 text-accent-foreground">
                <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <p>
                  Removing the app sends Pagecast a data deletion request automatically. We stop
                  your scheduled campaigns at once, then delete your account, your access tokens and
                  every page only you manage with its contacts, messages, tags and campaigns (a page
                  another admin still manages stays with them). Facebook gives you a link to a
                  status page where you can follow the deletion.
                </p>
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle as="h2">Option 2: Delete your data from here</CardTitle>
              <CardDescription>
                Log in again with Facebook to confirm it is you. The deletion starts right away and
                you are taken back to the home page.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3">
              <div>
                <Button
                  variant="destructive"
                  size="lg"
                  onClick={() => setConfirming(true)}
                  disabled={unavailable}
                  loading={pending}
                  aria-describedby={unavailable ? 'relogin-unavailable' : undefined}
                >
                  {pending ? null : <FacebookIcon className="size-4" />}
                  {REVOKE_TEXT.relogin}
                </Button>
                <Dialog open={confirming} onOpenChange={setConfirming}>
                  {confirming ? (
                    <>
                      <DialogHeader>
                        <DialogTitle>{REVOKE_TEXT.confirmTitle}</DialogTitle>
                        <DialogDescription>{REVOKE_TEXT.confirmBody}</DialogDescription>
                      </DialogHeader>
                      <DialogFooter>
                        <Button variant="outline" onClick={() => setConfirming(false)}>
                          {REVOKE_TEXT.cancel}
                        </Button>
                        <Button
                          variant="destructive"
                          onClick={() => {
                            setConfirming(false);
                            onRelogin?.();
                          }}
                        >
                          {REVOKE_TEXT.confirm}
                        </Button>
                      </DialogFooter>
                    </>
                  ) : null}
                </Dialog>
              </div>
              {unavailable ? (
                <p id="relogin-unavailable" className="text-sm text-muted-foreground">
                  Deletion by login is not available right now. Please use option 1 or contact us.
                </p>
              ) : null}
              <p className="flex items-start gap-2 text-sm text-muted-foreground">
                <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                <span>
                  This login only asks for your public profile, email and page list; it does not
                  grant any new permission.
                </span>
              </p>
            </CardContent>
          </Card>

          <p className="text-sm text-muted-foreground">
            Questions about your data? Read our{' '}
            <a className="text-primary underline underline-offset-4" href="/privacy-policy">
              Privacy Policy
            </a>{' '}
            or write to{' '}
            <a
              className="text-primary underline underline-offset-4"
              href={`mailto:${SUPPORT_EMAIL}`}
            >
              {SUPPORT_EMAIL}
            </a>
            .
          </p>
        </div>
      </div>
    </PublicLayout>
  );
}
