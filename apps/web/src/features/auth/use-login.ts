// The sign-in of spec §4 inside the app: /select is a client-side navigation (replace).
import { useCallback } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useSignIn } from './use-sign-in';

export { INVALID_LOGIN_RESPONSE_LOG, LOGIN_SCOPES } from './use-sign-in';

export function useLogin() {
  const navigate = useNavigate();
  return useSignIn(useCallback(() => navigate({ to: '/select', replace: true }), [navigate]));
}
