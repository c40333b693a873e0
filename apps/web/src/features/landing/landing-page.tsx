import { LandingScreen } from '@pagecast/ui';
import { env } from '../../lib/env';

/** The landing screen; `login`/`pending` come from the sign-in hook of the entry it runs in (the app's
 *  useLogin, or useSignIn in the public pages' entry). */
export function LandingPage({ login, pending }: { login: () => Promise<void>; pending: boolean }) {
  return (
    <LandingScreen
      onLogin={() => void login()}
      loginPending={pending}
      supportUrl={env.supportUrl}
    />
  );
}
