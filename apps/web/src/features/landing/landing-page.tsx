import { LandingScreen } from '@pagecast/ui';
import { env } from '../../lib/env';

/** The landing screen; `login`/`pending` come from the sign-in hook of the entry it runs in (the app's
 *  useLogin, or useSignIn in the public pages' entry). */
export function LandingPage({
  login,
  pending,
  disabled = false,
}: {
  login: () => Promise<void>;
  pending: boolean;
  /** The prerendered page: its buttons wait for the script. */
  disabled?: boolean;
}) {
  return (
    <LandingScreen
      onLogin={() => void login()}
      loginPending={pending}
      loginDisabled={disabled}
      supportUrl={env.supportUrl}
    />
  );
}
