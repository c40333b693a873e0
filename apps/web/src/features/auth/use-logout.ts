// Log out (spec §2's user menu and the page list): the server ends the session, so its JWT stops working
// everywhere (a copy of it too) and clears the session cookie, then the browser forgets everything and goes
// home. Other tabs share the cookie: their next request answers 401 and signs them out too.
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { contract } from '@pagecast/contract';
import { csrfHeaders } from '../../lib/csrf';
import { resetAll, useAuthStore } from '../../stores';

export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    // keepalive: the request outlives the navigation. The browser signs out even if it fails (offline):
    // the session then ends when it expires.
    if (useAuthStore.getState().user) {
      void fetch(contract.sessions.logout.path, {
        method: 'POST',
        headers: csrfHeaders('POST'),
        credentials: 'same-origin',
        keepalive: true,
      }).catch(() => {});
    }
    resetAll();
    queryClient.clear();
    void navigate({ to: '/', replace: true });
  }, [queryClient, navigate]);
}
