import { ArrowLeft, CircleAlert, CircleCheck, Hourglass, SearchX } from 'lucide-react';
import { buttonVariants } from '../../primitives/button';
import { Badge } from '../../primitives/badge';
import { Card, CardContent, CardHeader } from '../../primitives/card';
import { Spinner } from '../../primitives/spinner';
import { PublicLayout } from '../../layout/public-layout';

export interface DeletionStatus {
  userId: string;
  message: string;
  deleted: boolean;
}

export interface DeletionStatusScreenProps {
  /** 'unknown': no deletion request has this code (a state, not an error). */
  state: 'loading' | 'error' | 'ready' | 'unknown';
  /** Server message for the error state (falls back to 'Something went wrong'). */
  errorMessage?: string;
  status?: DeletionStatus;
  dashboardHref?: string;
}

/** /deletion-status/{userId} */
export function DeletionStatusScreen({
  state,
  errorMessage,
  status,
  dashboardHref = '/dashboard',
}: DeletionStatusScreenProps) {
  let body;
  if (state === 'loading') {
    body = (
      <div className="flex flex-col items-center gap-3 py-10 text-center text-muted-foreground">
        <Spinner size="lg" className="text-primary" />
        <p>Loading deletion status...</p>
      </div>
    );
  } else if (state === 'unknown') {
    body = (
      <div className="flex flex-col items-center gap-3 py-8 text-center">
        <span
          aria-hidden="true"
          className="inline-flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground"
        >
          <SearchX className="size-6" />
        </span>
        <h1 className="text-2xl font-bold text-foreground">No deletion request found</h1>
        <p className="text-muted-foreground">
          No data deletion was asked for under this code. Check the link you were given; to ask for
          one, use 'Revoke Access' or remove the app in your Facebook settings.
        </p>
      </div>
    );
  } else if (state === 'error' || !status) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
        <span
          aria-hidden="true"
          className="inline-flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive"
        >
          <CircleAlert className="size-6" />
        </span>
        <h1 className="text-2xl font-bold text-foreground">Error</h1>
        <p className="text-muted-foreground">{errorMessage?.trim() || 'Something went wrong'}</p>
      </div>
    );
  } else {
    body = (
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight text-foreground">Deletion Status</h1>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-[8rem_1fr]">
            <dt className="text-sm font-medium text-muted-foreground">User ID</dt>
            <dd className="font-mono text-sm break-all text-foreground">{status.userId}</dd>
            <dt className="text-sm font-medium text-muted-foreground">Status</dt>
            <dd className="text-sm text-foreground">{status.message}</dd>
          </dl>
          <div className="mt-6">
            {status.deleted ? (
              <Badge variant="success" className="gap-1.5 px-3 py-1 text-sm">
                <CircleCheck aria-hidden="true" className="size-4" />
                User deleted
              </Badge>
            ) : (
              <Badge variant="warning" className="gap-1.5 px-3 py-1 text-sm">
                <Hourglass aria-hidden="true" className="size-4" />
                Deletion in progress
              </Badge>
            )}
          </div>
        </CardContent>
      </Card>
    );
  }

  return (
    <PublicLayout>
      <div className="mx-auto w-full max-w-xl px-4 py-12 sm:px-6 sm:py-16">
        <div aria-live="polite" aria-busy={state === 'loading'}>
          {body}
        </div>
        <div className="mt-8 flex justify-center">
          <a href={dashboardHref} className={buttonVariants({ variant: 'outline' })}>
            <ArrowLeft aria-hidden="true" />
            Back to Dashboard
          </a>
        </div>
      </div>
    </PublicLayout>
  );
}
