// Log out (spec §2's user menu and the page list): the server ends the session, so this JWT stops working
// everywhere (a copy of it too), then the browser forgets everything and goes home.
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { contract } from '@pagecast/contract';
import { resetAll, useAuthStore } from '../../stores';

export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    const token = useAuthStore.getState().accessToken;
    // keepalive: the request outlives the navigation. The browser signs out even if it fails (offline):
    // the session then ends when it expires.
    if (token) {
      void fetch(contract.sessions.logout.path, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        keepalive: true,
      }).catch(() => {});
    }
    resetAll();
    queryClient.clear();
    void navigate({ to: '/', replace: true });
  }, [queryClient, navigate]);
}
