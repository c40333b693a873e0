import { LandingScreen } from '@pagecast/ui';
import { env } from '../../lib/env';
import { LOGIN_CANCELLED } from '../auth';

/** The landing screen; `login`/`pending` come from the sign-in hook of the entry it runs in (the app's
 *  useLogin, or useSignIn in the public pages' entry). */
export function LandingPage({
  login,
  pending,
  cancelled = false,
  disabled = false,
}: {
  login: () => Promise<void>;
  pending: boolean;
  /** The last login dialog was closed or cancelled. */
  cancelled?: boolean;
  /** The prerendered page: its buttons wait for the script. */
  disabled?: boolean;
}) {
  return (
    <LandingScreen
      onLogin={() => void login()}
      loginPending={pending}
      loginDisabled={disabled}
      loginNotice={cancelled ? LOGIN_CANCELLED : null}
      supportUrl={env.supportUrl}
    />
  );
}
