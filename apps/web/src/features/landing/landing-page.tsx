import { LandingScreen } from '@pagecast/ui';
import { env } from '../../lib/env';
import { useLogin } from '../auth/use-login';

export function LandingPage() {
  const { login, pending } = useLogin();
  return (
    <LandingScreen
      onLogin={() => void login()}
      loginPending={pending}
      supportUrl={env.supportUrl}
    />
  );
}
